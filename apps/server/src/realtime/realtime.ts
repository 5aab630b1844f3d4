import type { Database, DbOrTx } from '@meucardapio/db/client';
import { fixedSql } from '@meucardapio/db/fixed-sql';
import { runStep, step } from '@meucardapio/db/one-trip';
import { type EventRow, events, orders } from '@meucardapio/db/schema';
import type { LiveEventMap, LiveEventType } from '@meucardapio/domain/live-events';
import type { PermissionKey } from '@meucardapio/domain/permissions';
import { and, asc, eq, gt, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { SESSION_CHANNEL } from '../http/session-cache';
import { LiveStreams } from './live-streams';
import { sessionChecker } from './session-checks';

const CHANNEL = 'mc_events';

/** An event to append: one of the live events of packages/domain/src/live-events.ts, with its payload. */
export type NewEvent<K extends LiveEventType = LiveEventType> = {
  restaurantId: string;
  type: K;
  /** Staff permission needed to receive it; omitted = every staff member of the restaurant. */
  permission?: PermissionKey | null;
  /** The one customer who may also receive it. */
  customerId?: string | null;
  payload: LiveEventMap[K];
};

/**
 * Appends an event in the caller's transaction and queues a NOTIFY that PostgreSQL delivers
 * only if that transaction commits, so listeners never see an event whose change rolled back.
 */
export async function appendEvent<K extends LiveEventType>(tx: DbOrTx, event: NewEvent<K>): Promise<number> {
  const [id] = await appendEvents(tx, [event]);
  return id;
}

/**
 * Several events of one change (a PDV sale tells the board and the cashier), their ids in the same order.
 * A caller with the order they name in hand gives its delivery person (`known.courierId`, null for none),
 * so the statement does not read the order again.
 */
export async function appendEvents(
  tx: DbOrTx,
  list: readonly NewEvent[],
  known: { courierId?: string | null } = {},
): Promise<number[]> {
  // Ids come from one sequence in the order given.
  return (await runStep(tx, eventsStep(list, known))).map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * `appendEvents` as a step, to share a round trip with the other writes of the same change: the rows
 * and their notifications (sent on commit). Each notification carries its event whole, as streams
 * receive it, so no instance reads it back; one too long for a notification carries only where to read it.
 */
export function eventsStep(list: readonly NewEvent[], known: { courierId?: string | null } = {}) {
  const rows = list.map(
    (e) =>
      sql`(${e.restaurantId}, ${e.type}, ${e.permission ?? null}, ${e.customerId ?? null}, ${JSON.stringify(e.payload)}::jsonb)`,
  );
  const courierId = known.courierId;
  return step<{ id: number }>(
    [
      [
        'appended',
        sql`insert into ${events} (restaurant_id, type, permission, customer_id, payload)
          values ${sql.join(rows, sql`, `)}
          returning *`,
      ],
      [
        'notified',
        courierId === undefined
          ? NOTIFIED_READING_COURIER
          : courierId === null
            ? NOTIFIED_WITHOUT_COURIER
            : notifiedWith(sql`${courierId}::uuid`),
      ],
    ],
    NOTIFY_EACH,
  );
}

/**
 * `eventsStep` for events of one `type` and `payload` naming no order, one per audience a select gives
 * (its columns `permission` and `customer_id`): who they are is read by the statement that writes them.
 * Its steps are named apart from `eventsStep`'s, so both may share a statement (an order's and its
 * account's events).
 */
export function eventsForStep<K extends LiveEventType>(
  restaurantId: string,
  type: K,
  payload: LiveEventMap[K],
  audiences: SQL,
) {
  return step<{ id: number }>(
    [
      [
        'appended_for',
        sql`insert into ${events} (restaurant_id, type, permission, customer_id, payload)
          select ${restaurantId}::uuid, ${type}::text, a.permission, a.customer_id, ${JSON.stringify(payload)}::jsonb
          from (${audiences}) a
          returning *`,
      ],
      ['notified_for', notifiedWith(sql`null::uuid`, sql`appended_for`)],
    ],
    notifyEach(sql`notified_for`),
  );
}

/** Each appended event (`from`) whole, as streams receive it, with its order's delivery person. */
const notifiedWith = (courierId: SQL, from = sql`appended`) => sql`select a.id, a.restaurant_id, json_build_object(
    'id', a.id, 'restaurantId', a.restaurant_id, 'type', a.type, 'permission', a.permission,
    'customerId', a.customer_id, 'payload', a.payload, 'createdAt', a.created_at, 'courierId', ${courierId}
  )::text as whole
  from ${from} a`;

/** The delivery person of the order an appended event (`row`) names. */
const courierOf = (row: SQL) => sql`(select o.delivery_employee_id from ${orders} o
  where o.restaurant_id = ${row}.restaurant_id and o.id = ${eventOrderId(sql`${row}.payload`)})`;

/** PostgreSQL refuses a notification of 8,000 bytes or more. */
const NOTIFY_MAX_BYTES = 7900;

/** The order an event's payload names, when it is one the server wrote (anything else matches no order). */
const eventOrderId = (payload: SQLWrapper) =>
  sql`case when ${payload}->>'orderId' ~ '^[0-9a-fA-F-]{36}$' then (${payload}->>'orderId')::uuid end`;

// Every change appends events: the parts of the statement that never change are written once.
const NOTIFIED_READING_COURIER = fixedSql(notifiedWith(courierOf(sql`a`)));
const NOTIFIED_WITHOUT_COURIER = fixedSql(notifiedWith(sql`null::uuid`));
/** A notification for each event `from` gives whole (`notifiedWith`). */
const notifyEach = (from: SQL) => sql`select id, pg_notify(${CHANNEL}::text,
    case when octet_length(whole) <= ${NOTIFY_MAX_BYTES} then whole else restaurant_id::text || ':' || id::text end)
  from ${from}`;
const NOTIFY_EACH = fixedSql(notifyEach(sql`notified`));

/** A notification's event: carried whole, or only its restaurant and id (read from the log then). */
function parseNotification(text: string): LiveEvent | { restaurantId: string; id: number } | null {
  if (text.startsWith('{')) {
    try {
      const e = JSON.parse(text) as LiveEvent & { createdAt: string };
      return { ...e, id: Number(e.id), createdAt: new Date(e.createdAt) };
    } catch {
      // Not one of ours (the log and the next catch-up still hold every event).
      return null;
    }
  }
  const [restaurantId, id] = text.split(':');
  return restaurantId && id ? { restaurantId, id: Number(id) } : null;
}

/** An event as streams receive it: the row, and the delivery person of the order it concerns (if any). */
export type LiveEvent = EventRow & { courierId: string | null };

type Listener = (event: LiveEvent) => void;

/** How many recently dispatched event ids an instance remembers, so a catch-up never repeats one. */
const RECENT_IDS = 5000;
const REPLAY_PAGE = 500;
const CATCH_UP_RETRY_MS = 1000;

/**
 * Fans committed events out to the SSE streams of this instance, whichever instance wrote them.
 * Deliveries run one after another, so a catch-up after a lost LISTEN connection reaches streams
 * before the events notified after it.
 */
export class Realtime {
  private listeners = new Map<string, Set<Listener>>();
  private unlisten: Array<() => Promise<void>> = [];
  /** The highest event id this instance has handled: where a catch-up after a reconnection starts. */
  private highestSeen = 0;
  private recent = new Set<number>();
  /**
   * Events notified and not delivered yet, by id: those carried whole, and those only named (read together,
   * in one statement) — delivered in id order once the chain reaches them.
   */
  private pending = new Map<number, LiveEvent | null>();
  private chain: Promise<void> = Promise.resolve();
  /** Where the next catch-up starts after a failed read; null when nothing is owed. */
  private owedFrom: number | null = null;
  private retryTimer?: ReturnType<typeof setTimeout>;
  private stopped = false;
  readonly streams: LiveStreams;
  /** A stream's session, read again (batched with the other streams' checks of the moment). */
  readonly checkSession: ReturnType<typeof sessionChecker>;

  constructor(
    private database: Database,
    private log: Logger,
    options: { maxStreamsPerUser: number; sessionCheckMs?: number },
  ) {
    this.streams = new LiveStreams(options.maxStreamsPerUser, options.sessionCheckMs);
    this.checkSession = sessionChecker(database.db);
  }

  async start() {
    const [row] = await this.database.db.select({ max: sql<string | null>`max(${events.id})` }).from(events);
    this.highestSeen = Number(row?.max ?? 0);
    this.unlisten.push(
      await this.database.listen(
        CHANNEL,
        (payload) => {
          const notified = parseNotification(payload);
          if (notified) this.notified(notified);
        },
        () => {
          // From where this instance stood when the connection came back: notifications heard since then
          // move highestSeen on before the chain reaches the catch-up.
          const from = this.highestSeen;
          this.log.warn({ after: from }, 'realtime listener reconnected; catching up from the event log');
          this.enqueue(() => this.catchUp(from));
        },
      ),
      await this.database.listen(
        SESSION_CHANNEL,
        (payload) => this.streams.signal(payload),
        () => this.streams.recheckAll(),
      ),
    );
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    for (const unlisten of this.unlisten) await unlisten();
    this.unlisten = [];
    await this.chain;
    this.listeners.clear();
  }

  subscribe(restaurantId: string, listener: Listener): () => void {
    let set = this.listeners.get(restaurantId);
    if (!set) {
      set = new Set();
      this.listeners.set(restaurantId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(restaurantId);
    };
  }

  /**
   * Events after `lastId` for one restaurant (resume with Last-Event-ID), and whether the client must
   * refresh everything instead of trusting them: the retention job may have deleted events after
   * `lastId` (it precedes the oldest event kept), or more were missed than one page holds.
   */
  async resume(restaurantId: string, lastId: number): Promise<{ events: LiveEvent[]; refresh: boolean }> {
    const missed = await this.select(and(eq(events.restaurantId, restaurantId), gt(events.id, lastId)), REPLAY_PAGE);
    const result = await this.database.db.execute<{ oldest: string }>(
      sql`select coalesce((select min(id) from events), (select last_value + 1 from events_id_seq))::text as oldest`,
    );
    const oldest = Number(result.rows[0]?.oldest ?? 0);
    return { events: missed, refresh: lastId + 1 < oldest || missed.length === REPLAY_PAGE };
  }

  private enqueue(task: () => Promise<void>) {
    this.chain = this.chain.then(task).catch((err) => this.log.error({ err }, 'realtime delivery failed'));
  }

  private notified(event: LiveEvent | { restaurantId: string; id: number }) {
    const { restaurantId, id } = event;
    if (id > this.highestSeen) this.highestSeen = id;
    if (!this.listeners.has(restaurantId) || this.recent.has(id)) return;
    // Under load, notifications arrive faster than the chain delivers: those waiting go together.
    if (this.pending.size === 0) this.enqueue(() => this.deliverPending());
    this.pending.set(id, 'type' in event ? event : null);
  }

  private async deliverPending() {
    const waiting = [...this.pending];
    this.pending.clear();
    const named = waiting.filter(([, e]) => e === null).map(([id]) => id);
    try {
      const read = named.length > 0 ? await this.select(inArray(events.id, named), named.length) : [];
      const carried = waiting.flatMap(([, e]) => (e ? [e] : []));
      for (const row of [...carried, ...read].sort((a, b) => a.id - b.id)) {
        if (!this.recent.has(row.id)) this.dispatch(row);
      }
    } catch (err) {
      this.owe(Math.min(...waiting.map(([id]) => id)) - 1, err);
    }
  }

  /**
   * Events committed after `from`, for the restaurants listened to: after the LISTEN connection came back,
   * or after a read failed because the database went away.
   */
  private async catchUp(from: number) {
    let after = from;
    try {
      for (;;) {
        const restaurantIds = [...this.listeners.keys()];
        if (restaurantIds.length === 0) return;
        const rows = await this.select(
          and(inArray(events.restaurantId, restaurantIds), gt(events.id, after)),
          REPLAY_PAGE,
        );
        for (const row of rows) {
          after = row.id;
          if (row.id > this.highestSeen) this.highestSeen = row.id;
          if (!this.recent.has(row.id)) this.dispatch(row);
        }
        if (rows.length < REPLAY_PAGE) return;
      }
    } catch (err) {
      this.owe(after, err);
    }
  }

  /** A read failed: what follows `after` is read again shortly, so no stream misses an event. */
  private owe(after: number, err: unknown) {
    this.log.warn({ err, after }, 'realtime delivery failed; catching up from the event log shortly');
    this.owedFrom = Math.min(this.owedFrom ?? after, after);
    if (this.retryTimer || this.stopped) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      const from = this.owedFrom ?? this.highestSeen;
      this.owedFrom = null;
      this.enqueue(() => this.catchUp(from));
    }, CATCH_UP_RETRY_MS);
    this.retryTimer.unref?.();
  }

  private dispatch(row: LiveEvent) {
    this.recent.add(row.id);
    if (this.recent.size > RECENT_IDS) this.recent.delete(this.recent.values().next().value as number);
    for (const l of this.listeners.get(row.restaurantId) ?? []) l(row);
  }

  private async select(where: SQL | undefined, limit: number): Promise<LiveEvent[]> {
    const rows = await this.database.db
      .select({ event: events, courierId: orders.deliveryEmployeeId })
      .from(events)
      .leftJoin(orders, and(eq(orders.restaurantId, events.restaurantId), eq(orders.id, eventOrderId(events.payload))))
      .where(where)
      .orderBy(asc(events.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.event, courierId: r.courierId }));
  }
}
