import { randomUUID } from 'node:crypto';
import { type Database, openDatabase } from '@meucardapio/db/client';
import { events, orderItems, orders, stockHistory } from '@meucardapio/db/schema';
import { freshDatabase } from '@meucardapio/db/testing';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRetentionJob } from '../src/ops/retention';
import { customerOf, deliveryOrder, ORDERS, type Shop, setupShop, stockOf } from './checkout-fixtures';
import { createTestApp, eventually, type TestApp } from './helpers';
import { openStream } from './sse';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

const APP_NAME = 'mc_outage_app';
const UNAVAILABLE = {
  code: 'unavailable',
  title: 'Serviço temporariamente indisponível.',
  description: 'Tente novamente em instantes.',
};

// Whatever escapes as an uncaught exception would have ended a real server process.
const crashes: unknown[] = [];
const onCrash = (err: unknown) => crashes.push(err);
beforeAll(() => {
  process.on('uncaughtException', onCrash);
});
afterAll(() => {
  process.off('uncaughtException', onCrash);
});
afterEach(() => {
  expect(crashes).toEqual([]);
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('PostgreSQL going away under a running server', () => {
  let direct: Database;
  let proxy: TcpProxy;
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    // The app reaches its database through a relay the test can close; the test's own checks go direct.
    direct = await freshDatabase();
    const url = new URL(direct.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    url.searchParams.set('application_name', APP_NAME);
    t = await createTestApp({}, await openDatabase({ url: url.href }));
    shop = await setupShop(t);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await direct?.close();
  });

  const count = async (table: typeof orders | typeof orderItems | typeof stockHistory | typeof events) =>
    (await direct.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

  /** Backends of the app's connections waiting behind `holder`'s locks. */
  const blockedBy = async (holderPid: number) =>
    (
      await direct.db.execute<{ pid: number }>(
        sql`select pid from pg_stat_activity where ${holderPid}::int = any(pg_blocking_pids(pid))`,
      )
    ).rows.map((r) => r.pid);

  /** A connection of the test's own holding a lock until released. */
  async function holdLock(statement: string, params: unknown[] = []) {
    const holder = new pg.Client({ connectionString: direct.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query(statement, params);
    const pid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    return {
      pid,
      release: async () => {
        await holder.query('rollback');
        await holder.end();
      },
    };
  }

  it('a checkout whose transaction backend is ended answers 503, writes nothing, and the next checkout succeeds', async () => {
    const { client } = await customerOf(t, shop);
    const { refri } = shop.products;
    const before = {
      orders: await count(orders),
      items: await count(orderItems),
      stock: await count(stockHistory),
      events: await count(events),
      refri: await stockOf(direct, refri.id),
    };
    // The checkout waits behind the restaurant's lock, inside its transaction, where it is ended.
    const lock = await holdLock('select id from restaurants where id = $1 for update', [shop.rid]);
    const body = deliveryOrder(shop, { items: [{ productId: refri.id, quantity: 2 }] });
    const attempt = client.post(ORDERS, body, { 'idempotency-key': `outage-${randomUUID()}` });
    const victims = await eventually(async () => {
      const pids = await blockedBy(lock.pid);
      expect(pids).toHaveLength(1);
      return pids;
    }, 10_000);
    await direct.db.execute(sql`select pg_terminate_backend(${victims[0]}::int)`);
    const res = await attempt;
    await lock.release();

    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.body.error).toEqual(UNAVAILABLE);
    expect({
      orders: await count(orders),
      items: await count(orderItems),
      stock: await count(stockHistory),
      events: await count(events),
      refri: await stockOf(direct, refri.id),
    }).toEqual(before);

    const next = await client.post(ORDERS, body, { 'idempotency-key': `outage-${randomUUID()}` });
    expect(next.status).toBe(201);
    expect(await stockOf(direct, refri.id)).toBe(before.refri! - 2);
  });

  it('every connection ended at once: 503 while the database is away, ready again on its own, boards catch up', async () => {
    const board = await openStream(t.app, shop.owner.client, '/api/events/staff');
    expect(await board.waitFor((e) => e.event === 'ready')).toBeTruthy();
    const { client } = await customerOf(t, shop);

    // As a restart does: every backend of the app ended, and no new connection taken for a while.
    await proxy.refuse();
    const ended = await direct.db.execute<{ pid: number }>(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${APP_NAME}`,
    );
    expect(ended.rows.length).toBeGreaterThan(0);

    expect((await client.get('/api/health')).status).toBe(200);
    const ready = await client.get('/api/ready');
    expect(ready.status).toBe(503);
    const refused = await client.post(ORDERS, deliveryOrder(shop), { 'idempotency-key': `outage-${randomUUID()}` });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body.error).toEqual(UNAVAILABLE);
    const staffList = await shop.owner.client.get('/api/admin/orders');
    expect(staffList.status).toBe(503);
    expect(staffList.body.error).toEqual(UNAVAILABLE);

    await proxy.accept();
    await eventually(async () => expect((await client.get('/api/ready')).status).toBe(200), 15_000);

    // The board connected before the outage hears of an order created after it.
    const placed = await eventually(async () => {
      const res = await client.post(ORDERS, deliveryOrder(shop), { 'idempotency-key': `outage-${randomUUID()}` });
      expect(res.status).toBe(201);
      return res.body.order as { id: string };
    }, 15_000);
    const heard = await board.waitFor(
      (e) => e.event === 'order.created' && (JSON.parse(e.data) as { orderId?: string }).orderId === placed.id,
      20_000,
    );
    expect(heard).toBeTruthy();
    await board.close();
  });

  it('a transaction whose BEGIN finds its connection dead gives the connection back, and the pool closes', async () => {
    // A pool of its own, with no background work writing to it, behind a relay of its own.
    const url = new URL(direct.url!);
    const relay = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${relay.port}`;
    const database = await openDatabase({ url: url.href });
    try {
      await database.db.execute(sql`select 1`);
      expect(database.pool?.()).toMatchObject({ total: 1, idle: 1 });
      relay.severNext();
      await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      expect(database.pool?.()).toMatchObject({ total: 0, idle: 0, waiting: 0 });
      // A failure inside the transaction is the error the caller sees, and the connection is kept.
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          throw new Error('regra recusou');
        }),
      ).rejects.toThrow('regra recusou');
      expect(database.pool?.()).toMatchObject({ total: 1, idle: 1 });
      expect(await database.db.transaction(async (tx) => (await tx.execute(sql`select 2 as n`)).rows)).toEqual([
        { n: 2 },
      ]);
    } finally {
      await database.close();
      await relay.close();
    }
  });

  it('a background job whose connection is ended mid-run runs again on its next tick', async () => {
    const [old] = await direct.db
      .insert(events)
      .values({
        restaurantId: shop.rid,
        type: 'order.updated',
        payload: {},
        createdAt: new Date(Date.now() - 30 * 24 * 3600_000),
      })
      .returning({ id: events.id });
    // The pass reaches the events table and waits there, where its connection is ended.
    const lock = await holdLock('lock table events in access exclusive mode');
    const job = startRetentionJob(t.db, pino({ level: 'silent' }), { eventsDays: 7, everyMs: 200 });
    try {
      const victims = await eventually(async () => {
        const pids = await blockedBy(lock.pid);
        expect(pids.length).toBeGreaterThan(0);
        return pids;
      }, 10_000);
      for (const pid of victims) await direct.db.execute(sql`select pg_terminate_backend(${pid}::int)`);
      await lock.release();
      await eventually(async () => {
        const left = await direct.db.select({ id: events.id }).from(events).where(eq(events.id, old.id));
        expect(left).toEqual([]);
      }, 10_000);
    } finally {
      await job.stop();
    }
  });
});

describe('the embedded database', () => {
  it('a query on a database that is gone answers 503, and the process goes on', async () => {
    const database = await freshDatabase();
    const t = await createTestApp({}, database);
    try {
      await database.close();
      const res = await t.client().get('/api/admin/orders', { cookie: 'mc_session=x' });
      expect(res.status).toBe(503);
      expect(res.body.error).toEqual(UNAVAILABLE);
      expect((await t.client().get('/api/ready')).status).toBe(503);
      expect((await t.client().get('/api/health')).status).toBe(200);
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});
