import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@meucardapio/db/client';
import { freshDatabase } from '@meucardapio/db/testing';
import { expect } from 'vitest';
import { eventually } from './helpers';

/** The repository root: where `npm start` and the server entry point run from. */
export const ROOT = join(import.meta.dirname, '..', '..', '..');
export const SERVER_ENTRY = ['--import', 'tsx', 'apps/server/src/main.ts'];

export type Workspace = {
  /** A scratch directory: a stand-in web build, and the embedded database's DATA_DIR. */
  work: string;
  /** What server processes get: the test's database (a PostgreSQL one of its own, or DATA_DIR under `work`). */
  env: Record<string, string>;
  /** The PostgreSQL database, when TEST_DB=postgres. */
  database?: Database;
  close(): Promise<void>;
};

/** A place for real server processes to run, on the database the test run is about. */
export async function serverWorkspace(prefix: string): Promise<Workspace> {
  const work = mkdtempSync(join(tmpdir(), prefix));
  // A stand-in web build, so `npm start` does not build the real one.
  writeFileSync(join(work, 'index.html'), '<!doctype html><title>MeuCardápio</title>');
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    WEB_DIST: work,
    SKIP_WEB_BUILD: '1',
  };
  let database: Database | undefined;
  if (process.env.TEST_DB === 'postgres') {
    database = await freshDatabase();
    env.DATABASE_URL = database.url!;
  } else {
    env.DATA_DIR = join(work, 'data');
  }
  return {
    work,
    env,
    database,
    async close() {
      await database?.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export type Started = {
  proc: ChildProcess;
  base: string;
  port: number;
  exit: Promise<{ code: number | null; signal: string | null }>;
};

/**
 * Spawns `args` with `env` (a process group of its own, so a leftover server can be killed with it) and
 * waits until it answers `/api/health`; `port` keeps an address across restarts.
 */
export async function startServer(args: string[], env: Record<string, string>, port?: number): Promise<Started> {
  const chosen = port ?? (await freePort());
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(chosen) },
    stdio: 'ignore',
    detached: true,
  });
  const exit = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${chosen}`;
  // A start after kill -9 on the embedded database (its recovery, then tsx) took over 90 s on a loaded
  // two-core machine running the three suites at once; the limit only ends a start that hangs.
  await eventually(async () => expect((await fetch(`${base}/api/health`)).status).toBe(200), 180_000);
  return { proc, base, port: chosen, exit };
}

/** Kills whatever is left of the process group (a server orphaned by a failed test). */
export function killGroup(started: Started | undefined) {
  try {
    if (started?.proc.pid) process.kill(-started.proc.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
