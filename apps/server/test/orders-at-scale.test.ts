import { randomBytes } from 'node:crypto';
import { customers, orders, products, sessions, stockHistory } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, SESSION_COOKIE } from '../src/http/session';
import { deliveryOrder, ORDERS, type Shop, setupShop, stockOf } from './checkout-fixtures';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await setupShop(t, { paymentMethods: false });
});
afterAll(async () => {
  await t?.close();
});

/**
 * `n` signed-in customers of the shop, written straight to the database: registering each through the
 * API would hash a password per customer, which is not what these tests are about.
 */
async function signedInCustomers(n: number) {
  const rows = await t.db
    .insert(customers)
    .values(
      Array.from({ length: n }, (_, i) => ({
        restaurantId: shop.rid,
        name: `Cliente ${i}`,
        phone: '11987654321',
        email: `escala-${i}-${randomBytes(4).toString('hex')}@teste.com.br`,
      })),
    )
    .returning({ id: customers.id });
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  await t.db.insert(sessions).values(
    rows.map((r, i) => ({
      tokenHash: hashToken(tokens[i]),
      kind: 'customer',
      customerId: r.id,
      restaurantId: shop.rid,
      expiresAt: new Date(Date.now() + 3600_000),
    })),
  );
  return tokens.map((token) => {
    const client = t.client();
    const cookie = `${SESSION_COOKIE}=${token}`;
    return {
      order: (body: unknown, key: string) => client.post(ORDERS, body, { cookie, 'idempotency-key': key }),
    };
  });
}

describe('checkout at scale', () => {
  it('200 parallel checkouts for the last 50 units leave exactly 50 orders and stock 0, never below', async () => {
    const [lastUnits] = await t.db
      .insert(products)
      .values({ restaurantId: shop.rid, name: 'Pizza do Dia', price: 3900, controleEstoque: true, estoque: 50 })
      .returning();
    // Two attempts per customer: below the open unpaid order limit, so only stock decides.
    const buyers = await signedInCustomers(100);
    const body = deliveryOrder(shop, { items: [{ productId: lastUnits.id, quantity: 1 }], paymentMethod: 'cash' });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => buyers[i % buyers.length].order(body, `escala-${i}-${Date.now()}`)),
    );

    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(50);
    const refused = results.filter((r) => r.status !== 201);
    expect(new Set(refused.map((r) => `${r.status} ${r.body.error?.title}`))).toEqual(
      new Set(['409 Estoque insuficiente']),
    );
    expect(await stockOf(t, lastUnits.id)).toBe(0);
    const history = await t.db.select().from(stockHistory).where(eq(stockHistory.productId, lastUnits.id));
    expect(history.every((h) => h.quantityAfter >= 0)).toBe(true);
    const sold = history.filter((h) => h.orderId);
    expect(sold).toHaveLength(50);
    expect(new Set(sold.map((h) => h.orderId))).toEqual(new Set(created.map((r) => r.body.order.id)));
    const numbers = created.map((r) => r.body.order.number);
    expect(new Set(numbers).size).toBe(50);
  }, 120_000);

  it('the same Idempotency-Key sent 10 times at once creates one order, and all ten get it', async () => {
    const [buyer] = await signedInCustomers(1);
    const key = `uma-vez-${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => buyer.order(deliveryOrder(shop), key)));
    expect(results.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.order.id)).size).toBe(1);
    const rows = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });
});
