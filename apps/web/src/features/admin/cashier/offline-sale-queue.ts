import { type OfflineSaleInput, refusedForGood, syncBackoffMs } from '@meucardapio/domain/cashier-offline';
import type { ReservedSaleView } from '@meucardapio/domain/cashier-views';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/*
 * The terminal's queue of sales made without a connection (decision 057), in IndexedDB so it survives
 * reloads, closed tabs and a restarted browser. Sales leave it only when the server has them: a failed
 * send keeps the sale and waits (backoff) before the next try, and a sale the server refuses is kept
 * aside for staff, never dropped. The queue key is the order the sales were made in.
 */

export type QueuedSale = {
  /** Position in the queue (IndexedDB's key): the order the sales were made in. */
  seq: number;
  /** The client sale id, the server's idempotency key: sending it twice records one sale. */
  id: string;
  restaurantId: string;
  body: OfflineSaleInput;
  total: number;
  /** What went into the drawer (cash payments, change already taken out). */
  cash: number;
  failures: number;
  /** Not sent again before this time (ms since the epoch). */
  nextAttemptAt: number;
  lastError: string | null;
  /** The server refused it for a reason retrying cannot change: kept for staff to see. */
  refused: boolean;
};

export type NewSale = Pick<QueuedSale, 'id' | 'restaurantId' | 'body' | 'total' | 'cash'>;

/** A sale reserved without a connection: kept on the terminal until the server has it (or it is resumed here). */
export type LocalReservation = { restaurantId: string; sale: ReservedSaleView };

interface QueueDb extends DBSchema {
  sales: { key: number; value: QueuedSale; indexes: { id: string } };
  reserved: { key: string; value: LocalReservation };
}

export const QUEUE_DB = 'meucardapio-pdv';

export class SaleQueue {
  private constructor(private readonly db: IDBPDatabase<QueueDb>) {}

  static async open(name = QUEUE_DB): Promise<SaleQueue> {
    const db = await openDB<QueueDb>(name, 2, {
      upgrade(database, oldVersion) {
        if (oldVersion < 1) {
          const store = database.createObjectStore('sales', { keyPath: 'seq', autoIncrement: true });
          store.createIndex('id', 'id', { unique: true });
        }
        if (oldVersion < 2) database.createObjectStore('reserved', { keyPath: 'sale.id' });
      },
    });
    return new SaleQueue(db);
  }

  /** Keeps a sale; adding the same client sale id again keeps the first (a double press). */
  async add(sale: NewSale): Promise<QueuedSale> {
    const tx = this.db.transaction('sales', 'readwrite');
    const earlier = await tx.store.index('id').get(sale.id);
    if (earlier) {
      await tx.done;
      return earlier;
    }
    const fresh = { ...sale, failures: 0, nextAttemptAt: 0, lastError: null, refused: false };
    // seq is given by IndexedDB (autoIncrement): the value is stored without it.
    const seq = await tx.store.add(fresh as QueuedSale);
    await tx.done;
    return { ...fresh, seq };
  }

  /** The restaurant's sales still on this terminal, in the order they were made. */
  async list(restaurantId: string): Promise<QueuedSale[]> {
    return (await this.db.getAll('sales')).filter((s) => s.restaurantId === restaurantId);
  }

  async remove(seq: number) {
    await this.db.delete('sales', seq);
  }

  async update(seq: number, change: Partial<Omit<QueuedSale, 'seq' | 'id'>>) {
    const tx = this.db.transaction('sales', 'readwrite');
    const sale = await tx.store.get(seq);
    if (sale) await tx.store.put({ ...sale, ...change });
    await tx.done;
  }

  async reserve(reservation: LocalReservation) {
    await this.db.put('reserved', reservation);
  }

  /** The restaurant's reservations still on this terminal, oldest first. */
  async reservations(restaurantId: string): Promise<ReservedSaleView[]> {
    return (await this.db.getAll('reserved'))
      .filter((r) => r.restaurantId === restaurantId)
      .map((r) => r.sale)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Takes a reservation off the terminal; false when it was not there (another tab took it). */
  async unreserve(id: string): Promise<boolean> {
    const tx = this.db.transaction('reserved', 'readwrite');
    const found = await tx.store.get(id);
    if (found) await tx.store.delete(id);
    await tx.done;
    return Boolean(found);
  }

  close() {
    this.db.close();
  }
}

/** A send's outcome: the server has it, or why not (`status` null: no answer at all). */
export type SendResult = { ok: true } | { ok: false; status: number | null; message: string };

export type DrainResult = {
  sent: number;
  refused: number;
  /** How long until the first waiting sale may be tried again; null when nothing waits. */
  retryInMs: number | null;
};

/**
 * Sends the restaurant's queued sales one by one in the order they were made. A sale that fails
 * stops the run (the ones after it wait their turn) and is tried again after a growing wait; a sale
 * refused for good is kept aside and the run goes on.
 */
export async function drainQueue(
  queue: SaleQueue,
  restaurantId: string,
  send: (sale: QueuedSale) => Promise<SendResult>,
  clock: { now: () => number; random?: () => number } = { now: Date.now },
): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, refused: 0, retryInMs: null };
  for (const sale of await queue.list(restaurantId)) {
    if (sale.refused) continue;
    const wait = sale.nextAttemptAt - clock.now();
    if (wait > 0) return { ...result, retryInMs: wait };
    const outcome = await send(sale);
    if (outcome.ok) {
      await queue.remove(sale.seq);
      result.sent++;
      continue;
    }
    if (refusedForGood(outcome.status)) {
      await queue.update(sale.seq, { refused: true, lastError: outcome.message });
      result.refused++;
      continue;
    }
    const failures = sale.failures + 1;
    const retryInMs = syncBackoffMs(failures, clock.random);
    await queue.update(sale.seq, { failures, nextAttemptAt: clock.now() + retryInMs, lastError: outcome.message });
    return { ...result, retryInMs };
  }
  return result;
}

/**
 * Sends the reservations made without a connection, oldest first; each leaves the terminal once the
 * server has it. The first failure stops the run: the next sync tries again.
 */
export async function drainReservations(
  queue: SaleQueue,
  restaurantId: string,
  send: (sale: ReservedSaleView) => Promise<SendResult>,
): Promise<number> {
  let sent = 0;
  for (const sale of await queue.reservations(restaurantId)) {
    if (!(await send(sale)).ok) break;
    await queue.unreserve(sale.id);
    sent++;
  }
  return sent;
}
