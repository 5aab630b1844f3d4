import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { openDatabase } from '@meucardapio/db/client';
import { products, restaurants } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { boot } from '../src/server';
import { openRegister, sell, setupPdv } from './cashier-fixtures';
import { customerOf, deliveryOrder, setupShop } from './checkout-fixtures';
import { createTestApp, eventually, registerCustomer, signupOwner, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function menu(client: ReturnType<TestApp['client']>, slug: string) {
  const res = await client.get(`/api/public/restaurants/${slug}/menu`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('cached public menus', () => {
  it('shows a change made through the API on the very next read', async () => {
    const owner = await signupOwner(t);
    const created = await owner.client.post('/api/admin/products', { name: 'Esfiha de Carne', price: 790 });
    expect(created.status).toBeLessThan(300);
    const visitor = t.client();
    expect((await menu(visitor, owner.slug)).products.map((p: { name: string }) => p.name)).toContain(
      'Esfiha de Carne',
    );
    const id = created.body.product?.id ?? created.body.id;
    const updated = await owner.client.put(`/api/admin/products/${id}`, { name: 'Esfiha Aberta', price: 890 });
    expect(updated.status).toBeLessThan(300);
    const names = (await menu(visitor, owner.slug)).products.map((p: { name: string }) => p.name);
    expect(names).toContain('Esfiha Aberta');
    expect(names).not.toContain('Esfiha de Carne');
  });

  it('serves the cached menu gzipped once, decoding to the same JSON', async () => {
    const owner = await signupOwner(t);
    await owner.client.post('/api/admin/products', { name: 'Coxinha', price: 600 });
    const plain = await t.client().get(`/api/public/restaurants/${owner.slug}/menu`);
    const res = await t.app.request(`http://localhost/api/public/restaurants/${owner.slug}/menu`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('etag')).toBe(plain.headers.get('etag'));
    const json = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'));
    expect(json).toEqual(plain.body);
  });

  it("keeps a restaurant's menu through its customers' own writes", async () => {
    const owner = await signupOwner(t);
    await owner.client.post('/api/admin/products', { name: 'Pastel', price: 700 });
    const { client } = await registerCustomer(t, owner.slug);
    await menu(t.client(), owner.slug);
    expect(t.deps.menuCache.cached(owner.slug)).toBeTruthy();
    const saved = await client.put('/api/customer/profile', {
      name: 'Cliente Fiel',
      phone: '(11) 91234-5678',
      address: 'Rua Nova',
      number: '9',
      neighborhood: 'Consolação',
      city: 'São Paulo',
      state: 'SP',
      cep: '01310-100',
    });
    expect(saved.status).toBe(200);
    expect(t.deps.menuCache.cached(owner.slug)).toBeTruthy();
    // A staff write still empties it at once.
    await owner.client.post('/api/admin/products', { name: 'Caldo de Cana', price: 500 });
    expect(t.deps.menuCache.cached(owner.slug)).toBeUndefined();
  });

  it("keeps a restaurant's menu through its orders, which take a number from its row", async () => {
    const shop = await setupShop(t);
    const { client } = await customerOf(t, shop);
    await menu(t.client(), shop.slug);
    const placed = await client.post('/api/customer/orders', deliveryOrder(shop), { 'idempotency-key': randomUUID() });
    expect(placed.status).toBe(201);
    // Notifications arrive in commit order: once a later change elsewhere is heard, the order's would have been.
    const other = await signupOwner(t);
    await menu(t.client(), other.slug);
    await t.db.update(restaurants).set({ description: 'Outra casa' }).where(eq(restaurants.id, other.restaurantId));
    await eventually(async () => expect(t.deps.menuCache.cached(other.slug)).toBeUndefined());
    expect(t.deps.menuCache.cached(shop.slug)).toBeTruthy();
  });

  it('mends the cached menu with the stock an order took, without reading it again', async () => {
    const shop = await setupShop(t);
    const { client } = await customerOf(t, shop);
    const refri = shop.products.refri.id;
    const stockOf = (body: { products: { id: string; estoque: number }[] }) =>
      body.products.find((p) => p.id === refri)?.estoque;
    expect(stockOf(await menu(t.client(), shop.slug))).toBe(5);
    const held = t.deps.menuCache.cached(shop.slug);
    const placed = await client.post(
      '/api/customer/orders',
      deliveryOrder(shop, { items: [{ productId: refri, quantity: 2 }] }),
      { 'idempotency-key': randomUUID() },
    );
    expect(placed.status).toBe(201);
    // Kept all along (a forgotten menu is not held at all), rendered again with the new stock.
    await eventually(async () => {
      const kept = t.deps.menuCache.cached(shop.slug);
      expect(kept).toBeDefined();
      expect(kept).not.toBe(held);
      expect(stockOf(JSON.parse(kept!.identity))).toBe(3);
    });
    expect(stockOf(await menu(t.client(), shop.slug))).toBe(3);
    expect(t.deps.menuCache.cached(shop.slug)?.etag).not.toBe(held?.etag);
  });

  it("keeps a restaurant's menu through its staff's sales at the till, mended with the stock they took", async () => {
    const pdv = await setupPdv(t);
    await openRegister(pdv.owner.client);
    const pao = pdv.products.pao.id;
    const slug = pdv.owner.slug;
    await menu(t.client(), slug);
    const sold = await sell(pdv.owner.client, {
      items: [{ productId: pao, quantity: 3 }],
      payments: [{ methodId: pdv.methods.pix, amount: 2250 }],
    });
    expect(sold.status).toBe(201);
    // Not forgotten by the staff's write itself, and mended once the stock's notification arrives.
    expect(t.deps.menuCache.cached(slug)).toBeDefined();
    await eventually(async () => {
      const kept = JSON.parse(t.deps.menuCache.cached(slug)!.identity);
      expect(kept.products.find((p: { id: string }) => p.id === pao).estoque).toBe(7);
    });
  });

  it('forgets the menu when a product changes more than its stock', async () => {
    const shop = await setupShop(t);
    const refri = shop.products.refri.id;
    await menu(t.client(), shop.slug);
    await t.db.update(products).set({ estoque: 9, price: 650 }).where(eq(products.id, refri));
    await eventually(async () => expect(t.deps.menuCache.cached(shop.slug)).toBeUndefined());
    const again = (await menu(t.client(), shop.slug)).products.find((p: { id: string }) => p.id === refri);
    expect(again).toMatchObject({ estoque: 9, price: 650 });
  });

  it('forgets a restaurant when its rows change underneath (database trigger + NOTIFY)', async () => {
    const owner = await signupOwner(t);
    const created = await owner.client.post('/api/admin/products', { name: 'Quibe', price: 650 });
    const id = created.body.product?.id ?? created.body.id;
    const visitor = t.client();
    expect((await menu(visitor, owner.slug)).products).toHaveLength(1);
    // A write that bypasses the API (another instance, a script) still reaches the cache.
    await t.db.update(products).set({ available: false }).where(eq(products.id, id));
    await eventually(async () => expect((await menu(visitor, owner.slug)).products).toHaveLength(0));
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('cached menus across instances', () => {
  it('a change through one instance reaches the cache of another', async () => {
    const owner = await signupOwner(t);
    await owner.client.post('/api/admin/products', { name: 'Pastel de Queijo', price: 900 });
    const other = await openDatabase({ url: t.deps.database.url, directUrl: t.deps.database.directUrl });
    const second = await boot(loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0' } as NodeJS.ProcessEnv), {
      database: other,
      migrate: false,
      log: pino({ level: 'silent' }),
    });
    const read = async () => {
      const res = await second.app.request(`http://localhost/api/public/restaurants/${owner.slug}/menu`);
      return (await res.json()).products.map((p: { name: string }) => p.name) as string[];
    };
    expect(await read()).toContain('Pastel de Queijo');
    await owner.client.post('/api/admin/products', { name: 'Pastel de Carne', price: 950 });
    await eventually(async () => expect(await read()).toContain('Pastel de Carne'));
    await second.close();
  });
});
