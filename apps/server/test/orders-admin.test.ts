import { deliveryStates, events, orderHistory, orderItems, orders, restaurants } from '@meucardapio/db/schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createTestApp, type Owner, registerCustomer, signupOwner, type TestApp } from './helpers';
import { insertOrder } from './ops-fixtures';

let t: TestApp;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
  other = await signupOwner(t);
  // The provider's checkout handle, which payment verification asks with.
  await t.db.update(restaurants).set({ appClientReferrer: 'loja-teste' }).where(eq(restaurants.id, owner.restaurantId));
  // SP is served locally: SP orders are "Delivery", others "Transportadora".
  await t.db
    .insert(deliveryStates)
    .values({ restaurantId: owner.restaurantId, code: 'SP', name: 'São Paulo', cities: ['São Paulo'], active: true });
});
afterAll(async () => {
  await t?.close();
});

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('orders board', () => {
  it('lists newest first with items, history, number, payment status and delivery kind', async () => {
    const a = await insertOrder(t, owner.restaurantId, { createdAt: new Date(Date.now() - 60_000) });
    const b = await insertOrder(t, owner.restaurantId, { state: 'RJ', paymentStatus: 'pending', paymentMethod: 'PIX' });
    const pickup = await insertOrder(t, owner.restaurantId, { deliveryType: 'pickup' });
    await insertOrder(t, other.restaurantId);
    const res = await owner.client.get('/api/admin/orders');
    expect(res.status).toBe(200);
    const ids = res.body.orders.map((o: { id: string }) => o.id);
    expect(ids.slice(0, 3)).toEqual([pickup.id, b.id, a.id]);
    const first = res.body.orders.find((o: { id: string }) => o.id === a.id);
    expect(first.number).toBe(a.number);
    expect(first.shortId).toBe(a.id.slice(-8));
    expect(first.items).toEqual([expect.objectContaining({ name: 'Pizza Margherita', quantity: 2, unitPrice: 4590 })]);
    expect(first.history).toEqual([]);
    expect(first.deliveryKind).toBe('Delivery');
    const carrier = res.body.orders.find((o: { id: string }) => o.id === b.id);
    expect(carrier.deliveryKind).toBe('Transportadora');
    expect(carrier.paymentStatus).toBe('pending');
    expect(res.body.orders.find((o: { id: string }) => o.id === pickup.id).deliveryKind).toBeNull();
    // Never another restaurant's order.
    expect(res.body.orders.every((o: { id: string }) => ids.includes(o.id))).toBe(true);
    expect(res.body.orders).toHaveLength(3);
  });

  it('reads each item and status change whole from the JSON of its order, its time to the millisecond', async () => {
    const o = await insertOrder(t, owner.restaurantId);
    await t.db.delete(orderItems).where(eq(orderItems.orderId, o.id));
    const pizzaFields = {
      name: 'Pizza ½ Calabresa',
      quantity: 1,
      unitPrice: 8890,
      totalPrice: 8890,
      variation: { id: 'v1', name: 'Grande (8 fatias)', price: 2500 },
      addons: [{ id: 'a1', name: 'Borda "catupiry"', price: 900, quantity: 1 }],
      pizzaFlavors: [{ id: 'p1', name: 'Calabresa', price: 5490 }],
      notes: 'Sem cebola\ncortar em 12',
    };
    const goneFields = { name: 'Guaraná', quantity: 2, unitPrice: 700, totalPrice: 1400 };
    const of = { restaurantId: owner.restaurantId, orderId: o.id };
    const [pizza] = await t.db
      .insert(orderItems)
      .values({ ...of, ...pizzaFields })
      .returning();
    const [gone] = await t.db
      .insert(orderItems)
      .values({ ...of, ...goneFields, cancelledAt: new Date(), cancelReason: null, cancelledByName: 'Ana' })
      .returning();
    const [step] = await t.db
      .insert(orderHistory)
      .values({
        ...of,
        status: 'confirmed',
        employeeName: 'Ana',
        notes: 'Cliente pediu pressa',
        // Kept to the microsecond; the view says it to the millisecond.
        createdAt: sql`'2026-12-07 01:48:32.287999+00'::timestamptz`,
      })
      .returning();
    const res = await owner.client.get(`/api/admin/orders?ids=${o.id}`);
    expect(res.status).toBe(200);
    const [view] = res.body.orders;
    const pizzaLine = { id: pizza.id, productId: null, colors: [], ...pizzaFields, cancelled: null };
    const goneLine = {
      id: gone.id,
      productId: null,
      ...goneFields,
      variation: null,
      addons: [],
      colors: [],
      pizzaFlavors: [],
      notes: null,
      cancelled: { reason: '', by: 'Ana' },
    };
    // In the order of their ids, as the order's JSON lists them.
    expect(view.items).toEqual(pizza.id < gone.id ? [pizzaLine, goneLine] : [goneLine, pizzaLine]);
    expect(view.history).toEqual([
      {
        status: 'confirmed',
        employeeName: 'Ana',
        notes: 'Cliente pediu pressa',
        createdAt: '2026-12-07T01:48:32.287Z',
      },
    ]);
    expect(step.createdAt.toISOString()).toBe('2026-12-07T01:48:32.287Z');
  });

  it('filters by status, reading "ready" as confirmed, and refuses unknown ones', async () => {
    const o = await insertOrder(t, owner.restaurantId, { status: 'confirmed' });
    const ready = await owner.client.get('/api/admin/orders?status=ready');
    expect(ready.status).toBe(200);
    expect(ready.body.orders.map((x: { id: string }) => x.id)).toContain(o.id);
    expect(ready.body.orders.every((x: { status: string }) => x.status === 'confirmed')).toBe(true);
    const bad = await owner.client.get('/api/admin/orders?status=eaten');
    expect(bad.status).toBe(400);
    expect(bad.body.error.title).toBe('Dados inválidos');
  });

  it('answers only the orders a live event named, those of them the filtered list shows', async () => {
    const older = await insertOrder(t, owner.restaurantId, { createdAt: new Date(Date.now() - 3600_000) });
    const confirmed = await insertOrder(t, owner.restaurantId, { status: 'confirmed' });
    const theirs = await insertOrder(t, other.restaurantId);
    const named = [older.id, confirmed.id, theirs.id].join(',');
    const all = await owner.client.get(`/api/admin/orders?ids=${named}&limit=60`);
    expect(all.status).toBe(200);
    // Newest first, as the list; never another restaurant's order, even named.
    expect(all.body.orders.map((o: { id: string }) => o.id)).toEqual([confirmed.id, older.id]);
    expect(all.body.orders[1].items).toEqual([expect.objectContaining({ name: 'Pizza Margherita', quantity: 2 })]);
    // Under a filter, a named order of another status is left out: the board drops it from its list.
    const pending = await owner.client.get(`/api/admin/orders?status=pending&ids=${named}`);
    expect(pending.body.orders.map((o: { id: string }) => o.id)).toEqual([older.id]);
    // The other restaurant sees its own, and only it.
    const theirList = await other.client.get(`/api/admin/orders?ids=${named}`);
    expect(theirList.body.orders.map((o: { id: string }) => o.id)).toEqual([theirs.id]);

    const bad = await owner.client.get(`/api/admin/orders?ids=${older.id},123`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.description).toBe('Identificador inválido');
    const tooMany = Array.from({ length: 101 }, () => older.id).join(',');
    const refused = await owner.client.get(`/api/admin/orders?ids=${tooMany}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.description).toBe('Pedidos demais');
  });

  it('refuses anonymous visitors, customers and profiles without manage_orders', async () => {
    expect((await t.client().get('/api/admin/orders')).status).toBe(401);
    const customer = await registerCustomer(t, owner.slug);
    expect((await customer.client.get('/api/admin/orders')).status).toBe(403);
    const cashierOnly = await createEmployee(t, owner, {
      profileType: 'custom',
      profileName: 'Só Caixa',
      permissions: { manage_cashier: true },
    });
    const res = await cashierOnly.client.get('/api/admin/orders');
    expect(res.status).toBe(403);
    expect(res.body.error.title).toBe('Acesso negado');
    // The four operational profiles all hold manage_orders by default.
    for (const profileType of ['kitchen', 'waiter', 'cashier', 'counter'] as const) {
      const e = await createEmployee(t, owner, { profileType });
      expect((await e.client.get('/api/admin/orders')).status).toBe(200);
    }
  });
});

describe('status changes', () => {
  it('records history with the employee name, updated_at and an order.updated event', async () => {
    const customer = await registerCustomer(t, owner.slug);
    const o = await insertOrder(t, owner.restaurantId, { customerId: customer.customerId });
    const kitchen = await createEmployee(t, owner, { profileType: 'kitchen' });
    const before = await orderRow(o.id);
    const res = await kitchen.client.patch(`/api/admin/orders/${o.id}/status`, { status: 'preparing' });
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe('preparing');
    expect(res.body.order.history).toEqual([
      expect.objectContaining({ status: 'preparing', employeeName: kitchen.name }),
    ]);
    const after = await orderRow(o.id);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const [ev] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, owner.restaurantId), eq(events.type, 'order.updated')))
      .orderBy(desc(events.id))
      .limit(1);
    expect(ev.permission).toBe('manage_orders');
    expect(ev.customerId).toBe(customer.customerId);
    expect(ev.payload).toMatchObject({ orderId: o.id, status: 'preparing' });
  });

  it('accepts "ready" and stores it as confirmed; refuses an unknown status', async () => {
    const o = await insertOrder(t, owner.restaurantId, { status: 'preparing' });
    const res = await owner.client.patch(`/api/admin/orders/${o.id}/status`, { status: 'ready' });
    expect(res.status).toBe(200);
    expect((await orderRow(o.id)).status).toBe('confirmed');
    const bad = await owner.client.patch(`/api/admin/orders/${o.id}/status`, { status: 'teleported' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.title).toBe('Dados inválidos');
    const badId = await owner.client.patch('/api/admin/orders/not-a-uuid/status', { status: 'preparing' });
    expect(badId.status).toBe(400);
  });

  it('refuses another restaurant and leaves the order unchanged', async () => {
    const o = await insertOrder(t, owner.restaurantId);
    const res = await other.client.patch(`/api/admin/orders/${o.id}/status`, { status: 'cancelled' });
    expect(res.status).toBe(404);
    expect((await orderRow(o.id)).status).toBe('pending');
    expect((await other.client.get(`/api/admin/orders/${o.id}/receipt`)).status).toBe(404);
    const list = await other.client.get('/api/admin/orders');
    expect(list.body.orders.map((x: { id: string }) => x.id)).not.toContain(o.id);
  });
});

describe('delivery people and delivery confirmation', () => {
  let rider: Awaited<ReturnType<typeof createEmployee>>;
  let riderOrder: string;

  it("blocks sending out when the restaurant has no 'Entregador'", async () => {
    const o = await insertOrder(t, owner.restaurantId, { status: 'confirmed' });
    const res = await owner.client.patch(`/api/admin/orders/${o.id}/status`, { status: 'out_for_delivery' });
    expect(res.status).toBe(409);
    expect(res.body.error.title).toBe('Nenhum entregador disponível');
    // The spec's text named only employees; a courier without a login also does (decision 042).
    expect(res.body.error.description).toBe(
      "Cadastre um entregador (nome e telefone) em Funcionários, ou funcionários com perfil 'Entregador'.",
    );
    expect((await orderRow(o.id)).status).toBe('confirmed');
  });

  it('requires choosing one of the delivery people', async () => {
    rider = await createEmployee(t, owner, {
      profileType: 'counter',
      profileName: 'Entregador',
      permissions: { manage_orders: true, manage_delivery: true },
    });
    const people = await owner.client.get('/api/admin/delivery-people');
    expect(people.status).toBe(200);
    expect(people.body.deliveryPeople).toEqual([expect.objectContaining({ id: rider.employeeId })]);

    const o = await insertOrder(t, owner.restaurantId, { status: 'confirmed' });
    riderOrder = o.id;
    const none = await owner.client.patch(`/api/admin/orders/${o.id}/status`, { status: 'out_for_delivery' });
    expect(none.status).toBe(400);
    expect(none.body.error.title).toBe('Selecione um entregador');
    expect(none.body.error.description).toBe('É obrigatório escolher um entregador para pedidos de delivery.');

    const counter = await createEmployee(t, owner, { profileType: 'counter' });
    const notRider = await owner.client.patch(`/api/admin/orders/${o.id}/status`, {
      status: 'out_for_delivery',
      deliveryEmployeeId: counter.employeeId,
    });
    expect(notRider.status).toBe(400);
    expect(notRider.body.error.title).toBe('Selecione um entregador');

    const ok = await owner.client.patch(`/api/admin/orders/${o.id}/status`, {
      status: 'out_for_delivery',
      deliveryEmployeeId: rider.employeeId,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.order.deliveryEmployee).toEqual({ id: rider.employeeId, name: rider.name });
    expect((await orderRow(o.id)).deliveryEmployeeId).toBe(rider.employeeId);
  });

  it('a delivery person sees only their own orders out for delivery or delivered', async () => {
    const pending = await insertOrder(t, owner.restaurantId);
    const someoneElse = await insertOrder(t, owner.restaurantId, { status: 'out_for_delivery' });
    const res = await rider.client.get('/api/admin/orders');
    expect(res.status).toBe(200);
    const ids = res.body.orders.map((o: { id: string }) => o.id);
    expect(ids).toEqual([riderOrder]);
    expect(ids).not.toContain(pending.id);
    expect(ids).not.toContain(someoneElse.id);
    // Named by an event, others' orders stay out of their board all the same.
    const named = await rider.client.get(`/api/admin/orders?ids=${pending.id},${someoneElse.id},${riderOrder}`);
    expect(named.body.orders.map((o: { id: string }) => o.id)).toEqual([riderOrder]);
    // Not someone else's order, and only "delivered".
    expect(
      (await rider.client.patch(`/api/admin/orders/${someoneElse.id}/status`, { status: 'delivered' })).status,
    ).toBe(404);
    const back = await rider.client.patch(`/api/admin/orders/${riderOrder}/status`, { status: 'preparing' });
    expect(back.status).toBe(403);
    expect((await orderRow(riderOrder)).status).toBe('out_for_delivery');
  });

  it('confirms a local delivery only with the last 4 digits of the phone (three texts)', async () => {
    const url = `/api/admin/orders/${riderOrder}/status`;
    const empty = await rider.client.patch(url, { status: 'delivered' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.title).toBe('Digite os 4 últimos dígitos');
    const format = await rider.client.patch(url, { status: 'delivered', phoneDigits: '43a1' });
    expect(format.status).toBe(400);
    expect(format.body.error.title).toBe('Formato inválido');
    expect(format.body.error.description).toBe('Digite apenas os 4 últimos números do telefone.');
    const wrong = await rider.client.patch(url, { status: 'delivered', phoneDigits: '1234' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.title).toBe('Telefone incorreto');
    expect(wrong.body.error.description).toBe('Os 4 últimos dígitos do telefone não conferem.');
    expect((await orderRow(riderOrder)).status).toBe('out_for_delivery');

    const ok = await rider.client.patch(url, { status: 'delivered', phoneDigits: '4321' });
    expect(ok.status).toBe(200);
    expect(ok.body.order.status).toBe('delivered');
    const history = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, riderOrder));
    expect(history.map((h) => [h.status, h.employeeName])).toContainEqual(['delivered', rider.name]);
  });

  it("'Transportadora' and non-delivery orders skip the digits", async () => {
    const carrier = await insertOrder(t, owner.restaurantId, { state: 'RJ', status: 'confirmed' });
    expect((await owner.client.patch(`/api/admin/orders/${carrier.id}/status`, { status: 'delivered' })).status).toBe(
      200,
    );
    const pickup = await insertOrder(t, owner.restaurantId, { deliveryType: 'pickup', status: 'confirmed' });
    expect((await owner.client.patch(`/api/admin/orders/${pickup.id}/status`, { status: 'delivered' })).status).toBe(
      200,
    );
    // Only delivery orders go "out": a pickup order goes from ready to delivered.
    const pickup2 = await insertOrder(t, owner.restaurantId, { deliveryType: 'pickup', status: 'confirmed' });
    const out = await owner.client.patch(`/api/admin/orders/${pickup2.id}/status`, { status: 'out_for_delivery' });
    expect(out.status).toBe(409);
    expect(out.body.error.description).toBe('Só pedidos de delivery saem para entrega.');
    expect((await orderRow(pickup2.id)).status).toBe('confirmed');
  });

  it('groups orders out for delivery by delivery person', async () => {
    const o = await insertOrder(t, owner.restaurantId, { status: 'confirmed' });
    await owner.client.patch(`/api/admin/orders/${o.id}/status`, {
      status: 'out_for_delivery',
      deliveryEmployeeId: rider.employeeId,
    });
    const res = await owner.client.get('/api/admin/delivery/overview');
    expect(res.status).toBe(200);
    const group = res.body.groups.find(
      (g: { deliveryPerson: { id: string } | null }) => g.deliveryPerson?.id === rider.employeeId,
    );
    expect(group.orders.map((x: { id: string }) => x.id)).toContain(o.id);
    const kitchen = await createEmployee(t, owner, { profileType: 'kitchen' });
    expect((await kitchen.client.get('/api/admin/delivery/overview')).status).toBe(403);
  });
});

describe('receipt', () => {
  it('returns the order and the restaurant header', async () => {
    const o = await insertOrder(t, owner.restaurantId);
    const res = await owner.client.get(`/api/admin/orders/${o.id}/receipt`);
    expect(res.status).toBe(200);
    expect(res.body.restaurant.name).toBeTruthy();
    expect(res.body.order).toMatchObject({ id: o.id, number: o.number, total: o.total });
    expect(res.body.order.items).toHaveLength(1);
  });
});

describe('payment verification', () => {
  type Verify = (i: unknown) => Promise<{ success: boolean; paid: boolean; paidAmount?: number }>;
  const setVerify = (fn: Verify) => {
    (t.deps.integrations as unknown as { payments: { verify: Verify } }).payments = {
      ...((t.deps.integrations as unknown as { payments?: object }).payments ?? {}),
      verify: fn,
    } as never;
  };
  const checkout = (overrides = {}) =>
    insertOrder(t, owner.restaurantId, {
      paymentMethod: 'PIX',
      paymentStatus: 'pending',
      paymentData: { infinitepay_checkout: true, transaction_id: 'TX-1', slug: 'chk-1' },
      ...overrides,
    });

  it('maps success+paid to approved, success without paid to failed, anything else to pending', async () => {
    const calls: unknown[] = [];
    setVerify(async (i) => {
      calls.push(i);
      return { success: true, paid: true, paidAmount: 9680 };
    });
    const a = await checkout();
    const res = await owner.client.post(`/api/admin/orders/${a.id}/verify-payment`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ paymentStatus: 'approved', paymentCheckoutVerified: true });
    expect(calls[0]).toMatchObject({ transactionNsu: 'TX-1', externalOrderNsu: a.id, slug: 'chk-1' });
    const row = await orderRow(a.id);
    expect(row.paymentStatus).toBe('approved');
    expect(row.paymentCheckoutVerified).toBe(true);
    expect(row.paymentStatusCheckedAt).not.toBeNull();

    setVerify(async () => ({ success: true, paid: false }));
    const b = await checkout();
    expect((await owner.client.post(`/api/admin/orders/${b.id}/verify-payment`)).body.paymentStatus).toBe('failed');

    setVerify(async () => ({ success: false, paid: false }));
    const c = await checkout();
    const pending = await owner.client.post(`/api/admin/orders/${c.id}/verify-payment`);
    expect(pending.body).toMatchObject({ paymentStatus: 'pending', paymentCheckoutVerified: false });
  });

  it('a verification error leaves the order pending and unverified', async () => {
    setVerify(async () => {
      throw new Error('provider down');
    });
    const o = await checkout();
    const res = await owner.client.post(`/api/admin/orders/${o.id}/verify-payment`);
    expect(res.status).toBe(200);
    const row = await orderRow(o.id);
    expect(row.paymentStatus).toBe('pending');
    expect(row.paymentCheckoutVerified).toBe(false);
  });

  it('verifies the unverified card/PIX orders in one batch, and refuses cash orders alone', async () => {
    setVerify(async () => ({ success: true, paid: true, paidAmount: 9680 }));
    const o = await checkout();
    const cash = await insertOrder(t, owner.restaurantId);
    const res = await owner.client.post('/api/admin/orders/verify-payments');
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { orderId: string }) => r.orderId)).toContain(o.id);
    expect(res.body.results.map((r: { orderId: string }) => r.orderId)).not.toContain(cash.id);
    expect((await orderRow(o.id)).paymentStatus).toBe('approved');
    const single = await owner.client.post(`/api/admin/orders/${cash.id}/verify-payment`);
    expect(single.status).toBe(400);
    // Another restaurant cannot verify (or learn about) this order.
    expect((await other.client.post(`/api/admin/orders/${o.id}/verify-payment`)).status).toBe(404);
  });
});

describe('status state machine', () => {
  const historyOf = (id: string) => t.db.select().from(orderHistory).where(eq(orderHistory.orderId, id));

  it('the kitchen cannot jump a pending order to delivered (409 pt-BR, nothing changes)', async () => {
    const o = await insertOrder(t, owner.restaurantId, { deliveryType: 'pickup' });
    const kitchen = await createEmployee(t, owner, { profileType: 'kitchen' });
    for (const status of ['delivered', 'ready', 'out_for_delivery']) {
      const res = await kitchen.client.patch(`/api/admin/orders/${o.id}/status`, { status, phoneDigits: '4321' });
      expect(res.status, status).toBe(409);
      expect(res.body.error.title).toBe('Mudança de status não permitida');
    }
    const res = await kitchen.client.patch(`/api/admin/orders/${o.id}/status`, { status: 'delivered' });
    expect(res.body.error.description).toBe('O pedido está "Pendente" e não pode passar para "Entregue".');
    expect((await orderRow(o.id)).status).toBe('pending');
    expect(await historyOf(o.id)).toEqual([]);
  });

  it('walks a delivery order through every step and refuses going back', async () => {
    const o = await insertOrder(t, owner.restaurantId);
    const rider = await createEmployee(t, owner, { profileType: 'counter', profileName: 'Entregador' });
    const url = `/api/admin/orders/${o.id}/status`;
    expect((await owner.client.patch(url, { status: 'preparing' })).status).toBe(200);
    const back = await owner.client.patch(url, { status: 'pending' });
    expect(back.status).toBe(409);
    expect(back.body.error.description).toBe('O pedido está "Preparando" e não pode passar para "Pendente".');
    expect((await owner.client.patch(url, { status: 'ready' })).status).toBe(200);
    const out = await owner.client.patch(url, { status: 'out_for_delivery', deliveryEmployeeId: rider.employeeId });
    expect(out.status).toBe(200);
    expect((await owner.client.patch(url, { status: 'delivered', phoneDigits: '4321' })).status).toBe(200);
    const after = await owner.client.patch(url, { status: 'cancelled' });
    expect(after.status).toBe(409);
    expect(after.body.error.description).toBe('Este pedido já está entregue e não muda mais de status.');
    expect((await historyOf(o.id)).map((h) => h.status)).toEqual([
      'preparing',
      'confirmed',
      'out_for_delivery',
      'delivered',
    ]);
  });

  it('a cancelled order is final; setting the current status again changes nothing', async () => {
    const o = await insertOrder(t, owner.restaurantId, { status: 'preparing' });
    const url = `/api/admin/orders/${o.id}/status`;
    const same = await owner.client.patch(url, { status: 'preparing' });
    expect(same.status).toBe(200);
    expect(await historyOf(o.id)).toEqual([]);
    expect((await owner.client.patch(url, { status: 'cancelled' })).status).toBe(200);
    const revive = await owner.client.patch(url, { status: 'preparing' });
    expect(revive.status).toBe(409);
    expect(revive.body.error.description).toBe('Este pedido já está cancelado e não muda mais de status.');
    expect((await orderRow(o.id)).status).toBe('cancelled');
  });
});
