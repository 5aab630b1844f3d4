import { events, marketplaceConnections, printJobs, products } from '@meucardapio/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainAppOutbox } from '../src/modules/marketplace/app-outbox';
import { releaseDueScheduledOrders } from '../src/modules/marketplace/scheduled-orders';
import { type IfoodFake, startIfoodFake } from './fixtures/ifood-fake';
import { createTestApp, type Owner, signupOwner, type TestApp } from './helpers';
import { printerBody } from './printing-fixtures';
import { openStream } from './sse';

/*
 * iFood through the real client against the local fake: two restaurants of one group connected with
 * one app credential, polled in one request. The worker's timer is off; each test runs the tick itself.
 */

let t: TestApp;
let ifood: IfoodFake;
const shops: { owner: Owner; merchantId: string; productId: string; connectionId: string }[] = [];

beforeAll(async () => {
  ifood = await startIfoodFake();
  t = await createTestApp({
    MARKETPLACE_TICK_MS: '3600000',
    MARKETPLACE_HTTP_TIMEOUT_MS: '2000',
    IFOOD_API_URL: ifood.url,
  });
  for (const merchantId of [ifood.merchantId, ifood.addMerchant()]) {
    const owner = await signupOwner(t);
    const [product] = await t.db
      .insert(products)
      .values({ restaurantId: owner.restaurantId, name: 'Pizza Calabresa', price: 4500 })
      .returning();
    const saved = await owner.client.put('/api/admin/integrations', {
      app: 'ifood',
      merchantId,
      clientId: ifood.clientId,
      clientSecret: ifood.clientSecret,
    });
    expect(saved.status, saved.text).toBe(200);
    shops.push({ owner, merchantId, productId: product.id, connectionId: saved.body.connection.id });
  }
  // Connected an hour ago: the board's health warning ignores only brand-new connections.
  await t.db.update(marketplaceConnections).set({ createdAt: new Date(Date.now() - 3_600_000) });
});
afterAll(async () => {
  await t?.close();
  await ifood?.close();
});

/** The worker's tick with only the first restaurant's connection due: its group comes along. */
async function tick() {
  await t.db
    .update(marketplaceConnections)
    .set({ nextPollAt: new Date(Date.now() + 3_600_000) })
    .where(eq(marketplaceConnections.id, shops[1].connectionId));
  await t.db
    .update(marketplaceConnections)
    .set({ nextPollAt: new Date(0) })
    .where(eq(marketplaceConnections.id, shops[0].connectionId));
  await t.marketplace.tick();
}

const orderFor = (shop: (typeof shops)[number]) =>
  ifood.addOrder([{ externalCode: shop.productId, name: 'Pizza Calabresa', price: 4300, quantity: 1 }], {
    merchantId: shop.merchantId,
  });

async function boardCodes(owner: Owner): Promise<string[]> {
  const res = await owner.client.get('/api/admin/orders');
  expect(res.status).toBe(200);
  return (res.body.orders as { marketplace: { displayId: string } | null }[]).flatMap((o) =>
    o.marketplace ? [o.marketplace.displayId] : [],
  );
}

async function health(owner: Owner) {
  const res = await owner.client.get('/api/admin/integrations');
  expect(res.status).toBe(200);
  return res.body.connections[0] as { lastPollAt: string | null; lastError: string | null; eventsWaiting: number };
}

describe('iFood: one polling request per group of merchants', () => {
  it('two restaurants on one credential: one request carries both merchants, each order lands in its own restaurant', async () => {
    const first = orderFor(shops[0]);
    const second = orderFor(shops[1]);
    ifood.addEvent(first.id, 'PLC');
    ifood.addEvent(second.id, 'PLC');
    const before = ifood.polledMerchants.length;
    await tick();
    const polls = ifood.polledMerchants.slice(before);
    expect(polls).toHaveLength(1);
    expect([...polls[0]].sort()).toEqual([shops[0].merchantId, shops[1].merchantId].sort());

    expect(await boardCodes(shops[0].owner)).toEqual([first.displayId]);
    expect(await boardCodes(shops[1].owner)).toEqual([second.displayId]);
    for (const shop of shops) expect(await health(shop.owner)).toMatchObject({ lastError: null, eventsWaiting: 0 });
    expect((await health(shops[1].owner)).lastPollAt).not.toBeNull();
    expect(ifood.violations).toEqual([]);
  });

  it('killed between storing and acknowledging: the events come again, still one order each', async () => {
    const first = orderFor(shops[0]);
    const second = orderFor(shops[1]);
    const events = [ifood.addEvent(first.id, 'PLC'), ifood.addEvent(second.id, 'PLC')];
    ifood.failNextAck();
    await tick();
    // Both stored, neither acknowledged: every merchant of the poll shows it.
    for (const shop of shops)
      expect(await health(shop.owner)).toMatchObject({ eventsWaiting: 1, lastError: expect.any(String) });
    for (const shop of shops)
      expect((await shop.owner.client.get('/api/admin/integrations/health')).body.failing).toHaveLength(1);
    await tick();
    for (const e of events) expect(ifood.acked).toContain(e.id);
    const a = await boardCodes(shops[0].owner);
    const b = await boardCodes(shops[1].owner);
    expect(a.filter((c) => c === first.displayId)).toHaveLength(1);
    expect(b.filter((c) => c === second.displayId)).toHaveLength(1);
    expect(a).not.toContain(second.displayId);
    expect(b).not.toContain(first.displayId);
    for (const shop of shops) {
      expect(await health(shop.owner)).toMatchObject({ eventsWaiting: 0 });
      // Working again: the board no longer warns about it.
      expect((await shop.owner.client.get('/api/admin/integrations/health')).body.failing).toEqual([]);
    }
  });

  it('the fake refuses a poll naming more than 100 merchants, as iFood does', async () => {
    const res = await fetch(`${ifood.url}/events/v1.0/events:polling`, {
      headers: { 'x-polling-merchants': Array.from({ length: 101 }, (_, i) => `m${i}`).join(',') },
    });
    // Unauthenticated first: the limit is checked on an authorised request below.
    expect(res.status).toBe(401);
    const token = await fetch(`${ifood.url}/authentication/v1.0/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grantType: 'client_credentials',
        clientId: ifood.clientId,
        clientSecret: ifood.clientSecret,
      }),
    }).then((r) => r.json() as Promise<{ accessToken: string }>);
    const tooMany = await fetch(`${ifood.url}/events/v1.0/events:polling`, {
      headers: {
        authorization: `Bearer ${token.accessToken}`,
        'x-polling-merchants': Array.from({ length: 101 }, (_, i) => `m${i}`).join(','),
      },
    });
    expect(tooMany.status).toBe(400);
    ifood.violations.length = 0;
  });
});

describe('a call the app never receives', () => {
  it("is announced live to that restaurant's staff only, and stays on the card and in Integrações", async () => {
    const [a, b] = shops;
    const placed = orderFor(a);
    ifood.addEvent(placed.id, 'PLC');
    await tick();
    const mine = (await a.owner.client.get('/api/admin/orders')).body.orders.find(
      (o: { marketplace: { displayId: string } | null }) => o.marketplace?.displayId === placed.displayId,
    );
    const stream = await openStream(t.app, a.owner.client, '/api/events/staff');
    await stream.waitFor((e) => e.event === 'ready');
    ifood.refuseNext('confirm', 400);
    const accepted = await a.owner.client.patch(`/api/admin/orders/${mine.id}/status`, { status: 'preparing' });
    expect(accepted.status, accepted.text).toBe(200);
    await drainAppOutbox(t.deps, { retryDelaysMs: [0, 0, 0] });

    const heard = await stream.waitFor((e) => e.event === 'marketplace.call_failed');
    await stream.close();
    expect(JSON.parse(heard?.data ?? '{}')).toMatchObject({
      orderId: mine.id,
      app: 'ifood',
      action: 'confirm',
      message: expect.stringContaining('Não foi possível avisar o iFood do aceite do pedido: '),
    });
    const [noticed] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'marketplace.call_failed'), eq(events.restaurantId, b.owner.restaurantId)));
    expect(noticed).toBeUndefined();

    const card = (await a.owner.client.get('/api/admin/orders')).body.orders.find(
      (o: { id: string }) => o.id === mine.id,
    );
    expect(card.marketplace.failedCall.text).toContain('Não foi possível avisar o iFood do aceite do pedido');
    expect((await b.owner.client.get(`/api/admin/orders/${mine.id}/receipt`)).status).toBe(404);

    const health = (await a.owner.client.get('/api/admin/integrations')).body.connections[0];
    expect(health).toMatchObject({ failedCalls: 1, lastFailedCall: { text: expect.stringContaining('iFood') } });
    expect((await b.owner.client.get('/api/admin/integrations')).body.connections[0]).toMatchObject({
      failedCalls: 0,
      lastFailedCall: null,
    });
  });
});

describe('scheduled iFood orders', () => {
  it('accepted: on the board as scheduled, out of the kitchen until its preparation starts, then in', async () => {
    const [a] = shops;
    const station = await a.owner.client.post('/api/admin/kitchen/stations', { name: 'Forno' });
    await t.db.update(products).set({ stationId: station.body.station.id }).where(eq(products.id, a.productId));
    const printer = await a.owner.client.post(
      '/api/admin/printers',
      printerBody('Forno', { order: { delivery: 1, pickup: 1, dine_in: 1 }, stations: [station.body.station.id] }),
    );
    expect(printer.status, printer.text).toBe(201);

    const preparationStart = new Date(Date.now() + 2 * 3_600_000);
    const placed = ifood.addOrder([{ externalCode: a.productId, name: 'Pizza Calabresa', price: 4300, quantity: 1 }], {
      merchantId: a.merchantId,
      schedule: {
        preparationStart,
        deliveryStart: new Date(preparationStart.getTime() + 40 * 60_000),
        deliveryEnd: new Date(preparationStart.getTime() + 70 * 60_000),
      },
    });
    ifood.addEvent(placed.id, 'PLC');
    await tick();
    const find = async () =>
      (await a.owner.client.get('/api/admin/orders')).body.orders.find(
        (o: { marketplace: { displayId: string } | null }) => o.marketplace?.displayId === placed.displayId,
      );
    const mine = await find();
    expect(mine.marketplace.schedule).toEqual({
      start: new Date(preparationStart.getTime() + 40 * 60_000).toISOString(),
      end: new Date(preparationStart.getTime() + 70 * 60_000).toISOString(),
      preparationStart: preparationStart.toISOString(),
      held: false,
    });

    const accepted = await a.owner.client.patch(`/api/admin/orders/${mine.id}/status`, { status: 'preparing' });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.order.marketplace.schedule.held).toBe(true);
    await drainAppOutbox(t.deps, { retryDelaysMs: [0] });
    const callsOf = () => ifood.calls.filter((c) => c.orderId === placed.id).map((c) => c.action);
    expect(callsOf()).toEqual(['confirm']);
    const inKitchen = async () =>
      ((await a.owner.client.get('/api/admin/kitchen/board')).body.orders as { id: string }[]).some(
        (o) => o.id === mine.id,
      );
    const tickets = async () => (await t.db.select().from(printJobs).where(eq(printJobs.orderId, mine.id))).length;
    expect(await inKitchen()).toBe(false);
    expect(await tickets()).toBe(0);

    // Not yet: a minute before its preparation starts nothing moves.
    expect(await releaseDueScheduledOrders(t.deps, new Date(preparationStart.getTime() - 60_000))).toBe(0);
    expect(await inKitchen()).toBe(false);

    // Its time: into the kitchen, its tickets, and the app hears the preparation started.
    expect(await releaseDueScheduledOrders(t.deps, new Date(preparationStart.getTime() + 1000))).toBe(1);
    expect(await inKitchen()).toBe(true);
    expect(await tickets()).toBeGreaterThan(0);
    expect((await find()).marketplace.schedule.held).toBe(false);
    await drainAppOutbox(t.deps, { retryDelaysMs: [0] });
    expect(callsOf()).toEqual(['confirm', 'startPreparation']);
    // Released once: a second pass finds nothing.
    expect(await releaseDueScheduledOrders(t.deps, new Date(preparationStart.getTime() + 2000))).toBe(0);
    expect(ifood.violations).toEqual([]);
  });
});
