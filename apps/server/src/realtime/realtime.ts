import type { Database, DbOrTx } from '@meucardapio/db/client';
import { type EventRow, events } from '@meucardapio/db/schema';
import type { PermissionKey } from '@meucardapio/domain/permissions';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';

const CHANNEL = 'mc_events';

export type NewEvent = {
  restaurantId: string;
  type: string;
  /** Staff permission needed to receive it; omitted = every staff member of the restaurant. */
  permission?: PermissionKey | null;
  /** The one customer who may also receive it. */
  customerId?: string | null;
  payload: Record<string, unknown>;
};

/**
 * Appends an event in the caller's transaction and queues a NOTIFY that PostgreSQL delivers
 * only if that transaction commits, so listeners never see an event whose change rolled back.
 */
export async function appendEvent(tx: DbOrTx, event: NewEvent): Promise<number> {
  const [row] = await tx
    .insert(events)
    .values({
      restaurantId: event.restaurantId,
      type: event.type,
      permission: event.permission ?? null,
      customerId: event.customerId ?? null,
      payload: event.payload,
    })
    .returning({ id: events.id });
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${`${event.restaurantId}:${row.id}`})`);
  return row.id;
}

type Listener = (event: EventRow) => void;

/** Fans committed events out to the SSE streams of this instance, whichever instance wrote them. */
export class Realtime {
  private listeners = new Map<string, Set<Listener>>();
  private unlisten?: () => Promise<void>;

  constructor(
    private database: Database,
    private log: Logger,
  ) {}

  async start() {
    this.unlisten = await this.database.listen(CHANNEL, (payload) => {
      const [restaurantId, id] = payload.split(':');
      if (!restaurantId || !id || !this.listeners.has(restaurantId)) return;
      this.database.db
        .select()
        .from(events)
        .where(and(eq(events.restaurantId, restaurantId), eq(events.id, Number(id))))
        .then(([row]) => {
          if (row) for (const l of this.listeners.get(restaurantId) ?? []) l(row);
        })
        .catch((err) => this.log.error({ err }, 'realtime fetch failed'));
    });
  }

  async stop() {
    await this.unlisten?.();
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

  /** Events after `lastId` for one restaurant (resume with Last-Event-ID). */
  backlog(restaurantId: string, lastId: number, limit = 500) {
    return this.database.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, restaurantId), gt(events.id, lastId)))
      .orderBy(asc(events.id))
      .limit(limit);
  }
}
