import {
  couponRedemptions,
  coupons,
  events,
  orderItems,
  orders,
  products,
  restaurantHours,
  restaurants,
  stockHistory,
} from '@meucardapio/db/schema';
import { OPEN_ORDER_STATUSES, ORDER_STATUSES } from '@meucardapio/domain/order-status';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../src/integrations/payments/payments';
import {
  customerOf,
  deliveryOrder,
  ORDERS,
  openAroundTheClock,
  orderCount,
  orderKey,
  type Shop,
  setupShop,
  shopPerFile,
  stockOf,
} from './checkout-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let shop: Shop;
shopPerFile((made) => ({ t, shop } = made));

describe('open unpaid orders per customer', () => {
  const tooMany = {
    title: 'Muitos pedidos em aberto',
    description:
      'Você já tem 3 pedidos em andamento ainda não pagos. Aguarde a entrega de um deles ou fale com o restaurante.',
  };

  it('refuses a 4th open unpaid order; a cancelled, delivered or paid order frees a place', async () => {
    const s = await setupShop(t);
    const { client } = await customerOf(t, s);
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await client.post(ORDERS, deliveryOrder(s));
      expect(r.status, r.text).toBe(201);
      placed.push(r.body.order.id);
    }
    const before = await orderCount(t, s.rid);
    const fourth = await client.post(ORDERS, deliveryOrder(s));
    expect(fourth.status).toBe(409);
    expect(fourth.body.error).toMatchObject(tooMany);
    expect(await orderCount(t, s.rid)).toBe(before);
    // Another customer is not affected.
    expect((await (await customerOf(t, s)).client.post(ORDERS, deliveryOrder(s))).status).toBe(201);

    // Staff cancel one: a place is free again, and only one.
    expect((await s.owner.client.patch(`/api/admin/orders/${placed[0]}/status`, { status: 'cancelled' })).status).toBe(
      200,
    );
    expect((await client.post(ORDERS, deliveryOrder(s))).status).toBe(201);
    expect((await client.post(ORDERS, deliveryOrder(s))).status).toBe(409);

    // Delivered orders and orders with an approved payment are not open unpaid orders.
    await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, placed[1]));
    await t.db.update(orders).set({ paymentStatus: 'approved' }).where(eq(orders.id, placed[2]));
    expect((await client.post(ORDERS, deliveryOrder(s))).status).toBe(201);
    expect((await client.post(ORDERS, deliveryOrder(s))).status).toBe(201);
    expect((await client.post(ORDERS, deliveryOrder(s))).status).toBe(409);
  });

  it('counts an unpaid order in every open status, and in no other (the database names them as the domain does)', async () => {
    const s = await setupShop(t);
    for (const status of ORDER_STATUSES) {
      const { client } = await customerOf(t, s);
      const placed = [];
      for (let i = 0; i < 3; i++) placed.push((await client.post(ORDERS, deliveryOrder(s))).body.order.id as string);
      await t.db.update(orders).set({ status }).where(inArray(orders.id, placed));
      const fourth = await client.post(ORDERS, deliveryOrder(s));
      expect(fourth.status, status).toBe(OPEN_ORDER_STATUSES.includes(status) ? 409 : 201);
    }
  });

  it('holds under parallel attempts: 8 at once leave exactly 3 orders', async () => {
    const s = await setupShop(t, { paymentMethods: false });
    const { client, customerId } = await customerOf(t, s);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        client.post(ORDERS, deliveryOrder(s, { paymentMethod: 'cash' }), { 'idempotency-key': orderKey() }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 409 && r.body.error.title === tooMany.title)).toBe(true);
    const mine = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.restaurantId, s.rid), eq(orders.customerId, customerId)));
    expect(mine).toHaveLength(3);
  });
});

describe('atomicity, concurrency and idempotency', () => {
  it('20 parallel orders for a product with stock 5 leave exactly 5 orders and stock 0', async () => {
    const s = await setupShop(t, { paymentMethods: false });
    // Ten customers, two attempts each: below the open unpaid order limit, so only stock decides.
    const clients = await Promise.all(Array.from({ length: 10 }, async () => (await customerOf(t, s)).client));
    const before = await orderCount(t, s.rid);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        clients[i % clients.length].post(
          ORDERS,
          deliveryOrder(s, { items: [{ productId: s.products.refri.id, quantity: 1 }], paymentMethod: 'cash' }),
          {
            'idempotency-key': orderKey(),
          },
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(ok).toHaveLength(5);
    expect(refused.every((r) => r.status === 409 && r.body.error.title === 'Estoque insuficiente')).toBe(true);
    // The statement that took nothing said which product and what is left (mc_stock_refused, decision 128).
    expect(refused.map((r) => r.body.error.description)).toEqual(
      refused.map(() => `${s.products.refri.name}: Apenas 0 unidade(s) disponível(eis) em estoque.`),
    );
    expect(await stockOf(t, s.products.refri.id)).toBe(0);
    expect((await orderCount(t, s.rid)) - before).toBe(5);
    const numbers = ok.map((r) => r.body.order.number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(5);
    const history = await t.db.select().from(stockHistory).where(eq(stockHistory.productId, s.products.refri.id));
    expect(history).toHaveLength(5);
  });

  it('a failure after the order insert (no payment link) leaves no order, items, stock change, coupon use or number', async () => {
    const s = await setupShop(t);
    const { client } = await customerOf(t, s);
    const real = t.deps.integrations.payments;
    const failing: PaymentProvider = {
      name: 'simulator',
      offersCheckoutTo: () => true,
      checkoutUrl: () => {
        throw new Error('provider down');
      },
      verify: real.verify,
    };
    t.deps.integrations.payments = failing;
    try {
      const r = await client.post(
        ORDERS,
        deliveryOrder(s, {
          items: [
            { productId: s.products.refri.id, quantity: 2 },
            { productId: s.products.calabresa.id, quantity: 1 },
          ],
          paymentMethod: s.methods.card,
          couponCode: 'FIXO5',
        }),
      );
      expect(r.status).toBe(502);
      expect(r.body.error.title).toBe('Erro ao processar pedido');
    } finally {
      t.deps.integrations.payments = real;
    }
    expect(await orderCount(t, s.rid)).toBe(0);
    expect(await t.db.select().from(orderItems).where(eq(orderItems.restaurantId, s.rid))).toHaveLength(0);
    expect(await stockOf(t, s.products.refri.id)).toBe(5);
    expect(await t.db.select().from(stockHistory).where(eq(stockHistory.restaurantId, s.rid))).toHaveLength(0);
    const [c] = await t.db.select().from(coupons).where(eq(coupons.id, s.coupons.fixo.id));
    expect(c.usesCount).toBe(0);
    expect(await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.restaurantId, s.rid))).toHaveLength(
      0,
    );
    const [r] = await t.db.select().from(restaurants).where(eq(restaurants.id, s.rid));
    expect(r.orderSeq).toBe(0);
    expect(
      await t.db
        .select()
        .from(events)
        .where(and(eq(events.restaurantId, s.rid), eq(events.type, 'order.created'))),
    ).toHaveLength(0);
  });

  it('a stock failure on a later line rolls back the earlier line’s decrement', async () => {
    const s = await setupShop(t, { paymentMethods: false });
    const [agua] = await t.db
      .insert(products)
      .values({ restaurantId: s.rid, name: 'Água', price: 300, controleEstoque: true, estoque: 0 })
      .returning();
    const { client } = await customerOf(t, s);
    // Sorted by product id, the refri may be decremented before the água check fails (or after): either way, nothing stays.
    const r = await client.post(
      ORDERS,
      deliveryOrder(s, {
        items: [
          { productId: s.products.refri.id, quantity: 3 },
          { productId: agua.id, quantity: 1 },
        ],
        paymentMethod: 'cash',
      }),
    );
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ title: 'Estoque insuficiente' });
    expect(r.body.error.description).toBe('Água: Apenas 0 unidade(s) disponível(eis) em estoque.');
    expect(await stockOf(t, s.products.refri.id)).toBe(5);
    expect(await orderCount(t, s.rid)).toBe(0);
  });

  it('the same Idempotency-Key returns the first order, also when retried in parallel', async () => {
    const { client } = await customerOf(t, shop);
    const k = orderKey();
    const first = await client.post(ORDERS, deliveryOrder(shop), { 'idempotency-key': k });
    expect(first.status).toBe(201);
    const second = await client.post(ORDERS, deliveryOrder(shop, { cashReceived: 50000 }), { 'idempotency-key': k });
    expect(second.status).toBe(200);
    expect(second.body.order.id).toBe(first.body.order.id);
    expect(second.body.replayed).toBe(true);
    const k2 = orderKey();
    const parallel = await Promise.all(
      [1, 2, 3].map(() => client.post(ORDERS, deliveryOrder(shop), { 'idempotency-key': k2 })),
    );
    expect(new Set(parallel.map((r) => r.body.order.id)).size).toBe(1);
    const rows = await t.db.select().from(orders).where(eq(orders.idempotencyKey, k2));
    expect(rows).toHaveLength(1);
    // The retries that lost the race took no order number: the next order follows on.
    const next = await client.post(ORDERS, deliveryOrder(shop), { 'idempotency-key': orderKey() });
    expect(next.body.order.number).toBe(rows[0].number + 1);
    // Another customer re-using someone's key learns nothing about their order.
    const other = await customerOf(t, shop);
    const stolen = await other.client.post(ORDERS, deliveryOrder(shop), { 'idempotency-key': k });
    expect(stolen.status).toBe(409);
    expect(stolen.body.order).toBeUndefined();
    expect((await client.post(ORDERS, deliveryOrder(shop), { 'idempotency-key': 'x' })).status).toBe(400);
  });

  it('a retry answers its first order even when that order could no longer be placed (the restaurant closed)', async () => {
    const { client } = await customerOf(t, shop);
    const k = orderKey();
    const first = await client.post(ORDERS, deliveryOrder(shop), { 'idempotency-key': k });
    expect(first.status).toBe(201);
    await t.db
      .update(restaurantHours)
      .set({ isClosed: true, openTime: null, closeTime: null })
      .where(eq(restaurantHours.restaurantId, shop.rid));
    try {
      const retry = await client.post(ORDERS, deliveryOrder(shop), { 'idempotency-key': k });
      expect(retry.status).toBe(200);
      expect(retry.body.order.id).toBe(first.body.order.id);
      const fresh = await client.post(ORDERS, deliveryOrder(shop), { 'idempotency-key': orderKey() });
      expect(fresh.status).toBe(409);
      expect(fresh.body.error.code).toBe('restaurant_closed');
    } finally {
      await openAroundTheClock(t, shop.rid);
    }
  });
});
