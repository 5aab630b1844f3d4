import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers expose the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<Schema>;
export type Tx = PgTransaction<NodePgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: services accept either. */
export type DbOrTx = Db | Tx;

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection string, for a PostgreSQL server. */
  url?: string;
  /** Subscribe to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a gzipped copy of the data directory (tests load it to skip migrations). */
  dumpDataDir?: () => Promise<Blob>;
};

export type OpenOptions = { url?: string; dataDir?: string; loadDataDir?: Blob | File };

/** Opens PostgreSQL at `url` when given, otherwise embedded PGlite at `dataDir` (in memory when absent). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir?: string, loadDataDir?: Blob | File): Promise<Database> {
  if (dataDir) mkdirSync(dirname(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : undefined);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('gzip'),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
  // An idle pooled connection the server drops (restart, failover) is discarded by the pool; without a
  // listener, Node would treat the event as fatal.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  async function listenerClient() {
    if (listener) return listener;
    listener = new pg.Client({ connectionString: url });
    listener.on('error', () => {
      // The next subscription opens a fresh LISTEN connection.
      listener = undefined;
      handlers.clear();
    });
    await listener.connect();
    listener.on('notification', (n) => {
      for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
    });
    return listener;
  }
  return {
    db,
    kind: 'postgres',
    url,
    async listen(channel, onPayload) {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN "${channel.replaceAll('"', '')}"`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    migrate: () => migratePg(db, { migrationsFolder }),
    async close() {
      await listener?.end();
      await pool.end();
    },
  };
}
