import { openDatabase } from '@meucardapio/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAnyEvent, createTestApp, signupOwner, type TestApp } from './helpers';
import { openStream, requestStream } from './sse';

// Two instances on one PostgreSQL: the one going away hands its streams over to the other.
describe.runIf(process.env.TEST_DB === 'postgres')('an instance shutting down', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp(
      {},
      await openDatabase({ url: a.deps.database.url!, directUrl: a.deps.database.directUrl }),
    );
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('tells its streams to reconnect, stops being ready, and the client resumes on the other instance from its last event', async () => {
    const owner = await signupOwner(a);
    const event = (n: number) => appendAnyEvent(a.db, { restaurantId: owner.restaurantId, type: 'n', payload: { n } });
    const onA = await openStream(a.app, owner.client, '/api/events/staff');
    await onA.waitFor((e) => e.event === 'ready');
    const firstId = await event(1);
    const seen = await onA.waitFor((e) => e.event === 'n');
    expect(seen?.id).toBe(String(firstId));

    // What main.ts does on SIGTERM, before waiting for requests in flight.
    a.deps.realtime.streams.endAll('shutdown');
    const reconnect = await onA.waitFor((e) => e.event === 'reconnect');
    expect(reconnect?.retry).toBeGreaterThanOrEqual(500);
    expect(await onA.waitForEnd()).toBe(true);
    expect((await a.client().get('/api/ready')).status).toBe(503);
    const refused = await requestStream(a.app, owner.client, '/api/events/staff', seen?.id);
    expect(refused.status).toBe(503);

    // Committed while the client was between instances.
    await event(2);
    await event(3);
    const onB = await openStream(b.app, owner.client, '/api/events/staff', seen?.id);
    await onB.waitFor((e) => e.event === 'n' && JSON.parse(e.data).n === 3);
    expect(onB.received.filter((e) => e.event === 'n').map((e) => JSON.parse(e.data).n)).toEqual([2, 3]);
    expect(onB.received.some((e) => e.event === 'refresh')).toBe(false);
    expect((await b.client().get('/api/ready')).status).toBe(200);
    await onB.close();
  });
});
