import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database is one process's files: copying them while a server writes would give a torn
 * copy, so a running server leaves its pid beside them and backup/restore refuse while it lives.
 */
const pidFile = (dataDir: string) => join(dataDir, 'server.pid');

/** Marks `dataDir` as in use by this process; the returned function releases it (a killed server's mark is stale). */
export function claimDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
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
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
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

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error) throw new Error(`${command}: ${result.error.message} (instale o pacote postgresql-client)`);
  if (result.status !== 0) throw new Error(`${command} terminou com o código ${result.status}.`);
}

/** `pg_dump` in its custom format: compressed, restorable table by table with `pg_restore`. */
export function backupServer(url: string, file: string) {
  mkdirSync(dirname(file), { recursive: true });
  run('pg_dump', ['--format=custom', '--no-owner', '--file', file, url]);
}

/** Restores a `pg_dump` file over the database at `url`, dropping what it replaces. */
export function restoreServer(url: string, file: string) {
  run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', url, file]);
}
