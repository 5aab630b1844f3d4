import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database is one process's files: copying them while a server writes would give a torn
 * copy, so a running server leaves its pid beside them and backup/restore refuse while it lives.
 */
const pidFile = (dataDir: string) => join(dataDir, 'server.pid');

/**
 * The server's own folders: the database's files, the secrets key and backups are readable by the
 * server's user only, whatever the umask — folders 0700, files 0600.
 */
export function privateDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** Marks `dataDir` as in use by this process; the returned function releases it (a killed server's mark is stale). */
export function claimDataDir(dataDir: string): () => void {
  privateDir(dataDir);
  writeFileSync(pidFile(dataDir), String(process.pid));
  return () => rmSync(pidFile(dataDir), { force: true });
}

function assertStopped(dataDir: string) {
  if (!existsSync(pidFile(dataDir))) return;
  const pid = Number(readFileSync(pidFile(dataDir), 'utf8'));
  try {
    process.kill(pid, 0);
  } catch {
    return; // not running: a server that was killed left its mark behind
  }
  throw new Error(`O servidor (pid ${pid}) está usando ${dataDir}: pare-o antes do backup ou da restauração.`);
}

/** Copies the embedded database into `file` (a gzipped tarball of its data directory). */
export async function backupEmbedded(dataDir: string, file: string) {
  assertStopped(dataDir);
  const dbDir = join(dataDir, 'db');
  if (!existsSync(join(dbDir, 'PG_VERSION'))) throw new Error(`Nenhum banco em ${dbDir}.`);
  const db = await PGlite.create(dbDir);
  try {
    const dump = await db.dumpDataDir('gzip');
    privateDir(dirname(file));
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  } finally {
    await db.close();
  }
}

/**
 * Replaces the embedded database with the one in `file`. The current one is kept beside it as
 * `db.antes-da-restauracao-<time>` until someone deletes it by hand.
 */
export async function restoreEmbedded(dataDir: string, file: string): Promise<string | null> {
  assertStopped(dataDir);
  const dbDir = join(dataDir, 'db');
  const blob = new Blob([readFileSync(file)]);
  let keptAt: string | null = null;
  if (existsSync(dbDir)) {
    keptAt = `${dbDir}.antes-da-restauracao-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dbDir, keptAt);
  }
  const db = await PGlite.create(dbDir, { loadDataDir: blob });
  await db.close();
  return keptAt;
}

/**
 * A connection for pg_dump/pg_restore with the password taken out of the URL and handed over in the
 * environment: a command line is visible to every user of the machine (`ps`), the environment is not.
 */
export function connectionForTools(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.href, env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) throw new Error(`${command}: ${result.error.message} (instale o pacote postgresql-client)`);
  if (result.status !== 0) throw new Error(`${command} terminou com o código ${result.status}.`);
}

/** `pg_dump` in its custom format: compressed, restorable table by table with `pg_restore`. */
export function backupServer(url: string, file: string) {
  privateDir(dirname(file));
  const connection = connectionForTools(url);
  run('pg_dump', ['--format=custom', '--no-owner', '--file', file, connection.url], connection.env);
  chmodSync(file, 0o600);
}

/** Restores a `pg_dump` file over the database at `url`, dropping what it replaces. */
export function restoreServer(url: string, file: string) {
  const connection = connectionForTools(url);
  run(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', connection.url, file],
    connection.env,
  );
}
