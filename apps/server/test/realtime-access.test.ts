import { employees, sessions, userProfiles } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAnyEvent, createEmployee, createTestApp, eventually, signupOwner, type TestApp } from './helpers';
import { insertOrder } from './ops-fixtures';
import { openStream, requestStream, sseReader } from './sse';

// `t` checks open streams' sessions only once a minute (the default), so anything that ends a stream
// there within the test's wait comes from a revocation signal; `fast` checks every 100 ms.
let t: TestApp;
let fast: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  fast = await createTestApp({ SSE_SESSION_CHECK_MS: '100', SSE_MAX_STREAMS_PER_USER: '3' });
});
afterAll(async () => {
  await t?.close();
  await fast?.close();
});

describe('a stream ends with its session', () => {
  it('logout ends the open stream at once', async () => {
    const owner = await signupOwner(t);
    const stream = await openStream(t.app, owner.client, '/api/events/staff');
    await stream.waitFor((e) => e.event === 'ready');
    expect((await owner.client.post('/api/auth/logout')).status).toBe(200);
    expect(await stream.waitFor((e) => e.event === 'session.ended')).toBeTruthy();
    expect(await stream.waitForEnd()).toBe(true);
  });

  it('deleting the sessions of a user (password changed by someone else) ends their streams', async () => {
    const owner = await signupOwner(t);
    const cook = await createEmployee(t, owner, { profileType: 'kitchen' });
    const stream = await openStream(t.app, cook.client, '/api/events/staff');
    const ownerStream = await openStream(t.app, owner.client, '/api/events/staff');
    await stream.waitFor((e) => e.event === 'ready');
    await t.db.delete(sessions).where(eq(sessions.employeeId, cook.employeeId));
    expect(await stream.waitForEnd()).toBe(true);
    expect(stream.received.some((e) => e.event === 'session.ended')).toBe(true);
    // Nobody else's stream is touched.
    await appendAnyEvent(t.db, { restaurantId: owner.restaurantId, type: 'still.here', payload: {} });
    expect(await ownerStream.waitFor((e) => e.event === 'still.here')).toBeTruthy();
    await ownerStream.close();
  });

  it('deactivating an employee or their profile ends their stream', async () => {
    const owner = await signupOwner(t);
    const waiter = await createEmployee(t, owner, { profileType: 'waiter' });
    const cashier = await createEmployee(t, owner, { profileType: 'cashier' });
    const waiterStream = await openStream(t.app, waiter.client, '/api/events/staff');
    const cashierStream = await openStream(t.app, cashier.client, '/api/events/staff');
    await waiterStream.waitFor((e) => e.event === 'ready');
    await cashierStream.waitFor((e) => e.event === 'ready');
    await t.db.update(employees).set({ active: false }).where(eq(employees.id, waiter.employeeId));
    await t.db.update(userProfiles).set({ active: false }).where(eq(userProfiles.id, cashier.profileId));
    expect(await waiterStream.waitForEnd()).toBe(true);
    expect(await cashierStream.waitForEnd()).toBe(true);
    // Reconnecting is refused too.
    expect((await requestStream(t.app, waiter.client, '/api/events/staff')).status).toBe(401);
  });

  it('a permission taken from a profile stops the events that need it', async () => {
    const owner = await signupOwner(t);
    const cashier = await createEmployee(t, owner, { profileType: 'cashier' });
    const stream = await openStream(t.app, cashier.client, '/api/events/staff');
    await stream.waitFor((e) => e.event === 'ready');
    await t.db
      .update(userProfiles)
      .set({ permissions: { manage_orders: true, manage_cashier: false } })
      .where(eq(userProfiles.id, cashier.profileId));
    let n = 0;
    /** Sends a cash event then an orders event; true if the cash one reached the stream. */
    const cashArrives = async () => {
      n++;
      const restaurantId = owner.restaurantId;
      await appendAnyEvent(t.db, { restaurantId, type: 'cash.x', permission: 'manage_cashier', payload: { n } });
      await appendAnyEvent(t.db, { restaurantId, type: 'order.x', permission: 'manage_orders', payload: { n } });
      await stream.waitFor((e) => e.event === 'order.x' && JSON.parse(e.data).n === n);
      return stream.received.some((e) => e.event === 'cash.x' && JSON.parse(e.data).n === n);
    };
    // The change reaches the open stream a moment later, without reconnecting.
    await eventually(async () => expect(await cashArrives()).toBe(false));
    expect(await cashArrives()).toBe(false);
    expect(stream.ended).toBe(false);
    await stream.close();
  });

  it('the periodic check ends a stream whose session expired without any signal', async () => {
    const owner = await signupOwner(fast);
    const stream = await openStream(fast.app, owner.client, '/api/events/staff');
    await stream.waitFor((e) => e.event === 'ready');
    await fast.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.restaurantId, owner.restaurantId));
    expect(await stream.waitForEnd()).toBe(true);
    expect(stream.received.some((e) => e.event === 'session.ended')).toBe(true);
  });

  it('a stream whose session is still valid stays open through the periodic checks', async () => {
    const owner = await signupOwner(fast);
    const stream = await openStream(fast.app, owner.client, '/api/events/staff');
    await stream.waitFor((e) => e.event === 'ready');
    expect(await stream.waitForEnd(500)).toBe(false);
    await appendAnyEvent(fast.db, { restaurantId: owner.restaurantId, type: 'alive', payload: {} });
    expect(await stream.waitFor((e) => e.event === 'alive')).toBeTruthy();
    await stream.close();
  });
});

describe('a delivery person receives only the events of their orders', () => {
  it('filters order and chat events by assignment, live and on resume', async () => {
    const owner = await signupOwner(t);
    const courier = await createEmployee(t, owner, { profileType: 'counter', profileName: 'Entregador' });
    const otherCourier = await createEmployee(t, owner, { profileType: 'counter', profileName: 'Entregador' });
    const counter = await createEmployee(t, owner, { profileType: 'counter' });
    const mine = await insertOrder(t, owner.restaurantId, {
      status: 'out_for_delivery',
      deliveryEmployeeId: courier.employeeId,
    });
    const theirs = await insertOrder(t, owner.restaurantId, {
      status: 'out_for_delivery',
      deliveryEmployeeId: otherCourier.employeeId,
    });
    const unassigned = await insertOrder(t, owner.restaurantId);
    const before = await appendAnyEvent(t.db, { restaurantId: owner.restaurantId, type: 'mark', payload: {} });

    const courierStream = await openStream(t.app, courier.client, '/api/events/staff');
    const counterStream = await openStream(t.app, counter.client, '/api/events/staff');
    const send = (type: string, payload: Record<string, unknown>, customerId: string | null = null) =>
      appendAnyEvent(t.db, {
        restaurantId: owner.restaurantId,
        type,
        permission: 'manage_orders',
        customerId,
        payload,
      });
    await send('order.created', { orderId: unassigned.id, customerName: 'Maria Souza' });
    await send('order.updated', { orderId: theirs.id, status: 'delivered' });
    await send('order.updated', { orderId: mine.id, status: 'delivered' });
    await send('chat.message', {
      orderId: null,
      senderType: 'admin',
      recipientType: 'employee',
      recipientId: otherCourier.employeeId,
    });
    await send('chat.message', {
      orderId: null,
      senderType: 'admin',
      recipientType: 'employee',
      recipientId: courier.employeeId,
    });
    await send('chat.message', { orderId: theirs.id, senderType: 'customer', recipientType: null, recipientId: null });
    await send('hours.updated', {});
    await send('end', {});

    await counterStream.waitFor((e) => e.event === 'end');
    await courierStream.waitFor((e) => e.event === 'end');
    // The marker was committed before the streams opened; its NOTIFY may still reach them after they do.
    const seen = (s: typeof courierStream) =>
      s.received
        .filter((e) => e.event !== 'ready' && e.event !== 'mark')
        .map((e) => {
          const d = JSON.parse(e.data);
          return `${e.event}:${d.orderId ?? d.recipientId ?? ''}`;
        });
    expect(seen(courierStream)).toEqual([
      `order.updated:${mine.id}`,
      `chat.message:${courier.employeeId}`,
      'hours.updated:',
      'end:',
    ]);
    expect(seen(counterStream)).toHaveLength(8);

    // Resuming from before those events replays the same selection.
    const resumed = await openStream(t.app, courier.client, '/api/events/staff', String(before));
    await resumed.waitFor((e) => e.event === 'end');
    expect(seen(resumed)).toEqual(seen(courierStream));
    await courierStream.close();
    await counterStream.close();
    await resumed.close();
  });
});

describe('stream limits', () => {
  it('caps the streams one person keeps open (429 in pt-BR), freeing a place when one closes', async () => {
    const owner = await signupOwner(fast);
    const open = [];
    for (let i = 0; i < 3; i++) open.push(await openStream(fast.app, owner.client, '/api/events/staff'));
    const refused = await requestStream(fast.app, owner.client, '/api/events/staff');
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatchObject({ code: 'too_many_streams', title: 'Muitas conexões abertas' });
    // Another person of the same restaurant is not affected.
    const cook = await createEmployee(fast, owner, { profileType: 'kitchen' });
    const cookStream = await openStream(fast.app, cook.client, '/api/events/staff');
    await open[0].close();
    let reopened: Awaited<ReturnType<typeof openStream>> | undefined;
    for (let i = 0; i < 50 && !reopened; i++) {
      const res = await requestStream(fast.app, owner.client, '/api/events/staff');
      if (res.status === 200) reopened = sseReader(res);
      else await new Promise((r) => setTimeout(r, 20));
    }
    expect(reopened).toBeTruthy();
    for (const s of [...open.slice(1), cookStream, reopened!]) await s.close();
  });

  it('refuses a malformed or huge Last-Event-ID with 400', async () => {
    const owner = await signupOwner(t);
    for (const bad of ['abc', '12x', '-1', '9'.repeat(40)]) {
      const res = await requestStream(t.app, owner.client, '/api/events/staff', bad);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({
        code: 'invalid_last_event_id',
        title: 'Identificador de evento inválido',
      });
    }
    const viaQuery = await owner.client.get(`/api/events/staff?lastEventId=${'9'.repeat(40)}`);
    expect(viaQuery.status).toBe(400);
  });
});
