import { products, stockHistory } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogPerFile, create } from './catalog-fixtures';
import { type Owner, signupOwner, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let owner: Owner;
let other: Owner;
let kitchen: TestClient;
let waiter: TestClient;
let cashier: TestClient;
let menuManager: TestClient;
let stockKeeper: TestClient;

catalogPerFile((made) => ({ t, owner, other, kitchen, waiter, cashier, menuManager, stockKeeper } = made));

describe('categories', () => {
  it('creates with order = current count by default, lists by order, updates and deletes keeping products', async () => {
    const fresh = await signupOwner(t);
    const c = fresh.client;
    const a = (await c.post('/api/admin/categories', { name: 'Pizzas' })).body.category;
    const b = (await c.post('/api/admin/categories', { name: 'Bebidas' })).body.category;
    const z = (await c.post('/api/admin/categories', { name: 'Entradas', order: 0 })).body.category;
    expect([a.order, b.order, z.order]).toEqual([0, 1, 0]);
    const list = (await c.get('/api/admin/categories')).body.categories.map((x: { name: string }) => x.name);
    expect(list).toEqual(['Entradas', 'Pizzas', 'Bebidas']);

    const upd = await c.put(`/api/admin/categories/${b.id}`, { name: 'Bebidas geladas', order: 5 });
    expect(upd.status).toBe(200);
    expect(upd.body.category).toMatchObject({ name: 'Bebidas geladas', order: 5 });

    const p = await create(c, { categoryId: a.id });
    expect((await c.delete(`/api/admin/categories/${a.id}`)).status).toBe(200);
    const after = await c.get(`/api/admin/products/${p.id}`);
    expect(after.status).toBe(200);
    expect(after.body.product).toMatchObject({ categoryId: null, categoryName: null });
  });

  it('validation, permission and tenant refusals', async () => {
    const blank = await owner.client.post('/api/admin/categories', { name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.description).toMatch(/nome da categoria/);
    const neg = await owner.client.post('/api/admin/categories', { name: 'X', order: -1 });
    expect(neg.status).toBe(400);

    const cat = (await owner.client.post('/api/admin/categories', { name: 'Sobremesas' })).body.category;
    for (const client of [kitchen, waiter, cashier]) {
      for (const res of [
        await client.post('/api/admin/categories', { name: 'X' }),
        await client.put(`/api/admin/categories/${cat.id}`, { name: 'X' }),
        await client.delete(`/api/admin/categories/${cat.id}`),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.error.description).toBe('Você não tem permissão para criar/editar/excluir categorias');
      }
    }
    expect((await menuManager.put(`/api/admin/categories/${cat.id}`, { name: 'Doces' })).status).toBe(200);
    expect((await other.client.put(`/api/admin/categories/${cat.id}`, { name: 'Roubada' })).status).toBe(404);
    expect((await other.client.delete(`/api/admin/categories/${cat.id}`)).status).toBe(404);
    const mine = (await owner.client.get('/api/admin/categories')).body.categories;
    expect(mine.find((x: { id: string }) => x.id === cat.id).name).toBe('Doces');
    expect(
      (await other.client.get('/api/admin/categories')).body.categories.map((x: { id: string }) => x.id),
    ).not.toContain(cat.id);
  });
});

describe('stock', () => {
  it('registers an entry atomically with history and lists the last entries', async () => {
    const p = await create(owner.client, { name: 'Cerveja', controleEstoque: true, estoque: 2, estoqueMinimo: 5 });
    const res = await stockKeeper.post('/api/admin/stock/entries', {
      productId: p.id,
      quantity: 10,
      notes: 'Fornecedor',
    });
    expect(res.status).toBe(201);
    expect(res.body.product.estoque).toBe(12);
    expect(res.body.entry).toMatchObject({
      operationType: 'register',
      quantityBefore: 2,
      quantityAfter: 12,
      quantityChanged: 10,
      employeeName: 'Funcionário Estoquista',
    });
    expect(res.body.entry.notes).toMatch(/^Entrada de estoque: \+10/);
    const ownerEntry = await owner.client.post('/api/admin/stock/entries', { productId: p.id, quantity: 1 });
    expect(ownerEntry.body.entry).toMatchObject({ notes: 'Entrada de estoque: +1', employeeName: 'Sistema' });

    const list = await stockKeeper.get('/api/admin/stock/entries');
    expect(list.status).toBe(200);
    expect(list.body.entries[0]).toMatchObject({ productName: 'Cerveja', quantityChanged: 1 });
    expect(list.body.entries.length).toBeLessThanOrEqual(50);
    const prods = await stockKeeper.get('/api/admin/stock/products');
    expect(prods.body.products.find((x: { id: string }) => x.id === p.id)).toMatchObject({
      controleEstoque: true,
      estoque: 13,
      estoqueMinimo: 5,
    });
    // A stock keeper reads the product's history too.
    expect((await stockKeeper.get(`/api/admin/products/${p.id}/stock-history`)).body.history).toHaveLength(3);
  });

  it('10 concurrent entries on one product add up exactly', async () => {
    const p = await create(owner.client, { controleEstoque: true, estoque: 0 });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        owner.client.post('/api/admin/stock/entries', { productId: p.id, quantity: i + 1 }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(row.estoque).toBe(55);
    const hist = await t.db.select().from(stockHistory).where(eq(stockHistory.productId, p.id));
    expect(hist).toHaveLength(10);
    // Each entry's before/after is consistent: the after values are ten distinct running totals.
    const afters = hist.map((h) => h.quantityAfter).sort((a, b) => a - b);
    expect(afters[9]).toBe(55);
    for (const h of hist) expect(h.quantityAfter - h.quantityBefore).toBe(h.quantityChanged);
  });

  it("refuses incomplete data with 'Dados incompletos', without manage_stock, and other restaurants' products", async () => {
    const p = await create(owner.client, { controleEstoque: true });
    for (const body of [
      { productId: p.id, quantity: 0 },
      { productId: p.id },
      { quantity: 3 },
      { productId: p.id, quantity: 1.5 },
      {},
    ]) {
      const res = await owner.client.post('/api/admin/stock/entries', body);
      expect(res.status).toBe(400);
      expect(res.body.error.title).toBe('Dados incompletos');
    }
    for (const client of [kitchen, waiter, cashier, menuManager]) {
      const res = await client.post('/api/admin/stock/entries', { productId: p.id, quantity: 1 });
      expect(res.status).toBe(403);
      expect(res.body.error.description).toBe('Você não tem permissão para gerenciar estoque.');
      expect((await client.get('/api/admin/stock/entries')).status).toBe(403);
    }
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(row.estoque).toBe(0);
    const foreignList = await other.client.get('/api/admin/stock/entries');
    expect(foreignList.body.entries.every((e: { productId: string }) => e.productId !== p.id)).toBe(true);
  });
});

describe('image upload', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  // The test client only sends JSON/text, so binary uploads go through app.request with its cookie.
  const cookieOf = (client: TestClient) =>
    [...(client as unknown as { cookies: Map<string, string> }).cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const headersOf = (client: TestClient, contentType?: string): Record<string, string> => ({
    origin: 'http://localhost',
    host: 'localhost',
    cookie: cookieOf(client),
    ...(contentType ? { 'content-type': contentType } : {}),
  });
  const upload = (client: TestClient, body: BodyInit, contentType: string) =>
    t.app.request('http://localhost/api/admin/files', {
      method: 'POST',
      headers: headersOf(client, contentType),
      body,
    });

  it('stores an image (raw or multipart) and serves it back', async () => {
    const raw = await upload(owner.client, png, 'image/png');
    expect(raw.status).toBe(201);
    const { url } = (await raw.json()) as { url: string };
    // Photos are kept re-encoded in the widths they have (image-upload.test.ts); this one is 1 px wide.
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?widths=1$/);
    const got = await t.app.request(`http://localhost${url}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/webp');

    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'logo.png');
    const multi = await t.app.request('http://localhost/api/admin/files', {
      method: 'POST',
      headers: headersOf(owner.client),
      body: form,
    });
    expect(multi.status).toBe(201);
  });

  it('refuses non-images, SVG, empty and > 5 MB files, and staff without a catalogue/settings permission', async () => {
    const svg = await upload(
      owner.client,
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'image/svg+xml',
    );
    expect(svg.status).toBe(400);
    expect(((await svg.json()) as { error: { title: string } }).error.title).toBe('Formato não suportado');
    const text = await upload(owner.client, 'hello', 'image/png');
    expect(text.status).toBe(400);
    const empty = await upload(owner.client, '', 'image/png');
    expect(empty.status).toBe(400);
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(owner.client, big, 'image/png');
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: { title: string } }).error.title).toBe('Arquivo muito grande');
    const denied = await upload(kitchen, png, 'image/png');
    expect(denied.status).toBe(403);
    const anon = await t.app.request('http://localhost/api/admin/files', {
      method: 'POST',
      headers: { origin: 'http://localhost', host: 'localhost', 'content-type': 'image/png' },
      body: png,
    });
    expect(anon.status).toBe(401);
  });
});
