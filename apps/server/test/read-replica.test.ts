import { randomUUID } from 'node:crypto';
import { type Database, openDatabase } from '@meucardapio/db/client';
import { appUsers, products, restaurantHours, restaurants } from '@meucardapio/db/schema';
import { freshDatabase } from '@meucardapio/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerOf, deliveryOrder, type Shop, setupShop } from './checkout-fixtures';
import { createTestApp, eventually, type TestApp } from './helpers';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/*
 * Reads that tolerate lag go to the read replica; nothing in an order does. The "replica" here is a second
 * database holding a copy of the restaurant that differs on purpose (another name, another price), so each
 * answer shows where it was read from.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('a read replica', () => {
  let primary: Database;
  let replica: Database;
  let proxy: TcpProxy;
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    primary = await freshDatabase();
    replica = await freshDatabase();
    const readUrl = new URL(replica.url!);
    proxy = await startTcpProxy({ host: readUrl.hostname, port: Number(readUrl.port || 5432) });
    readUrl.host = `127.0.0.1:${proxy.port}`;
    t = await createTestApp({}, await openDatabase({ url: primary.url, readUrl: readUrl.href }));
    shop = await setupShop(t);
    // The replica's copy of what the public menu reads, with its own name and price.
    const [restaurant] = await primary.db.select().from(restaurants).where(eq(restaurants.id, shop.rid));
    const [owner] = await primary.db.select().from(appUsers).where(eq(appUsers.id, restaurant.ownerId!));
    await replica.db.insert(appUsers).values(owner);
    await replica.db.insert(restaurants).values({ ...restaurant, name: 'Nome Lido da Réplica' });
    await replica.db
      .insert(products)
      .values({ ...shop.products.calabresa, price: 99_900, pizzaFlavors: [], restaurantId: shop.rid });
    await replica.db
      .insert(restaurantHours)
      .values(await primary.db.select().from(restaurantHours).where(eq(restaurantHours.restaurantId, shop.rid)));
    t.deps.menuCache.forget(shop.rid);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await replica?.close();
    await primary?.close();
  });

  it('answers the public menu from the replica and places an order with the primary only', async () => {
    const menu = await t.client().get(`/api/public/restaurants/${shop.slug}/menu`);
    expect(menu.status, menu.text).toBe(200);
    expect(menu.body.restaurant.name).toBe('Nome Lido da Réplica');
    expect(menu.body.products.map((p: { price: number }) => p.price)).toEqual([99_900]);

    // The customer, the other products and the coupons exist only on the primary; so does the real price.
    const { client } = await customerOf(t, shop);
    const order = await client.post('/api/customer/orders', deliveryOrder(shop), {
      'idempotency-key': `replica-${randomUUID()}`,
    });
    expect(order.status).toBe(201);
    expect(order.body.order.subtotal).toBe(shop.products.calabresa.price);
    const [stored] = await primary.db.select().from(restaurants).where(eq(restaurants.id, shop.rid));
    expect(stored.name).not.toBe('Nome Lido da Réplica');

    // The owner's dashboard tolerates a second of lag: the replica, which has no orders, answers it.
    const dashboard = await shop.owner.client.get('/api/admin/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.openOrders.pending).toBe(0);
  });

  it('an unreachable replica sends those reads back to the primary', async () => {
    expect(t.deps.database.replica?.()).toMatchObject({ usable: true, lagSeconds: 0 });
    await proxy.close();
    await eventually(async () => expect(t.deps.database.replica?.()).toMatchObject({ usable: false }), 5000);
    t.deps.menuCache.forget(shop.rid);
    const menu = await t.client().get(`/api/public/restaurants/${shop.slug}/menu`);
    expect(menu.status).toBe(200);
    expect(menu.body.restaurant.name).not.toBe('Nome Lido da Réplica');
    expect(menu.body.products.length).toBeGreaterThan(1);
    const dashboard = await shop.owner.client.get('/api/admin/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.openOrders.pending).toBe(1);
  });
});
