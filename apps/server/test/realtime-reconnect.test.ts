import { employees, products } from '@meucardapio/db/schema';
import { adminQuery, withDatabase } from '@meucardapio/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, SESSION_COOKIE } from '../src/http/session';
import { appendAnyEvent, createEmployee, createTestApp, eventually, signupOwner, type TestApp } from './helpers';
import { openStream } from './sse';

// PGlite runs in the process: there is no connection to lose.
describe.runIf(process.env.TEST_DB === 'postgres')('the LISTEN connection is lost', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No periodic session check within a test's time: a stream ends only on what the instance hears.
    t = await createTestApp({ SSE_SESSION_CHECK_MS: String(3600_000) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const databaseName = () => new URL(t.deps.database.url!).pathname.slice(1);

  /** Backends of this test's database whose last statement, finished, was a LISTEN: the instance's listener. */
  async function listenerPids(): Promise<number[]> {
    const res = await t.db.execute(
      sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %' and state = 'idle'`,
    );
    return (res.rows as { pid: number }[]).map((r) => Number(r.pid));
  }

  /**
   * Kills the listener's backend and keeps new connections out while `meanwhile` runs, so what it
   * commits certainly happens while nobody listens; then lets the instance reconnect.
   */
  async function dropListener(meanwhile: () => Promise<void>) {
    const [pid] = await listenerPids();
    expect(pid).toBeTruthy();
    const server = withDatabase(t.deps.database.url!, 'postgres');
    await adminQuery(server, `ALTER DATABASE ${databaseName()} ALLOW_CONNECTIONS false`);
    try {
      await t.db.execute(sql`select pg_terminate_backend(${pid})`);
      await eventually(async () => expect(await listenerPids()).not.toContain(pid));
      await meanwhile();
    } finally {
      await adminQuery(server, `ALTER DATABASE ${databaseName()} ALLOW_CONNECTIONS true`);
    }
    await eventually(async () => expect((await listenerPids()).filter((p) => p !== pid)).toHaveLength(1), 15_000);
  }

  it('reconnects, and an SSE client receives the events committed during and after the drop', async () => {
    const owner = await signupOwner(t);
    const stream = await openStream(t.app, owner.client, '/api/events/staff');
    await stream.waitFor((e) => e.event === 'ready');
    await appendAnyEvent(t.db, { restaurantId: owner.restaurantId, type: 'before', payload: {} });
    expect(await stream.waitFor((e) => e.event === 'before')).toBeTruthy();

    await dropListener(async () => {
      await appendAnyEvent(t.db, { restaurantId: owner.restaurantId, type: 'during', payload: { n: 1 } });
    });
    await appendAnyEvent(t.db, { restaurantId: owner.restaurantId, type: 'after', payload: { n: 2 } });

    expect(await stream.waitFor((e) => e.event === 'after', 10_000)).toBeTruthy();
    expect(stream.received.map((e) => e.event)).toEqual(['ready', 'before', 'during', 'after']);
    await stream.close();
  });

  it('session revocations are heard again after a reconnection', async () => {
    const owner = await signupOwner(t);
    const stream = await openStream(t.app, owner.client, '/api/events/staff');
    await stream.waitFor((e) => e.event === 'ready');
    await dropListener(async () => undefined);
    expect((await owner.client.post('/api/auth/logout')).status).toBe(200);
    expect(await stream.waitForEnd(10_000)).toBe(true);
  });

  it('a session revoked while nobody listened ends its stream once the connection is back', async () => {
    const owner = await signupOwner(t);
    const stream = await openStream(t.app, owner.client, '/api/events/staff');
    await stream.waitFor((e) => e.event === 'ready');
    await dropListener(async () => {
      expect((await owner.client.post('/api/auth/logout')).status).toBe(200);
    });
    expect(await stream.waitForEnd(10_000)).toBe(true);
  });

  it('staff reads trust no kept session while nobody listens: a deactivation then holds at the next read', async () => {
    const owner = await signupOwner(t);
    const cook = await createEmployee(t, owner, { profileType: 'kitchen' });
    const me = async () => (await cook.client.get('/api/auth/me')).body.user;
    expect((await me()).id).toBe(cook.employeeId);
    expect(t.deps.sessions.get(hashToken(cook.client.cookie(SESSION_COOKIE) as string))).not.toBeNull();
    await dropListener(async () => {
      // Another instance's write: its signal is lost.
      await t.db.update(employees).set({ active: false }).where(eq(employees.id, cook.employeeId));
      await eventually(async () => expect(await me()).toBeNull());
    });
  });

  it('the public menu cache forgets what changed while nobody listened', async () => {
    const owner = await signupOwner(t);
    const created = await owner.client.post('/api/admin/products', { name: 'Pastel de Queijo', price: 700 });
    const id = created.body.product?.id ?? created.body.id;
    const visitor = t.client();
    const names = async () =>
      (await visitor.get(`/api/public/restaurants/${owner.slug}/menu`)).body.products.map(
        (p: { name: string }) => p.name,
      );
    expect(await names()).toEqual(['Pastel de Queijo']);

    // Another instance's write: only its NOTIFY would tell this one, and it is lost.
    await dropListener(async () => {
      await t.db.update(products).set({ name: 'Pastel de Carne' }).where(eq(products.id, id));
    });
    await eventually(async () => expect(await names()).toEqual(['Pastel de Carne']), 5000);
  });
});
