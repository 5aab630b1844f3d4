import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';

/** How far a replica may be behind and still answer reads that tolerate lag. */
export const READ_MAX_LAG_SECONDS = 1;
const CHECK_EVERY_MS = 1000;

export type ReplicaState = {
  /** Whether lag-tolerant reads go to the replica now. */
  usable: boolean;
  /** Bytes of WAL the replica has not replayed yet; null while unknown (unreachable). */
  lagBytes: number | null;
  /** Seconds behind the primary: 0 when it has replayed everything, null while unknown. */
  lagSeconds: number | null;
};

/** A WAL position ('16/B374D848') as a number of bytes. */
const lsnBytes = (lsn: string) => {
  const [hi, lo] = lsn.split('/');
  return Number.parseInt(hi, 16) * 2 ** 32 + Number.parseInt(lo, 16);
};

/**
 * A streaming replica for reads that tolerate a second of lag. Its lag is measured every second against
 * the primary's WAL position; while it is unreachable or further behind than READ_MAX_LAG_SECONDS those
 * reads go to the primary. A server that is not in recovery (a copy, or the primary itself) counts as
 * caught up.
 */
export class ReadReplica {
  readonly db: NodePgDatabase;
  state: ReplicaState = { usable: false, lagBytes: null, lagSeconds: null };
  private timer?: ReturnType<typeof setInterval>;
  private checking = false;

  constructor(
    private primary: pg.Pool,
    private replica: pg.Pool,
    private maxLagSeconds = READ_MAX_LAG_SECONDS,
  ) {
    this.db = drizzlePg(replica);
  }

  async start() {
    await this.check();
    this.timer = setInterval(() => void this.check(), CHECK_EVERY_MS);
    this.timer.unref?.();
  }

  stop() {
    clearInterval(this.timer);
  }

  async check() {
    if (this.checking) return;
    this.checking = true;
    try {
      const [primary, replica] = await Promise.all([
        this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'),
        this.replica.query<{ recovering: boolean; lsn: string | null; age: number | null }>(
          `select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn()::text as lsn,
                  extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as age`,
        ),
      ]);
      const r = replica.rows[0];
      if (!r.recovering) {
        this.state = { usable: true, lagBytes: 0, lagSeconds: 0 };
        return;
      }
      const lagBytes = r.lsn ? Math.max(0, lsnBytes(primary.rows[0].lsn) - lsnBytes(r.lsn)) : null;
      // Nothing left to replay: caught up, however long ago the last write was.
      const lagSeconds = lagBytes === 0 ? 0 : (r.age ?? null);
      this.state = {
        usable: lagSeconds !== null && lagSeconds <= this.maxLagSeconds,
        lagBytes,
        lagSeconds,
      };
    } catch {
      this.state = { usable: false, lagBytes: null, lagSeconds: null };
    } finally {
      this.checking = false;
    }
  }
}
