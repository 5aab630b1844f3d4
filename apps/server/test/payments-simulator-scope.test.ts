import { orders, restaurants } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerOf, deliveryOrder, type Shop, setupShop } from './checkout-fixtures';
import { createTestApp, type TestApp, type TestClient } from './helpers';

/*
 * A plain `npm start` (embedded database, PAYMENTS unset) runs the payment simulator for the demo
 * restaurant only: a restaurant signed up on it offers in-person payments and its own PIX, and its
 * customers cannot approve their own card orders.
 */

let t: TestApp;
let shop: Shop;
let demo: Shop;

beforeAll(async () => {
  t = await createTestApp({ PAYMENTS: undefined });
  shop = await setupShop(t);
  demo = await setupShop(t);
  await t.db.update(restaurants).set({ slug: 'demo-restaurant' }).where(eq(restaurants.id, demo.rid));
  demo = { ...demo, slug: 'demo-restaurant' };
});
afterAll(async () => {
  await t?.close();
});

const decide = (client: TestClient, orderId: string) =>
  client.request(
    'POST',
    '/api/payments/simulator/decide',
    new URLSearchParams({ order_nsu: orderId, decision: 'approve' }).toString(),
    { 'content-type': 'application/x-www-form-urlencoded' },
  );

const methodNames = async (slug: string) =>
  ((await t.client().get(`/api/public/restaurants/${slug}/checkout-options`)).body.paymentMethods as { name: string }[])
    .map((m) => m.name)
    .sort();

describe('the quick start’s simulator', () => {
  it('is chosen by default, for the demo restaurant only', () => {
    expect(t.deps.integrations.payments.name).toBe('simulator');
    expect(t.deps.config.simulatorDemoOnly).toBe(true);
  });

  it('a signed-up restaurant offers only in-person payments, and card answers the pt-BR 409', async () => {
    expect(await methodNames(shop.slug)).toEqual(['Dinheiro']);
    const buyer = await customerOf(t, shop);
    const card = await buyer.client.post(
      '/api/customer/orders',
      deliveryOrder(shop, { paymentMethod: shop.methods.card, cashReceived: null }),
    );
    expect(card.status).toBe(409);
    expect(card.body.error).toMatchObject({
      code: 'online_payment_unavailable',
      title: 'Pagamento online indisponível',
    });
    expect((await buyer.client.post('/api/customer/orders', deliveryOrder(shop))).status).toBe(201);
  });

  it('will not approve a card order of a signed-up restaurant, even one already waiting', async () => {
    const buyer = await customerOf(t, shop);
    const placed = await buyer.client.post('/api/customer/orders', deliveryOrder(shop));
    const id = placed.body.order.id as string;
    await t.db
      .update(orders)
      .set({ paymentStatus: 'pending', paymentData: { infinitepay_checkout: '/api/payments/simulator/checkout' } })
      .where(eq(orders.id, id));
    expect((await buyer.client.get(`/api/payments/simulator/checkout?order_nsu=${id}`)).status).toBe(404);
    expect((await decide(buyer.client, id)).status).toBe(404);
    expect((await t.db.select().from(orders).where(eq(orders.id, id)))[0].paymentStatus).toBe('pending');
  });

  it('still serves the demo restaurant', async () => {
    expect(await methodNames(demo.slug)).toContain('Cartão de Crédito');
    const buyer = await customerOf(t, demo);
    const card = await buyer.client.post(
      '/api/customer/orders',
      deliveryOrder(demo, { paymentMethod: demo.methods.card, cashReceived: null }),
    );
    expect(card.status).toBe(201);
    expect((await buyer.client.get(card.body.checkoutUrl)).text).toContain('Aprovar pagamento');
    expect((await decide(buyer.client, card.body.order.id)).status).toBe(303);
  });
});
