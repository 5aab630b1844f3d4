import { events, orderHistory, orders, restaurants, stockHistory } from '@meucardapio/db/schema';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { cancelExpiredUnpaidOrders } from '../src/modules/payments/unpaid-orders.service';
import {
  customerOf,
  deliveryOrder,
  ORDERS,
  type Shop,
  setStock,
  setupShop,
  shopPerFile,
  stockOf,
} from './checkout-fixtures';
import { createEmployee, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let shop: Shop;
shopPerFile((made) => ({ t, shop } = made));

const MINUTE = 60_000;

async function orderRow(id: string) {
  const [o] = await t.db.select().from(orders).where(eq(orders.id, id));
  return o;
}
const returnsOf = (orderId: string) =>
  t.db
    .select()
    .from(stockHistory)
    .where(and(eq(stockHistory.orderId, orderId), eq(stockHistory.operationType, 'register')));

/** A card order of `quantity` drinks (stock-controlled) placed by a new customer, unless one is given. */
async function cardOrder(quantity = 1, buyer?: { client: TestClient }) {
  const who = buyer ?? (await customerOf(t, shop));
  const r = await who.client.post(
    ORDERS,
    deliveryOrder(shop, {
      items: [{ productId: shop.products.refri.id, quantity }],
      paymentMethod: shop.methods.card,
      cashReceived: null,
    }),
  );
  expect(r.status, r.text).toBe(201);
  return { id: r.body.order.id as string, checkoutUrl: r.body.checkoutUrl as string, buyer: who };
}

/** The simulator page's decision, as the customer clicks it; returns the return page's query. */
async function decide(order: { id: string; buyer: { client: TestClient } }, decision: 'approve' | 'decline') {
  const res = await order.buyer.client.request(
    'POST',
    '/api/payments/simulator/decide',
    new URLSearchParams({ order_nsu: order.id, decision }).toString(),
    { 'content-type': 'application/x-www-form-urlencoded' },
  );
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!, 'http://localhost').searchParams;
}

const confirm = (q: URLSearchParams) =>
  t.client().post('/api/public/payments/confirm', {
    orderNsu: q.get('order_nsu'),
    transactionNsu: q.get('transaction_nsu'),
    slug: q.get('slug'),
    receiptUrl: q.get('receipt_url'),
    captureMethod: q.get('capture_method'),
  });

/** Swaps the payment provider's verification for the length of `run`. */
async function withVerify(verify: () => Promise<never>, run: () => Promise<void>) {
  const real = t.deps.integrations.payments;
  t.deps.integrations.payments = { ...real, verify };
  try {
    await run();
  } finally {
    t.deps.integrations.payments = real;
  }
}
const unreachable = async (): Promise<never> => {
  throw new Error('connect ECONNREFUSED');
};

describe('declined payments give the stock back', () => {
  it('a declined card order is cancelled at once, with its stock back in the stock history, once', async () => {
    await setStock(t, shop.products.refri.id, 5);
    const order = await cardOrder(2);
    expect(await stockOf(t, shop.products.refri.id)).toBe(3);
    const created = await t.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, shop.rid), eq(events.type, 'order.created')));
    expect(created.find((e) => e.payload.orderId === order.id)?.payload).toMatchObject({ awaitingPayment: true });

    const q = await decide(order, 'decline');
    const r = await confirm(q);
    expect(r.body).toMatchObject({ status: 'failed', orderStatus: 'cancelled', problem: null });
    expect(await stockOf(t, shop.products.refri.id)).toBe(5);
    const back = await returnsOf(order.id);
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ productId: shop.products.refri.id, quantityChanged: 2, quantityAfter: 5 });
    const history = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id));
    expect(history.find((h) => h.status === 'cancelled')).toMatchObject({
      employeeName: 'Pagamento online',
      notes: expect.stringContaining('estoque devolvido'),
    });

    // The return page reloaded: nothing is given back twice.
    expect((await confirm(q)).body).toMatchObject({ status: 'failed', orderStatus: 'cancelled' });
    expect(await stockOf(t, shop.products.refri.id)).toBe(5);
    expect(await returnsOf(order.id)).toHaveLength(1);
  });

  it('a decline found by the staff check (the customer never came back) cancels and restores too', async () => {
    await setStock(t, shop.products.refri.id, 5);
    const order = await cardOrder(1);
    await decide(order, 'decline');
    const check = await shop.owner.client.post('/api/admin/orders/verify-payments');
    expect(check.status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await stockOf(t, shop.products.refri.id)).toBe(5);
    expect(await returnsOf(order.id)).toHaveLength(1);
  });

  it('an approved payment rings the board then, not at creation', async () => {
    const order = await cardOrder(1);
    const q = await decide(order, 'approve');
    expect((await confirm(q)).body.status).toBe('approved');
    const updates = await t.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, shop.rid), eq(events.type, 'order.updated')));
    expect(updates.filter((e) => e.payload.orderId === order.id && e.payload.paid === true)).toHaveLength(1);
  });

  it('the board shows unpaid card orders apart as awaiting payment', async () => {
    const order = await cardOrder(1);
    const cash = await (await customerOf(t, shop)).client.post(ORDERS, deliveryOrder(shop));
    const board = await shop.owner.client.get('/api/admin/orders?status=pending');
    const byId = new Map(board.body.orders.map((o: { id: string }) => [o.id, o]));
    expect(byId.get(order.id)).toMatchObject({ awaitingPayment: true });
    expect(byId.get(cash.body.order.id)).toMatchObject({ awaitingPayment: false });
  });
});

describe('unpaid orders past the time limit', () => {
  const TIMEOUT = 30;
  const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
  // Orders other tests left unpaid would be swept too: each test starts from none.
  beforeEach(async () => {
    await cancelExpiredUnpaidOrders(t.deps, { timeoutMinutes: TIMEOUT, now: later(TIMEOUT + 1) });
  });

  it('cancels card orders unpaid after the limit and gives their stock back; paid, cash and started orders stay', async () => {
    await setStock(t, shop.products.refri.id, 20);
    const unpaid = await cardOrder(2);
    const paid = await cardOrder(1);
    expect((await confirm(await decide(paid, 'approve'))).body.status).toBe('approved');
    const started = await cardOrder(1);
    await shop.owner.client.patch(`/api/admin/orders/${started.id}/status`, { status: 'preparing' });
    const cash = await (await customerOf(t, shop)).client.post(
      ORDERS,
      deliveryOrder(shop, { items: [{ productId: shop.products.refri.id, quantity: 1 }] }),
    );
    expect(await stockOf(t, shop.products.refri.id)).toBe(15);

    // Not yet: 29 minutes.
    const early = await cancelExpiredUnpaidOrders(t.deps, { timeoutMinutes: TIMEOUT, now: later(29) });
    expect(early.cancelled).not.toContain(unpaid.id);
    expect((await orderRow(unpaid.id)).status).toBe('pending');

    const done = await cancelExpiredUnpaidOrders(t.deps, { timeoutMinutes: TIMEOUT, now: later(31) });
    expect(done.cancelled).toContain(unpaid.id);
    for (const other of [paid.id, started.id, cash.body.order.id]) expect(done.cancelled).not.toContain(other);
    expect(await orderRow(unpaid.id)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(t, shop.products.refri.id)).toBe(17);
    expect(await returnsOf(unpaid.id)).toHaveLength(1);
    expect((await orderRow(paid.id)).status).toBe('preparing');
    expect((await orderRow(started.id)).status).toBe('preparing');
    expect((await orderRow(cash.body.order.id)).status).toBe('pending');
  });

  it('two runs at once (two server instances) cancel each order and restore its stock exactly once', async () => {
    await setStock(t, shop.products.refri.id, 20);
    const placed = [];
    for (let i = 0; i < 4; i++) placed.push(await cardOrder(1));
    expect(await stockOf(t, shop.products.refri.id)).toBe(16);
    const now = later(45);
    const [a, b] = await Promise.all([
      cancelExpiredUnpaidOrders(t.deps, { timeoutMinutes: TIMEOUT, now }),
      cancelExpiredUnpaidOrders(t.deps, { timeoutMinutes: TIMEOUT, now }),
    ]);
    const all = [...a.cancelled, ...b.cancelled];
    for (const o of placed) expect(all.filter((id) => id === o.id)).toHaveLength(1);
    expect(await stockOf(t, shop.products.refri.id)).toBe(20);
    for (const o of placed) expect(await returnsOf(o.id)).toHaveLength(1);
  });

  it('keeps an order whose payment the provider cannot confirm right now, and cancels it once it can say "declined"', async () => {
    await setStock(t, shop.products.refri.id, 5);
    const order = await cardOrder(1);
    const q = await decide(order, 'decline');
    // The customer came back while the provider was down: the return page could not verify.
    await withVerify(unreachable, async () => {
      const r = await confirm(q);
      expect(r.body).toMatchObject({ status: 'pending', orderStatus: 'pending', problem: 'verification_failed' });
      const sweep = await cancelExpiredUnpaidOrders(t.deps, { timeoutMinutes: TIMEOUT, now: later(31) });
      expect(sweep.unverified).toContain(order.id);
      expect((await orderRow(order.id)).status).toBe('pending');
    });
    const sweep = await cancelExpiredUnpaidOrders(t.deps, { timeoutMinutes: TIMEOUT, now: later(31) });
    expect(sweep.unverified).not.toContain(order.id);
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await stockOf(t, shop.products.refri.id)).toBe(5);
    expect(await returnsOf(order.id)).toHaveLength(1);
  });
});

describe('verification failures are visible', () => {
  it('a provider that cannot be reached is reported as a verification failure, not a silent pending', async () => {
    const order = await cardOrder(1);
    const q = await decide(order, 'approve');
    await withVerify(unreachable, async () => {
      const r = await confirm(q);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 'pending', problem: 'verification_failed' });
    });
    expect((await confirm(q)).body).toMatchObject({ status: 'approved', problem: null });
  });

  it('without the checkout handle, online payment is refused with "Configuração necessária" and staff are told', async () => {
    const order = await cardOrder(1);
    const q = await decide(order, 'approve');
    await t.db.update(restaurants).set({ appClientReferrer: null }).where(eq(restaurants.id, shop.rid));
    try {
      const options = await t.client().get(`/api/public/restaurants/${shop.slug}/checkout-options`);
      expect(options.body.hasCheckoutReferrer).toBe(false);

      const buyer = await customerOf(t, shop);
      const refused = await buyer.client.post(
        ORDERS,
        deliveryOrder(shop, { paymentMethod: shop.methods.card, cashReceived: null }),
      );
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'checkout_not_configured', title: 'Configuração necessária' });
      // Cash still works.
      expect((await buyer.client.post(ORDERS, deliveryOrder(shop))).status).toBe(201);

      // The return page cannot ask the provider without the handle: it says why.
      expect((await confirm(q)).body).toMatchObject({ status: 'pending', problem: 'configuration_required' });
      // Staff: the single check answers 409 with the text; the board's batch check says so.
      const single = await shop.owner.client.post(`/api/admin/orders/${order.id}/verify-payment`);
      expect(single.status).toBe(409);
      expect(single.body.error.title).toBe('Configuração necessária');
      const batch = await shop.owner.client.post('/api/admin/orders/verify-payments');
      expect(batch.body).toMatchObject({ configurationRequired: true });
      const methods = await shop.owner.client.get('/api/admin/payment-methods');
      expect(methods.body).toMatchObject({ checkoutConfigured: false });
    } finally {
      await t.db.update(restaurants).set({ appClientReferrer: 'loja-teste' }).where(eq(restaurants.id, shop.rid));
    }
    expect((await confirm(q)).body).toMatchObject({ status: 'approved', problem: null });
    const methods = await shop.owner.client.get('/api/admin/payment-methods');
    expect(methods.body).toMatchObject({ checkoutConfigured: true });
  });

  it("another restaurant's staff cannot see or verify the orders", async () => {
    const order = await cardOrder(1);
    const other = await setupShop(t);
    const stranger = await createEmployee(t, other.owner, { profileType: 'admin' });
    expect((await stranger.client.post(`/api/admin/orders/${order.id}/verify-payment`)).status).toBe(404);
    const board = await stranger.client.get('/api/admin/orders');
    expect(board.body.orders.map((o: { id: string }) => o.id)).not.toContain(order.id);
  });
});
