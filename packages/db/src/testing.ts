import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type Database, openDatabase } from './client';

/**
 * Where the global test setup leaves the migrated PGlite snapshot; `TEST_SLOT` gives concurrent runs in one
 * checkout a snapshot each.
 */
export const SNAPSHOT_PATH = `.tmp/pglite-migrated${process.env.TEST_SLOT ? `-${process.env.TEST_SLOT.replace(/[^a-z0-9_-]/gi, '')}` : ''}.tar`;
/** The migrated template for this run: named after the run's database, so concurrent runs never share one. */
export function templateDatabase(serverUrl: string) {
  const base = new URL(serverUrl).pathname.slice(1) || 'postgres';
  return `${base.replace(/[^a-z0-9_]/gi, '_')}_tpl`;
}

/**
 * PGlite zeroes its whole buffer cache in WebAssembly at every start: with the default 128 MB, a test
 * file's database took about 1.3 s of CPU to open, 0.85 s with 16 MB. A test's data fits in a few MB.
 */
const TEST_PGLITE_SETTINGS = ['shared_buffers=16MB'];

let snapshot: Blob | undefined;
/** The migrated PGlite data directory, read once per process (test files share one). */
export function migratedSnapshot(): Blob {
  snapshot ??= new Blob([readFileSync(SNAPSHOT_PATH)]);
  return snapshot;
}

/**
 * A fresh, migrated database for one test file: a PGlite loaded from the migrated snapshot,
 * or, when TEST_DB=postgres, a new PostgreSQL database copied from the migrated template.
 */
export async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) return openDatabase({ loadDataDir: migratedSnapshot(), pgliteSettings: TEST_PGLITE_SETTINGS });
  const name = `mc_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${templateDatabase(serverUrl)}`);
  const directUrl = withDatabase(serverUrl, name);
  // TEST_POOLER_URL: requests through a transaction pooler (pgbouncer) in front of the same server.
  const pooler = process.env.TEST_POOLER_URL;
  const database = await openDatabase({ url: pooler ? withDatabase(pooler, name) : directUrl, directUrl });
  const close = database.close;
  database.close = async () => {
    await close();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return database;
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
