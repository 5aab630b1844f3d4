import { randomUUID } from 'node:crypto';
import { anyOf } from '@meucardapio/db/any-of';
import { builtOnce } from '@meucardapio/db/built-once';
import type { Db, DbOrTx } from '@meucardapio/db/client';
import { events, orders, outboundMessages } from '@meucardapio/db/schema';
import { openSecret } from '@meucardapio/db/secret-box';
import { shortIdAdmin } from '@meucardapio/domain/order-status';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Deps } from '../../../http/context';
import { tenant } from '../../../http/tenant';
import { appendEvent } from '../../../realtime/realtime';
import { queueMissedNewOrderMessages, SWEEP_WINDOW_MS } from './new-order-message';
import { OUTBOX_CHANNEL, OUTBOX_WRITER } from './outbox-queue';

export { enqueueNewOrderNotifications, NEW_ORDER_KIND } from './new-order-message';

/**
 * The WhatsApp outbox's sender (ARCHITECTURE §6.11): each message is sent ONCE by the server, never by
 * whichever admin page is open. How "once" holds with many instances:
 *  - a message is queued in the transaction that owes it (new-order-message.ts, status-messages.ts),
 *    if absent (unique restaurant_id + order_id + kind), with a NOTIFY on `mc_outbox` sent on commit;
 *  - a sender claims a row in one statement (`FOR UPDATE SKIP LOCKED`, status 'sending' with a claim
 *    token and a lease), calls the provider outside any transaction, then records the result: two
 *    workers never send the same row, and no database connection (on the embedded database, THE
 *    connection) waits on the provider;
 *  - a row whose lease ran out (its sender died) is claimed again;
 *  - failed sends are retried with backoff a few times, then the row is marked failed.
 * Triggers: the `mc_outbox` NOTIFY of a row this process queued drains at once; a timer drains what
 * became due (retries, expired leases, rows of an instance that went away) and sweeps the event log as a
 * safety net for orders that came by another way.
 */

/** Delay after creation before attempt n+1, indexed by failures so far; its length is the attempt cap. */
export const DEFAULT_RETRY_DELAYS_MS = [0, 15_000, 60_000, 5 * 60_000, 15 * 60_000];
const POLL_MS = 1_000;
/** How often the sweep goes back over the last minute of the log, for transactions that committed late. */
const FULL_SWEEP_MS = 60_000;
/** How far behind the trailing cursor stays, for transactions that commit after later ones. */
const SETTLE_MS = 60_000;
/** Events read per query when looking for new orders. */
const EVENTS_PAGE = 1000;

/**
 * How long a wake-up waits for the orders committing right behind it: at dinner time one claim and one
 * record then serve several orders' messages, for a delay no customer notices.
 */
const GATHER_MS = 50;

export type NotifierOptions = { pollMs?: number; retryDelaysMs?: number[]; gatherMs?: number };

/** How long a claimed row belongs to its sender (well above the provider's timeout). */
export const SEND_LEASE_MS = 2 * 60_000;

type Claimed = {
  id: string;
  restaurantId: string;
  orderId: string | null;
  phone: string | null;
  body: string;
  attempts: number;
  token: string;
  apiKey: string | null;
};

type ClaimedRow = {
  id: string;
  restaurant_id: string;
  order_id: string | null;
  phone: string | null;
  body: string;
  attempts: number;
  api_key: string | null;
};

/** Rows claimed at once: fewer than this means nothing else was due, so no claim is spent to find nothing. */
const CLAIM_BATCH = 10;

/**
 * Claims the oldest due rows (up to CLAIM_BATCH) in one call, no transaction, oldest first (an order's
 * "Recebemos" before its status messages): pending and past their retry delay, or 'sending' with an
 * expired lease. The attempt is counted here, so a sender that keeps dying still reaches the attempt
 * cap; a row whose sender died on its last attempt is marked failed instead. The database function
 * `mc_claim_outbox` (migration 0045) keeps its plans, where the statement was planned at every call.
 */
async function claimDue(db: Db, at: Date, delays: number[], leaseMs: number): Promise<Claimed[]> {
  const delaysMs = delays.map((d) => Math.max(0, Math.round(d)));
  const token = randomUUID();
  const leaseUntil = new Date(at.getTime() + leaseMs).toISOString();
  const { rows } = await db.execute<ClaimedRow>(
    sql`select * from mc_claim_outbox(${at.toISOString()}::timestamptz, ${sql.param(delaysMs)}::integer[],
      ${token}::uuid, ${leaseUntil}::timestamptz, ${CLAIM_BATCH})`,
  );
  return rows.map((row) => ({
    id: row.id,
    restaurantId: row.restaurant_id,
    orderId: row.order_id,
    phone: row.phone,
    body: row.body,
    attempts: Number(row.attempts),
    token,
    // Read by hand, so opened by hand: the column keeps it sealed.
    apiKey: row.api_key === null ? null : openSecret(row.api_key),
  }));
}

/** The sent rows of a batch, recorded in one statement. */
const markSent = builtOnce((db) =>
  db
    .update(outboundMessages)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null, claimToken: null, leaseUntil: null })
    .where(anyOf(outboundMessages.id, sql.placeholder('ids'))),
);

/** Records a failed send. A failure only counts while the claim is still this sender's. */
async function recordFailure(
  deps: Pick<Deps, 'database' | 'log'>,
  claimed: Claimed,
  error: unknown,
  maxAttempts: number,
): Promise<void> {
  const { id, attempts, token } = claimed;
  const db = deps.database.db;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  deps.log.warn({ err: error, outboxId: id, attempts }, 'WhatsApp send failed');
  await db.transaction(async (tx) => {
    const [mine] = await tx
      .update(outboundMessages)
      .set({
        status: attempts >= maxAttempts ? 'failed' : 'pending',
        lastError: message,
        claimToken: null,
        leaseUntil: null,
      })
      .where(and(eq(outboundMessages.id, id), eq(outboundMessages.claimToken, token)))
      .returning({ id: outboundMessages.id });
    // Staff hear about it once, at the first failure; retries continue quietly.
    if (mine && attempts === 1 && claimed.orderId)
      await announceFailure(tx, claimed.restaurantId, claimed.orderId, message, attempts < maxAttempts);
  });
}

async function announceFailure(tx: DbOrTx, restaurantId: string, orderId: string, error: string, willRetry: boolean) {
  const [order] = await tx
    .select({ number: orders.number })
    .from(orders)
    .where(tenant(orders, restaurantId, eq(orders.id, orderId)))
    .limit(1);
  await appendEvent(tx, {
    restaurantId,
    type: 'whatsapp.failed',
    permission: 'manage_orders',
    payload: { orderId, number: order?.number ?? null, shortId: shortIdAdmin(orderId), error, willRetry },
  });
}

/** Sends one claimed message; answers the error, or null once the provider took it. */
async function sendClaimed(deps: Pick<Deps, 'integrations'>, claimed: Claimed): Promise<unknown> {
  try {
    await deps.integrations.messaging.send({
      restaurantId: claimed.restaurantId,
      phone: claimed.phone ?? '',
      body: claimed.body,
      apiKey: claimed.apiKey,
    });
    return null;
  } catch (err) {
    return err ?? new Error('Falha no envio');
  }
}

/**
 * Sends what is due, a claimed batch at a time: claim (one statement), send the batch's messages side by
 * side (no transaction), record them (one statement for those that went out; a failure's short
 * transaction also tells staff). Returns how many rows were attempted.
 */
export async function drainOutbox(
  deps: Pick<Deps, 'database' | 'integrations' | 'log'>,
  options: { retryDelaysMs?: number[]; now?: () => Date; max?: number; leaseMs?: number } = {},
): Promise<number> {
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const now = options.now ?? (() => new Date());
  const max = options.max ?? 100;
  let attempted = 0;
  while (attempted < max) {
    const batch = await claimDue(deps.database.db, now(), delays, options.leaseMs ?? SEND_LEASE_MS);
    attempted += batch.length;
    // Different customers' messages go out side by side; one customer's keep their order ("Recebemos"
    // before "saiu para entrega"), each waiting for the one before it.
    const before = new Map<string, Promise<unknown>>();
    const errors = await Promise.all(
      batch.map((claimed) => {
        const key = claimed.phone ?? claimed.id;
        const sending = (before.get(key) ?? Promise.resolve()).then(() => sendClaimed(deps, claimed));
        before.set(key, sending);
        return sending;
      }),
    );
    // What went out must never be sent again, whoever holds its row now.
    const sent = batch.filter((_, i) => errors[i] === null).map((c) => c.id);
    if (sent.length > 0) await markSent(deps.database.db, { ids: sent });
    for (const [i, claimed] of batch.entries()) {
      if (errors[i] !== null) await recordFailure(deps, claimed, errors[i], delays.length);
    }
    if (batch.length < CLAIM_BATCH) break;
  }
  return attempted;
}

export type OrderNotifier = {
  /** Runs one sweep of the log's new events + drain now (what the timer does). */
  tick(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Starts the in-process worker of one server instance. Every instance may run one: the outbox's
 * unique key and row locks keep the result to one message per order.
 */
export async function startOrderNotifications(
  deps: Pick<Deps, 'database' | 'integrations' | 'log'>,
  options: NotifierOptions = {},
): Promise<OrderNotifier> {
  const db = deps.database.db;
  const log = deps.log.child({ worker: 'order-notifications' });
  let stopped = false;
  let running: Promise<void> | null = null;
  /** The pass owed to triggers not served yet: always a drain, a sweep of the log if the timer asked; null when none. */
  let owed: { sweep: boolean; full: boolean } | null = null;

  // Two cursors over the event log: `seen` for the timer's sweep of what is new, and `settled`, which
  // trails by a minute, for the full sweep, so an event whose transaction committed late is still looked at.
  const [resume] = await db
    .select({ id: events.id })
    .from(events)
    .where(lte(events.createdAt, new Date(Date.now() - SWEEP_WINDOW_MS)))
    .orderBy(desc(events.id))
    .limit(1);
  let settled = resume?.id ?? 0;
  let seen = settled;
  let nextFull = Date.now() + FULL_SWEEP_MS;

  /**
   * The log is read in id order through its primary key, a page at a time, and filtered here: a filter
   * in the query would make PostgreSQL scan the whole log when few rows match. One more query per page
   * finds the orders it names that were left without their message.
   */
  async function sweep(full: boolean) {
    let from = full ? Math.min(settled, seen) : seen;
    const settleBefore = Date.now() - SETTLE_MS;
    for (;;) {
      const page = await db
        .select({
          id: events.id,
          restaurantId: events.restaurantId,
          createdAt: events.createdAt,
          type: events.type,
          orderId: sql<string | null>`${events.payload}->>'orderId'`,
          paid: sql<string | null>`${events.payload}->>'paid'`,
        })
        .from(events)
        .where(gt(events.id, from))
        .orderBy(asc(events.id))
        .limit(EVENTS_PAGE);
      if (page.length === 0) break;
      // A card/PIX order's message waits for its payment: the update that says it was paid.
      const named = page.flatMap((e) =>
        e.orderId && (e.type === 'order.created' || (e.type === 'order.updated' && e.paid === 'true'))
          ? [{ restaurantId: e.restaurantId, orderId: e.orderId }]
          : [],
      );
      await queueMissedNewOrderMessages(db, named);
      from = page[page.length - 1].id;
      seen = Math.max(seen, from);
      if (full) for (const e of page) if (e.createdAt.getTime() < settleBefore) settled = Math.max(settled, e.id);
      if (page.length < EVENTS_PAGE) break;
    }
  }

  /** Single-flight: a trigger while a pass runs schedules exactly one more, owing what every trigger asked. */
  function run(sweepLog: boolean, full = false): Promise<void> {
    if (stopped) return Promise.resolve();
    owed = { sweep: sweepLog || (owed?.sweep ?? false), full: full || (owed?.full ?? false) };
    if (running) return running;
    running = (async () => {
      while (owed && !stopped) {
        const pass = owed;
        owed = null;
        try {
          if (pass.sweep) await sweep(pass.full);
          await drainOutbox(deps, { retryDelaysMs: options.retryDelaysMs });
        } catch (err) {
          if (!stopped) log.error({ err }, 'order notifications pass failed');
        }
      }
      running = null;
    })();
    return running;
  }

  // A message queued by this process wakes its sender (after GATHER_MS); one queued by another instance is left
  // to that instance (or, if it is gone, to this timer). A NOTIFY lost while the listener was down is
  // made up for by a drain once it listens again (and by the timer).
  let gathering: NodeJS.Timeout | null = null;
  const wake = () => {
    gathering ??= setTimeout(() => {
      gathering = null;
      void run(false);
    }, options.gatherMs ?? GATHER_MS);
  };
  const unlisten = await deps.database.listen(
    OUTBOX_CHANNEL,
    (writer) => {
      if (writer === OUTBOX_WRITER) wake();
    },
    () => void run(false),
  );
  const timer = setInterval(() => {
    const full = Date.now() >= nextFull;
    if (full) nextFull = Date.now() + FULL_SWEEP_MS;
    void run(true, full);
  }, options.pollMs ?? POLL_MS);
  timer.unref?.();
  void run(true, true);

  return {
    tick: () => run(true),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      if (gathering) clearTimeout(gathering);
      await unlisten();
      await running?.catch(() => {});
    },
  };
}

/** The outbox as the owner sees it ("mensagens enviadas"), newest first. */
export async function listOutboundMessages(ctx: { db: DbOrTx; restaurantId: string }) {
  const rows = await ctx.db
    .select({ m: outboundMessages, number: orders.number })
    .from(outboundMessages)
    .leftJoin(
      orders,
      and(eq(orders.restaurantId, outboundMessages.restaurantId), eq(orders.id, outboundMessages.orderId)),
    )
    .where(tenant(outboundMessages, ctx.restaurantId))
    .orderBy(desc(outboundMessages.createdAt), desc(outboundMessages.seq))
    .limit(200);
  return rows.map(({ m, number }) => ({
    id: m.id,
    orderId: m.orderId,
    number,
    shortId: m.orderId ? shortIdAdmin(m.orderId) : null,
    kind: m.kind,
    phone: m.phone,
    body: m.body,
    status: m.status,
    attempts: m.attempts,
    lastError: m.lastError,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt ? m.sentAt.toISOString() : null,
  }));
}
