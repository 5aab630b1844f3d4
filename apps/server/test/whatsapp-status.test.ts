import { outboundMessages, restaurants } from '@meucardapio/db/schema';
import { DEFAULT_STATUS_TEMPLATES } from '@meucardapio/domain/status-messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Messenger, OutgoingMessage } from '../src/integrations/messaging/messenger';
import { queueStatusMessage } from '../src/modules/orders/notifications/status-messages';
import {
  drainOutbox,
  enqueueNewOrderNotifications,
  NEW_ORDER_KIND,
} from '../src/modules/orders/notifications/whatsapp-outbox';
import { customerOf, deliveryOrder, type Shop, setupShop } from './checkout-fixtures';
import { createEmployee, createTestApp, type Owner, signupOwner, type TestApp, type TestClient } from './helpers';
import { insertOrder, waitFor } from './ops-fixtures';

let t: TestApp;
let owner: Owner;
let other: Owner;
let rider: Awaited<ReturnType<typeof createEmployee>>;
const sent: OutgoingMessage[] = [];

const recorder: Messenger = {
  kind: 'simulator',
  async send(m) {
    sent.push(m);
  },
};

const outboxOf = (orderId: string) =>
  t.db.select().from(outboundMessages).where(eq(outboundMessages.orderId, orderId)).orderBy(outboundMessages.createdAt);
const kindsOf = async (orderId: string) => (await outboxOf(orderId)).map((m) => m.kind);

const patchStatus = (client: TestClient, id: string, body: Record<string, unknown>) =>
  client.patch(`/api/admin/orders/${id}/status`, body);

/** Sets the status twice at the same time, as two people (or a double click) would. */
async function setTwice(client: TestClient, id: string, body: Record<string, unknown>) {
  const [a, b] = await Promise.all([patchStatus(client, id, body), patchStatus(client, id, body)]);
  expect(a.status, a.text).toBe(200);
  expect(b.status, b.text).toBe(200);
}

/** A delivery order taken through every step that sends a message; each step is set twice concurrently. */
async function walkThrough(id: string) {
  await setTwice(owner.client, id, { status: 'preparing' });
  await setTwice(owner.client, id, { status: 'confirmed' });
  await setTwice(owner.client, id, { status: 'out_for_delivery', deliveryEmployeeId: rider.employeeId });
  await setTwice(owner.client, id, { status: 'delivered', phoneDigits: '4321' });
}

beforeAll(async () => {
  t = await createTestApp();
  t.deps.integrations.messaging = recorder;
  owner = await signupOwner(t);
  other = await signupOwner(t);
  rider = await createEmployee(t, owner, {
    profileType: 'counter',
    profileName: 'Entregador',
    permissions: { manage_orders: true, manage_delivery: true },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('WhatsApp status messages', () => {
  it('queues each status message exactly once, even when the status is set twice at the same time', async () => {
    const order = await insertOrder(t, owner.restaurantId, {}, { event: true });
    await walkThrough(order.id);
    // Setting a reached status again (and a late retry of the queueing itself) adds nothing.
    await patchStatus(owner.client, order.id, { status: 'delivered', phoneDigits: '4321' });
    await Promise.all(
      ['preparing', 'out_for_delivery', 'delivered'].map((s) =>
        t.db.transaction((tx) => queueStatusMessage(tx, t.deps.config.publicUrl, order, s)),
      ),
    );
    const kinds = await kindsOf(order.id);
    expect(kinds.sort()).toEqual([NEW_ORDER_KIND, 'status_delivered', 'status_out_for_delivery', 'status_preparing']);
    // Ready ('Pronto') has no message of its own.
    expect(kinds).not.toContain('status_confirmed');

    const rows = await outboxOf(order.id);
    const body = (kind: string) => rows.find((r) => r.kind === kind)!.body;
    expect(body('status_preparing')).toBe(
      `Olá, Maria! Seu pedido #${order.number} foi aceito e já está sendo preparado. Acompanhe em ${t.deps.config.publicUrl}/customer`,
    );
    expect(body('status_out_for_delivery')).toContain(`#${order.number} saiu para entrega`);
    expect(body('status_delivered')).toContain(`#${order.number} foi entregue`);
    expect(rows.every((r) => r.phone === '5511987654321' && r.restaurantId === owner.restaurantId)).toBe(true);

    // Each one goes out once, "Recebemos seu pedido" first.
    await drainOutbox(t.deps);
    await waitFor(async () => (await outboxOf(order.id)).every((r) => r.status === 'sent'));
    const mine = sent.filter((m) => m.body.includes(`#${order.number}`));
    expect(mine).toHaveLength(4);
    expect(mine[0].body).toContain('Recebemos seu pedido');
  });

  it('the customer hears about the status two concurrent status changes reached, once', async () => {
    const order = await insertOrder(t, owner.restaurantId, {}, { event: false });
    const admin = await createEmployee(t, owner, { profileType: 'admin' });
    const results = await Promise.all([
      patchStatus(owner.client, order.id, { status: 'preparing' }),
      patchStatus(admin.client, order.id, { status: 'preparing' }),
      patchStatus(owner.client, order.id, { status: 'preparing' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await kindsOf(order.id)).filter((k) => k === 'status_preparing')).toHaveLength(1);
  });

  it('no message for a status the restaurant turned off; a PDV sale or an order without phone gets none', async () => {
    const off = await owner.client.put('/api/admin/settings/whatsapp/status-messages', {
      preparing: { enabled: false, template: DEFAULT_STATUS_TEMPLATES.preparing },
      out_for_delivery: { enabled: false, template: DEFAULT_STATUS_TEMPLATES.out_for_delivery },
      delivered: { enabled: false, template: DEFAULT_STATUS_TEMPLATES.delivered },
    });
    expect(off.status, off.text).toBe(200);
    const order = await insertOrder(t, owner.restaurantId, {}, { event: true });
    await walkThrough(order.id);
    await enqueueNewOrderNotifications(t.db, owner.restaurantId);
    expect(await kindsOf(order.id)).toEqual([NEW_ORDER_KIND]);

    await owner.client.put('/api/admin/settings/whatsapp/status-messages', {
      preparing: { enabled: true, template: DEFAULT_STATUS_TEMPLATES.preparing },
      out_for_delivery: { enabled: true, template: DEFAULT_STATUS_TEMPLATES.out_for_delivery },
      delivered: { enabled: true, template: DEFAULT_STATUS_TEMPLATES.delivered },
    });
    const table = await insertOrder(t, owner.restaurantId, {
      deliveryType: 'dine_in',
      customerPhone: null,
      tableNumber: 4,
    });
    await patchStatus(owner.client, table.id, { status: 'preparing' });
    expect((await kindsOf(table.id)).filter((k) => k.startsWith('status_'))).toEqual([]);
    const pdv = await insertOrder(t, owner.restaurantId, { deliveryType: 'pdv', status: 'delivered' });
    expect(await t.db.transaction((tx) => queueStatusMessage(tx, 'http://x', pdv, 'delivered'))).toBe(false);
  });

  it('renders the edited templates with every placeholder', async () => {
    const res = await owner.client.put('/api/admin/settings/whatsapp/status-messages', {
      preparing: { enabled: true, template: '  {nome}, o {restaurante} aceitou o #{numero} ({status}). {link}  ' },
      out_for_delivery: { enabled: false, template: 'A caminho: #{numero}' },
      delivered: { enabled: true, template: 'Entregue #{numero}, {nome}!' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.statusMessages.preparing.template).toBe(
      '{nome}, o {restaurante} aceitou o #{numero} ({status}). {link}',
    );
    const settings = await owner.client.get('/api/admin/settings');
    expect(settings.body.whatsapp.statusMessages).toEqual(res.body.statusMessages);

    const [r] = await t.db
      .select({ name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, owner.restaurantId));
    const order = await insertOrder(t, owner.restaurantId, { customerName: 'Joana Prado' });
    await walkThrough(order.id);
    const rows = await outboxOf(order.id);
    expect(rows.map((m) => m.kind).sort()).toEqual([NEW_ORDER_KIND, 'status_delivered', 'status_preparing']);
    expect(rows.find((m) => m.kind === 'status_preparing')!.body).toBe(
      `Joana, o ${r.name} aceitou o #${order.number} (Preparando). ${t.deps.config.publicUrl}/customer`,
    );
    expect(rows.find((m) => m.kind === 'status_delivered')!.body).toBe(`Entregue #${order.number}, Joana!`);
  });

  it('refuses unknown placeholders and empty texts in pt-BR; only the restaurant’s settings staff may edit', async () => {
    const body = {
      preparing: { enabled: true, template: 'Pedido #{nmero}' },
      out_for_delivery: { enabled: true, template: 'ok' },
      delivered: { enabled: true, template: 'ok' },
    };
    const typo = await owner.client.put('/api/admin/settings/whatsapp/status-messages', body);
    expect(typo.status).toBe(400);
    expect(typo.body.error).toMatchObject({ code: 'unknown_placeholder', title: 'Marcador desconhecido' });
    expect(typo.body.error.description).toContain('{nmero}');
    const empty = await owner.client.put('/api/admin/settings/whatsapp/status-messages', {
      ...body,
      preparing: { enabled: true, template: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.title).toBe('Mensagem obrigatória');
    const malformed = await owner.client.put('/api/admin/settings/whatsapp/status-messages', { preparing: 'x' });
    expect(malformed.status).toBe(400);

    const counter = await createEmployee(t, owner, { profileType: 'counter' });
    const valid = { ...body, preparing: { enabled: false, template: 'Outro #{numero}' } };
    expect((await counter.client.put('/api/admin/settings/whatsapp/status-messages', valid)).status).toBe(403);
    // Another restaurant's owner changes their own settings, never these.
    expect((await other.client.put('/api/admin/settings/whatsapp/status-messages', valid)).status).toBe(200);
    const mine = await owner.client.get('/api/admin/settings');
    expect(mine.body.whatsapp.statusMessages.preparing).toEqual({
      enabled: true,
      template: '{nome}, o {restaurante} aceitou o #{numero} ({status}). {link}',
    });
    const theirs = await other.client.get('/api/admin/settings');
    expect(theirs.body.whatsapp.statusMessages.preparing).toEqual({ enabled: false, template: 'Outro #{numero}' });
  });
});

describe('new-order message of a card/PIX order', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await setupShop(t);
  });

  it('waits for the payment; a cash order is announced when it is placed', async () => {
    const customer = await customerOf(t, shop);
    const card = await customer.client.post(
      '/api/customer/orders',
      deliveryOrder(shop, { paymentMethod: shop.methods.card, cashReceived: null }),
    );
    expect(card.status, card.text).toBe(201);
    const cash = await customer.client.post('/api/customer/orders', deliveryOrder(shop));
    expect(cash.status, cash.text).toBe(201);
    const cardId = card.body.order.id as string;
    await waitFor(async () => (await kindsOf(cash.body.order.id)).includes(NEW_ORDER_KIND));
    await enqueueNewOrderNotifications(t.db, shop.rid);
    expect(await kindsOf(cardId)).toEqual([]);

    // The customer pays through the checkout: "Recebemos seu pedido", then "aceito" (it goes to the kitchen).
    const page = await customer.client.get(card.body.checkoutUrl);
    expect(page.status).toBe(200);
    const decided = await customer.client.request(
      'POST',
      '/api/payments/simulator/decide',
      new URLSearchParams({ order_nsu: cardId, decision: 'approve' }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    const q = new URL(decided.headers.get('location')!, 'http://localhost').searchParams;
    const confirmed = await t.client().post('/api/public/payments/confirm', {
      orderNsu: cardId,
      transactionNsu: q.get('transaction_nsu'),
      slug: q.get('slug'),
    });
    expect(confirmed.body).toMatchObject({ status: 'approved', orderStatus: 'preparing' });
    const rows = await outboxOf(cardId);
    expect(rows.map((r) => r.kind)).toEqual([NEW_ORDER_KIND, 'status_preparing']);
    expect(rows[0].createdAt.getTime()).toBeLessThanOrEqual(rows[1].createdAt.getTime());
    await enqueueNewOrderNotifications(t.db, shop.rid);
    const again = await t.db
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.orderId, cardId), eq(outboundMessages.kind, NEW_ORDER_KIND)));
    expect(again).toHaveLength(1);
  });
});
