import type { Db } from '@meucardapio/db/client';
import {
  events,
  mailOutbox,
  outboundMessages,
  passwordResetTokens,
  rateLimits,
  sessions,
} from '@meucardapio/db/schema';
import { and, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import { staleRateLimits } from '../http/rate-limit';
import { SESSION_IDLE_MS } from '../http/session';
import { type RepeatingPass, startRepeatingPass } from './repeating-pass';

const DAY_MS = 24 * 3600_000;
/** Sent WhatsApp messages and e-mails stay this long (the owner's "mensagens enviadas" view reads them). */
export const OUTBOX_RETENTION_DAYS = 30;
/** Rows deleted per statement: short transactions, so a pass never holds many locks or a long snapshot. */
const BATCH = 2000;
/** How often each instance runs a pass. */
export const RETENTION_EVERY_MS = 15 * 60_000;

export type RetentionOptions = { eventsDays: number; now?: Date };
export type RetentionResult = Record<'events' | 'sessions' | 'resetTokens' | 'outbox' | 'mail' | 'rateLimits', number>;

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * Deletes `where` rows of `table` in batches. Each batch picks its rows `FOR UPDATE SKIP LOCKED`, so
 * instances running the pass together delete disjoint rows instead of waiting on each other, and a row
 * a request is updating right now is left for the next pass.
 */
async function purge(db: Db, table: PgTable, key: PgColumn, where: SQL | undefined): Promise<number> {
  let total = 0;
  for (;;) {
    const picked = db.select({ k: key }).from(table).where(where).limit(BATCH).for('update', { skipLocked: true });
    const deleted = await db.delete(table).where(inArray(key, picked)).returning({ k: key });
    total += deleted.length;
    if (deleted.length < BATCH) return total;
  }
}

/**
 * One retention pass; safe to run on every instance at once. What goes: realtime events older than the
 * window (a stream resuming from before it is told to refresh), sessions past their absolute or idle
 * expiry (the same rule sign-in applies), reset links past their expiry, outbox messages sent more than
 * 30 days ago (pending and failed ones stay: someone still has to act on them), e-mail copies as old, and
 * throttling rows whose window ended (see rate-limit.ts).
 */
export async function runRetention(db: Db, options: RetentionOptions): Promise<RetentionResult> {
  const now = options.now ?? new Date();
  const idleExpired = or(
    ...Object.entries(SESSION_IDLE_MS).map(([kind, ms]) =>
      and(eq(sessions.kind, kind), lt(sessions.lastSeenAt, ago(now, ms))),
    ),
  );
  const outboxCutoff = ago(now, OUTBOX_RETENTION_DAYS * DAY_MS);
  return {
    events: await purge(db, events, events.id, lt(events.createdAt, ago(now, options.eventsDays * DAY_MS))),
    sessions: await purge(db, sessions, sessions.tokenHash, or(lt(sessions.expiresAt, now), idleExpired)),
    resetTokens: await purge(
      db,
      passwordResetTokens,
      passwordResetTokens.tokenHash,
      lt(passwordResetTokens.expiresAt, now),
    ),
    outbox: await purge(
      db,
      outboundMessages,
      outboundMessages.id,
      and(eq(outboundMessages.status, 'sent'), lt(outboundMessages.sentAt, outboxCutoff)),
    ),
    mail: await purge(db, mailOutbox, mailOutbox.id, lt(mailOutbox.createdAt, outboxCutoff)),
    rateLimits: await purge(db, rateLimits, rateLimits.key, staleRateLimits(sql`${now.toISOString()}::timestamptz`)),
  };
}

/** Runs a pass at start and then every RETENTION_EVERY_MS on this instance; `stop` waits for a pass under way. */
export function startRetentionJob(
  db: Db,
  log: Logger,
  options: RetentionOptions & { everyMs?: number },
): RepeatingPass {
  return startRepeatingPass(
    log,
    'retention',
    async () => {
      const deleted = await runRetention(db, options);
      if (Object.values(deleted).some((n) => n > 0)) log.info({ deleted }, 'retention pass');
    },
    { everyMs: options.everyMs ?? RETENTION_EVERY_MS, now: true },
  );
}
