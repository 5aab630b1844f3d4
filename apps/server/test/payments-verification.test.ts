import { orderHistory, orders, paymentTransactions, products } from '@meucardapio/db/schema';
import { PAYMENT_MISMATCH_CUSTOMER_TEXT } from '@meucardapio/domain/hosted-checkout';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infinitePayProvider } from '../src/integrations/payments/infinitepay';
import { customerOf, deliveryOrder, type Shop, setupShop } from './checkout-fixtures';
import { createTestApp, type TestApp } from './helpers';

/** Two shops: one with the simulator, one with InfinitePay answering from `answer` (no network). */
let sim: TestApp;
let simShop: Shop;
let ip: TestApp;
let ipShop: Shop;
let answer: Record<string, unknown> = {};
const combo = new Map<TestApp, string>();

async function shopWithCombo(t: TestApp) {
  const shop = await setupShop(t);
  // R$ 60,00 + R$ 5,00 delivery to Bela Vista = R$ 65,00.
  const [p] = await t.db
    .insert(products)
    .values({ restaurantId: shop.rid, name: 'Combo Família', price: 6000 })
    .returning();
  combo.set(t, p.id);
  return shop;
}

beforeAll(async () => {
  sim = await createTestApp({ PAYMENTS: 'simulator' });
  simShop = await shopWithCombo(sim);
  ip = await createTestApp({ PAYMENTS: 'infinitepay', PUBLIC_URL: 'https://loja.example.com' });
  ipShop = await shopWithCombo(ip);
  expect(ip.deps.integrations.payments.name).toBe('infinitepay');
  ip.deps.integrations.payments = infinitePayProvider({
    publicUrl: 'https://loja.example.com',
    apiBase: 'https://api.test/check',
    fetch: (async () => new Response(JSON.stringify(answer), { status: 200 })) as unknown as typeof fetch,
  });
});
afterAll(async () => {
  await sim?.close();
  await ip?.close();
});

/** A R$ 65,00 delivery order by a new customer, paid by card (online) or in cash. */
async function order65(t: TestApp, shop: Shop, pay: 'card' | 'cash' = 'card', extra: Record<string, unknown> = {}) {
  const buyer = await customerOf(t, shop);
  const r = await buyer.client.post(
    '/api/customer/orders',
    deliveryOrder(shop, {
      items: [{ productId: combo.get(t), quantity: 1 }],
      ...(pay === 'card' ? { paymentMethod: shop.methods.card, cashReceived: null } : { cashReceived: 10000 }),
      ...extra,
    }),
  );
  expect(r.status).toBe(201);
  expect(r.body.order.total).toBe(6500);
  return { id: r.body.order.id as string, checkoutUrl: r.body.checkoutUrl as string | null, buyer };
}

const confirm = (t: TestApp, body: Record<string, unknown>) => t.client().post('/api/public/payments/confirm', body);
const orderRow = async (t: TestApp, id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const historyNotes = async (t: TestApp, id: string) =>
  (await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, id))).map((h) => h.notes);
const adminOrder = async (shop: Shop, id: string) =>
  (
    (await shop.owner.client.get('/api/admin/orders')).body.orders as { id: string; paymentWarning: string | null }[]
  ).find((o) => o.id === id);

const ONE_CENT_WARNING =
  'Valor pago (R$ 0,01) menor que o total do pedido (R$ 65,00). O pedido não foi marcado como pago: confira com a operadora antes de preparar.';

describe('payment verification checks the paid amount, the currency and the order type', () => {
  it('a R$ 65,00 order "paid" with 1 centavo stays unpaid, and staff see why on the order and in its history', async () => {
    const { id } = await order65(ip, ipShop);
    answer = { success: true, paid: true, amount: 1, paid_amount: 1, installments: 1, capture_method: 'pix' };
    const r = await confirm(ip, { orderNsu: id, transactionNsu: 'TX-1C', slug: 'inv-1c', captureMethod: 'pix' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'failed', orderStatus: 'pending', message: PAYMENT_MISMATCH_CUSTOMER_TEXT });

    const row = await orderRow(ip, id);
    expect(row).toMatchObject({ status: 'pending', paymentStatus: 'failed', paymentCheckoutVerified: true });
    expect(row.paymentData).toMatchObject({
      payment_warning: ONE_CENT_WARNING,
      provider_paid_amount: 1,
      provider_amount: 1,
      transaction_nsu: 'TX-1C',
    });
    expect(row.paymentData?.payment_confirmed_at).toBeUndefined();
    expect(await historyNotes(ip, id)).toContain(ONE_CENT_WARNING);
    const [tx] = await ip.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.orderId, id), eq(paymentTransactions.transactionId, 'TX-1C')));
    expect(tx.status).toBe('rejected');
    expect(tx.response).toMatchObject({ verification: { paid: true, paid_amount: 1 } });

    // The orders board shows the warning; re-verifying by staff neither approves nor repeats it.
    expect((await adminOrder(ipShop, id))?.paymentWarning).toBe(ONE_CENT_WARNING);
    const again = await ipShop.owner.client.post(`/api/admin/orders/${id}/verify-payment`);
    expect(again.status).toBe(200);
    expect(again.body.paymentStatus).toBe('failed');
    expect((await orderRow(ip, id)).paymentStatus).toBe('failed');
    expect((await historyNotes(ip, id)).filter((n) => n === ONE_CENT_WARNING)).toHaveLength(1);

    // Paying the real total afterwards approves the order.
    answer = { success: true, paid: true, amount: 6500, paid_amount: 6500, installments: 1, capture_method: 'pix' };
    const paid = await confirm(ip, { orderNsu: id, transactionNsu: 'TX-FULL', slug: 'inv-full' });
    expect(paid.body).toMatchObject({ status: 'approved', orderStatus: 'preparing', message: null });
    expect((await adminOrder(ipShop, id))?.paymentWarning).toBeNull();
  });

  it('staff verification applies the same check', async () => {
    const { id } = await order65(ip, ipShop);
    // The return page left the transaction on the order but was never verified.
    const row = await orderRow(ip, id);
    await ip.db
      .update(orders)
      .set({ paymentData: { ...row.paymentData, transaction_nsu: 'TX-STAFF', slug: 'inv-staff' } })
      .where(eq(orders.id, id));
    answer = { success: true, paid: true, paid_amount: 6499 };
    const res = await ipShop.owner.client.post(`/api/admin/orders/${id}/verify-payment`);
    expect(res.body.paymentStatus).toBe('failed');
    expect((await adminOrder(ipShop, id))?.paymentWarning).toContain('Valor pago (R$ 64,99)');
    expect((await historyNotes(ip, id)).some((n) => n?.startsWith('Valor pago (R$ 64,99)'))).toBe(true);
  });

  it('a payment in another currency is not approved', async () => {
    const { id } = await order65(ip, ipShop);
    answer = { success: true, paid: true, amount: 6500, paid_amount: 6500, currency: 'USD' };
    const r = await confirm(ip, { orderNsu: id, transactionNsu: 'TX-USD', slug: 'inv-usd' });
    expect(r.body.status).toBe('failed');
    const row = await orderRow(ip, id);
    expect(row).toMatchObject({ status: 'pending', paymentStatus: 'failed' });
    expect(row.paymentData?.payment_warning).toContain('outra moeda (USD)');
  });

  it('a cash order can never be approved through the payment routes', async () => {
    const { id, checkoutUrl } = await order65(ip, ipShop, 'cash');
    expect(checkoutUrl).toBeNull();
    answer = { success: true, paid: true, amount: 6500, paid_amount: 6500 };
    const r = await confirm(ip, { orderNsu: id, transactionNsu: 'TX-CASH', slug: 'inv-cash' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: 'pending',
      orderStatus: 'pending',
      message: PAYMENT_MISMATCH_CUSTOMER_TEXT,
    });
    const row = await orderRow(ip, id);
    expect(row).toMatchObject({ status: 'pending', paymentStatus: null, paymentCheckoutVerified: false });
    // It keeps no checkout references (they would make it look like an online order).
    expect(row.paymentData?.transaction_nsu).toBeUndefined();
    expect(row.paymentData?.payment_warning).toContain('não foi feito para pagamento online');
    expect((await historyNotes(ip, id)).some((n) => n?.includes('não foi feito para pagamento online'))).toBe(true);
    // Nor through staff verification.
    expect((await ipShop.owner.client.post(`/api/admin/orders/${id}/verify-payment`)).status).toBe(400);
    expect((await orderRow(ip, id)).paymentStatus).toBeNull();
    // Nor through the simulator (on the simulator's shop, as the order's own customer).
    const cash = await order65(sim, simShop, 'cash');
    const decide = await cash.buyer.client.request(
      'POST',
      '/api/payments/simulator/decide',
      new URLSearchParams({ order_nsu: cash.id, decision: 'approve' }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(decide.status).toBe(404);
    expect((await orderRow(sim, cash.id)).paymentStatus).toBeNull();
  });
});

describe('the checkout link and the simulator take items and total from the server', () => {
  it('prices sent by the browser never reach the hosted-checkout link', async () => {
    const buyer = await customerOf(ip, ipShop);
    const r = await buyer.client.post(
      '/api/customer/orders',
      deliveryOrder(ipShop, {
        items: [{ productId: combo.get(ip), quantity: 1, price: 1, unitPrice: 1 }],
        paymentMethod: ipShop.methods.card,
        cashReceived: null,
        clientTotal: 1,
        total: 1,
      }),
    );
    expect(r.status).toBe(201);
    const link = new URL(r.body.checkoutUrl);
    expect(link.origin).toBe('https://checkout.infinitepay.io');
    expect(JSON.parse(link.searchParams.get('items')!)).toEqual([
      { name: 'Combo Família', price: 6000, quantity: 1 },
      { name: 'Taxa de entrega', price: 500, quantity: 1 },
    ]);
  });

  it("a tampered simulator link shows and charges the stored order, not the link's prices", async () => {
    const { id, checkoutUrl, buyer } = await order65(sim, simShop);
    const tampered = new URL(checkoutUrl!, 'http://localhost');
    tampered.searchParams.set('items', JSON.stringify([{ name: 'Combo Família', price: 1, quantity: 1 }]));
    const page = await buyer.client.get(`${tampered.pathname}${tampered.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('R$ 65,00');
    expect(page.text).toContain('R$ 60,00');
    expect(page.text).toContain('Taxa de entrega');
    expect(page.text).not.toContain('R$ 0,01');

    const res = await buyer.client.request(
      'POST',
      '/api/payments/simulator/decide',
      new URLSearchParams({ order_nsu: id, decision: 'approve' }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(res.status).toBe(303);
    const q = new URL(res.headers.get('location')!, 'http://localhost').searchParams;
    const r = await confirm(sim, {
      orderNsu: id,
      transactionNsu: q.get('transaction_nsu'),
      slug: q.get('slug'),
      receiptUrl: q.get('receipt_url'),
      captureMethod: q.get('capture_method'),
    });
    expect(r.body).toMatchObject({ status: 'approved', orderStatus: 'preparing' });
    const [choice] = await sim.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.orderId, id), eq(paymentTransactions.status, 'approved')));
    expect(choice.response).toMatchObject({ kind: 'simulator_choice', amount: 6500 });
  });
});

describe('the public confirm never overwrites stored payment references', () => {
  async function decided(decision: 'approve' | 'decline') {
    const o = await order65(sim, simShop);
    const res = await o.buyer.client.request(
      'POST',
      '/api/payments/simulator/decide',
      new URLSearchParams({ order_nsu: o.id, decision }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(res.status).toBe(303);
    const q = new URL(res.headers.get('location')!, 'http://localhost').searchParams;
    return { ...o, q };
  }
  const callback = (id: string, q: URLSearchParams) => ({
    orderNsu: id,
    transactionNsu: q.get('transaction_nsu'),
    slug: q.get('slug'),
    receiptUrl: q.get('receipt_url'),
    captureMethod: q.get('capture_method'),
  });
  const forged = (id: string) => ({
    orderNsu: id,
    transactionNsu: 'SIM-FORGED',
    slug: 'sim-forged',
    receiptUrl: 'https://golpe.example.com/recibo',
    captureMethod: 'pix',
  });

  it('a verified (declined) order keeps its transaction, capture method and state', async () => {
    const { id, q } = await decided('decline');
    expect((await confirm(sim, callback(id, q))).body.status).toBe('failed');
    const before = await orderRow(sim, id);
    const r = await confirm(sim, forged(id));
    expect(r.body).toMatchObject({ status: 'failed', transactionNsu: q.get('transaction_nsu') });
    const after = await orderRow(sim, id);
    expect(after).toMatchObject({ paymentStatus: 'failed', paymentCheckoutVerified: true });
    expect(after.paymentData).toEqual(before.paymentData);
    expect(after.paymentData?.receipt_url).toBeUndefined();
  });

  it('an approved order keeps its references', async () => {
    const { id, q } = await decided('approve');
    expect((await confirm(sim, callback(id, q))).body.status).toBe('approved');
    const before = await orderRow(sim, id);
    await confirm(sim, forged(id));
    expect((await orderRow(sim, id)).paymentData).toEqual(before.paymentData);
  });

  it('an unverified callback never replaces a stored transaction, which can still be verified later', async () => {
    const { id, q, buyer } = await decided('approve');
    const real = sim.deps.integrations.payments;
    sim.deps.integrations.payments = {
      ...real,
      verify: async () => {
        throw new Error('provider down');
      },
    };
    try {
      expect((await confirm(sim, callback(id, q))).body.status).toBe('pending');
    } finally {
      sim.deps.integrations.payments = real;
    }
    expect((await orderRow(sim, id)).paymentData?.transaction_nsu).toBe(q.get('transaction_nsu'));

    expect((await confirm(sim, forged(id))).body.status).toBe('pending');
    const row = await orderRow(sim, id);
    expect(row.paymentData).toMatchObject({
      transaction_nsu: q.get('transaction_nsu'),
      slug: q.get('slug'),
      receipt_url: q.get('receipt_url'),
      capture_method: 'credit_card',
    });
    const later = await buyer.client.post(`/api/customer/orders/${id}/verify-payment`);
    expect(later.body).toMatchObject({ status: 'approved', order: { status: 'preparing', paymentStatus: 'approved' } });
  });
});
