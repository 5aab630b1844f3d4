import { orderHistory, orderItems, orders, products } from '@meucardapio/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createTestApp, type Owner, registerCustomer, signupOwner, type TestApp } from './helpers';
import { insertOrder } from './ops-fixtures';
import { openStream } from './sse';

let t: TestApp;
let owner: Owner;
let other: Owner;
let cook: Awaited<ReturnType<typeof createEmployee>>;
let pizzas: string;
let bebidas: string;
let pizzaId: string;
let drinkId: string;

type BoardOrder = {
  id: string;
  number: number;
  items: { name: string; stationId: string | null }[];
  otherItems: number;
};

async function product(restaurantId: string, name: string, stationId: string | null) {
  const [row] = await t.db
    .insert(products)
    .values({ restaurantId, name, price: 1000, stationId })
    .returning({ id: products.id });
  return row.id;
}

/** A preparing order with one line per product given, created `minutesAgo` minutes ago. */
async function preparingOrder(restaurantId: string, lines: { productId: string; name: string }[], minutesAgo = 0) {
  const order = await insertOrder(
    t,
    restaurantId,
    { status: 'preparing', createdAt: new Date(Date.now() - minutesAgo * 60_000) },
    { items: lines.map((l) => ({ name: l.name, quantity: 1, unitPrice: 1000 })) },
  );
  for (const l of lines) {
    await t.db
      .update(orderItems)
      .set({ productId: l.productId })
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.name, l.name)));
  }
  return order;
}

const boardIds = (body: { orders: BoardOrder[] }) => body.orders.map((o) => o.id);

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
  other = await signupOwner(t);
  cook = await createEmployee(t, owner, { profileType: 'kitchen' });
  const a = await owner.client.post('/api/admin/kitchen/stations', { name: 'Pizzas' });
  const b = await owner.client.post('/api/admin/kitchen/stations', { name: 'Bebidas' });
  expect(a.status).toBe(201);
  expect(b.status).toBe(201);
  pizzas = a.body.station.id;
  bebidas = b.body.station.id;
  pizzaId = await product(owner.restaurantId, 'Pizza Calabresa', pizzas);
  drinkId = await product(owner.restaurantId, 'Guaraná 2L', bebidas);
});
afterAll(async () => {
  await t?.close();
});

describe('kitchen board', () => {
  it('shows only preparing orders, oldest first, and each station only its items', async () => {
    const mixed = await preparingOrder(
      owner.restaurantId,
      [
        { productId: pizzaId, name: 'Pizza Calabresa' },
        { productId: drinkId, name: 'Guaraná 2L' },
      ],
      10,
    );
    const drinksOnly = await preparingOrder(owner.restaurantId, [{ productId: drinkId, name: 'Guaraná 2L' }], 5);
    const pending = await insertOrder(t, owner.restaurantId, { status: 'pending' });
    const ready = await insertOrder(t, owner.restaurantId, { status: 'confirmed' });

    const all = await cook.client.get('/api/admin/kitchen/board');
    expect(all.status).toBe(200);
    expect(boardIds(all.body)).toEqual([mixed.id, drinksOnly.id]);
    expect(boardIds(all.body)).not.toContain(pending.id);
    expect(boardIds(all.body)).not.toContain(ready.id);
    expect(all.body.orders[0].items.map((i: { name: string }) => i.name)).toEqual(['Pizza Calabresa', 'Guaraná 2L']);
    expect(all.body.thresholds).toEqual({ warnMinutes: 15, lateMinutes: 25 });
    expect(all.body.stations.map((s: { name: string }) => s.name)).toEqual(['Pizzas', 'Bebidas']);

    const pizzaBoard = await cook.client.get(`/api/admin/kitchen/board?station=${pizzas}`);
    expect(boardIds(pizzaBoard.body)).toEqual([mixed.id]);
    expect(pizzaBoard.body.orders[0].items.map((i: { name: string }) => i.name)).toEqual(['Pizza Calabresa']);
    expect(pizzaBoard.body.orders[0].otherItems).toBe(1);

    const drinkBoard = await cook.client.get(`/api/admin/kitchen/board?station=${bebidas}`);
    expect(boardIds(drinkBoard.body)).toEqual([mixed.id, drinksOnly.id]);
    expect(drinkBoard.body.orders.map((o: BoardOrder) => o.items.map((i) => i.name))).toEqual([
      ['Guaraná 2L'],
      ['Guaraná 2L'],
    ]);

    // Moving the product to another station moves the items already on the board.
    await t.db.update(products).set({ stationId: bebidas }).where(eq(products.id, pizzaId));
    expect(boardIds((await cook.client.get(`/api/admin/kitchen/board?station=${pizzas}`)).body)).toEqual([]);
    await t.db.update(products).set({ stationId: pizzas }).where(eq(products.id, pizzaId));

    await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.restaurantId, owner.restaurantId));
  });

  it('refuses a malformed or unknown station', async () => {
    const bad = await cook.client.get('/api/admin/kitchen/board?station=pizzas');
    expect(bad.status).toBe(400);
    expect(bad.body.error.description).toBe('Estação inválida');
    const foreign = await other.client.post('/api/admin/kitchen/stations', { name: 'Pizzas' });
    const res = await cook.client.get(`/api/admin/kitchen/board?station=${foreign.body.station.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.title).toBe('Estação não encontrada');
  });
});

describe('Pronto', () => {
  it('moves the order to ready through the board: history, event, and the board shows it as Pronto', async () => {
    const order = await preparingOrder(owner.restaurantId, [{ productId: pizzaId, name: 'Pizza Calabresa' }]);
    const stream = await openStream(t.app, owner.client, '/api/events/staff');
    await stream.waitFor((e) => e.event === 'ready');
    const res = await cook.client.post(`/api/admin/kitchen/orders/${order.id}/ready`);
    expect(res.status).toBe(200);
    expect(res.body.order).toEqual({ id: order.id, number: order.number, status: 'confirmed' });
    const event = await stream.waitFor((e) => e.event === 'order.updated' && e.data.includes(order.id));
    expect(JSON.parse(event!.data)).toMatchObject({ status: 'confirmed', previousStatus: 'preparing' });
    await stream.close();
    const history = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id));
    expect(history.map((h) => [h.status, h.employeeName])).toEqual([['confirmed', cook.name]]);
    const board = await owner.client.get('/api/admin/orders?status=ready');
    expect(board.body.orders.map((o: { id: string }) => o.id)).toContain(order.id);
    expect(boardIds((await cook.client.get('/api/admin/kitchen/board')).body)).not.toContain(order.id);
  });

  it('twice at once moves the order once and both answer Pronto', async () => {
    const order = await preparingOrder(owner.restaurantId, [{ productId: pizzaId, name: 'Pizza Calabresa' }]);
    const second = await createEmployee(t, owner, { profileType: 'kitchen' });
    const [a, b] = await Promise.all([
      cook.client.post(`/api/admin/kitchen/orders/${order.id}/ready`),
      second.client.post(`/api/admin/kitchen/orders/${order.id}/ready`),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.order.status).toBe('confirmed');
    expect(b.body.order.status).toBe('confirmed');
    const history = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id));
    expect(history).toHaveLength(1);
  });

  it('refuses an order that is not in preparation, and an unknown one', async () => {
    const pending = await insertOrder(t, owner.restaurantId, { status: 'pending' });
    const res = await cook.client.post(`/api/admin/kitchen/orders/${pending.id}/ready`);
    expect(res.status).toBe(409);
    expect(res.body.error.title).toBe('Pedido fora da cozinha');
    expect((await t.db.select().from(orders).where(eq(orders.id, pending.id)))[0].status).toBe('pending');
    const bad = await cook.client.post('/api/admin/kitchen/orders/nao-e-um-id/ready');
    expect(bad.status).toBe(400);
  });
});

describe('access', () => {
  it("another restaurant's staff cannot see or mark this restaurant's orders or stations", async () => {
    const order = await preparingOrder(owner.restaurantId, [{ productId: pizzaId, name: 'Pizza Calabresa' }]);
    const board = await other.client.get('/api/admin/kitchen/board');
    expect(board.status).toBe(200);
    expect(boardIds(board.body)).not.toContain(order.id);
    expect(board.body.stations.map((s: { id: string }) => s.id)).not.toContain(pizzas);
    const mark = await other.client.post(`/api/admin/kitchen/orders/${order.id}/ready`);
    expect(mark.status).toBe(404);
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('preparing');
    expect((await other.client.put(`/api/admin/kitchen/stations/${pizzas}`, { name: 'Roubada' })).status).toBe(404);
    expect((await other.client.delete(`/api/admin/kitchen/stations/${pizzas}`)).status).toBe(404);
    const stations = await owner.client.get('/api/admin/kitchen/stations');
    expect(stations.body.stations.find((s: { id: string }) => s.id === pizzas).name).toBe('Pizzas');
    // A product cannot be put in another restaurant's station.
    const foreign = await other.client.post('/api/admin/kitchen/stations', { name: 'Sobremesas' });
    const create = await owner.client.post('/api/admin/products', {
      name: 'Pudim',
      price: 1200,
      stationId: foreign.body.station.id,
    });
    expect(create.status).toBe(400);
    expect(create.body.error.title).toBe('Estação não encontrada');
  });

  it('answers 403 to staff without the kitchen permission, customers included', async () => {
    const order = await preparingOrder(owner.restaurantId, [{ productId: pizzaId, name: 'Pizza Calabresa' }]);
    const waiter = await createEmployee(t, owner, { profileType: 'waiter' });
    expect((await waiter.client.get('/api/admin/kitchen/board')).status).toBe(403);
    const mark = await waiter.client.post(`/api/admin/kitchen/orders/${order.id}/ready`);
    expect(mark.status).toBe(403);
    expect(mark.body.error.title).toBe('Acesso negado');
    const customer = await registerCustomer(t, owner.slug);
    expect((await customer.client.get('/api/admin/kitchen/board')).status).toBe(403);
    expect((await t.client().get('/api/admin/kitchen/board')).status).toBe(401);
    // The cook runs the screen but does not manage stations or thresholds.
    expect((await cook.client.post('/api/admin/kitchen/stations', { name: 'Grelha' })).status).toBe(403);
    expect((await cook.client.put('/api/admin/kitchen/settings', { warnMinutes: 1, lateMinutes: 2 })).status).toBe(403);
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('preparing');
  });

  it('a kitchen-only profile follows new orders live without the board permission', async () => {
    const screen = await createEmployee(t, owner, {
      profileType: 'custom',
      profileName: 'Tela da cozinha',
      permissions: { manage_kitchen: true },
    });
    expect((await screen.client.get('/api/admin/orders')).status).toBe(403);
    expect((await screen.client.get('/api/admin/kitchen/board')).status).toBe(200);
    const stream = await openStream(t.app, screen.client, '/api/events/staff');
    await stream.waitFor((e) => e.event === 'ready');
    const order = await insertOrder(t, owner.restaurantId, { status: 'pending' }, { event: true });
    expect(await stream.waitFor((e) => e.event === 'order.created' && e.data.includes(order.id))).toBeTruthy();
    await stream.close();
  });
});

describe('stations and thresholds', () => {
  it('creates, renames and deletes stations; names are unique per restaurant whatever the case', async () => {
    const dup = await owner.client.post('/api/admin/kitchen/stations', { name: 'pizzas' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.title).toBe('Estação já existe');
    const empty = await owner.client.post('/api/admin/kitchen/stations', { name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.description).toBe('Informe o nome da estação.');
    const created = await owner.client.post('/api/admin/kitchen/stations', { name: 'Sobremesas' });
    const id = created.body.station.id;
    expect(created.body.station).toMatchObject({ name: 'Sobremesas', sortOrder: 2, productCount: 0 });
    const pudim = await product(owner.restaurantId, 'Pudim', id);
    const renamed = await owner.client.put(`/api/admin/kitchen/stations/${id}`, { name: 'Doces' });
    expect(renamed.body.station).toMatchObject({ name: 'Doces', productCount: 1 });
    expect((await owner.client.delete(`/api/admin/kitchen/stations/${id}`)).status).toBe(204);
    // Its products stay, with no station.
    expect((await t.db.select().from(products).where(eq(products.id, pudim)))[0].stationId).toBeNull();
  });

  it('the product form sets and keeps the station', async () => {
    const created = await owner.client.post('/api/admin/products', {
      name: 'Suco de Laranja',
      price: 900,
      stationId: bebidas,
    });
    expect(created.status).toBe(201);
    expect(created.body.product.stationId).toBe(bebidas);
    const id = created.body.product.id;
    // A client that does not send the station keeps it; null clears it.
    await owner.client.put(`/api/admin/products/${id}`, { name: 'Suco de Laranja 500 ml', price: 900 });
    expect((await t.db.select().from(products).where(eq(products.id, id)))[0].stationId).toBe(bebidas);
    await owner.client.put(`/api/admin/products/${id}`, {
      name: 'Suco de Laranja 500 ml',
      price: 900,
      stationId: null,
    });
    expect((await t.db.select().from(products).where(eq(products.id, id)))[0].stationId).toBeNull();
  });

  it('the owner sets the timer thresholds; red must come after amber', async () => {
    const bad = await owner.client.put('/api/admin/kitchen/settings', { warnMinutes: 20, lateMinutes: 10 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.description).toBe('O tempo do alerta vermelho deve ser maior que o do amarelo.');
    const ok = await owner.client.put('/api/admin/kitchen/settings', { warnMinutes: 8, lateMinutes: 12 });
    expect(ok.body.thresholds).toEqual({ warnMinutes: 8, lateMinutes: 12 });
    expect((await cook.client.get('/api/admin/kitchen/board')).body.thresholds).toEqual({
      warnMinutes: 8,
      lateMinutes: 12,
    });
    expect((await other.client.get('/api/admin/kitchen/settings')).body.thresholds).toEqual({
      warnMinutes: 15,
      lateMinutes: 25,
    });
  });
});
