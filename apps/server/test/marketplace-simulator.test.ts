import { marketplaceConnections, products, simulatorStates } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceSimulator } from '../src/integrations/marketplace/simulator';
import { drainAppOutbox } from '../src/modules/marketplace/app-outbox';
import { createTestApp, type Owner, signupOwner, type TestApp } from './helpers';

/*
 * The simulated ordering app keeps what an app keeps in the database: a second instance (another
 * process, or this one after a restart) sees the same orders, the same events still to acknowledge and
 * the same calls received.
 */

let t: TestApp;
let owner: Owner;
let other: Owner;
let connectionId: string;

beforeAll(async () => {
  t = await createTestApp({ MARKETPLACE_TICK_MS: '3600000' });
  owner = await signupOwner(t);
  other = await signupOwner(t);
  await t.db.insert(products).values({ restaurantId: owner.restaurantId, name: 'Pizza Margherita', price: 4800 });
  const saved = await owner.client.put('/api/admin/integrations', { app: 'simulator' });
  expect(saved.status, saved.text).toBe(200);
  connectionId = saved.body.connection.id;
});
afterAll(async () => {
  await t?.close();
});

const access = () => ({
  id: connectionId,
  kind: 'simulator' as const,
  app: 'simulator',
  merchantId: 'sim',
  baseUrl: null,
  tokenUrl: null,
  clientId: null,
  clientSecret: null,
});

async function tick() {
  await t.db.update(marketplaceConnections).set({ nextPollAt: new Date(0) });
  await t.marketplace.tick();
}

async function boardOrder(displayId: string) {
  const res = await owner.client.get('/api/admin/orders');
  return (
    res.body.orders as {
      id: string;
      status: string;
      marketplace: { displayId: string; failedCall: { text: string } | null } | null;
    }[]
  ).find((o) => o.marketplace?.displayId === displayId);
}

describe('the simulated app, kept in the database', () => {
  it('another instance sees its orders, its unacknowledged events and the calls it received', async () => {
    const made = await owner.client.post(`/api/admin/integrations/${connectionId}/simulate`, { app: 'ifood' });
    expect(made.status, made.text).toBe(201);
    const second = marketplaceSimulator(t.db);
    const pending = await second.poll(access());
    expect(pending).toHaveLength(1);
    expect((await second.order(access(), pending[0].orderId)).displayId).toBe(made.body.displayId);

    // The server's own instance polls, stores and acknowledges: gone for every instance.
    await tick();
    const mine = await boardOrder(made.body.displayId);
    expect(mine?.status).toBe('pending');
    expect(await second.poll(access())).toEqual([]);

    const accepted = await owner.client.patch(`/api/admin/orders/${mine?.id}/status`, { status: 'preparing' });
    expect(accepted.status, accepted.text).toBe(200);
    await drainAppOutbox(t.deps, { retryDelaysMs: [0] });
    expect((await second.calls(connectionId)).map((c) => c.action)).toEqual(['confirm', 'startPreparation']);
    // The app answers the confirmation with its event, which any instance hands out.
    expect((await second.poll(access())).map((e) => e.type)).toContain('CONFIRMED');
  });

  it('makes one timed order whatever number of instances poll at once', async () => {
    const menu = [{ id: crypto.randomUUID(), name: 'Pizza', price: 4000 }];
    const a = marketplaceSimulator(t.db);
    const b = marketplaceSimulator(t.db);
    await t.db
      .update(simulatorStates)
      .set({ lastMadeAt: new Date(Date.now() - 120_000) })
      .where(eq(simulatorStates.connectionId, connectionId));
    const made = await Promise.all([
      a.makeOrderIfDue(access(), menu, 60_000),
      b.makeOrderIfDue(access(), menu, 60_000),
    ]);
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(await a.makeOrderIfDue(access(), menu, 60_000)).toBeNull();
  });

  it('makes an order for later when asked, and every fourth timed order: held once accepted, until its preparation', async () => {
    const bad = await owner.client.post(`/api/admin/integrations/${connectionId}/simulate`, { scheduled: 'sim' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Agendado: use verdadeiro ou falso');
    const made = await owner.client.post(`/api/admin/integrations/${connectionId}/simulate`, {
      app: 'ifood',
      scheduled: true,
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.scheduled).toBe(true);
    await tick();
    const res = await owner.client.get('/api/admin/orders');
    const card = res.body.orders.find(
      (o: { marketplace: { displayId: string } | null }) => o.marketplace?.displayId === made.body.displayId,
    );
    expect(card.status).toBe('pending');
    const { start, end, preparationStart } = card.marketplace.schedule;
    expect(Date.parse(start)).toBeGreaterThanOrEqual(Date.now() + 59 * 60_000);
    expect(Date.parse(end) - Date.parse(start)).toBe(30 * 60_000);
    expect(Date.parse(start) - Date.parse(preparationStart)).toBe(40 * 60_000);
    // The board's "Agendado" notice says when; the order's note does not repeat it.
    expect(card.note).toBeNull();
    // The app's courier takes it: neither local delivery nor a carrier.
    expect(card.deliveryKind).toBeNull();

    // Accepted now, it is confirmed to the app but waits out of the kitchen.
    const accepted = await owner.client.patch(`/api/admin/orders/${card.id}/status`, { status: 'preparing' });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.order.marketplace.schedule.held).toBe(true);
    await drainAppOutbox(t.deps, { retryDelaysMs: [0] });
    const calls = await marketplaceSimulator(t.db).calls(connectionId);
    expect(calls.filter((c) => c.displayId === made.body.displayId).map((c) => c.action)).toEqual(['confirm']);
    const kitchen = await owner.client.get('/api/admin/kitchen/board');
    expect(kitchen.body.orders.map((o: { id: string }) => o.id)).not.toContain(card.id);

    // The timer's fourth order is for later, the fifth is not.
    const menu = [{ id: crypto.randomUUID(), name: 'Pizza', price: 4000 }];
    const timed = async (made: number) => {
      await t.db
        .update(simulatorStates)
        .set({ made, lastMadeAt: new Date(Date.now() - 120_000) })
        .where(eq(simulatorStates.connectionId, connectionId));
      return (await marketplaceSimulator(t.db).makeOrderIfDue(access(), menu, 60_000))?.orderTiming;
    };
    expect(await timed(3)).toBe('SCHEDULED');
    expect(await timed(4)).toBe('INSTANT');
  });

  it('"Simular falha": the next call is refused for good and staff see it; another restaurant cannot ask for it', async () => {
    expect((await other.client.post(`/api/admin/integrations/${connectionId}/refuse-next-call`)).status).toBe(404);
    const made = await owner.client.post(`/api/admin/integrations/${connectionId}/simulate`, { app: 'keeta' });
    await tick();
    const mine = await boardOrder(made.body.displayId);
    const refuse = await owner.client.post(`/api/admin/integrations/${connectionId}/refuse-next-call`);
    expect(refuse.status, refuse.text).toBe(200);
    await owner.client.patch(`/api/admin/orders/${mine?.id}/status`, { status: 'preparing' });
    await drainAppOutbox(t.deps, { retryDelaysMs: [0, 0, 0] });
    const card = await boardOrder(made.body.displayId);
    expect(card?.marketplace?.failedCall?.text).toBe(
      'Não foi possível avisar o Keeta do aceite do pedido: O aplicativo recusou a atualização do pedido (falha simulada).',
    );
  });
});
