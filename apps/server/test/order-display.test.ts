import { events, orderItems, orders, outboundMessages } from '@meucardapio/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  drainOutbox,
  enqueueNewOrderNotifications,
  NEW_ORDER_KIND,
} from '../src/modules/orders/notifications/whatsapp-outbox';
import { customerOf, deliveryOrder, ORDERS, type Shop, shopPerFile } from './checkout-fixtures';
import { createEmployee, type TestApp } from './helpers';
import { waitFor } from './ops-fixtures';

let t: TestApp;
let shop: Shop;
shopPerFile((made) => ({ t, shop } = made));

const CHANGE = 'Troco para R$ 100,00 (levar R$ 55,00)';

/** A cash delivery order (Pizza Calabresa R$ 40,00 + Bela Vista R$ 5,00) paid with a R$ 100,00 note. */
async function placeCashOrder(extra: Record<string, unknown> = {}) {
  const customer = await customerOf(t, shop);
  const res = await customer.client.post(
    ORDERS,
    deliveryOrder(shop, {
      items: [{ productId: shop.products.calabresa.id, quantity: 1, notes: '  sem cebola  ' }],
      note: 'Tocar o interfone do bloco B',
      cashReceived: 10000,
      ...extra,
    }),
  );
  expect(res.status, res.text).toBe(201);
  return { customer, order: res.body.order as { id: string; number: number } };
}

type Seen = {
  id: string;
  number: number;
  paidAmount: number | null;
  changeAmount: number | null;
  note: string | null;
  items: { notes: string | null }[];
};

describe('change for the courier', () => {
  it('reaches the board, the receipt, the delivery person (board and overview) and the WhatsApp text', async () => {
    const { order } = await placeCashOrder();

    const board = await shop.owner.client.get('/api/admin/orders');
    expect(board.status).toBe(200);
    const card = board.body.orders.find((o: Seen) => o.id === order.id);
    expect(card).toMatchObject({ number: order.number, paidAmount: 10000, changeAmount: 5500 });
    const receipt = await shop.owner.client.get(`/api/admin/orders/${order.id}/receipt`);
    expect(receipt.body.order).toMatchObject({ paidAmount: 10000, changeAmount: 5500 });

    const courier = await createEmployee(t, shop.owner, { profileType: 'counter', profileName: 'Entregador' });
    for (const status of ['preparing', 'confirmed']) {
      expect((await shop.owner.client.patch(`/api/admin/orders/${order.id}/status`, { status })).status).toBe(200);
    }
    const out = await shop.owner.client.patch(`/api/admin/orders/${order.id}/status`, {
      status: 'out_for_delivery',
      deliveryEmployeeId: courier.employeeId,
    });
    expect(out.status, out.text).toBe(200);

    const mine = await courier.client.get('/api/admin/orders');
    expect(mine.body.orders).toHaveLength(1);
    expect(mine.body.orders[0]).toMatchObject({ id: order.id, paidAmount: 10000, changeAmount: 5500 });
    const overview = await courier.client.get('/api/admin/delivery/overview');
    const onStreet = overview.body.groups.flatMap((g: { orders: Seen[] }) => g.orders);
    expect(onStreet).toHaveLength(1);
    expect(onStreet[0]).toMatchObject({ id: order.id, paidAmount: 10000, changeAmount: 5500 });

    await enqueueNewOrderNotifications(t.db, shop.rid);
    const [message] = await t.db
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.orderId, order.id), eq(outboundMessages.kind, NEW_ORDER_KIND)));
    expect(message.body).toContain(`#${order.number}`);
    expect(message.body).toContain(`Pagamento: Dinheiro · ${CHANGE}`);
    // The customer's own words never travel to a phone they did not prove (decision 045).
    expect(message.body).not.toContain('sem cebola');
    expect(message.body).not.toContain('Tocar o interfone');
    // "Mensagens enviadas" names the order by its number too.
    const sent = await shop.owner.client.get('/api/admin/messages');
    expect(sent.body.messages.find((m: { orderId: string }) => m.orderId === order.id)).toMatchObject({
      number: order.number,
      shortId: order.id.slice(-8),
    });
  });

  it('is not announced when the customer pays the exact total', async () => {
    const { order } = await placeCashOrder({ cashReceived: 4500 });
    const board = await shop.owner.client.get(`/api/admin/orders/${order.id}/receipt`);
    expect(board.body.order).toMatchObject({ paidAmount: 4500, changeAmount: 0 });
    await enqueueNewOrderNotifications(t.db, shop.rid);
    const [message] = await t.db
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.orderId, order.id), eq(outboundMessages.kind, NEW_ORDER_KIND)));
    expect(message.body).toContain('Pagamento: Dinheiro\n');
    expect(message.body).not.toContain('Troco');
  });
});

describe('notes on items and on the order', () => {
  it('are stored trimmed and shown back to staff and to the customer, with the same order number', async () => {
    const { customer, order } = await placeCashOrder();
    const [row] = await t.db.select({ note: orders.note }).from(orders).where(eq(orders.id, order.id));
    expect(row.note).toBe('Tocar o interfone do bloco B');
    const [item] = await t.db
      .select({ notes: orderItems.notes })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    expect(item.notes).toBe('sem cebola');

    const seenBy = [
      (await shop.owner.client.get('/api/admin/orders')).body.orders.find((o: Seen) => o.id === order.id),
      (await shop.owner.client.get(`/api/admin/orders/${order.id}/receipt`)).body.order,
      (await customer.client.get(`${ORDERS}/${order.id}`)).body.order,
      (await customer.client.get(ORDERS)).body.orders.find((o: Seen) => o.id === order.id),
    ] as Seen[];
    for (const view of seenBy) {
      expect(view).toMatchObject({ number: order.number, note: 'Tocar o interfone do bloco B' });
      expect(view.items[0].notes).toBe('sem cebola');
    }
  });

  it('accept 140 characters per item and 500 per order, and refuse more in Portuguese, storing nothing', async () => {
    const ok = await placeCashOrder({
      items: [{ productId: shop.products.calabresa.id, quantity: 1, notes: 'a'.repeat(140) }],
      note: 'b'.repeat(500),
    });
    expect(ok.order.id).toBeTruthy();

    const customer = await customerOf(t, shop);
    const before = (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.restaurantId, shop.rid))).length;
    const longItem = await customer.client.post(
      ORDERS,
      deliveryOrder(shop, { items: [{ productId: shop.products.calabresa.id, quantity: 1, notes: 'a'.repeat(141) }] }),
    );
    expect(longItem.status).toBe(400);
    expect(longItem.body.error.description).toContain('A observação do item deve ter no máximo 140 caracteres.');

    const longOrder = await customer.client.post(ORDERS, deliveryOrder(shop, { note: 'b'.repeat(501) }));
    expect(longOrder.status).toBe(400);
    expect(longOrder.body.error.description).toContain('A observação do pedido deve ter no máximo 500 caracteres.');

    const after = (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.restaurantId, shop.rid))).length;
    expect(after).toBe(before);
  });

  it('a blank note is stored as no note', async () => {
    const { order } = await placeCashOrder({
      items: [{ productId: shop.products.calabresa.id, quantity: 1, notes: '   ' }],
      note: '  ',
    });
    const view = (await shop.owner.client.get(`/api/admin/orders/${order.id}/receipt`)).body.order as Seen;
    expect(view.note).toBeNull();
    expect(view.items[0].notes).toBeNull();
  });
});

describe('one order number', () => {
  it('a failed WhatsApp send tells staff the order number beside the short id', async () => {
    const messaging = t.deps.integrations.messaging;
    t.deps.integrations.messaging = {
      kind: 'http',
      async send() {
        throw new Error('WhatsApp API respondeu 503');
      },
    };
    try {
      const { order } = await placeCashOrder();
      await enqueueNewOrderNotifications(t.db, shop.rid);
      await drainOutbox(t.deps);
      // The app's own worker may be the one that tried: wait for whichever recorded the failure.
      const failuresOf = async () =>
        (
          await t.db
            .select()
            .from(events)
            .where(and(eq(events.restaurantId, shop.rid), eq(events.type, 'whatsapp.failed')))
        ).filter((e) => (e.payload as { orderId?: string }).orderId === order.id);
      await waitFor(async () => (await failuresOf()).length > 0);
      const mine = await failuresOf();
      expect(mine).toHaveLength(1);
      expect(mine[0].payload).toMatchObject({ number: order.number, shortId: order.id.slice(-8) });
    } finally {
      t.deps.integrations.messaging = messaging;
    }
  });
});
