import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from './client';

/**
 * Where the global test setup leaves the migrated PGlite snapshot; `TEST_SLOT` gives concurrent runs in one
 * checkout a snapshot each.
 */
export const SNAPSHOT_PATH = `.tmp/pglite-migrated${process.env.TEST_SLOT ? `-${process.env.TEST_SLOT.replace(/[^a-z0-9_-]/gi, '')}` : ''}.tar`;
/** The migrated template for this run: named after the run, so concurrent runs never share one. */
export function templateDatabase(serverUrl: string) {
  return `${runDatabase(serverUrl)}_tpl`;
}

/** The test files' databases of this run, copies of its template: `<prefix><random>`. */
function fileDatabasePrefix(serverUrl: string) {
  return `${runDatabase(serverUrl)}_t_`;
}

/** The databases the run's test files left to each other (each process keeps the last one it emptied). */
export async function dropFileDatabases(serverUrl: string) {
  await onServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [fileDatabasePrefix(serverUrl)],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}

/** The run's own name: its database's, and its `TEST_SLOT` (runs side by side on one database each get theirs). */
const runDatabase = (serverUrl: string) =>
  `${new URL(serverUrl).pathname.slice(1) || 'postgres'}${process.env.TEST_SLOT ? `_${process.env.TEST_SLOT}` : ''}`.replace(
    /[^a-z0-9_]/gi,
    '_',
  );

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
 * The database a file closes is emptied back to that state and handed to the next file of the
 * process, unless the file changed its schema: emptying it is cheaper than a new one (an
 * embedded database takes about 0.85 s of CPU to open, a copy of the template 0.3 s of the server's).
 */
export async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  return serverUrl ? serverDatabase(serverUrl) : embeddedDatabase();
}

/** A closed file's database, emptied, with the schema it must still have. */
let spareEmbedded: { client: PGlite; shape: string } | undefined;
let spareServer: { name: string; shape: string } | undefined;

async function embeddedDatabase(): Promise<Database> {
  const taken = spareEmbedded;
  spareEmbedded = undefined;
  const client =
    taken?.client ?? (await PGlite.create({ loadDataDir: migratedSnapshot(), postgresqlconf: TEST_PGLITE_SETTINGS }));
  const shape = taken?.shape ?? (await schemaShape(client));
  let closed = false;
  // The file's handle refuses work once closed, as a closed PGlite does: nothing a file left running
  // reaches the next file's data, and a test that closes the database under its app sees it gone.
  const lease = new Proxy(client, {
    get(target, property) {
      if (property === 'closed') return closed || target.closed;
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        closed ? Promise.reject(new Error('PGlite is closed')) : value.apply(target, args);
    },
  });
  const database = await openDatabase({ pglite: lease });
  const unsubscribes: (() => Promise<void>)[] = [];
  const listen = database.listen;
  database.listen = async (...args) => {
    const unsubscribe = await listen(...args);
    unsubscribes.push(unsubscribe);
    return unsubscribe;
  };
  database.close = async () => {
    if (closed) return;
    for (const unsubscribe of unsubscribes) await unsubscribe().catch(() => undefined);
    closed = true;
    if (!spareEmbedded && !client.closed && (await emptied(client, shape, true))) spareEmbedded = { client, shape };
    else if (!client.closed) await client.close();
  };
  return database;
}

async function serverDatabase(serverUrl: string): Promise<Database> {
  const taken = spareServer;
  spareServer = undefined;
  const name = taken?.name ?? `${fileDatabasePrefix(serverUrl)}${randomBytes(6).toString('hex')}`;
  if (!taken) await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${templateDatabase(serverUrl)}`);
  const directUrl = withDatabase(serverUrl, name);
  const shape = taken?.shape ?? (await onServer(directUrl, schemaShape));
  // TEST_POOLER_URL: requests through a transaction pooler (pgbouncer) in front of the same server.
  const pooler = process.env.TEST_POOLER_URL;
  const database = await openDatabase({ url: pooler ? withDatabase(pooler, name) : directUrl, directUrl });
  const close = database.close;
  let closed = false;
  database.close = async () => {
    if (closed) return;
    closed = true;
    await close();
    const kept =
      !spareServer && (await onServer(directUrl, (client) => emptied(client, shape, false)).catch(() => false));
    if (kept) spareServer = { name, shape };
    else await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return database;
}

type Queryable = { query<Row>(text: string): Promise<{ rows: Row[] }> };

/** The tables, columns, triggers and functions of the schema: a file that changed them leaves its database unshared. */
async function schemaShape(client: Queryable) {
  const { rows } = await client.query<{ shape: string }>(`
    select md5(concat_ws('|',
      (select string_agg(concat_ws('.', c.relname, c.relkind::text, a.attname, a.atttypid), ',' order by c.relname, a.attnum)
         from pg_class c left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where c.relnamespace = 'public'::regnamespace),
      (select string_agg(concat_ws('.', t.tgname, t.tgenabled::text), ',' order by t.tgname)
         from pg_trigger t join pg_class c on c.oid = t.tgrelid where c.relnamespace = 'public'::regnamespace),
      (select string_agg(p.proname, ',' order by p.proname) from pg_proc p where p.pronamespace = 'public'::regnamespace)
    )) as shape`);
  return rows[0].shape;
}

/**
 * Every table emptied and every sequence restarted, as the migrated template has them (the migrations
 * write no rows); false when the schema is no longer the template's or the database cannot be emptied.
 * `discardSession`: the embedded database is one session, which the next file must find as new.
 */
async function emptied(client: Queryable, shape: string, discardSession: boolean) {
  try {
    if ((await schemaShape(client)) !== shape) return false;
    // A connection left holding a table (a file that did not close everything): drop the database, do not wait.
    if (!discardSession) await client.query(`set lock_timeout = '2s'`);
    const { rows } = await client.query<{ tables: string }>(
      `select string_agg(format('%I', tablename), ', ') as tables from pg_tables where schemaname = 'public'`,
    );
    await client.query(`truncate ${rows[0].tables}`);
    await client.query(
      `select setval(format('%I', sequencename)::regclass, start_value, false) from pg_sequences where schemaname = 'public'`,
    );
    if (discardSession) await client.query('discard all');
    return true;
  } catch {
    return false;
  }
}

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(url: string, sql: string) {
  await onServer(url, (client) => client.query(sql));
}
