import type { Database } from '@meucardapio/db/client';
import { ByteLru } from './byte-lru';

/**
 * NOTIFY channel of session revocations and account changes (migrations 0007 and 0036): `s:<session
 * token hash>` when a session row is deleted, `e:<employee id>` when an employee is deactivated, moved or
 * given another profile or password, `p:<profile id>` when a profile's permissions, name or state change,
 * `r:<restaurant id>` when a restaurant gets another owner or time zone, `u:<app user id>` when an owner's
 * name or e-mail change, `c:<customer id>` when a customer's name, e-mail or phone change (migration 0047).
 */
export const SESSION_CHANNEL = 'mc_sessions';

/** What the cache must know of a session to drop it when a signal names it. */
export type CachedSession = {
  tokenHash: string;
  restaurantId: string | null;
  appUserId: string | null;
  employeeId: string | null;
  profileId: string | null;
  customerId: string | null;
};

/** Roughly what a kept session holds in memory: its row (the session, its restaurant, person and profile). */
export const KEPT_SESSION_BYTES = 2048;

/**
 * The sessions this instance resolved lately: a staff screen's GET then waits for the database once, not
 * twice (decision 108), and so does a customer's order, whose lock checks the session again (decision
 * 126). An entry holds until a signal names what it depends on, a staff session's restaurant has a write
 * through this instance, `maxAgeMs` passes, it is the least recently used past `maxBytes`, or the signals'
 * connection drops (nothing is trusted while it is down, nor what was kept before it came back). No other
 * write reads from here.
 */
export class SessionCache<Row> {
  private entries: ByteLru<string, { key: CachedSession; row: Row }>;
  /** False until the signals are heard, and while their connection is down. */
  private hearing = false;
  /**
   * Moves on with every signal and every forgetting: a row read while it moved may have been read before
   * a revocation whose signal found nothing to drop yet, so it is not kept.
   */
  private generation = 0;
  private unlisten?: () => Promise<void>;

  constructor(
    private readonly maxAgeMs: number,
    maxBytes = 16 * 1024 * 1024,
  ) {
    this.entries = new ByteLru({ maxBytes, maxAgeMs });
  }

  async start(database: Database) {
    if (this.maxAgeMs <= 0) return;
    this.unlisten = await database.listen(
      SESSION_CHANNEL,
      (payload) => this.signal(payload),
      () => {
        this.forgetAll();
        this.hearing = true;
      },
      () => {
        this.hearing = false;
        this.forgetAll();
      },
    );
    this.hearing = true;
  }

  async stop() {
    this.hearing = false;
    this.forgetAll();
    await this.unlisten?.();
  }

  /** Taken before reading a session from the database, and handed to `put` with the row read. */
  since(): number {
    return this.generation;
  }

  get(tokenHash: string, now = Date.now()): Row | null {
    if (!this.hearing) return null;
    return this.entries.get(tokenHash, now)?.row ?? null;
  }

  put(key: CachedSession, row: Row, since: number, now = Date.now()) {
    if (!this.hearing || since !== this.generation) return;
    this.entries.set(key.tokenHash, { key, row }, KEPT_SESSION_BYTES, now);
  }

  /** A payload of SESSION_CHANNEL: every entry it names goes. */
  signal(payload: string) {
    this.generation += 1;
    const kind = payload.slice(0, 2);
    const id = payload.slice(2);
    if (kind === 's:') {
      this.entries.delete(id);
      return;
    }
    const field = SIGNALLED[kind];
    if (field && id) this.entries.deleteWhere((_, entry) => entry.key[field] === id);
  }

  /**
   * After a staff write through this instance: its signal may not have arrived when the next read does.
   * Its customers' sessions stay: the one write that uses them checks them again under the order's lock,
   * and at dinner the staff write every few seconds.
   */
  forgetRestaurant(restaurantId: string) {
    this.generation += 1;
    this.entries.deleteWhere((_, entry) => entry.key.restaurantId === restaurantId && entry.key.customerId === null);
  }

  /** A kept session its order's lock found gone. */
  forget(tokenHash: string) {
    this.generation += 1;
    this.entries.delete(tokenHash);
  }

  forgetAll() {
    this.generation += 1;
    this.entries.clear();
  }
}

const SIGNALLED: Record<string, keyof CachedSession> = {
  'e:': 'employeeId',
  'p:': 'profileId',
  'r:': 'restaurantId',
  'u:': 'appUserId',
  'c:': 'customerId',
};
