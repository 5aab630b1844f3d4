import { customers, orders, sessions } from '@meucardapio/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken, SESSION_COOKIE } from '../src/http/session';
import { customerOf, deliveryOrder, ORDERS, type Shop, setupShop } from './checkout-fixtures';
import { createTestApp, eventually, sessionReads, type TestApp, type TestClient } from './helpers';

describe("a customer's order on the session the instance kept (decision 126)", () => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    // Longer than any test: what drops a kept session here is a signal or the order's lock, never its age.
    t = await createTestApp({ SESSION_CACHE_MS: String(3600_000) });
    shop = await setupShop(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const hashOf = (client: TestClient) => hashToken(client.cookie(SESSION_COOKIE) as string);
  const kept = (client: TestClient) => t.deps.sessions.get(hashOf(client));
  const ordersOf = async (customerId: string) =>
    (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId))).length;

  /** Signals are not heard while `run` runs, as when they come from another instance a moment late. */
  async function signalsLate<T>(run: () => Promise<T>) {
    const signals = vi.spyOn(t.deps.sessions, 'signal').mockImplementation(() => undefined);
    try {
      return await run();
    } finally {
      signals.mockRestore();
    }
  }

  it('places an order without reading the session again; its reads and other writes still read it', async () => {
    const customer = await customerOf(t, shop);
    expect(await sessionReads(t, () => customer.client.get('/api/customer/orders'))).toBe(1);
    expect(kept(customer.client)).not.toBeNull();
    let placed: { status: number; text: string } | undefined;
    expect(await sessionReads(t, async () => (placed = await customer.client.post(ORDERS, deliveryOrder(shop))))).toBe(
      0,
    );
    expect(placed?.status, placed?.text).toBe(201);
    expect(await ordersOf(customer.customerId)).toBe(1);
    expect(await sessionReads(t, () => customer.client.get('/api/customer/orders'))).toBe(1);
    expect(await sessionReads(t, () => customer.client.put('/api/customer/profile', {}))).toBe(1);
  });

  it('refuses the order, and places nothing, when the session ended where this instance has not heard yet', async () => {
    const customer = await customerOf(t, shop);
    await customer.client.get('/api/customer/orders');
    await signalsLate(async () => {
      await t.db.delete(sessions).where(eq(sessions.tokenHash, hashOf(customer.client)));
      expect(kept(customer.client)).not.toBeNull();
      const refused = await customer.client.post(ORDERS, deliveryOrder(shop));
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('unauthorized');
    });
    expect(await ordersOf(customer.customerId)).toBe(0);
    expect(kept(customer.client)).toBeNull();
  });

  it('refuses the order when the session expired in the database after this instance kept it', async () => {
    const customer = await customerOf(t, shop);
    await customer.client.get('/api/customer/orders');
    // An update of a session row is not signalled: only the lock can tell.
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.tokenHash, hashOf(customer.client)));
    expect((await customer.client.post(ORDERS, deliveryOrder(shop))).status).toBe(401);
    expect(await ordersOf(customer.customerId)).toBe(0);
  });

  it("a session of another restaurant's customer never places an order here", async () => {
    const other = await setupShop(t);
    const customer = await customerOf(t, other);
    await customer.client.get('/api/customer/orders');
    const refused = await customer.client.post(ORDERS, deliveryOrder(shop, { restaurantSlug: shop.slug }));
    expect(refused.status).toBe(403);
    expect(await ordersOf(customer.customerId)).toBe(0);
    const [row] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.restaurantId, shop.rid), eq(orders.customerId, customer.customerId)));
    expect(row).toBeUndefined();
  });

  it("goes when the customer's e-mail, name or phone change, and stays through the staff's writes", async () => {
    const customer = await customerOf(t, shop);
    const placed = await customer.client.post(ORDERS, deliveryOrder(shop));
    expect(placed.status).toBe(201);
    await shop.owner.client.get('/api/admin/orders');
    expect(kept(shop.owner.client)).not.toBeNull();
    const moved = await shop.owner.client.patch(`/api/admin/orders/${placed.body.order.id}/status`, {
      status: 'preparing',
    });
    expect(moved.status).toBe(200);
    expect(kept(shop.owner.client)).toBeNull();
    expect(kept(customer.client)).not.toBeNull();

    await t.db.update(customers).set({ email: 'novo@teste.com.br' }).where(eq(customers.id, customer.customerId));
    await eventually(async () => expect(kept(customer.client)).toBeNull());
    await customer.client.get('/api/customer/orders');
    expect(kept(customer.client)).not.toBeNull();
    // Its address is no part of a session: nothing to drop.
    await t.db.update(customers).set({ complement: 'Apto 12' }).where(eq(customers.id, customer.customerId));
    await t.db.update(customers).set({ phone: '11911112222' }).where(eq(customers.id, customer.customerId));
    await eventually(async () => expect(kept(customer.client)).toBeNull());
  });
});
