import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, is } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { releasingTransactions } from './pool-transactions';
import { ReadReplica, type ReplicaState } from './read-replica';

/**
 * Both drivers expose the same query builder; the node-postgres type stands for both. Opened without the
 * schema: nothing uses drizzle's relational queries, and with a schema every transaction builds one for
 * each table.
 */
export type Db = NodePgDatabase;
export type Tx = PgTransaction<
  NodePgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** A database handle or an open transaction: services accept either. */
export type DbOrTx = Db | Tx;

/**
 * Reads that do not depend on one another: together on a pool (each on a connection of its own), one
 * after another in a transaction, whose single connection takes one statement at a time.
 */
export async function readTogether<T extends readonly unknown[]>(
  db: DbOrTx,
  reads: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!is(db, PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection string, for a PostgreSQL server (a pooler such as pgbouncer, in production). */
  url?: string;
  /** The server itself, where LISTEN and migrations go when `url` names a transaction pooler. */
  directUrl?: string;
  /**
   * Subscribe to a NOTIFY channel; returns an unsubscribe function. On PostgreSQL a dropped LISTEN
   * connection is reopened with backoff; `onReconnect` runs once it listens again, before any
   * notification received after the reconnection is handed over, because those sent meanwhile are lost;
   * `onLost` runs as soon as the connection is found dropped, for whoever must not trust what it has not heard.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: a copy of the data directory (tests load it to skip migrations). Uncompressed, because
   * loading a gzipped one spends a third of the time unzipping, in every test file.
   */
  dumpDataDir?: () => Promise<Blob>;
  /** PostgreSQL only: how the connection pool is used right now (metrics). */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  /**
   * Where a read that tolerates a second of lag goes (the public menu, dashboards, reports, history
   * lists): the read replica while it is caught up, otherwise the primary. Never for a read inside an
   * order, payment or stock transaction.
   */
  laggingReads(): Db;
  /** With a read replica: its lag and whether it takes reads now (metrics). */
  replica?: () => ReplicaState;
};

export type OpenOptions = {
  url?: string;
  /** A streaming replica of `url`'s server for reads that tolerate lag (see `laggingReads`). */
  readUrl?: string;
  /**
   * The PostgreSQL server itself when `url` goes through a transaction pooler (pgbouncer): a LISTEN
   * must stay on one connection for its whole life and migrations take session-wide locks, which a
   * pooler in transaction mode cannot give. Defaults to `url`.
   */
  directUrl?: string;
  dataDir?: string;
  loadDataDir?: Blob | File;
  /** PGlite only: `postgresql.conf` settings, as `name=value`. */
  pgliteSettings?: string[];
  /** An embedded database already open, instead of opening one (the tests hand one from file to file). */
  pglite?: PGlite;
};

/** Opens PostgreSQL at `url` when given, otherwise embedded PGlite at `dataDir` (in memory when absent). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.directUrl ?? options.url, options.readUrl);
  if (options.pglite) return onPglite(options.pglite);
  if (options.dataDir) mkdirSync(dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create(options.dataDir, {
    loadDataDir: options.loadDataDir,
    postgresqlconf: options.pgliteSettings,
  });
  return onPglite(client);
}

function onPglite(client: PGlite): Database {
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    laggingReads: () => db,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

function newPool(url: string, max: number) {
  // A connect that hangs (a host gone without a reset) fails after a while instead of holding a request.
  // The same limit bounds the wait for a free connection, so it is long enough for a burst of checkouts
  // on a busy machine to queue and be served rather than answered 503.
  const pool = new pg.Pool({ connectionString: url, max, keepAlive: true, connectionTimeoutMillis: 30_000 });
  // A connection the server drops (restart, failover, pg_terminate_backend) emits 'error', which Node treats
  // as fatal without a listener. The pool listens only while a connection is idle; while it is checked out
  // the statement under way fails with the same error and the pool discards the connection on release,
  // so here it only has to be heard.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

async function openPostgres(url: string, directUrl: string, readUrl?: string): Promise<Database> {
  const max = Number(process.env.DATABASE_POOL_MAX ?? 10);
  const pool = newPool(url, max);
  const db = drizzlePg(pool);
  releasingTransactions((db as unknown as { session: unknown }).session, pool);
  const notifications = new PgNotifications(directUrl);
  const readPool = readUrl ? newPool(readUrl, max) : undefined;
  const replica = readPool ? new ReadReplica(pool, readPool) : undefined;
  await replica?.start();
  return {
    db,
    kind: 'postgres',
    url,
    directUrl,
    listen: (channel, onPayload, onReconnect, onLost) => notifications.listen(channel, onPayload, onReconnect, onLost),
    async migrate() {
      if (directUrl === url) return migratePg(db, { migrationsFolder });
      const direct = new pg.Client({ connectionString: directUrl });
      direct.on('error', () => undefined);
      await direct.connect();
      try {
        await migratePg(drizzlePg(direct), { migrationsFolder });
      } finally {
        await direct.end();
      }
    },
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    laggingReads: () => (replica?.state.usable ? replica.db : db),
    replica: replica && (() => replica.state),
    async close() {
      replica?.stop();
      await notifications.close();
      await readPool?.end();
      await pool.end();
    },
  };
}

type Subscription = { onPayload: (payload: string) => void; onReconnect?: () => void; onLost?: () => void };

const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 10_000;

/**
 * One dedicated LISTEN connection per instance. When it drops (server restart, failover, a killed
 * backend) it is reopened with exponential backoff and every channel is listened to again.
 */
class PgNotifications {
  private client?: pg.Client;
  private connecting?: Promise<pg.Client>;
  private channels = new Map<string, Set<Subscription>>();
  private everConnected = false;
  private closed = false;
  private retryTimer?: ReturnType<typeof setTimeout>;

  constructor(private url: string) {}

  async listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void, onLost?: () => void) {
    const sub: Subscription = { onPayload, onReconnect, onLost };
    let set = this.channels.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(sub);
    try {
      const client = await this.connected();
      // LISTEN is idempotent: harmless if the connection just opened already listened to it.
      if (first) await client.query(`LISTEN ${quoteChannel(channel)}`);
    } catch (err) {
      set.delete(sub);
      throw err;
    }
    return async () => {
      set.delete(sub);
    };
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const reconnecting = this.everConnected;
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    // Notifications that arrive while the channels are being listened to again wait until the
    // subscribers have been told of the reconnection, so their catch-up comes first.
    let held: pg.Notification[] | null = reconnecting ? [] : null;
    client.on('notification', (n) => {
      if (held) held.push(n);
      else this.dispatch(n);
    });
    let established = false;
    const onLost = () => {
      if (!established) return; // a failed attempt: the caller retries
      established = false;
      if (this.client === client) this.client = undefined;
      for (const subs of this.channels.values()) for (const sub of subs) sub.onLost?.();
      client.end().catch(() => undefined);
      if (!this.closed) this.scheduleReconnect(RECONNECT_MIN_MS);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      // Every channel in one query, so one implicit transaction: they all start listening at its commit,
      // and no notification can fall between two of them.
      const channels = [...this.channels.keys()];
      if (channels.length > 0) await client.query(channels.map((c) => `LISTEN ${quoteChannel(c)}`).join('; '));
    } catch (err) {
      client.end().catch(() => undefined);
      throw err;
    }
    established = true;
    this.everConnected = true;
    this.client = client;
    if (held) {
      for (const subs of this.channels.values()) for (const s of subs) s.onReconnect?.();
      const pending = held;
      held = null;
      for (const n of pending) this.dispatch(n);
    }
    return client;
  }

  private scheduleReconnect(delay: number) {
    clearTimeout(this.retryTimer);
    // Jitter keeps many instances from reconnecting in lockstep after a database restart.
    this.retryTimer = setTimeout(
      () => {
        if (this.closed || this.client) return;
        this.connected()
          .then((client) => {
            if (this.closed) client.end().catch(() => undefined);
          })
          .catch(() => this.scheduleReconnect(Math.min(RECONNECT_MAX_MS, delay * 2)));
      },
      delay * (0.75 + Math.random() / 2),
    );
    this.retryTimer.unref?.();
  }

  private dispatch(n: pg.Notification) {
    for (const s of this.channels.get(n.channel) ?? []) s.onPayload(n.payload ?? '');
  }
}

const quoteChannel = (channel: string) => `"${channel.replaceAll('"', '')}"`;
