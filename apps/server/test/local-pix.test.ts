import { events, orderHistory, orders, outboundMessages } from '@meucardapio/db/schema';
import { LOCAL_PIX_METHOD } from '@meucardapio/domain/order-pix';
import { crc16, emv } from '@meucardapio/domain/testing/br-code-oracle';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueNewOrderNotifications, NEW_ORDER_KIND } from '../src/modules/orders/notifications/whatsapp-outbox';
import { cancelExpiredUnpaidOrders } from '../src/modules/payments/unpaid-orders.service';
import { customerOf, type Shop, setupShop } from './checkout-fixtures';
import {
  createEmployee,
  createTestApp,
  eventually,
  type Owner,
  signupOwner,
  type TestApp,
  type TestClient,
} from './helpers';
import { insertOrder } from './ops-fixtures';

let t: TestApp;
let shop: Shop;
let other: Owner;

const PIX_DATA = { local_pix: true, pix_br_code: '00020126360014br.gov.bcb.pix...6304ABCD', pix_txid: 'PEDIDO1' };

/** A storefront order placed to be paid by the restaurant's PIX QR Code, not paid yet. */
const pixOrder = (overrides: Record<string, unknown> = {}) =>
  insertOrder(t, shop.rid, {
    paymentMethod: LOCAL_PIX_METHOD.name,
    paymentStatus: 'pending',
    paymentData: PIX_DATA,
    ...overrides,
  });

/** Confirmed with the transfer's end-to-end id, as read in the bank app. */
const confirmPix = (client: TestClient, id: string) =>
  client.post(`/api/admin/orders/${id}/confirm-pix`, { endToEndId: 'E12345678202611261200AbC12345678' });

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const historyOf = (id: string) =>
  t.db.select().from(orderHistory).where(eq(orderHistory.orderId, id)).orderBy(orderHistory.createdAt);

/** The menu's stock of the refrigerante: an order's stock reaches the cached menu by notification (decision 121). */
const expectMenuStock = (of: Shop, estoque: number) =>
  eventually(async () => {
    const menu = await t.client().get(`/api/public/restaurants/${of.slug}/menu`);
    expect(menu.body.products.find((p: { id: string }) => p.id === of.products.refri.id).estoque).toBe(estoque);
  });

beforeAll(async () => {
  t = await createTestApp();
  shop = await setupShop(t);
  other = await signupOwner(t);
});
afterAll(async () => {
  await t?.close();
});

describe('confirming a PIX QR Code payment on the board', () => {
  it('the board shows the order awaiting payment; one click marks it paid, sends it to the kitchen and records who', async () => {
    const order = await pixOrder();
    const counter = await createEmployee(t, shop.owner, { profileType: 'cashier' });
    const board = await counter.client.get('/api/admin/orders');
    const before = board.body.orders.find((o: { id: string }) => o.id === order.id);
    expect(before).toMatchObject({ awaitingPayment: true, localPix: true, paymentCheckout: false });

    const res = await confirmPix(counter.client, order.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.order).toMatchObject({
      status: 'preparing',
      paymentStatus: 'approved',
      awaitingPayment: false,
      pixConfirmation: { name: counter.name },
    });
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'preparing', paymentStatus: 'approved' });
    expect(row.paymentData).toMatchObject({ pix_confirmed_by: { id: counter.employeeId, name: counter.name } });
    const history = await historyOf(order.id);
    expect(history.at(-1)).toMatchObject({
      status: 'preparing',
      employeeId: counter.employeeId,
      employeeName: counter.name,
      notes: 'Pagamento PIX (QR Code) confirmado',
    });
    const [event] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, shop.rid), eq(events.type, 'order.updated')))
      .orderBy(events.id);
    expect(event.payload).toMatchObject({ orderId: order.id, paid: true, status: 'preparing' });
  });

  it('is idempotent: a second click or two people at once confirm it once', async () => {
    const order = await pixOrder();
    const admin = await createEmployee(t, shop.owner, { profileType: 'admin' });
    const results = await Promise.all([
      confirmPix(shop.owner.client, order.id),
      confirmPix(admin.client, order.id),
      confirmPix(shop.owner.client, order.id),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const again = await confirmPix(admin.client, order.id);
    expect(again.status).toBe(200);
    const confirmations = (await historyOf(order.id)).filter((h) => h.notes === 'Pagamento PIX (QR Code) confirmado');
    expect(confirmations).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe('preparing');
  });

  it('the customer hears "Recebemos seu pedido" only once it is paid, then "aceito"', async () => {
    const order = await pixOrder({ customerPhone: '(11) 91234-5678' });
    await enqueueNewOrderNotifications(t.db, shop.rid);
    const kinds = async () =>
      (
        await t.db
          .select()
          .from(outboundMessages)
          .where(eq(outboundMessages.orderId, order.id))
          .orderBy(outboundMessages.createdAt)
      ).map((m) => m.kind);
    expect(await kinds()).toEqual([]);
    expect((await confirmPix(shop.owner.client, order.id)).status).toBe(200);
    expect(await kinds()).toEqual([NEW_ORDER_KIND, 'status_preparing']);
  });

  it('refuses other restaurants, customers, delivery people, orders not paid by PIX QR Code and cancelled ones', async () => {
    const order = await pixOrder();
    const theirs = await confirmPix(other.client, order.id);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.title).toBeTruthy();

    const customer = await customerOf(t, shop);
    expect([401, 403]).toContain((await confirmPix(customer.client, order.id)).status);
    expect([401, 403]).toContain((await t.client().post(`/api/admin/orders/${order.id}/confirm-pix`)).status);

    const rider = await createEmployee(t, shop.owner, {
      profileType: 'counter',
      profileName: 'Entregador',
      permissions: { manage_orders: true, manage_delivery: true },
    });
    expect((await confirmPix(rider.client, order.id)).status).toBe(403);
    const noOrders = await createEmployee(t, shop.owner, { profileType: 'kitchen', permissions: {} });
    expect((await confirmPix(noOrders.client, order.id)).status).toBe(403);
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');

    const cash = await insertOrder(t, shop.rid);
    const notPix = await confirmPix(shop.owner.client, cash.id);
    expect(notPix.status).toBe(400);
    expect(notPix.body.error.title).toBe('Pagamento não confirmável');

    const cancelled = await pixOrder({ status: 'cancelled' });
    const late = await confirmPix(shop.owner.client, cancelled.id);
    expect(late.status).toBe(409);
    expect(late.body.error.description).toContain('devolva o valor');

    const bad = await shop.owner.client.post('/api/admin/orders/nao-e-um-id/confirm-pix');
    expect(bad.status).toBe(400);
    // Not a hosted checkout: nothing to ask the provider about.
    expect((await shop.owner.client.post(`/api/admin/orders/${order.id}/verify-payment`)).status).toBe(400);
  });
});

describe('ordering with "PIX (QR Code)" on the storefront', () => {
  let pixShop: Shop;
  const KEY = '123e4567-e12b-12d1-a456-426655440000';

  beforeAll(async () => {
    pixShop = await setupShop(t);
  });

  const pixBody = (overrides: Record<string, unknown> = {}) => ({
    items: [{ productId: pixShop.products.refri.id, quantity: 2 }],
    deliveryType: 'pickup',
    name: 'Cliente Pix',
    phone: '(11) 98765-4321',
    paymentMethod: LOCAL_PIX_METHOD.id,
    ...overrides,
  });

  it('is offered only once the restaurant has a PIX key', async () => {
    const customer = await customerOf(t, pixShop);
    const before = await t.client().get(`/api/public/restaurants/${pixShop.slug}/checkout-options`);
    expect(before.body.paymentMethods.map((m: { id: string }) => m.id)).not.toContain(LOCAL_PIX_METHOD.id);
    const refused = await customer.client.post('/api/customer/orders', pixBody());
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('payment_method_required');

    const saved = await pixShop.owner.client.put('/api/admin/cashier/pix-settings', {
      key: KEY,
      keyType: 'random',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
    expect(saved.status, saved.text).toBe(200);
    const after = await t.client().get(`/api/public/restaurants/${pixShop.slug}/checkout-options`);
    expect(after.body.paymentMethods).toContainEqual(
      expect.objectContaining({ id: 'pix_qr', name: 'PIX (QR Code)', type: 'pix', online: false, localPix: true }),
    );
    // Another restaurant's key is not this one's: it still does not offer it.
    const elsewhere = await t.client().get(`/api/public/restaurants/${shop.slug}/checkout-options`);
    expect(elsewhere.body.paymentMethods.map((m: { id: string }) => m.id)).not.toContain(LOCAL_PIX_METHOD.id);
  });

  it('after "Criar Padrões" and a PIX key the checkout offers one PIX choice, the QR Code', async () => {
    const fresh = await signupOwner(t);
    expect((await fresh.client.post('/api/admin/payment-methods/defaults')).status).toBe(201);
    const saved = await fresh.client.put('/api/admin/cashier/pix-settings', {
      key: KEY,
      keyType: 'random',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BELO HORIZONTE',
    });
    expect(saved.status, saved.text).toBe(200);
    const options = await t.client().get(`/api/public/restaurants/${fresh.slug}/checkout-options`);
    const methods: { id: string; name: string; type: string | null }[] = options.body.paymentMethods;
    expect(methods.filter((m) => m.type === 'pix').map((m) => m.name)).toEqual(['PIX (QR Code)']);
    expect(methods.map((m) => m.name)).toEqual(['Cartão de Crédito', 'Cartão de Débito', 'Dinheiro', 'PIX (QR Code)']);
  });

  it('the order carries the BR Code of its exact total, matching the manual field by field; stock is taken', async () => {
    const customer = await customerOf(t, pixShop);
    const res = await customer.client.post('/api/customer/orders', pixBody());
    expect(res.status, res.text).toBe(201);
    const { order } = res.body;
    expect(res.body.checkoutUrl).toBeNull();
    expect(order).toMatchObject({ paymentMethod: 'PIX (QR Code)', paymentStatus: 'pending', status: 'pending' });
    const amount = (order.total / 100).toFixed(2);
    const txid = `PEDIDO${order.number}`;
    const body = [
      '000201',
      emv('26', emv('00', 'br.gov.bcb.pix') + emv('01', KEY)),
      '52040000',
      '5303986',
      emv('54', amount),
      '5802BR',
      emv('59', 'FULANO DE TAL'),
      emv('60', 'BRASILIA'),
      emv('62', emv('05', txid)),
      '6304',
    ].join('');
    expect(order.pix).toEqual({ brCode: `${body}${crc16(body)}`, txid });
    expect(order.total).toBe(1200);

    // The customer area shows it again; the board shows it awaiting payment, apart from the kitchen.
    const mine = await customer.client.get(`/api/customer/orders/${order.id}`);
    expect(mine.body.order.pix).toEqual(order.pix);
    const board = await pixShop.owner.client.get('/api/admin/orders');
    expect(board.body.orders.find((o: { id: string }) => o.id === order.id)).toMatchObject({
      awaitingPayment: true,
      localPix: true,
    });
    const [created] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, pixShop.rid), eq(events.type, 'order.created')));
    expect(created.payload).toMatchObject({ orderId: order.id, awaitingPayment: true });
    await expectMenuStock(pixShop, 3);

    // Paid: the QR is gone from the customer's view. Another restaurant's staff cannot confirm it.
    expect((await confirmPix(shop.owner.client, order.id)).status).toBe(404);
    expect((await confirmPix(pixShop.owner.client, order.id)).status).toBe(200);
    const paid = await customer.client.get(`/api/customer/orders/${order.id}`);
    expect(paid.body.order).toMatchObject({ pix: null, paymentStatus: 'approved', status: 'preparing' });
  });

  it('stock and the open-unpaid-orders limit still hold; a cancelled QR order gives its stock back', async () => {
    const customer = await customerOf(t, pixShop);
    const tooMany = await customer.client.post(
      '/api/customer/orders',
      pixBody({ items: [{ productId: pixShop.products.refri.id, quantity: 4 }] }),
    );
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error.title).toBe('Estoque insuficiente');

    const one = await customer.client.post(
      '/api/customer/orders',
      pixBody({ items: [{ productId: pixShop.products.refri.id, quantity: 1 }] }),
    );
    expect(one.status, one.text).toBe(201);
    const cancel = await pixShop.owner.client.patch(`/api/admin/orders/${one.body.order.id}/status`, {
      status: 'cancelled',
    });
    expect(cancel.status).toBe(200);
    await expectMenuStock(pixShop, 3);
    const gone = await customer.client.get(`/api/customer/orders/${one.body.order.id}`);
    expect(gone.body.order.pix).toBeNull();

    const placed = [];
    for (let i = 0; i < 3; i++)
      placed.push(
        await customer.client.post(
          '/api/customer/orders',
          pixBody({ items: [{ productId: pixShop.products.calabresa.id, quantity: 1 }] }),
        ),
      );
    expect(placed.map((r) => r.status)).toEqual([201, 201, 201]);
    const fourth = await customer.client.post(
      '/api/customer/orders',
      pixBody({ items: [{ productId: pixShop.products.calabresa.id, quantity: 1 }] }),
    );
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.code).toBe('too_many_open_orders');
  });
});

describe('the unpaid timeout of PIX QR Code orders', () => {
  it('waits 2 hours for staff to confirm (card orders 30 minutes), then cancels', async () => {
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const pix = await pixOrder({ createdAt: minutesAgo(90) });
    const card = await insertOrder(t, shop.rid, {
      paymentMethod: 'Cartão de Crédito',
      paymentStatus: 'pending',
      paymentData: { infinitepay_checkout: 'https://checkout.test/x' },
      createdAt: minutesAgo(90),
    });
    const first = await cancelExpiredUnpaidOrders(t.deps, { timeoutMinutes: 30 });
    expect(first.cancelled).toContain(card.id);
    expect(first.cancelled).not.toContain(pix.id);
    expect((await orderRow(pix.id)).status).toBe('pending');

    const later = await cancelExpiredUnpaidOrders(t.deps, {
      timeoutMinutes: 30,
      now: new Date(Date.now() + 31 * 60_000),
    });
    expect(later.cancelled).toContain(pix.id);
    expect((await orderRow(pix.id)).status).toBe('cancelled');
    const notes = (await historyOf(pix.id)).map((h) => h.notes);
    expect(notes).toContain('PIX não confirmado em 120 minutos: pedido cancelado e estoque devolvido.');
    // A paid one is never touched.
    const paid = await pixOrder({ createdAt: minutesAgo(500), paymentStatus: 'approved', status: 'preparing' });
    await cancelExpiredUnpaidOrders(t.deps, { timeoutMinutes: 30 });
    expect((await orderRow(paid.id)).status).toBe('preparing');
  });
});
