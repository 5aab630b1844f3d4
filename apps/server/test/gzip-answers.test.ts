import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { gzipAnswers } from '../src/http/gzip-answers';

const big = { itens: Array.from({ length: 80 }, (_, i) => ({ id: i, nome: `Pizza de calabresa nº ${i}` })) };
// Past what is compressed on the event loop: the thread pool's path.
const huge = { itens: Array.from({ length: 8000 }, (_, i) => ({ id: i, nome: `Produto ${i}`, preco: i * 100 })) };

function app() {
  const a = new Hono();
  a.use('*', gzipAnswers());
  a.get('/big', (c) => {
    c.header('set-cookie', 'a=1; Path=/');
    c.header('etag', '"v1"');
    return c.json(big);
  });
  a.get('/huge', (c) => c.json(huge));
  a.get('/small', (c) => {
    c.header('set-cookie', 'sessao=abc; Path=/; HttpOnly', { append: true });
    c.header('set-cookie', 'tema=escuro; Path=/', { append: true });
    return c.json({ ok: true });
  });
  a.get('/kept', (c) => {
    c.header('cache-control', 'private, no-transform');
    return c.json(big);
  });
  a.get('/page', (c) => c.html(`<p>${'Cardápio '.repeat(300)}</p>`));
  a.get('/created', (c) => c.json(big, 201, { 'x-pedido': '42' }));
  a.get('/init', (c) => c.json(big, { status: 202, headers: { 'x-pedido': '43' } }));
  a.get('/refused', (c) => c.json({ error: { code: 'conflict' } }, 409));
  return a;
}

const get = (path: string, method = 'GET') => app().request(path, { method, headers: { 'accept-encoding': 'gzip' } });
const unzipped = async (res: Response) => JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString());

describe('gzip of answers', () => {
  it('compresses a JSON answer whole, keeping its status and headers', async () => {
    const res = await get('/big');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('set-cookie')).toBe('a=1; Path=/');
    expect(res.headers.get('etag')).toBe('W/"v1"');
    expect(await unzipped(res)).toEqual(big);
    expect(await unzipped(await get('/huge'))).toEqual(huge);
  });

  it('sends a small JSON answer as it is, and leaves HEAD and no-transform answers alone', async () => {
    const small = await get('/small');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    expect(small.headers.getSetCookie()).toEqual(['sessao=abc; Path=/; HttpOnly', 'tema=escuro; Path=/']);
    expect((await get('/big', 'HEAD')).headers.get('content-encoding')).toBeNull();
    const kept = await get('/kept');
    expect(kept.headers.get('content-encoding')).toBeNull();
    expect(await kept.json()).toEqual(big);
  });

  it('keeps the status and headers a JSON answer was given, as a number or a ResponseInit', async () => {
    for (const [path, status, id] of [
      ['/created', 201, '42'],
      ['/init', 202, '43'],
    ] as const) {
      const res = await get(path);
      expect(res.status).toBe(status);
      expect(res.headers.get('x-pedido')).toBe(id);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(await unzipped(res)).toEqual(big);
    }
    const refused = await get('/refused');
    expect(refused.status).toBe(409);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await refused.json()).toEqual({ error: { code: 'conflict' } });
  });

  it('still compresses other answers', async () => {
    const page = await get('/page');
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toContain('Cardápio Cardápio');
  });
});
