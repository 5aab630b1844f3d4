import {
  catalogVersions,
  categories,
  orderItems,
  paymentMethods,
  products,
  restaurantHours,
  restaurants,
  reviews,
} from '@meucardapio/db/schema';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { keptReadsOf } from '../src/modules/orders/place/kept-reads';
import {
  customerOf,
  deliveryOrder,
  ORDERS,
  orderCount,
  orderKey,
  type Shop,
  setStock,
  setupShop,
  shopPerFile,
} from './checkout-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let shop: Shop;
shopPerFile((made) => ({ t, shop } = made));

/*
 * An instance keeps each restaurant's checkout reads (decision 125). Every change below is made in the
 * database directly, as another instance or an owner's screen would, and never through this instance:
 * what is charged and refused must follow the database at once, not the rows this instance kept.
 */

const versionOf = async (restaurantId: string) => {
  const [row] = await t.db.select().from(catalogVersions).where(eq(catalogVersions.restaurantId, restaurantId));
  return row?.version;
};

async function order(s: Shop, overrides: Record<string, unknown> = {}) {
  const { client } = await customerOf(t, s);
  return client.post(ORDERS, deliveryOrder(s, overrides), { 'idempotency-key': orderKey() });
}

const drink = (s: Shop, quantity = 1) => ({ items: [{ productId: s.products.refri.id, quantity }] });

describe('the checkout reads an instance keeps', () => {
  it('price a second order from what was kept, and an order after a price change at the new price', async () => {
    const s = await setupShop(t);
    expect((await order(s)).status).toBe(201);
    const kept = keptReadsOf(t.deps.database).find(s.rid, [s.products.calabresa.id]);
    expect(kept?.version).toBe(await versionOf(s.rid));
    expect((await order(s)).status).toBe(201);

    await t.db.update(products).set({ price: 4400 }).where(eq(products.id, s.products.calabresa.id));
    const after = await order(s);
    expect(after.status, after.text).toBe(201);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, after.body.order.id));
    expect(item.unitPrice).toBe(4400);
    expect(keptReadsOf(t.deps.database).find(s.rid, [s.products.calabresa.id])?.version).toBe(await versionOf(s.rid));
  });

  it('refuse a product paused since, as a fresh read does', async () => {
    const s = await setupShop(t);
    expect((await order(s)).status).toBe(201);
    const fresh = await order(s, { items: [{ productId: s.products.indisponivel.id, quantity: 1 }] });
    expect(fresh.status).toBeGreaterThanOrEqual(400);

    await t.db.update(products).set({ available: false }).where(eq(products.id, s.products.calabresa.id));
    const refused = await order(s);
    expect(refused.status).toBe(fresh.status);
    expect(refused.body.error.code).toBe(fresh.body.error.code);
  });

  it('refuse a drink sold out since, and sell it again once restocked (stock changes keep the version)', async () => {
    const s = await setupShop(t);
    expect((await order(s, drink(s))).status).toBe(201);
    const version = await versionOf(s.rid);

    await setStock(t, s.products.refri.id, 0);
    expect(await versionOf(s.rid)).toBe(version);
    const before = await orderCount(t, s.rid);
    const soldOut = await order(s, drink(s));
    expect(soldOut.status).toBe(409);
    expect(await orderCount(t, s.rid)).toBe(before);

    // Stock is no part of the version: the order's conditional UPDATE takes it, whatever was kept.
    await setStock(t, s.products.refri.id, 3);
    const again = await order(s, drink(s, 2));
    expect(again.status, again.text).toBe(201);
  });

  it('refuse a payment method switched off since, and a restaurant closed since', async () => {
    const s = await setupShop(t);
    expect((await order(s)).status).toBe(201);

    await t.db.update(paymentMethods).set({ active: false }).where(eq(paymentMethods.id, s.methods.cash));
    expect((await order(s)).status).toBeGreaterThanOrEqual(400);
    await t.db.update(paymentMethods).set({ active: true }).where(eq(paymentMethods.id, s.methods.cash));
    expect((await order(s)).status).toBe(201);

    await t.db.update(restaurantHours).set({ isClosed: true }).where(eq(restaurantHours.restaurantId, s.rid));
    expect((await order(s)).status).toBe(409);
    await t.db.update(restaurantHours).set({ isClosed: false }).where(eq(restaurantHours.restaurantId, s.rid));
    expect((await order(s)).status).toBe(201);
  });

  it("never price one restaurant's cart with another's kept products", async () => {
    const other = await setupShop(t);
    expect((await order(other)).status).toBe(201);
    const before = [await orderCount(t, shop.rid), await orderCount(t, other.rid)];
    const res = await order(shop, { items: [{ productId: other.products.calabresa.id, quantity: 1 }] });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect([await orderCount(t, shop.rid), await orderCount(t, other.rid)]).toEqual(before);
  });
});

describe('the catalogue version', () => {
  it('rises with what prices an order, and not with numbers, stock or reviews', async () => {
    const s = await setupShop(t);
    const at = async () => Number(await versionOf(s.rid));
    let v = await at();
    const rises = async (change: () => Promise<unknown>) => {
      await change();
      const now = await at();
      expect(now).toBeGreaterThan(v);
      v = now;
    };
    const stays = async (change: () => Promise<unknown>) => {
      await change();
      expect(await at()).toBe(v);
    };

    await stays(() => t.db.execute(sql`select * from mc_lock_for_order(${s.rid}::uuid, null, null)`));
    await stays(() => t.db.update(restaurants).set({ nfceNumber: 7 }).where(eq(restaurants.id, s.rid)));
    await stays(() => setStock(t, s.products.refri.id, 9));
    await rises(() => t.db.update(products).set({ price: 650 }).where(eq(products.id, s.products.refri.id)));
    await rises(() => t.db.update(restaurants).set({ name: 'Outro nome' }).where(eq(restaurants.id, s.rid)));
    await rises(() =>
      t.db.update(restaurantHours).set({ openTime: '00:01' }).where(eq(restaurantHours.restaurantId, s.rid)),
    );
    await rises(() => t.db.update(paymentMethods).set({ name: 'Pix' }).where(eq(paymentMethods.id, s.methods.card)));
    await rises(() => t.db.insert(categories).values({ restaurantId: s.rid, name: 'Bebidas' }));
    await stays(() =>
      t.db.insert(reviews).values({
        restaurantId: s.rid,
        customerName: 'Ana',
        customerEmail: 'ana@exemplo.com.br',
        rating: 5,
      }),
    );
    // The lock answers the version as it stands, for the order to compare with what it was priced from.
    const [lock] = (
      await t.db.execute<{ catalog_version: number }>(
        sql`select catalog_version from mc_lock_for_order(${s.rid}::uuid, null, null)`,
      )
    ).rows;
    expect(Number(lock.catalog_version)).toBe(v);
  });

  it('starts with each new restaurant and goes with it', async () => {
    const s = await setupShop(t);
    expect(await versionOf(s.rid)).toBeGreaterThanOrEqual(0);
    await t.db.delete(restaurants).where(eq(restaurants.id, s.rid));
    expect(await versionOf(s.rid)).toBeUndefined();
  });
});
