import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Database, openDatabase } from '@meucardapio/db/client';
import { events, outboundMessages, restaurantSecrets } from '@meucardapio/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { httpMessenger, type Messenger, type OutgoingMessage } from '../src/integrations/messaging/messenger';
import {
  drainOutbox,
  enqueueNewOrderNotifications,
  NEW_ORDER_KIND,
} from '../src/modules/orders/notifications/whatsapp-outbox';
import { type Booted, boot } from '../src/server';
import { customerOf, deliveryOrder, setupShop } from './checkout-fixtures';
import { createEmployee, createTestApp, type Owner, signupOwner, type TestApp } from './helpers';
import { insertOrder, waitFor } from './ops-fixtures';

let t: TestApp;
let owner: Owner;
let other: Owner;
let second: Booted | undefined;
let secondDb: Database | undefined;

/** A messenger that records what it was asked to send, shared by every instance of the test. */
function countingMessenger(): Messenger & { sent: OutgoingMessage[] } {
  const sent: OutgoingMessage[] = [];
  return {
    kind: 'simulator',
    sent,
    async send(m) {
      // A little latency widens the window in which a second worker could grab the same row.
      await new Promise((r) => setTimeout(r, 5));
      sent.push(m);
    },
  };
}

const failingMessenger: Messenger = {
  kind: 'http',
  async send() {
    throw new Error('WhatsApp API respondeu 503');
  },
};

const outboxOf = (orderId: string) => t.db.select().from(outboundMessages).where(eq(outboundMessages.orderId, orderId));

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
  other = await signupOwner(t);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('WhatsApp notification of a new order', () => {
  it('is sent exactly once, even with two admin sessions open and repeated triggers', async () => {
    const messenger = countingMessenger();
    t.deps.integrations.messaging = messenger;
    const admin = await createEmployee(t, owner, { profileType: 'admin' });
    const order = await insertOrder(t, owner.restaurantId, {}, { event: true });
    // Two admin pages polling the board at the same time as the worker.
    await Promise.all([
      owner.client.get('/api/admin/orders'),
      admin.client.get('/api/admin/orders'),
      owner.client.get('/api/admin/orders'),
      admin.client.get('/api/admin/orders'),
    ]);
    await waitFor(async () => (await outboxOf(order.id))[0]?.status === 'sent');
    // Extra triggers (a sweep and a drain, as another page load or instance would cause) change nothing.
    await enqueueNewOrderNotifications(t.db, owner.restaurantId);
    await drainOutbox(t.deps);
    const rows = await outboxOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: NEW_ORDER_KIND, status: 'sent', attempts: 1, phone: '5511987654321' });
    expect(rows[0].body).toContain(`#${order.number}`);
    expect(rows[0].body).toContain('R$');
    const mine = messenger.sent.filter((m) => m.body.includes(order.id.slice(-8)));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ restaurantId: owner.restaurantId, phone: '5511987654321' });
  });

  it('two app instances on one database send each order once', async () => {
    const messenger = countingMessenger();
    t.deps.integrations.messaging = messenger;
    const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0' } as NodeJS.ProcessEnv);
    const { url, directUrl } = t.deps.database;
    // PostgreSQL: a second pool and listener, like a second machine. PGlite: the same embedded database.
    secondDb = url ? await openDatabase({ url, directUrl }) : { ...t.deps.database, close: async () => {} };
    second = await boot(config, { database: secondDb, migrate: false, log: pino({ level: 'silent' }) });
    second.deps.integrations.messaging = messenger;

    const created = [];
    for (let i = 0; i < 6; i++) created.push(await insertOrder(t, owner.restaurantId, {}, { event: true }));
    const ids = created.map((o) => o.id);
    // Both instances drain at once, on top of their own workers.
    await Promise.all([drainOutbox(t.deps), drainOutbox(second.deps), drainOutbox(t.deps), drainOutbox(second.deps)]);
    await waitFor(async () => {
      const rows = await t.db.select().from(outboundMessages).where(inArray(outboundMessages.orderId, ids));
      return rows.length === ids.length && rows.every((r) => r.status === 'sent');
    }, 10_000);
    for (const o of created) {
      expect(messenger.sent.filter((m) => m.body.includes(o.id.slice(-8)))).toHaveLength(1);
    }
    const rows = await t.db.select().from(outboundMessages).where(inArray(outboundMessages.orderId, ids));
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it('retries a failed send with backoff, tells staff once, and does not resend after success', async () => {
    t.deps.integrations.messaging = failingMessenger;
    if (second) second.deps.integrations.messaging = failingMessenger;
    const order = await insertOrder(t, owner.restaurantId, {}, { event: true });
    // The first attempt is over once its result is recorded (attempts is counted when the row is claimed).
    await waitFor(async () => {
      const [r] = await outboxOf(order.id);
      return r?.attempts === 1 && r.status !== 'sending';
    });
    let [row] = await outboxOf(order.id);
    expect(row.status).toBe('pending');
    expect(row.lastError).toContain('503');
    const failures = await t.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, owner.restaurantId), eq(events.type, 'whatsapp.failed')));
    const mine = failures.filter((e) => (e.payload as { orderId?: string }).orderId === order.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].permission).toBe('manage_orders');
    expect(mine[0].payload).toMatchObject({ shortId: order.id.slice(-8) });

    // Not due yet: a drain right now does not retry.
    expect(await drainOutbox(t.deps)).toBe(0);

    const messenger = countingMessenger();
    t.deps.integrations.messaging = messenger;
    if (second) second.deps.integrations.messaging = messenger;
    const later = () => new Date(Date.now() + 60 * 60_000);
    await drainOutbox(t.deps, { now: later });
    [row] = await outboxOf(order.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    await drainOutbox(t.deps, { now: later });
    expect(messenger.sent.filter((m) => m.body.includes(order.id.slice(-8)))).toHaveLength(1);
    const after = await t.db.select().from(events).where(eq(events.type, 'whatsapp.failed'));
    expect(after.filter((e) => (e.payload as { orderId?: string }).orderId === order.id)).toHaveLength(1);
  });

  it('gives up after the last attempt', async () => {
    t.deps.integrations.messaging = failingMessenger;
    if (second) second.deps.integrations.messaging = failingMessenger;
    const order = await insertOrder(t, owner.restaurantId, {}, { event: true });
    // The first attempt is over once its result is recorded (attempts is counted when the row is claimed).
    await waitFor(async () => {
      const [r] = await outboxOf(order.id);
      return r?.attempts === 1 && r.status !== 'sending';
    });
    for (let i = 0; i < 6; i++) await drainOutbox(t.deps, { now: () => new Date(Date.now() + 24 * 3600_000) });
    const [row] = await outboxOf(order.id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(5);
  });

  it('skips PDV sales and records orders without a phone without sending', async () => {
    const messenger = countingMessenger();
    t.deps.integrations.messaging = messenger;
    if (second) second.deps.integrations.messaging = messenger;
    const pdv = await insertOrder(t, owner.restaurantId, { deliveryType: 'pdv', status: 'delivered' }, { event: true });
    const table = await insertOrder(
      t,
      owner.restaurantId,
      { deliveryType: 'dine_in', customerPhone: null, tableNumber: 3 },
      { event: true },
    );
    await waitFor(async () => (await outboxOf(table.id)).length === 1);
    await drainOutbox(t.deps);
    expect(await outboxOf(pdv.id)).toHaveLength(0);
    const [row] = await outboxOf(table.id);
    expect(row.status).toBe('failed');
    expect(messenger.sent).toHaveLength(0);
  });
});

/**
 * A WhatsApp HTTP API that keeps every request waiting until `release()` (or, so a regression fails
 * instead of hanging, until a few seconds pass). Records what it received and what it answered.
 */
async function slowWhatsAppApi() {
  const waiting: { body: { phone: string; message: string }; answer: () => void }[] = [];
  const received: { phone: string; message: string }[] = [];
  let answered = 0;
  let open = false;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(raw);
      received.push(body);
      let done = false;
      const answer = () => {
        if (done) return;
        done = true;
        answered++;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      };
      if (open) return answer();
      waiting.push({ body, answer });
      setTimeout(answer, 6_000).unref();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send`,
    received,
    waiting,
    answered: () => answered,
    /** From now on, requests wait again. */
    hold() {
      open = false;
    },
    release() {
      open = true;
      for (const w of waiting.splice(0)) w.answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the outbox sender holds no transaction while the WhatsApp API answers', () => {
  let api: Awaited<ReturnType<typeof slowWhatsAppApi>>;
  beforeAll(async () => {
    api = await slowWhatsAppApi();
  });
  afterAll(async () => {
    api?.release();
    await api?.close();
  });

  function useSlowApi() {
    const messenger = httpMessenger(api.url);
    t.deps.integrations.messaging = messenger;
    if (second) second.deps.integrations.messaging = messenger;
  }

  it('a checkout completes while a send is still waiting on the API; the row is claimed, not locked', async () => {
    useSlowApi();
    const shop = await setupShop(t);
    await t.db.insert(restaurantSecrets).values({ restaurantId: shop.rid, whatsappApiKey: 'chave-teste' });
    const first = await (await customerOf(t, shop)).client.post('/api/customer/orders', deliveryOrder(shop));
    expect(first.status, first.text).toBe(201);
    const draining = drainOutbox(t.deps);
    await waitFor(() => api.received.some((m) => m.message.includes(`#${first.body.order.number} `)));
    const answeredBefore = api.answered();

    // Another customer's whole checkout runs on the same database while the API is still answering.
    const second = await (await customerOf(t, shop)).client.post('/api/customer/orders', deliveryOrder(shop));
    expect(second.status, second.text).toBe(201);
    const [row] = await outboxOf(first.body.order.id);
    expect(row).toMatchObject({ status: 'sending', attempts: 1 });
    expect(row.leaseUntil).not.toBeNull();
    expect(api.answered()).toBe(answeredBefore);

    api.release();
    await draining;
    await waitFor(async () => (await outboxOf(first.body.order.id))[0]?.status === 'sent');
    const [sent] = await outboxOf(first.body.order.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, claimToken: null, leaseUntil: null });
    // The second order's message (the app's own sender's) is out too before the next test holds the API.
    await waitFor(async () => (await outboxOf(second.body.order.id))[0]?.status === 'sent');
  });

  it('two senders at once send a message once; a claim whose lease expired is sent again, once', async () => {
    useSlowApi();
    await t.db
      .insert(restaurantSecrets)
      .values({ restaurantId: owner.restaurantId, whatsappApiKey: 'chave-teste' })
      .onConflictDoNothing();
    api.received.length = 0;
    const order = await insertOrder(t, owner.restaurantId, {}, { event: true });
    const marker = order.id.slice(-8);
    const mine = () => api.received.filter((m) => m.message.includes(marker));
    api.hold();
    await enqueueNewOrderNotifications(t.db, owner.restaurantId);
    const firstRun = drainOutbox(t.deps);
    await waitFor(() => mine().length === 1);
    // The other instance runs a whole pass while the first send is still waiting on the API.
    await drainOutbox(second?.deps ?? t.deps);
    expect(mine()).toHaveLength(1);
    api.release();
    await firstRun;
    await waitFor(async () => (await outboxOf(order.id))[0]?.status === 'sent');
    expect(mine()).toHaveLength(1);

    // A sender died mid-send: its claim stays until the lease runs out, then another sender retries it.
    const crashed = await insertOrder(t, owner.restaurantId, {}, { event: false });
    const leaseUntil = new Date(Date.now() + 60_000);
    // Queued and claimed in one transaction: the app's own sender, woken by the queueing, never sees it pending.
    await t.db.transaction(async (tx) => {
      await enqueueNewOrderNotifications(tx, owner.restaurantId, crashed.id);
      await tx
        .update(outboundMessages)
        .set({ status: 'sending', attempts: 1, leaseUntil, claimToken: randomUUID() })
        .where(eq(outboundMessages.orderId, crashed.id));
    });
    const crashedMarker = crashed.id.slice(-8);
    await Promise.all([drainOutbox(t.deps), drainOutbox(second?.deps ?? t.deps)]);
    expect(api.received.filter((m) => m.message.includes(crashedMarker))).toHaveLength(0);
    expect((await outboxOf(crashed.id))[0].status).toBe('sending');

    const afterLease = () => new Date(leaseUntil.getTime() + 1_000);
    await Promise.all([drainOutbox(t.deps, { now: afterLease }), drainOutbox(t.deps, { now: afterLease })]);
    expect(api.received.filter((m) => m.message.includes(crashedMarker))).toHaveLength(1);
    expect((await outboxOf(crashed.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('mensagens enviadas', () => {
  it('lists the outbox to the owner only, and only their restaurant', async () => {
    const res = await owner.client.get('/api/admin/messages');
    expect(res.status).toBe(200);
    expect(res.body.messages.length).toBeGreaterThan(0);
    expect(res.body.messages[0]).toHaveProperty('body');
    const theirs = await other.client.get('/api/admin/messages');
    expect(theirs.status).toBe(200);
    expect(theirs.body.messages).toHaveLength(0);
    const counter = await createEmployee(t, owner, { profileType: 'counter' });
    expect((await counter.client.get('/api/admin/messages')).status).toBe(403);
  });
});
