import { randomUUID } from 'node:crypto';
import {
  events,
  mailOutbox,
  outboundMessages,
  passwordResetTokens,
  rateLimits,
  sessions,
} from '@meucardapio/db/schema';
import { count, eq, inArray, lt } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/http/session';
import { runRetention } from '../src/ops/retention';
import { appendAnyEvent, createTestApp, type Owner, signupOwner, type TestApp } from './helpers';
import { openStream } from './sse';

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 3600_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const hoursAgo = (n: number) => new Date(Date.now() - n * 3600_000);
const rows = async (table: PgTable) => (await t.db.select({ n: count() }).from(table))[0].n;

async function addEvent(createdAt: Date) {
  const id = await t.db.transaction((tx) =>
    appendAnyEvent(tx, { restaurantId: owner.restaurantId, type: 'menu.changed', payload: {} }),
  );
  await t.db.update(events).set({ createdAt }).where(eq(events.id, id));
  return id;
}

async function addSession(kind: 'owner' | 'customer', fields: { expiresAt: Date; lastSeenAt: Date }) {
  const tokenHash = hashToken(randomUUID());
  await t.db.insert(sessions).values({
    tokenHash,
    kind,
    appUserId: kind === 'owner' ? owner.ownerId : null,
    restaurantId: owner.restaurantId,
    ...fields,
  });
  return tokenHash;
}

async function addMessage(status: string, sentAt: Date | null, createdAt: Date) {
  const [row] = await t.db
    .insert(outboundMessages)
    .values({ restaurantId: owner.restaurantId, kind: 'test', body: 'Olá', status, sentAt, createdAt })
    .returning({ id: outboundMessages.id });
  return row.id;
}

describe('retention', () => {
  it('deletes what expired from every growing table, keeps what is still needed, and can run on two instances at once', async () => {
    const oldEvents = [await addEvent(daysAgo(8)), await addEvent(daysAgo(30))];
    const keptEvent = await addEvent(daysAgo(6));

    const goneSessions = [
      await addSession('owner', { expiresAt: hoursAgo(1), lastSeenAt: hoursAgo(2) }),
      // Idle too long: owners 12 h.
      await addSession('owner', { expiresAt: daysAgo(-10), lastSeenAt: hoursAgo(13) }),
    ];
    const keptSessions = [
      await addSession('owner', { expiresAt: daysAgo(-10), lastSeenAt: hoursAgo(11) }),
      // Customers may stay idle 14 days.
      await addSession('customer', { expiresAt: daysAgo(-10), lastSeenAt: daysAgo(10) }),
    ];

    const token = (expiresAt: Date) => ({
      tokenHash: hashToken(randomUUID()),
      kind: 'owner',
      subjectId: owner.ownerId,
      restaurantId: owner.restaurantId,
      expiresAt,
    });
    const [goneToken, keptToken] = [token(hoursAgo(1)), token(daysAgo(-1))];
    await t.db.insert(passwordResetTokens).values([goneToken, keptToken]);

    const goneMessage = await addMessage('sent', daysAgo(31), daysAgo(31));
    const keptMessages = [
      await addMessage('sent', daysAgo(29), daysAgo(29)),
      // Nobody acted on these yet: never deleted, however old.
      await addMessage('failed', null, daysAgo(60)),
      await addMessage('pending', null, daysAgo(60)),
    ];

    const mails = await t.db
      .insert(mailOutbox)
      .values([
        { to: 'a@teste.com.br', subject: 'Antigo', body: '…', createdAt: daysAgo(31) },
        { to: 'b@teste.com.br', subject: 'Recente', body: '…', createdAt: daysAgo(1) },
      ])
      .returning({ id: mailOutbox.id });

    await t.db.insert(rateLimits).values([
      { key: 'test:ended', hits: 3, strikes: 0, resetAt: hoursAgo(1) },
      { key: 'test:running', hits: 3, strikes: 0, resetAt: daysAgo(-1) },
      // Backed off recently: its strikes are remembered a day.
      { key: 'test:strikes', hits: 5, strikes: 2, resetAt: hoursAgo(2) },
      { key: 'test:strikes-old', hits: 5, strikes: 2, resetAt: daysAgo(2) },
    ]);

    const before = {
      events: await rows(events),
      sessions: await rows(sessions),
      tokens: await rows(passwordResetTokens),
      outbox: await rows(outboundMessages),
      mail: await rows(mailOutbox),
      rateLimits: await rows(rateLimits),
    };

    // Two instances' passes at once: each row is deleted once, and together they delete all of it.
    const passes = await Promise.all([runRetention(t.db, { eventsDays: 7 }), runRetention(t.db, { eventsDays: 7 })]);
    const deleted = (k: keyof (typeof passes)[0]) => passes[0][k] + passes[1][k];
    expect(deleted('events')).toBe(2);
    expect(deleted('sessions')).toBe(2);
    expect(deleted('resetTokens')).toBe(1);
    expect(deleted('outbox')).toBe(1);
    expect(deleted('mail')).toBe(1);
    expect(deleted('rateLimits')).toBe(2);

    expect(await rows(events)).toBe(before.events - 2);
    expect(await rows(sessions)).toBe(before.sessions - 2);
    expect(await rows(passwordResetTokens)).toBe(before.tokens - 1);
    expect(await rows(outboundMessages)).toBe(before.outbox - 1);
    expect(await rows(mailOutbox)).toBe(before.mail - 1);
    expect(await rows(rateLimits)).toBe(before.rateLimits - 2);

    const eventIds = (await t.db.select({ id: events.id }).from(events)).map((e) => e.id);
    expect(eventIds).toContain(keptEvent);
    expect(eventIds).not.toContain(oldEvents[0]);
    const sessionHashes = (await t.db.select({ h: sessions.tokenHash }).from(sessions)).map((s) => s.h);
    expect(sessionHashes).toEqual(expect.arrayContaining(keptSessions));
    expect(sessionHashes.some((h) => goneSessions.includes(h))).toBe(false);
    const tokens = (await t.db.select({ h: passwordResetTokens.tokenHash }).from(passwordResetTokens)).map((r) => r.h);
    expect(tokens).toEqual([keptToken.tokenHash]);
    const messages = await t.db
      .select({ id: outboundMessages.id })
      .from(outboundMessages)
      .where(inArray(outboundMessages.id, [goneMessage, ...keptMessages]));
    expect(messages.map((m) => m.id).sort()).toEqual([...keptMessages].sort());
    expect((await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).map((m) => m.id)).toEqual([mails[1].id]);
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['test:running', 'test:strikes']));
    expect(keys).not.toContain('test:ended');
    expect(keys).not.toContain('test:strikes-old');

    // The owner signed in before the pass is still signed in.
    expect((await owner.client.get('/api/auth/me')).body.user?.email).toBe(owner.email);
    // Nothing left to delete: a second pass is a no-op.
    expect(Object.values(await runRetention(t.db, { eventsDays: 7 })).every((n) => n === 0)).toBe(true);
  });

  it('a stream resuming from an event that retention deleted is told to refresh; one resuming from a kept event is not', async () => {
    const deletedId = await addEvent(daysAgo(9));
    // Ids grow with time: everything logged before it is older still.
    await t.db
      .update(events)
      .set({ createdAt: daysAgo(10) })
      .where(lt(events.id, deletedId));
    const keptId = await addEvent(daysAgo(1));
    await runRetention(t.db, { eventsDays: 7 });

    const stale = await openStream(t.app, owner.client, '/api/events/staff', String(deletedId - 1));
    expect(await stale.waitFor((e) => e.event === 'refresh')).toBeDefined();
    await stale.close();

    const fresh = await openStream(t.app, owner.client, '/api/events/staff', String(keptId - 1));
    // The kept event is replayed, and no refresh is asked for.
    expect(await fresh.waitFor((e) => e.id === String(keptId))).toBeDefined();
    expect(fresh.received.some((e) => e.event === 'refresh')).toBe(false);
    await fresh.close();
  });
});
