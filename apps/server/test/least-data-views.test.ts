import { paymentTransactions, products } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infinitePayProvider } from '../src/integrations/payments/infinitepay';
import { customerOf, deliveryOrder, type Shop, setupShop } from './checkout-fixtures';
import { createEmployee, createTestApp, type TestApp } from './helpers';
import { insertOrder } from './ops-fixtures';

/** The review's low items: each screen or call answers only what its user needs. */
let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp({ PAYMENTS: 'infinitepay', PUBLIC_URL: 'https://loja.example.com' });
  shop = await setupShop(t);
  // The provider cannot be reached: every check leaves the order waiting, as a forged callback would.
  t.deps.integrations.payments = infinitePayProvider({
    publicUrl: 'https://loja.example.com',
    apiBase: 'https://api.test/check',
    fetch: (async () => new Response('indisponível', { status: 503 })) as never,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('a delivery person', () => {
  it("sees the address and phone of their own orders but no e-mail, and writes only to their orders' customers", async () => {
    const courier = await createEmployee(t, shop.owner, { profileType: 'counter', profileName: 'Entregador' });
    const alice = await customerOf(t, shop);
    const bob = await customerOf(t, shop);
    const order = await insertOrder(t, shop.rid, {
      status: 'out_for_delivery',
      deliveryEmployeeId: courier.employeeId,
      customerId: alice.customerId,
      customerEmail: alice.email,
    });

    const board = await courier.client.get('/api/admin/orders');
    const mine = board.body.orders.find((o: { id: string }) => o.id === order.id);
    expect(mine).toMatchObject({ customerPhone: '(11) 98765-4321', customerEmail: null });
    expect((await courier.client.get(`/api/admin/orders/${order.id}`)).body.order?.customerEmail ?? null).toBeNull();
    expect(JSON.stringify(board.body)).not.toContain(alice.email);
    // Staff who run the orders still see it.
    const staffView = (await shop.owner.client.get('/api/admin/orders')).body.orders;
    expect(staffView.find((o: { id: string }) => o.id === order.id).customerEmail).toBe(alice.email);

    const aboutOrder = await courier.client.post('/api/admin/chat/messages', {
      orderId: order.id,
      message: 'Chegando!',
    });
    expect(aboutOrder.status, aboutOrder.text).toBe(201);
    const toStranger = await courier.client.post('/api/admin/chat/messages', {
      message: 'Oi',
      recipientType: 'customer',
      recipientId: bob.customerId,
    });
    expect(toStranger.status).toBe(403);
    expect(toStranger.body.error.description).toContain('clientes dos seus pedidos');
  });
});

describe('the kitchen board', () => {
  it("carries no customer's name to a kitchen profile, nor any total", async () => {
    const order = await insertOrder(t, shop.rid, { status: 'preparing', customerName: 'Maria Souza' });
    const cook = await createEmployee(t, shop.owner, { profileType: 'kitchen' });
    const onlyKitchen = await createEmployee(t, shop.owner, {
      profileType: 'counter',
      profileName: 'Chapa',
      permissions: { manage_kitchen: true },
    });
    for (const staff of [cook, onlyKitchen]) {
      const res = await staff.client.get('/api/admin/kitchen/board');
      expect(res.status).toBe(200);
      const card = res.body.orders.find((o: { id: string }) => o.id === order.id);
      expect(card).toMatchObject({ number: order.number, customerName: null });
      const text = JSON.stringify(res.body);
      expect(text).not.toContain('Maria Souza');
      expect(text).not.toMatch(/"(total|subtotal|unitPrice|totalPrice)"/);
    }
    const owners = await shop.owner.client.get('/api/admin/kitchen/board');
    expect(owners.body.orders.find((o: { id: string }) => o.id === order.id).customerName).toBe('Maria Souza');
  });
});

describe('the anonymous payment-return call', () => {
  it('a repeated call adds no row, and a flood of made-up transactions stops asking the provider', async () => {
    const [combo] = await t.db
      .insert(products)
      .values({ restaurantId: shop.rid, name: 'Combo', price: 6000 })
      .returning();
    const buyer = await customerOf(t, shop);
    const placed = await buyer.client.post(
      '/api/customer/orders',
      deliveryOrder(shop, {
        items: [{ productId: combo.id, quantity: 1 }],
        paymentMethod: shop.methods.card,
        cashReceived: null,
      }),
    );
    expect(placed.status, placed.text).toBe(201);
    const id = placed.body.order.id as string;
    const confirm = (tx: string) =>
      t.client().post('/api/public/payments/confirm', { orderNsu: id, transactionNsu: tx, slug: 'inv-1' });
    const rows = async () =>
      (await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, id))).length;

    for (let i = 0; i < 4; i++) expect((await confirm('TX-SAME')).status).toBe(200);
    expect(await rows()).toBe(1);

    for (let i = 0; i < 30; i++) {
      const res = await confirm(`TX-${i}`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('pending');
    }
    expect(await rows()).toBeLessThanOrEqual(10);
  });
});
