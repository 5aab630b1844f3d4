import { get, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, createHttpServer } from '../src/app';
import { pageSecurityHeaderRecord } from '../src/http/security-headers';
import { createLogger } from '../src/logger';
import { createTestApp, menuChangesHeard, type Owner, signupOwner, type TestApp } from './helpers';

/*
 * A menu this instance holds is answered by the HTTP server ahead of the app (cachedMenuListener); these
 * tests, through the server `main.ts` runs, hold that answer to the one the app's route gives, and to what
 * the app's middleware adds.
 */
let t: TestApp;
let owner: Owner;
let server: Server;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
  await owner.client.post('/api/admin/products', { name: 'Coxinha', price: 600 });
  await menuChangesHeard(t);
  server = createHttpServer(t.app, t.deps, '127.0.0.1');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const menuPath = () => `/api/public/restaurants/${owner.slug}/menu`;

/** The raw answer over HTTP: status, headers as sent, body bytes undecoded. */
function send(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; bytes: Buffer }>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string>,
          bytes: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

/** What two answers must share: all but the request id and the date, which are new at every request. */
function comparable(answer: Awaited<ReturnType<typeof send>>) {
  const { 'x-request-id': _id, date: _date, ...headers } = answer.headers;
  return { status: answer.status, headers, body: answer.bytes.toString('base64') };
}

async function metricCount(route: string, status: number) {
  const text = await t.deps.metrics.registry.metrics();
  const series = `mc_http_request_duration_seconds_count{method="GET",route="${route}",status="${status}"}`;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('a cached public menu', () => {
  it.each<{ case: string; headers: Record<string, string>; held: boolean }>([
    { case: 'gzip', headers: { 'accept-encoding': 'gzip' }, held: true },
    { case: 'gzip among others', headers: { 'accept-encoding': 'br, gzip;q=0.8, deflate' }, held: true },
    { case: 'no Accept-Encoding', headers: {}, held: false },
    { case: 'deflate only', headers: { 'accept-encoding': 'deflate' }, held: false },
    { case: 'identity', headers: { 'accept-encoding': 'identity' }, held: false },
    { case: 'gzip refused with q=0', headers: { 'accept-encoding': 'gzip;q=0, identity' }, held: false },
  ])('is answered as the full route answers it: $case', async ({ headers, held }) => {
    t.deps.menuCache.forget(owner.restaurantId);
    const full = await send(menuPath(), headers);
    const etag = full.headers.etag;
    const get = vi.spyOn(t.deps.menuCache, 'get');
    const again = await send(menuPath(), headers);
    expect(comparable(again)).toEqual(comparable(full));
    // Only a gzip body is answered from memory; anything the compression middleware may still act on goes on to the route.
    expect(get).toHaveBeenCalledTimes(held ? 0 : 1);

    t.deps.menuCache.forget(owner.restaurantId);
    const fullRevalidation = await send(menuPath(), { ...headers, 'if-none-match': etag });
    get.mockClear();
    const revalidation = await send(menuPath(), { ...headers, 'if-none-match': etag });
    expect(revalidation.status).toBe(304);
    expect(comparable(revalidation)).toEqual(comparable(fullRevalidation));
    expect(get).not.toHaveBeenCalled();
  });

  it('sends gzip only when asked, identity otherwise, with its tag, Vary and Cache-Control; 304 to a matching tag', async () => {
    const plain = await send(menuPath());
    const json = JSON.parse(plain.bytes.toString('utf8'));
    expect(json.products.map((p: { name: string }) => p.name)).toEqual(['Coxinha']);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=UTF-8');

    const gzip = await send(menuPath(), { 'accept-encoding': 'gzip, deflate, br' });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.bytes).toString('utf8'))).toEqual(json);
    for (const answer of [plain, gzip]) {
      expect(answer.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    }
    expect(gzip.headers.etag).toBe(plain.headers.etag);

    const etag = gzip.headers.etag;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"outra", ${etag}`, '*']) {
      const res = await send(menuPath(), { 'accept-encoding': 'gzip', 'if-none-match': ifNoneMatch });
      expect(res.status).toBe(304);
      expect(res.bytes.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['content-type']).toBeUndefined();
    }
    expect((await send(menuPath(), { 'accept-encoding': 'gzip', 'if-none-match': '"outra"' })).status).toBe(200);

    // q=0 is a refusal (RFC 9110): such a client gets the body as it is, from the menu and from any route.
    for (const refusal of ['gzip;q=0', 'gzip; q=0.0, identity', 'br, gzip;q=0', '*;q=0, identity']) {
      const res = await send(menuPath(), { 'accept-encoding': refusal });
      expect(res.headers['content-encoding'], refusal).toBeUndefined();
      expect(JSON.parse(res.bytes.toString('utf8'))).toEqual(json);
    }
    expect((await send('/api/geo/states', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    const states = await send('/api/geo/states', { 'accept-encoding': 'gzip;q=0' });
    expect(states.headers['content-encoding']).toBeUndefined();
  });

  it('carries the page security headers and its request id, like every other answer', async () => {
    await send(menuPath(), { 'accept-encoding': 'gzip' });
    const held = await send(menuPath(), { 'accept-encoding': 'gzip' });
    const page = await send('/api/health');
    expect(held.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(held.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(held.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(held.headers['cross-origin-resource-policy']).toBe('same-origin');
    const names = Object.keys(pageSecurityHeaderRecord);
    expect(names.length).toBeGreaterThanOrEqual(12);
    for (const name of names) expect([name, held.headers[name]]).toEqual([name, page.headers[name]]);

    expect(held.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await send(menuPath(), { 'accept-encoding': 'gzip' });
    expect(other.headers['x-request-id']).not.toBe(held.headers['x-request-id']);
    const given = await send(menuPath(), { 'accept-encoding': 'gzip', 'x-request-id': 'pedido-do-proxy-42' });
    expect(given.headers['x-request-id']).toBe('pedido-do-proxy-42');
  });

  it('is counted by route pattern and status, 200 and 304 alike', async () => {
    const route = '/api/public/restaurants/:slug/menu';
    const first = await send(menuPath(), { 'accept-encoding': 'gzip' });
    const ok = await metricCount(route, 200);
    const notModified = await metricCount(route, 304);
    await send(menuPath(), { 'accept-encoding': 'gzip' });
    await send(menuPath(), { 'accept-encoding': 'gzip', 'if-none-match': first.headers.etag });
    expect(await metricCount(route, 200)).toBe(ok + 1);
    expect(await metricCount(route, 304)).toBe(notModified + 1);
  });

  it('still goes through the session middleware when the request has a session cookie: a stale one is cleared', async () => {
    await send(menuPath(), { 'accept-encoding': 'gzip' });
    const res = await send(menuPath(), { 'accept-encoding': 'gzip', cookie: 'mc_session=sessao-que-nao-existe' });
    expect(res.status).toBe(200);
    const cleared = res.headers['set-cookie'] as unknown as string[];
    expect(cleared.some((c) => c.startsWith('mc_session=;') && /max-age=0/i.test(c))).toBe(true);
  });

  it('goes on to the app for anything but a plain GET of a held menu: a HEAD, a path to decode, a query', async () => {
    await send(menuPath(), { 'accept-encoding': 'gzip' });
    const get = vi.spyOn(t.deps.menuCache, 'get');
    const upper = await send(menuPath().replace(owner.slug, owner.slug.toUpperCase()), { 'accept-encoding': 'gzip' });
    expect(upper.status).toBe(200);
    expect(get).not.toHaveBeenCalled();
    const encoded = await send(menuPath().replace(owner.slug, encodeURIComponent(` ${owner.slug}`)), {
      'accept-encoding': 'gzip',
    });
    expect(encoded.status).toBe(200);
    expect(get).toHaveBeenCalledTimes(1);
    const withQuery = await send(`${menuPath()}?v=2`, { 'accept-encoding': 'gzip' });
    expect(comparable(withQuery)).toEqual(comparable(upper));
    expect(get).toHaveBeenCalledTimes(1);
    expect((await send('/api/public/restaurants/nao-existe/menu', { 'accept-encoding': 'gzip' })).status).toBe(404);
    expect(get).toHaveBeenCalledTimes(2);
    const head = await new Promise<number | undefined>((resolve, reject) => {
      request(
        { host: '127.0.0.1', port, path: menuPath(), method: 'HEAD', headers: { 'accept-encoding': 'gzip' } },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(head).toBe(200);
    expect(get).toHaveBeenCalledTimes(3);
  });

  it('answers 404 with the spec text for an unknown slug, with the same headers as any refusal', async () => {
    const res = await send('/api/public/restaurants/nao-existe/menu');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.bytes.toString('utf8')).error).toMatchObject({
      title: 'Restaurante não encontrado',
      description: 'Verifique o link e tente novamente.',
    });
    expect(res.headers['content-security-policy']).toBe(pageSecurityHeaderRecord['content-security-policy']);
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('the request logger', () => {
  it('is made only when a request logs, and then carries its request id', async () => {
    const lines: string[] = [];
    const log = createLogger('info', { write: (line: string) => void lines.push(line) });
    const child = vi.spyOn(log, 'child');
    const app = createApp({ ...t.deps, log });

    expect((await app.request(`http://localhost${menuPath()}`)).status).toBe(200);
    expect((await app.request('http://localhost/api/health')).status).toBe(200);
    expect(child).not.toHaveBeenCalled();

    vi.spyOn(t.deps.menuCache, 'get').mockRejectedValueOnce(new Error('falha de teste'));
    const failed = await app.request('http://localhost/api/public/restaurants/quebrado/menu');
    expect(failed.status).toBe(500);
    expect(child).toHaveBeenCalledTimes(1);
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(logged).toMatchObject({ requestId: failed.headers.get('x-request-id'), err: { message: 'falha de teste' } });
  });
});
