import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { expect } from 'vitest';
import { eventually } from './helpers';

/** The repository root: where `npm start` and the server entry point run from. */
export const ROOT = join(import.meta.dirname, '..', '..', '..');
export const SERVER_ENTRY = ['--import', 'tsx', 'apps/server/src/main.ts'];

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
  await eventually(async () => expect((await fetch(`${base}/api/health`)).status).toBe(200), 90_000);
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
