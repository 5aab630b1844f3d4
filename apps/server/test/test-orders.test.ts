import { products, restaurantHours, stockHistory } from '@meucardapio/db/schema';
import { defaultPermissionsFor } from '@meucardapio/domain/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerOf, deliveryOrder, type Shop, setupShop } from './checkout-fixtures';
import { createEmployee, createTestApp, signupOwner, type TestApp } from './helpers';

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await setupShop(t);
  // Closed every day: only the preview may order.
  await t.db.delete(restaurantHours).where(eq(restaurantHours.restaurantId, shop.rid));
  await t.db.insert(restaurantHours).values(
    Array.from({ length: 7 }, (_, dayOfWeek) => ({
      restaurantId: shop.rid,
      dayOfWeek,
      isClosed: true,
      openTime: '18:00',
      closeTime: '23:00',
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

const refriStock = async () =>
  (await t.db.select({ estoque: products.estoque }).from(products).where(eq(products.id, shop.products.refri.id)))[0]
    .estoque;

const testBody = (over: Record<string, unknown> = {}) =>
  deliveryOrder(shop, {
    items: [
      { productId: shop.products.calabresa.id, quantity: 1 },
      { productId: shop.products.refri.id, quantity: 2 },
    ],
    ...over,
  });

describe('a test order from the menu preview', () => {
  it('is placed by staff while closed, through the same checks, marked as a test on the board', async () => {
    const customer = await customerOf(t, shop);
    const closed = await customer.client.post('/api/customer/orders', testBody());
    expect(closed.status).toBe(409);

    const before = await refriStock();
    const res = await shop.owner.client.post('/api/admin/orders/test', testBody());
    expect(res.status, res.text).toBe(201);
    // Priced like any order: Calabresa 40,00 + 2 × 6,00 + Bela Vista's 5,00.
    expect(res.body.order).toMatchObject({ subtotal: 5200, deliveryFee: 500, total: 5700, status: 'pending' });
    expect(res.body.checkoutUrl).toBeNull();

    const board = await shop.owner.client.get('/api/admin/orders');
    const listed = board.body.orders.find((o: { id: string }) => o.id === res.body.order.id);
    expect(listed).toMatchObject({ isTest: true, deliveryFee: 500, total: 5700, paymentStatus: null });
    expect(listed.history[0].notes).toBe('Pedido de teste (pré-visualização do cardápio)');

    // No stock taken, no stock history written.
    expect(await refriStock()).toBe(before);
    const moves = await t.db.select().from(stockHistory).where(eq(stockHistory.orderId, res.body.order.id));
    expect(moves).toEqual([]);
  });

  it('counts in no dashboard figure, even once delivered', async () => {
    const res = await shop.owner.client.post('/api/admin/orders/test', testBody({ deliveryType: 'pickup' }));
    expect(res.status, res.text).toBe(201);
    for (const status of ['preparing', 'confirmed', 'delivered']) {
      const moved = await shop.owner.client.patch(`/api/admin/orders/${res.body.order.id}/status`, { status });
      expect(moved.status, moved.text).toBe(200);
    }
    const dashboard = await shop.owner.client.get('/api/admin/dashboard');
    expect(dashboard.status, dashboard.text).toBe(200);
    expect(dashboard.body.today).toMatchObject({ total: 0, count: 0 });
    expect(dashboard.body.closedToday.delivered).toBe(0);
    expect(dashboard.body.topProducts).toEqual([]);
  });

  it('starts no payment, even with a card method', async () => {
    const res = await shop.owner.client.post(
      '/api/admin/orders/test',
      testBody({ deliveryType: 'pickup', paymentMethod: shop.methods.card, cashReceived: null }),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.checkoutUrl).toBeNull();
    expect(res.body.order).toMatchObject({ paymentMethod: 'Cartão de Crédito', paymentStatus: null });
  });

  it('still refuses what a real order would: an address outside the area', async () => {
    const res = await shop.owner.client.post(
      '/api/admin/orders/test',
      testBody({ state: 'MG', city: 'Belo Horizonte' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('state_not_served');
  });

  it('is for staff who handle orders, in their own restaurant only', async () => {
    const customer = await customerOf(t, shop);
    expect((await customer.client.post('/api/admin/orders/test', testBody())).status).toBe(403);
    const cook = await createEmployee(t, shop.owner, {
      profileType: 'kitchen',
      permissions: { ...defaultPermissionsFor('kitchen'), manage_orders: false },
    });
    expect((await cook.client.post('/api/admin/orders/test', testBody())).status).toBe(403);
    const other = await signupOwner(t);
    const foreign = await other.client.post('/api/admin/orders/test', testBody({ deliveryType: 'pickup' }));
    expect(foreign.status).toBe(409);
    expect(foreign.body.error.code).toBe('product_unavailable');
  });
});
