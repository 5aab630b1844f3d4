import type { Database } from '@meucardapio/db/client';
import { appUsers, employees, restaurants, sessions, userProfiles } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken, SESSION_COOKIE } from '../src/http/session';
import { type CachedSession, KEPT_SESSION_BYTES, SessionCache } from '../src/http/session-cache';
import {
  createEmployee,
  createTestApp,
  eventually,
  registerCustomer,
  sessionReads,
  signupOwner,
  type TestApp,
} from './helpers';

/** A database whose signals the test sends, drops and brings back by hand. */
function signalsByHand() {
  const on: { payload?: (p: string) => void; reconnect?: () => void; lost?: () => void } = {};
  const database = {
    async listen(_channel: string, payload: (p: string) => void, reconnect?: () => void, lost?: () => void) {
      Object.assign(on, { payload, reconnect, lost });
      return async () => undefined;
    },
  } as unknown as Database;
  return { database, on };
}

const key = (n: number, more: Partial<CachedSession> = {}): CachedSession => ({
  tokenHash: `h${n}`,
  restaurantId: 'r1',
  appUserId: null,
  employeeId: `e${n}`,
  profileId: `p${n}`,
  customerId: null,
  ...more,
});
const customerKey = (n: number): CachedSession => key(n, { employeeId: null, profileId: null, customerId: `c${n}` });

describe("the instance's keep of sessions", () => {
  it('keeps a session until a signal names it, its employee, profile, restaurant or owner', async () => {
    const { database, on } = signalsByHand();
    const cache = new SessionCache<string>(60_000);
    await cache.start(database);
    const keep = (n: number, more: Partial<CachedSession> = {}) => cache.put(key(n, more), `row${n}`, cache.since());
    keep(1);
    keep(2);
    keep(3, { restaurantId: 'r2' });
    keep(4, { appUserId: 'u4', employeeId: null, profileId: null, restaurantId: 'r4' });
    keep(5);
    expect(cache.get('h1')).toBe('row1');
    on.payload?.('s:h1');
    on.payload?.('e:e2');
    on.payload?.('r:r2');
    on.payload?.('u:u4');
    on.payload?.('x:whatever');
    expect([1, 2, 3, 4, 5].map((n) => cache.get(`h${n}`))).toEqual([null, null, null, null, 'row5']);
    on.payload?.('p:p5');
    expect(cache.get('h5')).toBeNull();
  });

  it("keeps a customer's session through its restaurant's staff writes, until a signal names it or its order's lock finds it gone", async () => {
    const { database, on } = signalsByHand();
    const cache = new SessionCache<string>(60_000);
    await cache.start(database);
    cache.put(key(1), 'row1', cache.since());
    for (const n of [2, 3, 4]) cache.put(customerKey(n), `row${n}`, cache.since());
    cache.forgetRestaurant('r1');
    expect([1, 2, 3, 4].map((n) => cache.get(`h${n}`))).toEqual([null, 'row2', 'row3', 'row4']);
    on.payload?.('c:c2');
    cache.forget('h3');
    expect([2, 3, 4].map((n) => cache.get(`h${n}`))).toEqual([null, null, 'row4']);
    const since = cache.since();
    cache.forget('h4');
    cache.put(customerKey(4), 'row4', since);
    expect(cache.get('h4')).toBeNull();
  });

  it('does not keep a row read while a signal arrived: it may predate the revocation the signal told of', async () => {
    const { database, on } = signalsByHand();
    const cache = new SessionCache<string>(60_000);
    await cache.start(database);
    const since = cache.since();
    on.payload?.('s:another');
    cache.put(key(1), 'row1', since);
    expect(cache.get('h1')).toBeNull();
    cache.put(key(1), 'row1', cache.since());
    expect(cache.get('h1')).toBe('row1');
  });

  it('trusts nothing before it hears the signals, while their connection is down, nor what it kept before', async () => {
    const { database, on } = signalsByHand();
    const cache = new SessionCache<string>(60_000);
    cache.put(key(1), 'row1', cache.since());
    expect(cache.get('h1')).toBeNull();
    await cache.start(database);
    cache.put(key(1), 'row1', cache.since());
    on.lost?.();
    expect(cache.get('h1')).toBeNull();
    cache.put(key(2), 'row2', cache.since());
    expect(cache.get('h2')).toBeNull();
    on.reconnect?.();
    cache.put(key(2), 'row2', cache.since());
    expect(cache.get('h2')).toBe('row2');
  });

  it('keeps a session for its maximum age at most, and its most recently used ones within its size', async () => {
    const { database } = signalsByHand();
    const cache = new SessionCache<string>(1000, 3 * KEPT_SESSION_BYTES);
    await cache.start(database);
    for (const n of [1, 2, 3]) cache.put(key(n), `row${n}`, cache.since(), 0);
    expect(cache.get('h1', 10)).toBe('row1');
    cache.put(key(4), 'row4', cache.since(), 0);
    expect(['h1', 'h2', 'h3', 'h4'].map((h) => cache.get(h, 20))).toEqual(['row1', null, 'row3', 'row4']);
    expect(cache.get('h1', 1000)).toBeNull();

    const off = new SessionCache<string>(0);
    await off.start(database);
    off.put(key(1), 'row1', off.since());
    expect(off.get('h1')).toBeNull();
  });
});

describe('staff reads through the kept sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Longer than any test: what drops a kept session here is a signal or a write, never its age.
    t = await createTestApp({ SESSION_CACHE_MS: String(3600_000) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = async (client: ReturnType<TestApp['client']>) => (await client.get('/api/auth/me')).body.user;

  it("a staff member's reads after the first do not read the session again; writes and customers' reads always do", async () => {
    const owner = await signupOwner(t);
    expect(await sessionReads(t, () => owner.client.get('/api/admin/dashboard'))).toBe(1);
    expect(await sessionReads(t, () => owner.client.get('/api/admin/dashboard'))).toBe(0);
    expect(await sessionReads(t, () => owner.client.get('/api/admin/orders'))).toBe(0);
    // Answered or refused, a write reads the session first.
    expect(await sessionReads(t, () => owner.client.put('/api/admin/settings/reviews', {}))).toBe(1);

    const customer = await registerCustomer(t, owner.slug);
    expect(await sessionReads(t, () => customer.client.get('/api/auth/me'))).toBe(1);
    expect(await sessionReads(t, () => customer.client.get('/api/auth/me'))).toBe(1);
  });

  it("an employee deactivated through this instance is signed out at the very next read, the signal's not awaited", async () => {
    const owner = await signupOwner(t);
    const cook = await createEmployee(t, owner, { profileType: 'kitchen' });
    expect((await me(cook.client)).id).toBe(cook.employeeId);
    expect(await sessionReads(t, () => me(cook.client))).toBe(0);
    const signals = vi.spyOn(t.deps.sessions, 'signal').mockImplementation(() => undefined);
    try {
      const off = await owner.client.patch(`/api/admin/employees/${cook.employeeId}/active`, { active: false });
      expect(off.status).toBe(200);
      expect(await me(cook.client)).toBeNull();
    } finally {
      signals.mockRestore();
    }
  });

  it("what another instance changes reaches this one's reads as soon as its signal does", async () => {
    const owner = await signupOwner(t);
    const waiter = await createEmployee(t, owner, { profileType: 'waiter' });
    const cashier = await createEmployee(t, owner, { profileType: 'cashier' });
    const cook = await createEmployee(t, owner, { profileType: 'kitchen' });
    for (const c of [owner.client, waiter.client, cashier.client, cook.client]) await me(c);
    const kept = (client: ReturnType<TestApp['client']>) =>
      t.deps.sessions.get(hashToken(client.cookie(SESSION_COOKIE) as string));
    expect(kept(waiter.client)).not.toBeNull();

    // Written straight to the database, as another instance would: only the signal tells this one.
    await t.db.update(employees).set({ active: false }).where(eq(employees.id, waiter.employeeId));
    await eventually(async () => expect(await me(waiter.client)).toBeNull());

    await t.db.update(userProfiles).set({ name: 'Caixa da noite' }).where(eq(userProfiles.id, cashier.profileId));
    await eventually(async () => expect(kept(cashier.client)).toBeNull());

    await t.db.delete(sessions).where(eq(sessions.employeeId, cook.employeeId));
    await eventually(async () => expect(await me(cook.client)).toBeNull());

    await t.db.update(restaurants).set({ timezone: 'America/Manaus' }).where(eq(restaurants.id, owner.restaurantId));
    await eventually(async () =>
      expect((await owner.client.get('/api/admin/dashboard')).body.timezone).toBe('America/Manaus'),
    );

    await me(owner.client);
    const [ownerRow] = await t.db
      .select({ id: restaurants.ownerId })
      .from(restaurants)
      .where(eq(restaurants.id, owner.restaurantId));
    await t.db
      .update(appUsers)
      .set({ name: 'Dona Renomeada' })
      .where(eq(appUsers.id, ownerRow.id as string));
    await eventually(async () => expect((await me(owner.client)).name).toBe('Dona Renomeada'));
  });

  it('keeps nothing when its maximum age is 0', async () => {
    const off = await createTestApp({ SESSION_CACHE_MS: '0' });
    try {
      const owner = await signupOwner(off);
      const twice = async () => {
        await owner.client.get('/api/admin/dashboard');
        await owner.client.get('/api/admin/dashboard');
      };
      expect(await sessionReads(off, twice)).toBe(2);
    } finally {
      await off.close();
    }
  });
});
