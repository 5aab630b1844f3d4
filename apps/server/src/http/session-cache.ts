import type { Database } from '@meucardapio/db/client';

/**
 * NOTIFY channel of session revocations and account changes (migrations 0007 and 0036): `s:<session
 * token hash>` when a session row is deleted, `e:<employee id>` when an employee is deactivated, moved or
 * given another profile or password, `p:<profile id>` when a profile's permissions, name or state change,
 * `r:<restaurant id>` when a restaurant gets another owner or time zone, `u:<app user id>` when an owner's
 * name or e-mail change.
 */
export const SESSION_CHANNEL = 'mc_sessions';

/** What the cache must know of a session to drop it when a signal names it. */
export type CachedSession = {
  tokenHash: string;
  restaurantId: string | null;
  appUserId: string | null;
  employeeId: string | null;
  profileId: string | null;
};

/**
 * The staff sessions this instance resolved for reads lately (decision 108): a screen's GET then waits
 * for the database once, not twice. An entry holds until a signal names what it depends on, its restaurant
 * has a write through this instance, `maxAgeMs` passes, or the signals' connection drops (nothing is
 * trusted while it is down, nor what was kept before it came back). Writes never read from here.
 */
export class SessionCache<Row> {
  private entries = new Map<string, { key: CachedSession; row: Row; at: number }>();
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
    private readonly maxEntries = 20_000,
  ) {}

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
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    this.entries.delete(tokenHash);
    if (!this.hearing || now - entry.at >= this.maxAgeMs) return null;
    // Map order is insertion order: put back last, it is the most recently used.
    this.entries.set(tokenHash, entry);
    return entry.row;
  }

  put(key: CachedSession, row: Row, since: number, now = Date.now()) {
    if (!this.hearing || since !== this.generation) return;
    this.entries.delete(key.tokenHash);
    this.entries.set(key.tokenHash, { key, row, at: now });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
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
    if (!field || !id) return;
    for (const [hash, entry] of this.entries) if (entry.key[field] === id) this.entries.delete(hash);
  }

  /** After a write through this instance: its signal may not have arrived when the next read does. */
  forgetRestaurant(restaurantId: string) {
    this.generation += 1;
    for (const [hash, entry] of this.entries) if (entry.key.restaurantId === restaurantId) this.entries.delete(hash);
  }

  forgetAll() {
    this.generation += 1;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}

const SIGNALLED: Record<string, keyof CachedSession> = {
  'e:': 'employeeId',
  'p:': 'profileId',
  'r:': 'restaurantId',
  'u:': 'appUserId',
};
