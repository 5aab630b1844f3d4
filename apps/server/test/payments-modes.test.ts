import { orders } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createIntegrations } from '../src/integrations/integrations';
import { customerOf, deliveryOrder, type Shop, setupShop } from './checkout-fixtures';
import { createTestApp, signupOwner, type TestApp, type TestClient } from './helpers';

const mode = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env }).payments;
const PG = 'postgres://postgres@127.0.0.1:5432/loja';

describe('the PAYMENTS setting', () => {
  it('falls back to the simulator only for the embedded demo, never with a database server or in production', () => {
    expect(mode({})).toBe('simulator');
    expect(mode({ DATABASE_URL: PG })).toBe('disabled');
    expect(mode({ NODE_ENV: 'production' })).toBe('disabled');
    expect(mode({ NODE_ENV: 'production', DATABASE_URL: PG })).toBe('disabled');
    expect(mode({ DATABASE_URL: PG, PAYMENTS: 'simulator' })).toBe('simulator');
    expect(mode({ NODE_ENV: 'production', PAYMENTS: 'infinitepay' })).toBe('infinitepay');
    expect(mode({ PAYMENTS: 'disabled' })).toBe('disabled');
    // The older switch still works, and PAYMENTS wins over it.
    expect(mode({ NODE_ENV: 'production', INFINITEPAY_ENABLED: '1' })).toBe('infinitepay');
    expect(mode({ INFINITEPAY_ENABLED: '1', PAYMENTS: 'disabled' })).toBe('disabled');
    expect(() => mode({ PAYMENTS: 'stripe' })).toThrow();
  });

  it('refuses to start a production server with the simulator', () => {
    expect(() => mode({ NODE_ENV: 'production', PAYMENTS: 'simulator' })).toThrow(/PAYMENTS=simulator/);
  });

  it('warns loudly whenever the simulator is on', async () => {
    const t = await createTestApp();
    try {
      const logged: { level: number; msg: string }[] = [];
      const log = pino({ level: 'info' }, { write: (s: string) => logged.push(JSON.parse(s)) });
      const warnings = () => logged.filter((l) => l.msg.includes('simulador de pagamento'));
      createIntegrations(loadConfig({ PAYMENTS: 'infinitepay' }), t.db, log);
      createIntegrations(loadConfig({ PAYMENTS: 'disabled' }), t.db, log);
      expect(warnings()).toHaveLength(0);
      const integrations = createIntegrations(loadConfig({}), t.db, log);
      expect(integrations.payments.name).toBe('simulator');
      expect(warnings()).toEqual([expect.objectContaining({ level: 40 })]);
      expect(warnings()[0].msg).toContain('Nunca use em produção');
    } finally {
      await t.close();
    }
  });
});

const decide = (client: TestClient, orderId: string, decision = 'approve') =>
  client.request(
    'POST',
    '/api/payments/simulator/decide',
    new URLSearchParams({ order_nsu: orderId, decision }).toString(),
    { 'content-type': 'application/x-www-form-urlencoded' },
  );

async function cardOrder(t: TestApp, shop: Shop) {
  const buyer = await customerOf(t, shop);
  const r = await buyer.client.post(
    '/api/customer/orders',
    deliveryOrder(shop, { paymentMethod: shop.methods.card, cashReceived: null }),
  );
  return { status: r.status, body: r.body, buyer };
}

describe('a production start without PAYMENTS (online payments disabled)', () => {
  let prod: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production', DATABASE_URL: PG, PAYMENTS: undefined });
    shop = await setupShop(prod);
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('answers card/PIX checkout with a pt-BR 409 and creates nothing; cash orders still work', async () => {
    expect(prod.deps.integrations.payments.name).toBe('disabled');
    const before = await prod.db.select({ id: orders.id }).from(orders).where(eq(orders.restaurantId, shop.rid));
    const card = await cardOrder(prod, shop);
    expect(card.status).toBe(409);
    expect(card.body.error).toMatchObject({
      code: 'online_payment_unavailable',
      title: 'Pagamento online indisponível',
    });
    expect(card.body.error.description).toContain('Escolha outra forma de pagamento');
    const after = await prod.db.select({ id: orders.id }).from(orders).where(eq(orders.restaurantId, shop.rid));
    expect(after).toHaveLength(before.length);
    const cash = await card.buyer.client.post('/api/customer/orders', deliveryOrder(shop));
    expect(cash.status).toBe(201);
    expect(cash.body.checkoutUrl).toBeNull();
  });

  it('the checkout offers only the methods paid in person', async () => {
    const options = await prod.client().get(`/api/public/restaurants/${shop.slug}/checkout-options`);
    expect(options.status).toBe(200);
    // The shop's active 'Cartão de Crédito' (paid online) is left out.
    expect(options.body.paymentMethods.map((m: { name: string }) => m.name)).toEqual(['Dinheiro']);
  });

  it('tells the staff that the methods paid online are not offered', async () => {
    const list = await shop.owner.client.get('/api/admin/payment-methods');
    expect(list.status).toBe(200);
    expect(list.body.onlinePayments).toBe(false);
    expect(list.body.paymentMethods.some((m: { infinitepayEnabled: boolean }) => m.infinitepayEnabled)).toBe(true);
  });

  it('has no simulator: its page and decision answer 404 and approve nothing', async () => {
    const buyer = await customerOf(prod, shop);
    const r = await buyer.client.post('/api/customer/orders', deliveryOrder(shop));
    const id = r.body.order.id as string;
    // An online order as a simulator-era database would hold it.
    await prod.db
      .update(orders)
      .set({ paymentStatus: 'pending', paymentData: { infinitepay_checkout: '/api/payments/simulator/checkout' } })
      .where(eq(orders.id, id));
    expect((await buyer.client.get(`/api/payments/simulator/checkout?order_nsu=${id}`)).status).toBe(404);
    expect((await decide(buyer.client, id)).status).toBe(404);
    expect((await decide(prod.client(), id)).status).toBe(404);
    expect((await prod.client().get('/api/payments/simulator/receipt/SIM-X')).status).toBe(404);
    expect((await prod.db.select().from(orders).where(eq(orders.id, id)))[0].paymentStatus).toBe('pending');
  });
});

describe('the simulator acts only for the customer who placed the order', () => {
  let sim: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    sim = await createTestApp({ PAYMENTS: 'simulator' });
    shop = await setupShop(sim);
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('anonymous visitors, other customers, other restaurants and staff get 404; the order stays unpaid', async () => {
    const { status, body, buyer } = await cardOrder(sim, shop);
    expect(status).toBe(201);
    const id = body.order.id as string;
    const url = body.checkoutUrl as string;
    const neighbour = await customerOf(sim, shop);
    const elsewhere = await signupOwner(sim);
    const foreigner = await customerOf(sim, elsewhere);
    for (const client of [sim.client(), neighbour.client, foreigner.client, shop.owner.client, elsewhere.client]) {
      const page = await client.get(url);
      expect(page.status).toBe(404);
      expect(page.text).not.toContain('Aprovar pagamento');
      expect((await decide(client, id)).status).toBe(404);
    }
    const row = (await sim.db.select().from(orders).where(eq(orders.id, id)))[0];
    expect(row).toMatchObject({ status: 'pending', paymentStatus: 'pending' });

    const own = await buyer.client.get(url);
    expect(own.status).toBe(200);
    expect(own.text).toContain('Aprovar pagamento');
    expect((await decide(buyer.client, id)).status).toBe(303);
  });

  it('is off under PAYMENTS=infinitepay, even for the order’s customer', async () => {
    const ip = await createTestApp({ PAYMENTS: 'infinitepay' });
    try {
      const ipShop = await setupShop(ip);
      const { status, body, buyer } = await cardOrder(ip, ipShop);
      expect(status).toBe(201);
      expect(body.checkoutUrl).toMatch(/^https:\/\/checkout\.infinitepay\.io\//);
      const id = body.order.id as string;
      expect((await buyer.client.get(`/api/payments/simulator/checkout?order_nsu=${id}`)).status).toBe(404);
      expect((await decide(buyer.client, id)).status).toBe(404);
    } finally {
      await ip.close();
    }
  });
});
