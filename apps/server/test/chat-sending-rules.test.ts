import { events, orders } from '@meucardapio/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMessages, createOrder, type Setup, setup } from './chat-fixtures';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function setStatus(orderId: string, status: string) {
  await t.db.update(orders).set({ status }).where(eq(orders.id, orderId));
}

describe('sending rules', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup(t);
  });

  it('refuses blank and whitespace-only messages with "Mensagem vazia"', async () => {
    for (const message of ['', '   ', '\n\t ']) {
      const r = await s.alice.client.post('/api/customer/chat/messages', { orderId: s.aliceOrder.id, message });
      expect(r.status).toBe(400);
      expect(r.body.error.title).toBe('Mensagem vazia');
    }
    const staff = await s.owner.client.post('/api/admin/chat/messages', { orderId: s.aliceOrder.id, message: ' ' });
    expect(staff.status).toBe(400);
    expect(staff.body.error.title).toBe('Mensagem vazia');
    const missing = await s.owner.client.post('/api/admin/chat/messages', { orderId: s.aliceOrder.id });
    expect(missing.status).toBe(400);
    expect(missing.body.error.title).toBe('Mensagem vazia');
    expect(await countMessages(t, s.owner.restaurantId)).toBe(0);
  });

  it('accepts 2000 characters and refuses 2001', async () => {
    const ok = await s.alice.client.post('/api/customer/chat/messages', {
      orderId: s.aliceOrder.id,
      message: 'a'.repeat(2000),
    });
    expect(ok.status).toBe(201);
    const long = await s.alice.client.post('/api/customer/chat/messages', {
      orderId: s.aliceOrder.id,
      message: 'a'.repeat(2001),
    });
    expect(long.status).toBe(400);
    expect(long.body.error.title).toBe('Mensagem muito longa');
  });

  it('validates ids and bodies with pt-BR 400s, never a 500', async () => {
    const badQuery = await s.owner.client.get('/api/admin/chat/messages?orderId=nao-e-uuid');
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.error.title).toBe('Dados inválidos');
    const noOrder = await s.alice.client.post('/api/customer/chat/messages', { message: 'oi' });
    expect(noOrder.status).toBe(400);
    const notJson = await s.owner.client.post('/api/admin/chat/messages', 'isto não é json');
    expect(notJson.status).toBe(400);
    const badRecipient = await s.owner.client.post('/api/admin/chat/messages', {
      orderId: s.aliceOrder.id,
      message: 'oi',
      recipientType: 'customer',
      recipientId: s.bruno.customerId,
    });
    expect(badRecipient.status).toBe(400);
    expect(badRecipient.body.error.description).toBe('O destinatário não é o cliente deste pedido.');
    const unknownOrder = await s.owner.client.post('/api/admin/chat/messages', {
      orderId: '00000000-0000-4000-8000-000000000000',
      message: 'oi',
    });
    expect(unknownOrder.status).toBe(404);
  });

  it('blocks sending on a delivered order, for the customer and the staff', async () => {
    const order = await createOrder(t, s.owner.restaurantId, s.alice.customerId);
    expect(
      (await s.alice.client.post('/api/customer/chat/messages', { orderId: order.id, message: 'antes' })).status,
    ).toBe(201);
    await setStatus(order.id, 'delivered');
    const before = await countMessages(t, s.owner.restaurantId);
    for (const res of [
      await s.alice.client.post('/api/customer/chat/messages', { orderId: order.id, message: 'depois' }),
      await s.owner.client.post('/api/admin/chat/messages', { orderId: order.id, message: 'depois' }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'chat_unavailable',
        title: 'Chat indisponível',
        description: 'Não é possível enviar mensagens para pedidos entregues.',
      });
    }
    expect(await countMessages(t, s.owner.restaurantId)).toBe(before);
    // The history stays readable and says it is locked.
    const thread = await s.alice.client.get(`/api/customer/chat/messages?orderId=${order.id}`);
    expect(thread.body.order).toMatchObject({ status: 'delivered', canSend: false });
    expect(thread.body.messages).toHaveLength(1);
    // The general view lists the orders of its messages with whether they still accept messages.
    const general = await s.alice.client.get('/api/customer/chat/messages');
    const listed = general.body.orders.find((o: { id: string }) => o.id === order.id);
    expect(listed).toMatchObject({ status: 'delivered', canSend: false });
    expect(general.body.orders.find((o: { id: string }) => o.id === s.aliceOrder.id)).toMatchObject({ canSend: true });
  });

  it('appends a chat.message event in the same transaction, without the text', async () => {
    const sent = await s.alice.client.post('/api/customer/chat/messages', {
      orderId: s.aliceOrder.id,
      message: 'evento?',
    });
    const rows = await t.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, s.owner.restaurantId), eq(events.type, 'chat.message')))
      .orderBy(asc(events.id));
    const ev = rows.find((e) => e.payload.id === sent.body.id);
    expect(ev).toBeDefined();
    expect(ev).toMatchObject({ permission: 'manage_orders', customerId: s.alice.customerId });
    expect(ev?.payload).toMatchObject({ orderId: s.aliceOrder.id, senderType: 'customer' });
    expect(ev?.payload.message).toBeUndefined();

    // A refused message leaves no event behind.
    const count = rows.length;
    await s.alice.client.post('/api/customer/chat/messages', { orderId: s.aliceOrder.id, message: '   ' });
    const after = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(and(eq(events.restaurantId, s.owner.restaurantId), eq(events.type, 'chat.message')));
    expect(Number(after[0].n)).toBe(count);
  });
});
