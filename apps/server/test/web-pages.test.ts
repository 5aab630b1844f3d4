import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { products } from '@meucardapio/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageCache } from '../src/web/page-cache';
import { mountWebApp } from '../src/web/web-app';
import { createTestApp, menuChangesHeard, type Owner, signupOwner, type TestApp } from './helpers';

/*
 * The server's half of the server-rendered pages, on a web build made for the test: its render entry
 * writes what it was given (restaurant, products, table, host) and counts its renders, so the test sees
 * what the server caches, for how long and for whom. The real entry is exercised by the e2e journeys.
 */
const INDEX = `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8"><title>MeuCardápio</title>
<script type="module" crossorigin src="/assets/index-test.js"></script></head><body><div id="root"></div></body></html>`;

const ENTRY = `
let renders = 0;
export const renderCount = () => renders;
const stream = (html) => new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode(html)); c.close(); } });
export async function renderPage(url, menu, onError) {
  renders++;
  const u = new URL(url);
  if (u.pathname === '/landing') return { body: stream('<main>Página inicial</main>'), head: '', status: 200 };
  const name = menu.data.restaurant.name;
  if (name.includes('Quebrado')) { onError(new Error('falha de teste')); return { body: stream('<main></main>'), head: '', status: 200 }; }
  const table = u.searchParams.get('table');
  const products = menu.data.products.map((p) => '<section><article>' + p.name + '</article></section>').join('');
  return {
    body: stream('<h1>' + name + '</h1>' + (table ? '<p>Mesa ' + table + '</p>' : '') + products + '<p>host ' + u.host + '</p>'),
    head: '<title>' + name + ' · Cardápio</title>',
    status: 200,
  };
}`;

let t: TestApp;
let dist: string;
let renderCount: () => number;
let owner: Owner;
let pages: PageCache;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'mc-web-'));
  mkdirSync(join(dist, 'server'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'server', 'entry-server.js'), ENTRY);
  t = await createTestApp();
  ({ pages } = await mountWebApp(t.app, t.deps, dist));
  ({ renderCount } = await import(pathToFileURL(join(dist, 'server', 'entry-server.js')).href));
  owner = await signupOwner(t, { companyName: 'Cantina da Praça' });
  const created = await owner.client.post('/api/admin/products', { name: 'Lasanha', price: 3900 });
  expect(created.status).toBeLessThan(300);
  for (const number of [4, 5]) expect((await owner.client.post('/api/admin/tables', { number })).status).toBe(201);
  await menuChangesHeard(t);
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (path: string, headers: Record<string, string> = {}) =>
  t.app.request(`http://localhost${path}`, { headers: { host: 'localhost', ...headers } });

describe('server-rendered menu pages', () => {
  it('sends the page with its data, compressed as the browser accepts, with a tag to revalidate', async () => {
    const br = await page(`/${owner.slug}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toContain('text/html');
    expect(br.headers.get('cache-control')).toBe('no-cache');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(br.headers.get('x-request-id')).toBeTruthy();
    const html = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    expect(html).toContain('<h1>Cantina da Praça</h1>');
    expect(html).toContain('<title>Cantina da Praça · Cardápio</title>');
    expect(html).toContain('id="mc-menu"');
    expect(html).toContain('<div id="root" data-ssr="1">');

    const gz = await page(`/${owner.slug}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
    const plain = await page(`/${owner.slug}`);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);

    const etag = br.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await page(`/${owner.slug}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it("sends a long menu in two parts: its first screen's products on their own, then the rest", async () => {
    const long = await signupOwner(t, { companyName: 'Cardápio Comprido' });
    await t.db.insert(products).values(
      Array.from({ length: 30 }, (_, i) => ({
        restaurantId: long.restaurantId,
        name: `Prato ${String(i + 1).padStart(2, '0')}`,
        price: 1000 + i,
      })),
    );
    await menuChangesHeard(t);
    const chunks = async (res: Response) => {
      const reader = res.body!.getReader();
      const out: Buffer[] = [];
      for (let r = await reader.read(); !r.done; r = await reader.read()) out.push(Buffer.from(r.value));
      return out;
    };
    const identity = await (await page(`/${long.slug}`)).text();
    for (const [encoding, decode, flush] of [
      ['br', brotliDecompressSync, constants.BROTLI_OPERATION_FLUSH],
      ['gzip', gunzipSync, constants.Z_SYNC_FLUSH],
    ] as const) {
      const parts = await chunks(await page(`/${long.slug}`, { 'accept-encoding': encoding }));
      expect(parts, encoding).toHaveLength(2);
      // The first part decodes on its own: the first twelve products, none after them.
      const first = decode(parts[0], { finishFlush: flush }).toString();
      expect(first).toContain('Prato 12');
      expect(first).not.toContain('Prato 13');
      expect(decode(Buffer.concat(parts)).toString()).toBe(identity);
    }
    // A short menu comes in one piece.
    expect(await chunks(await page(`/${owner.slug}`, { 'accept-encoding': 'br' }))).toHaveLength(1);
  });

  it('renders a page once for every visitor, whatever host or extra parameters they come with', async () => {
    await page(`/${owner.slug}?table=4`);
    const rendered = renderCount();
    const a = await page(`/${owner.slug}?table=4&utm_source=qr`, { host: 'outro.exemplo.com' });
    const b = await page(`/${owner.slug}?utm_campaign=x&table=4`);
    expect(renderCount()).toBe(rendered);
    const html = await a.text();
    expect(html).toBe(await b.text());
    expect(html).toContain('<p>Mesa 4</p>');
    // Rendered on a fixed origin: a visitor's Host never reaches the page another visitor is sent.
    expect(html).not.toContain('outro.exemplo.com');
    const other = await (await page(`/${owner.slug}?table=5`)).text();
    expect(other).toContain('<p>Mesa 5</p>');
    expect(renderCount()).toBe(rendered + 1);
  });

  it('renders anew once the menu changes', async () => {
    const before = await (await page(`/${owner.slug}`)).text();
    expect(before).toContain('Lasanha');
    const created = await owner.client.post('/api/admin/products', { name: 'Nhoque', price: 3500 });
    expect(created.status).toBeLessThan(300);
    const after = await (await page(`/${owner.slug}`)).text();
    expect(after).toContain('Nhoque');
    expect(after).toContain('Lasanha');
  });

  it('renders no page again when a staff write leaves the menu as it was', async () => {
    await page(`/${owner.slug}`);
    const rendered = renderCount();
    // The instance forgets the restaurant's menu after any staff write; a table is not on the menu.
    expect((await owner.client.post('/api/admin/tables', { number: 9 })).status).toBe(201);
    expect(t.deps.menuCache.cached(owner.slug)).toBeUndefined();
    const again = await page(`/${owner.slug}`);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('Lasanha');
    expect(t.deps.menuCache.cached(owner.slug)).toBeDefined();
    expect(renderCount()).toBe(rendered);
  });

  it("never answers one restaurant's page with another's", async () => {
    const other = await signupOwner(t, { companyName: 'Pastelaria do Porto' });
    await other.client.post('/api/admin/products', { name: 'Pastel de Vento', price: 900 });
    const mine = await (await page(`/${owner.slug}`)).text();
    const theirs = await (await page(`/${other.slug}`)).text();
    expect(mine).toContain('Cantina da Praça');
    expect(mine).not.toContain('Pastel de Vento');
    expect(theirs).toContain('Pastelaria do Porto');
    expect(theirs).not.toContain('Lasanha');
  });

  it('falls back to the browser app, uncached, when rendering reports an error', async () => {
    const broken = await signupOwner(t, { companyName: 'Bar Quebrado' });
    const first = await page(`/${broken.slug}`);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('<div id="root"></div>');
    const rendered = renderCount();
    await page(`/${broken.slug}`);
    expect(renderCount()).toBe(rendered + 1);
  });

  it('answers an unknown restaurant with 404 and the browser app', async () => {
    const res = await page('/restaurante-que-nao-existe');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<div id="root"></div>');
  });

  it('keeps the landing page rendered once', async () => {
    const first = await (await page('/landing')).text();
    expect(first).toContain('<main>Página inicial</main>');
    const rendered = renderCount();
    expect(await (await page('/landing')).text()).toBe(first);
    expect(renderCount()).toBe(rendered);
  });
});

describe('one address per page, and caches nobody can fill', () => {
  it('sends a slug in other letters to the stored one, and answers a table the restaurant does not have unrendered', async () => {
    const upper = await page(`/${owner.slug.toUpperCase()}?table=4&utm_source=qr`);
    expect(upper.status).toBe(301);
    expect(upper.headers.get('location')).toBe(`/${owner.slug}?table=4&utm_source=qr`);
    const mixed = await page(`/${owner.slug.toUpperCase()}?table=77`);
    expect(mixed.status).toBe(301);
    expect(mixed.headers.get('location')).toBe(`/${owner.slug}`);
    const rendered = renderCount();
    for (const table of ['99', 'abc', '4; drop table', '1234567', '']) {
      const res = await page(`/${owner.slug}?table=${encodeURIComponent(table)}`);
      expect(res.status, table).toBe(200);
      // The browser app, which tells the visitor about the table (or that a shop serves none).
      expect(await res.text()).toContain('<div id="root"></div>');
    }
    expect(renderCount()).toBe(rendered);
  });

  // A thousand requests: 2.5 s here alone, past 30 s on a CI machine running every suite at once.
  it('renders no more pages than the restaurant has, and keeps one menu, for 1,000 crafted addresses', {
    timeout: 120_000,
  }, async () => {
    await menuChangesHeard(t);
    await page(`/${owner.slug}`);
    const rendered = renderCount();
    const menusBefore = t.deps.menuCache.stats();
    const pagesBefore = pages.stats();
    const heapBefore = process.memoryUsage().heapUsed;
    const casing = (s: string, n: number) =>
      [...s].map((ch, i) => ((n >> (i % 16)) & 1 ? ch.toUpperCase() : ch)).join('');
    const statuses = new Map<number, number>();
    for (let n = 0; n < 1000; n++) {
      const variant = n % 4;
      const path =
        variant === 0
          ? `/${casing(owner.slug, n + 1)}`
          : variant === 1
            ? `/${owner.slug}?table=${1000 + n}`
            : variant === 2
              ? `/${owner.slug}?table=${n % 2 ? 4 : 5}&x=${n}`
              : `/${owner.slug}?table=${'9'.repeat(n % 40)}x${n}`;
      const res = await page(path);
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    const renders = renderCount() - rendered;
    const menus = t.deps.menuCache.stats();
    const kept = pages.stats();
    console.log(
      `1,000 crafted addresses: ${renders} renders (real pages: the menu and tables 4 and 5), answers ${JSON.stringify(Object.fromEntries(statuses))}, menu cache ${menus.entries} entries / ${menus.bytes} bytes, page cache ${kept.pages} pages / ${kept.bytes} bytes, heap +${Math.round((process.memoryUsage().heapUsed - heapBefore) / 1024)} KiB`,
    );
    // The menu page was already kept; tables 4 and 5 at most once each.
    expect(renders).toBeLessThanOrEqual(2);
    expect(menus.entries).toBe(menusBefore.entries);
    expect(kept.pages - pagesBefore.pages).toBeLessThanOrEqual(2);
  });

  it('keeps pages within their byte limit, dropping the least recently used first', async () => {
    const small = new (pages.constructor as new (maxBytes: number) => PageCache)(6000);
    const source = 'teste';
    const html = (n: number) => `<p>${n}</p>${'x'.repeat(1000)}`;
    const { cachedPage } = await import('../src/web/page-cache');
    for (let n = 0; n < 10; n++) {
      await small.get(source, `/p${n}`, () => cachedPage(html(n), 200));
      // Touch the first page so it stays while the others come and go.
      await small.get(source, '/p0', () => cachedPage(html(0), 200));
    }
    await new Promise((r) => setTimeout(r, 0));
    const { pages: kept, bytes } = small.stats();
    expect(bytes).toBeLessThanOrEqual(6000);
    expect(kept).toBeLessThan(10);
    let rendered = false;
    await small.get(source, '/p0', async () => {
      rendered = true;
      return cachedPage(html(0), 200);
    });
    expect(rendered).toBe(false);
  });

  it('keeps menus within their byte limit, least recently used out first', async () => {
    const { MenuCache } = await import('../src/modules/restaurants/menu-cache');
    const a = await signupOwner(t, { companyName: 'Bar do Limite A' });
    const b = await signupOwner(t, { companyName: 'Bar do Limite B' });
    const probe = new MenuCache(t.deps.database, t.deps.log);
    await probe.get(a.slug);
    const one = probe.stats().bytes;
    const bounded = new MenuCache(t.deps.database, t.deps.log, Math.floor(one * 1.5));
    await bounded.get(a.slug);
    await bounded.get(b.slug);
    expect(bounded.stats()).toMatchObject({ entries: 1 });
    expect(bounded.stats().bytes).toBeLessThanOrEqual(one * 1.5);
    // B is the one kept; A is read again.
    expect(bounded.cached(b.slug.toUpperCase())).toBeTruthy();
    expect(bounded.cached(a.slug)).toBeUndefined();
  });
});
