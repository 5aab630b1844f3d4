import { createHash, createHmac } from 'node:crypto';
import { marketplaceConnections, marketplaceOutbox, menuApiKeys, products, restaurants } from '@meucardapio/db/schema';
import { seedDemo } from '@meucardapio/db/seed/demo';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainAppOutbox } from '../src/modules/marketplace/app-outbox';
import { type IfoodFake, startIfoodFake } from './fixtures/ifood-fake';
import { type OpenDeliveryFake, startOpenDeliveryFake } from './fixtures/open-delivery-fake';
import { schemaErrors } from './fixtures/open-delivery-schema';
import { createTestApp, type Owner, signupOwner, type TestApp } from './helpers';
import { statementsSent } from './sent-statements';

/*
 * Orders from ordering apps through the real Open Delivery client against a local fake app that
 * checks every request and answer against the standard's description; the worker's timer is off and
 * each test runs the poll or the outbox itself.
 */

let t: TestApp;
let owner: Owner;
let other: Owner;
let od: OpenDeliveryFake;
let ifood: IfoodFake;
let pizzaId: string;
let connectionId: string;

beforeAll(async () => {
  od = await startOpenDeliveryFake();
  ifood = await startIfoodFake();
  t = await createTestApp({
    MARKETPLACE_TICK_MS: '3600000',
    MARKETPLACE_HTTP_TIMEOUT_MS: '2000',
    IFOOD_API_URL: ifood.url,
  });
  owner = await signupOwner(t);
  other = await signupOwner(t);
  const [pizza] = await t.db
    .insert(products)
    .values({
      restaurantId: owner.restaurantId,
      name: 'Pizza Calabresa',
      price: 4500,
      controleEstoque: true,
      estoque: 10,
    })
    .returning();
  pizzaId = pizza.id;
});
afterAll(async () => {
  await t?.close();
  await od?.close();
  await ifood?.close();
});

/** Runs one poll of every connection due now (the worker's tick), then the calls owed. */
async function poll() {
  await t.db.update(marketplaceConnections).set({ nextPollAt: new Date(0) });
  await t.marketplace.tick();
}

async function appOrders(client = owner.client) {
  const res = await client.get('/api/admin/orders');
  expect(res.status).toBe(200);
  return (
    res.body.orders as {
      id: string;
      channel: string | null;
      status: string;
      marketplace: { displayId: string } | null;
    }[]
  ).filter((o) => o.channel);
}

const pizzaOrder = () =>
  od.addOrder({ items: [{ externalCode: pizzaId, name: 'Pizza Calabresa', price: 4200, quantity: 2 }] });

describe('Configurações → Integrações', () => {
  it('refuses incomplete connections with a message, keeps credentials write-only', async () => {
    const missing = await owner.client.put('/api/admin/integrations', { app: 'keeta', merchantId: od.merchantId });
    expect(missing.status).toBe(400);
    expect(missing.body.error.description).toContain('client id');
    const badUrl = await owner.client.put('/api/admin/integrations', { app: 'keeta', baseUrl: 'ftp://x' });
    expect(badUrl.status).toBe(400);

    const saved = await owner.client.put('/api/admin/integrations', {
      app: 'keeta',
      merchantId: od.merchantId,
      baseUrl: od.url,
      tokenUrl: `${od.url}/oauth/token`,
      clientId: od.clientId,
      clientSecret: od.clientSecret,
    });
    expect(saved.status, saved.text).toBe(200);
    connectionId = saved.body.connection.id;
    const list = await owner.client.get('/api/admin/integrations');
    expect(list.body.connections).toEqual([
      expect.objectContaining({ app: 'keeta', kind: 'open_delivery', hasCredentials: true }),
    ]);
    expect(list.text).not.toContain(od.clientSecret);
    expect(list.text).not.toContain(od.clientId);

    const tested = await owner.client.post(`/api/admin/integrations/${connectionId}/test`);
    expect(tested.body, tested.text).toMatchObject({ ok: true });
  });

  it("another restaurant neither sees nor changes this restaurant's connection", async () => {
    expect((await other.client.get('/api/admin/integrations')).body.connections).toEqual([]);
    expect((await other.client.post(`/api/admin/integrations/${connectionId}/test`)).status).toBe(404);
    expect((await other.client.delete(`/api/admin/integrations/${connectionId}`)).status).toBe(404);
    expect((await other.client.get(`/api/admin/integrations/${connectionId}/calls`)).status).toBe(404);
  });
});

describe('orders in (events polling)', () => {
  it('stores a page of events with their orders, then acknowledges them', async () => {
    const order = pizzaOrder();
    const created = od.addEvent(order.id as string, 'CREATED');
    const texts = await statementsSent(poll);
    expect(od.acked).toContain(created.eventId);
    // On a server, its link to the app is written by the order's own (kept) statement (decision 130).
    if (process.env.TEST_DB === 'postgres') {
      const links = texts.filter((text) => text.includes('insert into "marketplace_orders"'));
      expect(links).toHaveLength(1);
      expect(links[0]).toMatch(/^select mc_keep_prepared\(.*insert into "orders"/s);
    }
    const mine = (await appOrders()).find((o) => o.marketplace?.displayId === order.displayId);
    expect(mine).toMatchObject({ channel: 'keeta', status: 'pending' });
    const full = (await owner.client.get('/api/admin/orders')).body.orders.find(
      (o: { id: string }) => o.id === mine?.id,
    );
    // The app's prices (it charged them), our stock.
    expect(full).toMatchObject({ subtotal: 8400, deliveryFee: 700, total: 9100, paymentStatus: 'approved' });
    const [pizza] = await t.db.select().from(products).where(eq(products.id, pizzaId));
    expect(pizza.estoque).toBe(8);
    expect(od.violations).toEqual([]);
  });

  it('a poller that dies between storing and acknowledging: the events come again, still one order', async () => {
    const order = pizzaOrder();
    od.addEvent(order.id as string, 'CREATED');
    od.failNextAck();
    await poll();
    const health = (await owner.client.get('/api/admin/integrations')).body.connections[0];
    expect(health.lastError).toBeTruthy();
    await poll();
    const matching = (await appOrders()).filter((o) => o.marketplace?.displayId === order.displayId);
    expect(matching).toHaveLength(1);
    const [connection] = await t.db
      .select()
      .from(marketplaceConnections)
      .where(eq(marketplaceConnections.id, connectionId));
    expect(connection.eventsWaiting).toBe(0);
  });

  it('the same event delivered twice (polled and pushed) places one order', async () => {
    const order = pizzaOrder();
    const event = od.addEvent(order.id as string, 'CREATED');
    const raw = JSON.stringify(event);
    const pushed = await t.client().post('/v1/newEvent', raw, {
      'x-app-id': '6a0ed0f0-4dd7-4b5b-9a3c-1e8b1c9e0b11',
      'x-app-merchantid': od.merchantId,
      'x-app-signature': createHmac('sha256', od.clientSecret).update(raw).digest('hex'),
    });
    expect(pushed.status, pushed.text).toBe(204);
    await poll();
    expect((await appOrders()).filter((o) => o.marketplace?.displayId === order.displayId)).toHaveLength(1);
  });

  it('a webhook with a wrong or missing signature is refused with 403', async () => {
    const order = pizzaOrder();
    const raw = JSON.stringify({
      eventId: crypto.randomUUID(),
      eventType: 'CREATED',
      orderId: order.id,
      orderURL: 'x',
      createdAt: new Date().toISOString(),
    });
    const headers = { 'x-app-merchantid': od.merchantId };
    const wrong = await t.client().post('/v1/newEvent', raw, {
      ...headers,
      'x-app-signature': createHmac('sha256', 'outro').update(raw).digest('hex'),
    });
    expect(wrong.status).toBe(403);
    expect((await t.client().post('/v1/newEvent', raw, headers)).status).toBe(403);
    expect((await appOrders()).some((o) => o.marketplace?.displayId === order.displayId)).toBe(false);
  });

  it('events out of order: applied by time, an order never moves backwards', async () => {
    const order = pizzaOrder();
    const at = (s: number) => new Date(Date.now() - 60_000 + s * 1000);
    // One page in the wrong order, then a late event from before the last one.
    od.addEvent(order.id as string, 'DISPATCHED', at(30));
    od.addEvent(order.id as string, 'CREATED', at(1));
    od.addEvent(order.id as string, 'CONFIRMED', at(10));
    await poll();
    od.addEvent(order.id as string, 'READY_FOR_PICKUP', at(20));
    await poll();
    const mine = (await appOrders()).find((o) => o.marketplace?.displayId === order.displayId);
    expect(mine?.status).toBe('out_for_delivery');
    expect(od.violations).toEqual([]);
  });
});

describe('status out (the outbox)', () => {
  it('staff accept → confirm sent once, even when the first call times out', async () => {
    const order = pizzaOrder();
    od.addEvent(order.id as string, 'CREATED');
    await poll();
    const mine = (await appOrders()).find((o) => o.marketplace?.displayId === order.displayId);
    od.slowNext('confirm', 3000);
    const accepted = await owner.client.patch(`/api/admin/orders/${mine?.id}/status`, { status: 'preparing' });
    expect(accepted.status, accepted.text).toBe(200);
    // A double click queues nothing more.
    await owner.client.patch(`/api/admin/orders/${mine?.id}/status`, { status: 'preparing' });
    await drainAppOutbox(t.deps, { retryDelaysMs: [0, 0, 0] });
    const [confirmRow] = await t.db.select().from(marketplaceOutbox).where(eq(marketplaceOutbox.action, 'confirm'));
    expect(confirmRow.attempts).toBeGreaterThanOrEqual(1);
    await drainAppOutbox(t.deps, { retryDelaysMs: [0, 0, 0] });
    const confirms = od.calls.filter((c) => c.action === 'confirm' && c.orderId === order.id);
    expect(confirms).toHaveLength(1);
    expect(confirms[0].body).toMatchObject({ orderExternalCode: expect.any(String) });

    await owner.client.patch(`/api/admin/orders/${mine?.id}/status`, { status: 'confirmed' });
    const out = await owner.client.patch(`/api/admin/orders/${mine?.id}/status`, { status: 'out_for_delivery' });
    expect(out.status, out.text).toBe(200);
    await drainAppOutbox(t.deps, { retryDelaysMs: [0, 0, 0] });
    expect(od.calls.filter((c) => c.orderId === order.id).map((c) => c.action)).toEqual([
      'confirm',
      'readyForPickup',
      'dispatch',
    ]);
    expect(od.violations).toEqual([]);
  });

  it('staff cancel with a reason code; an app cancellation request is answered by staff', async () => {
    const order = pizzaOrder();
    od.addEvent(order.id as string, 'CREATED');
    await poll();
    const mine = (await appOrders()).find((o) => o.marketplace?.displayId === order.displayId);
    const cancelled = await owner.client.patch(`/api/admin/orders/${mine?.id}/status`, {
      status: 'cancelled',
      cancelReason: 'UNAVAILABLE_ITEM',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    await drainAppOutbox(t.deps, { retryDelaysMs: [0] });
    expect(od.calls.find((c) => c.orderId === order.id)).toMatchObject({
      action: 'requestCancellation',
      body: { code: 'UNAVAILABLE_ITEM', mode: 'MANUAL' },
    });

    const second = pizzaOrder();
    od.addEvent(second.id as string, 'CREATED');
    od.addEvent(second.id as string, 'ORDER_CANCELLATION_REQUEST', new Date(Date.now() + 1000), {
      reason: 'Cliente desistiu',
      code: 'CONSUMER_CANCELLATION_REQUESTED',
    });
    await poll();
    const asked = (await appOrders()).find((o) => o.marketplace?.displayId === second.displayId);
    expect(asked?.marketplace).toMatchObject({ cancellationRequested: { reason: 'Cliente desistiu' } });
    expect((await other.client.post(`/api/admin/orders/${asked?.id}/app-cancellation`, { accept: true })).status).toBe(
      404,
    );
    const answered = await owner.client.post(`/api/admin/orders/${asked?.id}/app-cancellation`, { accept: true });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body.order.status).toBe('cancelled');
    await drainAppOutbox(t.deps, { retryDelaysMs: [0] });
    expect(od.calls.filter((c) => c.orderId === second.id).map((c) => c.action)).toEqual(['acceptCancellation']);
    expect(od.violations).toEqual([]);
  });
});

// Seeding the whole demo (a month of history) takes an embedded database well over the default 30 s on a
// machine busy with the other suites.
describe('our menu out (GET /v1/merchant)', { timeout: 120_000 }, () => {
  it("serves the demo menu in the standard's Merchant shape, two-flavour pizzas included, behind the API key", async () => {
    const demo = await seedDemo(t.db, { hashPassword: async (pw) => `fake-hash:${pw}` });
    if (!demo) throw new Error('demo not seeded');
    const key = 'mc_teste-demo-key-0123456789';
    await t.db.insert(menuApiKeys).values({
      restaurantId: demo.restaurantId,
      keyHash: createHash('sha256').update(key).digest('hex'),
      keyPrefix: key.slice(0, 8),
    });
    expect((await t.client().get('/v1/merchant')).status).toBe(403);
    expect((await t.client().get('/v1/merchant', { 'x-api-key': 'mc_errada' })).status).toBe(403);

    const res = await t.client().get('/v1/merchant', { 'x-api-key': key });
    expect(res.status, res.text).toBe(200);
    expect(schemaErrors('Merchant', res.body)).toEqual([]);
    expect(res.body.id).toBe(demo.restaurantId);
    // The demo's own point on the map, as seeded.
    expect(res.body.basicInfo.address).toMatchObject({ latitude: -23.561414, longitude: -46.655881 });
    const flavors = res.body.optionGroups.find((g: { name: string }) => g.name === 'Sabores');
    expect(flavors.minPermitted).toBe(1);
    expect(flavors.maxPermitted).toBeGreaterThanOrEqual(2);
    expect(flavors.options.length).toBeGreaterThan(1);
    const itemIds = new Set(res.body.items.map((i: { id: string }) => i.id));
    for (const o of flavors.options) expect(itemIds.has(o.itemId)).toBe(true);

    // The owner generates a key for their own restaurant only.
    const generated = await owner.client.post('/api/admin/integrations/menu-key');
    expect(generated.status).toBe(201);
    // Not on the map yet: apps are told to come back, never handed a made-up point.
    const unlocated = await t.client().get('/v1/merchant', { 'x-api-key': generated.body.key });
    expect(unlocated.status).toBe(503);
    expect(unlocated.body.title).toContain('Localização do restaurante');
    expect((await owner.client.get('/api/admin/integrations')).body.located).toBe(false);
    await t.db
      .update(restaurants)
      .set({ latitude: -23.55052, longitude: -46.633308 })
      .where(eq(restaurants.id, owner.restaurantId));
    expect((await owner.client.get('/api/admin/integrations')).body.located).toBe(true);
    const mine = await t.client().get('/v1/merchant', { 'x-api-key': generated.body.key });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.id).toBe(owner.restaurantId);
    expect(schemaErrors('Merchant', mine.body)).toEqual([]);
    expect(mine.body.basicInfo.address).toMatchObject({ latitude: -23.55052, longitude: -46.633308 });
    // A product without a category is offered in "Outros", not left out.
    const others = mine.body.categories.find((c: { name: string }) => c.name === 'Outros');
    const offered = mine.body.itemOffers.filter((o: { id: string }) => others?.itemOfferId.includes(o.id));
    expect(offered.map((o: { itemId: string }) => o.itemId)).toContain(pizzaId);

    // A menu change is announced to the connected app at its next poll, once.
    await poll();
    const before = od.menuUpdates.length;
    await t.db.update(products).set({ price: 4700, updatedAt: new Date() }).where(eq(products.id, pizzaId));
    await poll();
    await poll();
    expect(od.menuUpdates.length).toBe(before + 1);
  });
});

describe('iFood', () => {
  it('polls its events, stores then acknowledges, accepts automatically and cancels with its codes', async () => {
    const saved = await owner.client.put('/api/admin/integrations', {
      app: 'ifood',
      merchantId: ifood.merchantId,
      clientId: ifood.clientId,
      clientSecret: ifood.clientSecret,
      autoConfirm: true,
    });
    expect(saved.status, saved.text).toBe(200);
    const order = ifood.addOrder([{ externalCode: pizzaId, name: 'Pizza Calabresa', price: 4300, quantity: 1 }]);
    const placed = ifood.addEvent(order.id, 'PLC');
    await poll();
    expect(ifood.polledMerchants.at(-1)).toEqual([ifood.merchantId]);
    expect(ifood.acked).toContain(placed.id);
    const mine = (await appOrders()).find((o) => o.marketplace?.displayId === order.displayId);
    expect(mine).toMatchObject({ channel: 'ifood', status: 'preparing' });
    // The day's cash report splits the sales by where they came from.
    const daily = await owner.client.get('/api/admin/cashier/reports/daily');
    expect(daily.status, daily.text).toBe(200);
    expect(daily.body.sources[0]).toMatchObject({ source: 'own', label: 'Próprio' });
    // The app's order amount: R$ 43,00 of pizza and its R$ 5,99 delivery fee.
    expect(daily.body.sources).toContainEqual({ source: 'ifood', label: 'iFood', count: 1, total: 4899 });
    await drainAppOutbox(t.deps, { retryDelaysMs: [0] });
    expect(ifood.calls.filter((c) => c.orderId === order.id).map((c) => c.action)).toEqual([
      'confirm',
      'startPreparation',
    ]);

    const cancelled = await owner.client.patch(`/api/admin/orders/${mine?.id}/status`, {
      status: 'cancelled',
      cancelReason: 'UNAVAILABLE_ITEM',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    await drainAppOutbox(t.deps, { retryDelaysMs: [0] });
    expect(ifood.calls.find((c) => c.action === 'requestCancellation')).toMatchObject({
      body: { cancellationCode: '503' },
    });
    expect(ifood.violations).toEqual([]);
  });
});
