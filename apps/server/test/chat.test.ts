import { chatMessages, events, orders } from '@meucardapio/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMessages, type Setup, setup } from './chat-fixtures';
import { createEmployee, createTestApp, registerCustomer, signupOwner, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('customer ↔ staff messages', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup(t);
  });

  it('a customer sends on their own order and the staff reads it with the sender name', async () => {
    const sent = await s.alice.client.post('/api/customer/chat/messages', {
      orderId: s.aliceOrder.id,
      message: '  Oi, meu pedido já saiu?  ',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      senderType: 'customer',
      senderId: s.alice.customerId,
      senderName: 'Alice',
      recipientType: 'admin',
      orderId: s.aliceOrder.id,
      message: 'Oi, meu pedido já saiu?',
      mine: true,
    });

    const staff = await s.owner.client.get(`/api/admin/chat/messages?orderId=${s.aliceOrder.id}`);
    expect(staff.status).toBe(200);
    expect(staff.body.order).toMatchObject({ id: s.aliceOrder.id, status: 'pending', canSend: true });
    expect(staff.body.messages).toHaveLength(1);
    expect(staff.body.messages[0]).toMatchObject({ senderName: 'Alice', mine: false });
  });

  it('a staff reply goes to the order customer by default, with the staff name', async () => {
    const reply = await s.owner.client.post('/api/admin/chat/messages', {
      orderId: s.aliceOrder.id,
      message: 'Saiu agora!\nChega em 20 minutos.',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      senderType: 'admin',
      senderId: s.owner.ownerId,
      senderName: 'Dona Teste',
      recipientType: 'customer',
      recipientId: s.alice.customerId,
      message: 'Saiu agora!\nChega em 20 minutos.',
      mine: true,
    });
    const mine = await s.alice.client.get(`/api/customer/chat/messages?orderId=${s.aliceOrder.id}`);
    expect(mine.body.messages.map((m: { message: string }) => m.message)).toEqual([
      'Oi, meu pedido já saiu?',
      'Saiu agora!\nChega em 20 minutos.',
    ]);
    expect(mine.body.messages.map((m: { mine: boolean }) => m.mine)).toEqual([true, false]);
  });

  it('a customer never sees another customer’s messages', async () => {
    await s.bruno.client.post('/api/customer/chat/messages', { orderId: s.brunoOrder.id, message: 'Sou o Bruno' });
    await s.owner.client.post('/api/admin/chat/messages', { orderId: s.brunoOrder.id, message: 'Olá Bruno' });

    const alice = await s.alice.client.get('/api/customer/chat/messages');
    expect(alice.status).toBe(200);
    const texts = alice.body.messages.map((m: { message: string }) => m.message);
    expect(texts).not.toContain('Sou o Bruno');
    expect(texts).not.toContain('Olá Bruno');
    expect(texts).toContain('Oi, meu pedido já saiu?');

    // Asking for Bruno's order directly, reading, or posting on it: 404, nothing written.
    const before = await countMessages(t, s.owner.restaurantId);
    expect((await s.alice.client.get(`/api/customer/chat/messages?orderId=${s.brunoOrder.id}`)).status).toBe(404);
    expect((await s.alice.client.post('/api/customer/chat/read', { orderId: s.brunoOrder.id })).status).toBe(404);
    const post = await s.alice.client.post('/api/customer/chat/messages', { orderId: s.brunoOrder.id, message: 'x' });
    expect(post.status).toBe(404);
    expect(post.body.error.title).toBe('Pedido não encontrado.');
    expect(await countMessages(t, s.owner.restaurantId)).toBe(before);
  });

  it('staff-to-staff notes on an order stay hidden from its customer', async () => {
    const courier = await createEmployee(t, s.owner, { profileType: 'counter', profileName: 'Entregador' });
    await setStatusAndAssign(s.aliceOrder.id, courier.employeeId);
    const note = await s.owner.client.post('/api/admin/chat/messages', {
      orderId: s.aliceOrder.id,
      message: 'Cuidado com o portão',
      recipientType: 'employee',
      recipientId: courier.employeeId,
    });
    expect(note.status).toBe(201);
    const alice = await s.alice.client.get(`/api/customer/chat/messages?orderId=${s.aliceOrder.id}`);
    expect(alice.body.messages.map((m: { message: string }) => m.message)).not.toContain('Cuidado com o portão');
    // …and its realtime event does not name the customer either.
    const [ev] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, s.owner.restaurantId), sql`${events.payload}->>'id' = ${note.body.id}`));
    expect(ev.customerId).toBeNull();
  });
});

async function setStatusAndAssign(orderId: string, employeeId: string) {
  await t.db.update(orders).set({ deliveryEmployeeId: employeeId }).where(eq(orders.id, orderId));
}

describe('delivery person (employee chat user)', () => {
  it('sees own messages, those addressed to them and customer messages of assigned orders only', async () => {
    const s = await setup(t);
    const courier = await createEmployee(t, s.owner, { profileType: 'counter', profileName: 'Entregador' });
    await setStatusAndAssign(s.aliceOrder.id, courier.employeeId);

    await s.alice.client.post('/api/customer/chat/messages', { orderId: s.aliceOrder.id, message: 'Alice aqui' });
    await s.bruno.client.post('/api/customer/chat/messages', { orderId: s.brunoOrder.id, message: 'Bruno aqui' });
    await s.owner.client.post('/api/admin/chat/messages', { orderId: s.brunoOrder.id, message: 'Resposta ao Bruno' });
    await s.owner.client.post('/api/admin/chat/messages', {
      message: 'Passe no balcão',
      recipientType: 'employee',
      recipientId: courier.employeeId,
    });
    const own = await courier.client.post('/api/admin/chat/messages', {
      orderId: s.aliceOrder.id,
      message: 'Estou chegando',
    });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({
      senderType: 'employee',
      recipientType: 'customer',
      recipientId: s.alice.customerId,
    });

    const all = await courier.client.get('/api/admin/chat/messages');
    expect(all.status).toBe(200);
    expect(all.body.messages.map((m: { message: string }) => m.message).sort()).toEqual(
      ['Alice aqui', 'Estou chegando', 'Passe no balcão'].sort(),
    );

    // Unread: only what is addressed to them.
    const unread = await courier.client.get('/api/admin/chat/unread');
    expect(unread.body).toEqual({ byOrder: {}, general: 1, total: 1 });
    expect((await courier.client.post('/api/admin/chat/read', {})).body.updated).toBe(1);
    expect((await courier.client.get('/api/admin/chat/unread')).body.total).toBe(0);

    // An order not assigned to them: no reading, no posting.
    expect((await courier.client.get(`/api/admin/chat/messages?orderId=${s.brunoOrder.id}`)).status).toBe(403);
    expect(
      (await courier.client.post('/api/admin/chat/messages', { orderId: s.brunoOrder.id, message: 'oi' })).status,
    ).toBe(403);

    // The admin side sees everything, staff messages included.
    const admin = await s.owner.client.get('/api/admin/chat/messages');
    expect(admin.body.messages).toHaveLength(5);
  });
});

describe('unread counters', () => {
  it('admin counts customer messages per order; the customer counts staff messages to them; reading resets', async () => {
    const s = await setup(t);
    await s.alice.client.post('/api/customer/chat/messages', { orderId: s.aliceOrder.id, message: 'um' });
    await s.alice.client.post('/api/customer/chat/messages', { orderId: s.aliceOrder.id, message: 'dois' });
    await s.bruno.client.post('/api/customer/chat/messages', { orderId: s.brunoOrder.id, message: 'três' });
    // Staff messages never count for admin-type users.
    await s.owner.client.post('/api/admin/chat/messages', { orderId: s.aliceOrder.id, message: 'resposta' });
    await s.owner.client.post('/api/admin/chat/messages', { orderId: s.aliceOrder.id, message: 'outra resposta' });

    const counter = await createEmployee(t, s.owner, { profileType: 'counter' });
    const before = await counter.client.get('/api/admin/chat/unread');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      byOrder: { [s.aliceOrder.id]: 2, [s.brunoOrder.id]: 1 },
      general: 0,
      total: 3,
    });

    expect((await s.alice.client.get('/api/customer/chat/unread')).body).toEqual({
      byOrder: { [s.aliceOrder.id]: 2 },
      general: 0,
      total: 2,
    });
    expect((await s.bruno.client.get('/api/customer/chat/unread')).body.total).toBe(0);

    // Opening one order's chat resets that order only.
    const read = await counter.client.post('/api/admin/chat/read', { orderId: s.aliceOrder.id });
    expect(read.status).toBe(200);
    expect(read.body.updated).toBe(2);
    expect((await s.owner.client.get('/api/admin/chat/unread')).body).toEqual({
      byOrder: { [s.brunoOrder.id]: 1 },
      general: 0,
      total: 1,
    });
    // The staff reading does not mark the customer's side.
    expect((await s.alice.client.get('/api/customer/chat/unread')).body.total).toBe(2);
    expect((await s.alice.client.post('/api/customer/chat/read', { orderId: s.aliceOrder.id })).body.updated).toBe(2);
    expect((await s.alice.client.get('/api/customer/chat/unread')).body.total).toBe(0);
    // Staff read without an order (general chat) clears the rest.
    expect((await s.owner.client.post('/api/admin/chat/read', {})).body.updated).toBe(1);
    expect((await s.owner.client.get('/api/admin/chat/unread')).body.total).toBe(0);
  });
});

describe('history limit', () => {
  it('returns the last 100 messages, oldest first', async () => {
    const s = await setup(t);
    const base = Date.now() - 200_000;
    await t.db.insert(chatMessages).values(
      Array.from({ length: 105 }, (_, i) => ({
        restaurantId: s.owner.restaurantId,
        orderId: s.aliceOrder.id,
        senderType: i % 2 ? 'admin' : 'customer',
        senderId: i % 2 ? s.owner.ownerId : s.alice.customerId,
        senderName: i % 2 ? 'Dona Teste' : 'Alice',
        recipientType: i % 2 ? 'customer' : 'admin',
        recipientId: i % 2 ? s.alice.customerId : null,
        message: `msg ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const staff = await s.owner.client.get(`/api/admin/chat/messages?orderId=${s.aliceOrder.id}`);
    expect(staff.body.messages).toHaveLength(100);
    expect(staff.body.messages[0].message).toBe('msg 5');
    expect(staff.body.messages[99].message).toBe('msg 104');
    const general = await s.owner.client.get('/api/admin/chat/messages');
    expect(general.body.messages).toHaveLength(100);
    const customer = await s.alice.client.get('/api/customer/chat/messages');
    expect(customer.body.messages).toHaveLength(100);
    expect(customer.body.messages.at(-1).message).toBe('msg 104');
  });
});

describe('permissions and tenants', () => {
  it('kitchen (manage_orders) and cashier-only staff may chat; a profile without permissions gets 403', async () => {
    const s = await setup(t);
    const kitchen = await createEmployee(t, s.owner, { profileType: 'kitchen' });
    expect(
      (await kitchen.client.post('/api/admin/chat/messages', { orderId: s.aliceOrder.id, message: 'Na chapa!' }))
        .status,
    ).toBe(201);
    const cashierOnly = await createEmployee(t, s.owner, {
      profileType: 'custom',
      profileName: 'Só caixa',
      permissions: { manage_cashier: true },
    });
    expect((await cashierOnly.client.get('/api/admin/chat/unread')).status).toBe(200);

    const nobody = await createEmployee(t, s.owner, {
      profileType: 'custom',
      profileName: 'Sem nada',
      permissions: {},
    });
    const before = await countMessages(t, s.owner.restaurantId);
    for (const res of [
      await nobody.client.get('/api/admin/chat/messages'),
      await nobody.client.get('/api/admin/chat/unread'),
      await nobody.client.post('/api/admin/chat/read', {}),
      await nobody.client.post('/api/admin/chat/messages', { orderId: s.aliceOrder.id, message: 'oi' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.title).toBe('Acesso negado');
    }
    expect(await countMessages(t, s.owner.restaurantId)).toBe(before);

    // Customers cannot use the staff routes and staff cannot use the customer ones; anonymous gets 401.
    expect((await s.alice.client.get('/api/admin/chat/messages')).status).toBe(403);
    expect((await s.owner.client.get('/api/customer/chat/messages')).status).toBe(403);
    expect((await t.client().get('/api/customer/chat/unread')).status).toBe(401);
    expect((await t.client().get('/api/admin/chat/unread')).status).toBe(401);
  });

  it('restaurant B staff and customers get nothing of A and cannot post on A’s order', async () => {
    const a = await setup(t);
    await a.alice.client.post('/api/customer/chat/messages', { orderId: a.aliceOrder.id, message: 'segredo de A' });
    const b = await signupOwner(t);
    const bCustomer = await registerCustomer(t, b.slug);

    const list = await b.client.get('/api/admin/chat/messages');
    expect(list.status).toBe(200);
    expect(list.body.messages).toEqual([]);
    expect((await b.client.get('/api/admin/chat/unread')).body.total).toBe(0);
    expect((await b.client.get(`/api/admin/chat/messages?orderId=${a.aliceOrder.id}`)).status).toBe(404);

    const before = await countMessages(t, a.owner.restaurantId);
    const post = await b.client.post('/api/admin/chat/messages', { orderId: a.aliceOrder.id, message: 'invasão' });
    expect(post.status).toBe(404);
    expect(
      (
        await b.client.post('/api/admin/chat/messages', {
          message: 'x',
          recipientType: 'customer',
          recipientId: a.alice.customerId,
        })
      ).status,
    ).toBe(404);
    const read = await b.client.post('/api/admin/chat/read', { orderId: a.aliceOrder.id });
    expect(read.status).toBe(404);
    expect(
      (await bCustomer.client.post('/api/customer/chat/messages', { orderId: a.aliceOrder.id, message: 'x' })).status,
    ).toBe(404);
    expect(await countMessages(t, a.owner.restaurantId)).toBe(before);
    // A's message is still unread for A.
    expect((await a.owner.client.get('/api/admin/chat/unread')).body.total).toBe(1);
  });
});
