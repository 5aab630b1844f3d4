import { randomUUID } from 'node:crypto';
import { openDatabase } from '@meucardapio/db/client';
import { events } from '@meucardapio/db/schema';
import { ensureDefaultProfileTypes } from '@meucardapio/db/seed/default-profile-types';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { appendEvents, Realtime } from '../src/realtime/realtime';
import { boot } from '../src/server';
import { countingDb } from './counting-db';
import {
  appendAnyEvent,
  createEmployee,
  createTestApp,
  eventually,
  registerCustomer,
  signupOwner,
  type TestApp,
} from './helpers';
import { openStream } from './sse';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('staff and customer streams', () => {
  it('delivers a committed event to the restaurant staff, never a rolled-back one', async () => {
    const owner = await signupOwner(t);
    const stream = await openStream(t.app, owner.client, '/api/events/staff');
    await stream.waitFor((e) => e.event === 'ready');
    await t.db
      .transaction(async (tx) => {
        await appendAnyEvent(tx, { restaurantId: owner.restaurantId, type: 'test.rolledback', payload: {} });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await appendAnyEvent(t.db, { restaurantId: owner.restaurantId, type: 'test.committed', payload: { n: 1 } });
    const got = await stream.waitFor((e) => e.event === 'test.committed');
    expect(JSON.parse(got!.data)).toEqual({ n: 1 });
    expect(stream.received.some((e) => e.event === 'test.rolledback')).toBe(false);
    await stream.close();
  });

  it('filters staff events by permission and never crosses restaurants', async () => {
    const a = await signupOwner(t);
    const b = await signupOwner(t);
    const waiter = await createEmployee(t, a, { profileType: 'waiter' });
    const waiterStream = await openStream(t.app, waiter.client, '/api/events/staff');
    const otherStream = await openStream(t.app, b.client, '/api/events/staff');
    await appendAnyEvent(t.db, {
      restaurantId: a.restaurantId,
      type: 'cash.x',
      permission: 'manage_cashier',
      payload: {},
    });
    await appendAnyEvent(t.db, {
      restaurantId: a.restaurantId,
      type: 'order.x',
      permission: 'manage_orders',
      payload: {},
    });
    expect(await waiterStream.waitFor((e) => e.event === 'order.x')).toBeTruthy();
    expect(waiterStream.received.some((e) => e.event === 'cash.x')).toBe(false);
    expect(await otherStream.waitFor((e) => e.event === 'order.x', 500)).toBeUndefined();
    await waiterStream.close();
    await otherStream.close();
  });

  it('a customer receives only events addressed to them', async () => {
    const owner = await signupOwner(t);
    const ana = await registerCustomer(t, owner.slug);
    const bia = await registerCustomer(t, owner.slug);
    const anaStream = await openStream(t.app, ana.client, '/api/events/customer');
    await appendAnyEvent(t.db, {
      restaurantId: owner.restaurantId,
      type: 'order.updated',
      customerId: bia.customerId,
      payload: { who: 'bia' },
    });
    await appendAnyEvent(t.db, {
      restaurantId: owner.restaurantId,
      type: 'order.updated',
      customerId: ana.customerId,
      payload: { who: 'ana' },
    });
    await appendAnyEvent(t.db, { restaurantId: owner.restaurantId, type: 'staff.only', payload: {} });
    const got = await anaStream.waitFor((e) => e.event === 'order.updated');
    expect(JSON.parse(got!.data)).toEqual({ who: 'ana' });
    await anaStream.waitFor(() => false, 300);
    expect(anaStream.received.filter((e) => e.event !== 'ready').map((e) => JSON.parse(e.data))).toEqual([
      { who: 'ana' },
    ]);
    await anaStream.close();
  });

  it('resumes with Last-Event-ID and receives what it missed', async () => {
    const owner = await signupOwner(t);
    const first = await appendAnyEvent(t.db, { restaurantId: owner.restaurantId, type: 'n', payload: { n: 1 } });
    await appendAnyEvent(t.db, { restaurantId: owner.restaurantId, type: 'n', payload: { n: 2 } });
    await appendAnyEvent(t.db, { restaurantId: owner.restaurantId, type: 'n', payload: { n: 3 } });
    const stream = await openStream(t.app, owner.client, '/api/events/staff', String(first));
    await stream.waitFor((e) => e.event === 'n' && JSON.parse(e.data).n === 3);
    expect(stream.received.filter((e) => e.event === 'n').map((e) => JSON.parse(e.data).n)).toEqual([2, 3]);
    await stream.close();
  });

  it('a missed event whose notification arrives after the resume reaches the screen once', async () => {
    const owner = await signupOwner(t);
    const first = await appendAnyEvent(t.db, { restaurantId: owner.restaurantId, type: 'n', payload: { n: 1 } });
    // Committed, but its notification has not reached this instance yet when the client resumes.
    const [late] = await t.db
      .insert(events)
      .values({ restaurantId: owner.restaurantId, type: 'n', payload: { n: 2 } })
      .returning();
    const stream = await openStream(t.app, owner.client, '/api/events/staff', String(first));
    await stream.waitFor((e) => e.event === 'n' && JSON.parse(e.data).n === 2);
    const notifyAgain = async (row: typeof late) => {
      const whole = { ...row, id: String(row.id), createdAt: row.createdAt.toISOString(), courierId: null };
      await t.db.execute(sql`select pg_notify('mc_events', ${JSON.stringify(whole)})`);
    };
    await notifyAgain(late);
    // The client already had the first (its Last-Event-ID): its notification arriving only now is dropped too.
    const [had] = await t.db.select().from(events).where(eq(events.id, first));
    await notifyAgain(had);
    await appendAnyEvent(t.db, { restaurantId: owner.restaurantId, type: 'n', payload: { n: 3 } });
    await stream.waitFor((e) => e.event === 'n' && JSON.parse(e.data).n === 3);
    expect(stream.received.filter((e) => e.event === 'n').map((e) => JSON.parse(e.data).n)).toEqual([2, 3]);
    await stream.close();
  });

  it('delivers what a notification carries without reading it back, and reads one too long to carry, in order', async () => {
    const owner = await signupOwner(t);
    const log: string[] = [];
    const realtime = new Realtime({ ...t.deps.database, db: countingDb(t.db, log) }, pino({ level: 'silent' }), {
      maxStreamsPerUser: 5,
    });
    await realtime.start();
    const got: { type: string; payload: Record<string, unknown> }[] = [];
    realtime.subscribe(owner.restaurantId, (e) => got.push({ type: e.type, payload: e.payload }));
    log.length = 0;
    await appendAnyEvent(t.db, { restaurantId: owner.restaurantId, type: 'small', payload: { n: 1 } });
    await eventually(async () => expect(got).toHaveLength(1));
    expect(log).toEqual([]);
    const long = 'x'.repeat(9000);
    await appendAnyEvent(t.db, { restaurantId: owner.restaurantId, type: 'long', payload: { long } });
    await appendAnyEvent(t.db, { restaurantId: owner.restaurantId, type: 'small', payload: { n: 2 } });
    await eventually(async () => expect(got).toHaveLength(3));
    expect(got.map((e) => e.type)).toEqual(['small', 'long', 'small']);
    expect(got[1].payload.long).toBe(long);
    expect(log).toEqual(['select']);
    await realtime.stop();
  });

  it("names the order's delivery person: as the caller gives it, or read from the order", async () => {
    const owner = await signupOwner(t);
    const heard: { type: string; courierId: string | null }[] = [];
    const unlisten = await t.deps.database.listen('mc_events', (text) => {
      const e = JSON.parse(text) as { type: string; restaurantId: string; courierId: string | null };
      if (e.restaurantId === owner.restaurantId) heard.push({ type: e.type, courierId: e.courierId });
    });
    const courier = randomUUID();
    const append = appendEvents as unknown as (
      tx: typeof t.db,
      list: { restaurantId: string; type: string; payload: Record<string, unknown> }[],
      known?: { courierId?: string | null },
    ) => Promise<number[]>;
    await append(t.db, [{ restaurantId: owner.restaurantId, type: 'given', payload: { orderId: randomUUID() } }], {
      courierId: courier,
    });
    // No such order: nobody delivers it.
    await append(t.db, [{ restaurantId: owner.restaurantId, type: 'read', payload: { orderId: randomUUID() } }]);
    await eventually(async () => expect(heard).toHaveLength(2));
    expect(heard).toEqual([
      { type: 'given', courierId: courier },
      { type: 'read', courierId: null },
    ]);
    await unlisten();
  });

  it('refuses anonymous and cross-kind streams', async () => {
    expect((await t.client().get('/api/events/staff')).status).toBe(401);
    const owner = await signupOwner(t);
    expect((await owner.client.get('/api/events/customer')).status).toBe(403);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two server instances on one PostgreSQL', () => {
  it('an event written through one instance reaches an SSE client of the other', async () => {
    const owner = await signupOwner(t);
    // A second, independent instance: its own pool, its own LISTEN connection.
    const url = t.deps.database.url;
    expect(url).toBeTruthy();
    const other = await openDatabase({ url, directUrl: t.deps.database.directUrl });
    const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0' } as NodeJS.ProcessEnv);
    const second = await boot(config, { database: other, migrate: false, log: pino({ level: 'silent' }) });
    await ensureDefaultProfileTypes(other.db);
    const stream = await openStream(second.app, owner.client, '/api/events/staff');
    await stream.waitFor((e) => e.event === 'ready');
    await appendAnyEvent(t.db, { restaurantId: owner.restaurantId, type: 'cross.instance', payload: { ok: true } });
    const got = await stream.waitFor((e) => e.event === 'cross.instance', 5000);
    expect(got && JSON.parse(got.data)).toEqual({ ok: true });
    await stream.close();
    await second.close();
  });
});
