import { events, orderHistory, orders, paymentTransactions } from '@meucardapio/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infinitePayProvider } from '../src/integrations/payments/infinitepay';
import { customerOf, deliveryOrder, type Shop, setupShop } from './checkout-fixtures';
import { createTestApp, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let shop: Shop;
let customer: { client: TestClient; customerId: string };

beforeAll(async () => {
  t = await createTestApp();
  shop = await setupShop(t);
  customer = await customerOf(t, shop);
});
afterAll(async () => {
  await t?.close();
});

/** A card order placed by `buyer` (a customer holds only a few unpaid orders at once). */
async function cardOrder(buyer = customer) {
  const r = await buyer.client.post(
    '/api/customer/orders',
    deliveryOrder(shop, { paymentMethod: shop.methods.card, cashReceived: null }),
  );
  expect(r.status).toBe(201);
  return { id: r.body.order.id as string, checkoutUrl: r.body.checkoutUrl as string, buyer };
}

/**
 * Opens the simulator page and clicks a button as the order's customer would; returns the redirect's
 * query.
 */
async function simulate(orderId: string, checkoutUrl: string, decision: 'approve' | 'decline', buyer = customer) {
  const page = await buyer.client.get(checkoutUrl);
  expect(page.status).toBe(200);
  expect(page.text).toContain('Aprovar pagamento');
  expect(page.text).toContain('Recusar pagamento');
  expect(page.text).not.toMatch(/<script/i);
  const res = await buyer.client.request(
    'POST',
    '/api/payments/simulator/decide',
    new URLSearchParams({ order_nsu: orderId, decision }).toString(),
    { 'content-type': 'application/x-www-form-urlencoded' },
  );
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  expect(location.startsWith('/payment-callback?')).toBe(true);
  return new URL(location, 'http://localhost').searchParams;
}

const confirm = (q: URLSearchParams, client = t.client()) =>
  client.post('/api/public/payments/confirm', {
    orderNsu: q.get('order_nsu'),
    transactionNsu: q.get('transaction_nsu'),
    slug: q.get('slug'),
    receiptUrl: q.get('receipt_url'),
    captureMethod: q.get('capture_method'),
  });

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('the return page’s other parameters', () => {
  it('keeps the authorisation code, card brand and the other details with the paid order; drops malformed ones', async () => {
    const { id, checkoutUrl } = await cardOrder();
    const q = await simulate(id, checkoutUrl, 'approve');
    const r = await t.client().post('/api/public/payments/confirm', {
      orderNsu: q.get('order_nsu'),
      transactionNsu: q.get('transaction_nsu'),
      slug: q.get('slug'),
      receiptUrl: q.get('receipt_url'),
      captureMethod: q.get('capture_method'),
      details: {
        aut: '123456',
        card_brand: 'VISA',
        user_id: 'u-77',
        access_id: 'a'.repeat(101),
        handle: '<script>',
        merchant_document: '12.345.678/0001-99',
        test: 'true',
        slug: 'not-a-detail',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('approved');
    const o = await orderRow(id);
    expect(o.paymentData).toMatchObject({
      slug: q.get('slug'),
      aut: '123456',
      card_brand: 'VISA',
      user_id: 'u-77',
      merchant_document: '12.345.678/0001-99',
      test: 'true',
    });
    expect(o.paymentData).not.toHaveProperty('access_id');
    expect(o.paymentData).not.toHaveProperty('handle');
  });

  it('answers 400 pt-BR for details that are not an object', async () => {
    const r = await t
      .client()
      .post('/api/public/payments/confirm', { orderNsu: crypto.randomUUID(), details: 'aut=1' });
    expect(r.status).toBe(400);
    expect(r.body.error.title).toBeTruthy();
  });
});

describe('card/PIX payment through the simulator', () => {
  it('approve → verified with the provider → preparing, approved, payment data, history and event; idempotent', async () => {
    const { id, checkoutUrl } = await cardOrder();
    const q = await simulate(id, checkoutUrl, 'approve');
    expect(q.get('orderId')).toBe(id);
    expect(q.get('receipt_url')).toBeTruthy();
    const r = await confirm(q);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      orderId: id,
      status: 'approved',
      orderStatus: 'preparing',
      transactionNsu: q.get('transaction_nsu'),
    });
    const o = await orderRow(id);
    expect(o).toMatchObject({ status: 'preparing', paymentStatus: 'approved', paymentCheckoutVerified: true });
    expect(o.paymentData).toMatchObject({
      transaction_nsu: q.get('transaction_nsu'),
      receipt_url: q.get('receipt_url'),
      capture_method: 'credit_card',
      order_nsu: id,
    });
    expect(o.paymentStatusCheckedAt).toBeInstanceOf(Date);
    const again = await confirm(q);
    expect(again.body.status).toBe('approved');
    const hist = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, id));
    expect(hist.map((h) => h.status).sort()).toEqual(['pending', 'preparing']);
    const ev = await t.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, shop.rid), eq(events.type, 'order.updated')));
    expect(ev.filter((e) => e.payload.orderId === id)).toHaveLength(1);
    expect(ev.find((e) => e.payload.orderId === id)).toMatchObject({
      customerId: customer.customerId,
      permission: 'manage_orders',
    });
    // The customer sees it.
    const mine = await customer.client.get(`/api/customer/orders/${id}`);
    expect(mine.body.order).toMatchObject({ status: 'preparing', paymentStatus: 'approved', checkoutUrl: null });
    // A paid order's simulator page says so instead of offering the buttons again.
    const page = await customer.client.get(checkoutUrl);
    expect(page.text).toContain('Este pedido já foi pago.');
  });

  it('decline → failed and the order is cancelled; a later approval is recorded, with a warning for staff', async () => {
    const { id, checkoutUrl } = await cardOrder();
    const q = await simulate(id, checkoutUrl, 'decline');
    expect(q.get('receipt_url')).toBeNull();
    const r = await confirm(q);
    expect(r.body).toMatchObject({ status: 'failed', orderStatus: 'cancelled', problem: null });
    expect(await orderRow(id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
      paymentCheckoutVerified: true,
    });
    // The checkout link still works at the provider: a payment after the cancellation is not lost.
    const q2 = await simulate(id, checkoutUrl, 'approve');
    const late = await confirm(q2);
    expect(late.body).toMatchObject({ status: 'approved', orderStatus: 'cancelled' });
    expect(late.body.message).toContain('depois que o pedido foi cancelado');
    const row = await orderRow(id);
    expect(row.status).toBe('cancelled');
    expect(row.paymentData?.payment_warning).toContain('Estorne o pagamento');
  });

  it('a forged callback never marks an order paid', async () => {
    const { id } = await cardOrder();
    const forged = await t.client().post('/api/public/payments/confirm', {
      orderNsu: id,
      transactionNsu: 'SIM-FAKE',
      slug: 'sim-fake',
      receiptUrl: 'https://example.com/recibo',
    });
    expect(forged.status).toBe(200);
    expect(forged.body.status).toBe('pending');
    expect(await orderRow(id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      paymentCheckoutVerified: false,
    });

    // A real approval of ANOTHER order replayed against this one.
    const other = await cardOrder();
    const q = await simulate(other.id, other.checkoutUrl, 'approve');
    q.set('order_nsu', id);
    expect((await confirm(q)).body.status).toBe('pending');
    expect((await orderRow(id)).paymentStatus).toBe('pending');

    // Missing transaction data: nothing to verify, nothing changes.
    const bare = await t.client().post('/api/public/payments/confirm', { orderNsu: id });
    expect(bare.body).toMatchObject({ status: 'pending', orderStatus: 'pending' });
    expect((await orderRow(id)).status).toBe('pending');
  });

  it('a verification error leaves the order pending and unverified; the customer can re-verify later', async () => {
    const { id, checkoutUrl } = await cardOrder();
    const q = await simulate(id, checkoutUrl, 'approve');
    const real = t.deps.integrations.payments;
    t.deps.integrations.payments = {
      ...real,
      name: real.name,
      checkoutUrl: real.checkoutUrl,
      verify: async () => {
        throw new Error('timeout');
      },
    };
    try {
      expect((await confirm(q)).body.status).toBe('pending');
    } finally {
      t.deps.integrations.payments = real;
    }
    expect(await orderRow(id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      paymentCheckoutVerified: false,
    });
    const tx = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, id));
    expect(tx.map((r) => r.status).sort()).toEqual(['approved', 'verification_error']);

    const stranger = await customerOf(t, shop);
    expect((await stranger.client.post(`/api/customer/orders/${id}/verify-payment`)).status).toBe(404);
    expect((await t.client().post(`/api/customer/orders/${id}/verify-payment`)).status).toBe(401);
    const again = await customer.client.post(`/api/customer/orders/${id}/verify-payment`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'approved', order: { status: 'preparing', paymentStatus: 'approved' } });
  });

  it('answers pt-BR 4xx for unknown or malformed orders', async () => {
    const missing = await t.client().post('/api/public/payments/confirm', {
      orderNsu: '00000000-0000-4000-8000-000000000000',
      transactionNsu: 'x',
      slug: 'y',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.title).toBe('Pedido não encontrado.');
    expect((await t.client().post('/api/public/payments/confirm', { orderNsu: 'abc' })).status).toBe(404);
    expect((await t.client().post('/api/public/payments/confirm', {})).status).toBe(400);
    expect((await t.client().get('/api/payments/simulator/checkout?order_nsu=nope')).status).toBe(404);
    const bad = await t.client().request('POST', '/api/payments/simulator/decide', 'order_nsu=x&decision=approve', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(bad.status).toBe(404);
  });
});

describe('InfinitePay provider', () => {
  const restaurant = { name: 'Pizzaria Boa', slug: 'pizzaria-boa', appClientReferrer: 'pizzaria-boa' };
  const order = { id: '11111111-2222-4333-8444-555555555555', number: 7, total: 4550 };

  it('builds the hosted-checkout URL with the spec parameters', () => {
    const p = infinitePayProvider({ publicUrl: 'https://loja.example.com' });
    const url = new URL(
      p.checkoutUrl(
        order,
        restaurant,
        [
          { name: 'Pizza', unitPrice: 4050.4, quantity: 1 },
          { name: 'Taxa de entrega', unitPrice: 500, quantity: 1 },
        ],
        {
          name: 'Ana',
          email: 'ana@x.com',
          phone: '(11) 98765-4321',
          cep: '01310-100',
          number: '10',
          complement: 'ap 2',
        },
      ),
    );
    expect(url.origin + url.pathname).toBe('https://checkout.infinitepay.io/pizzaria-boa');
    expect(JSON.parse(url.searchParams.get('items')!)).toEqual([
      { name: 'Pizza', price: 4050, quantity: 1 },
      { name: 'Taxa de entrega', price: 500, quantity: 1 },
    ]);
    expect(url.searchParams.get('order_nsu')).toBe(order.id);
    expect(url.searchParams.get('redirect_url')).toBe(`https://loja.example.com/payment-callback?orderId=${order.id}`);
    expect(url.searchParams.get('customer_cellphone')).toBe('+5511987654321');
    expect(url.searchParams.get('customer_email')).toBe('ana@x.com');
    expect(url.searchParams.get('address_cep')).toBe('01310100');
    expect(url.searchParams.get('address_number')).toBe('10');
    expect(url.searchParams.get('address_complement')).toBe('ap 2');
    // The handle is the restaurant's referrer, never guessed from the slug or the name.
    expect(() =>
      p.checkoutUrl(order, { ...restaurant, appClientReferrer: ' ' }, [{ name: 'x', unitPrice: 1, quantity: 1 }], {
        name: 'A',
      }),
    ).toThrow();
  });

  it('verifies with a GET carrying handle, transaction_nsu, external_order_nsu and slug', async () => {
    const calls: string[] = [];
    const fakeFetch = (async (input: string | URL) => {
      calls.push(String(input));
      return new Response(JSON.stringify({ success: true, paid: true, paid_amount: 4550 }), { status: 200 });
    }) as typeof fetch;
    const p = infinitePayProvider({ publicUrl: 'https://x', apiBase: 'https://api.test/check', fetch: fakeFetch });
    const r = await p.verify({
      handle: 'pizzaria-boa',
      transactionNsu: 'T1',
      externalOrderNsu: order.id,
      slug: 'inv-1',
    });
    expect(r).toMatchObject({ success: true, paid: true, paidAmount: 4550 });
    const u = new URL(calls[0]);
    expect(u.pathname).toBe('/check/pizzaria-boa');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      handle: 'pizzaria-boa',
      transaction_nsu: 'T1',
      external_order_nsu: order.id,
      slug: 'inv-1',
    });
    const failing = infinitePayProvider({
      publicUrl: 'https://x',
      fetch: (async () => new Response('nope', { status: 500 })) as unknown as typeof fetch,
    });
    await expect(
      failing.verify({ handle: 'h', transactionNsu: 't', externalOrderNsu: 'o', slug: 's' }),
    ).rejects.toThrow();
  });
});
