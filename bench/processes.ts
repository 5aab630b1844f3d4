// What the multi-process benchmarks share: free ports, waiting for readiness, child processes that are
// stopped together at the end, and Debian's nginx in front of the server instances.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const NGINX = '/usr/sbin/nginx';
const root = join(import.meta.dirname, '..');

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

export async function waitFor(url: string, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

export function ensureNginx() {
  if (existsSync(NGINX)) return;
  console.log('nginx não encontrado: instalando o pacote do Debian…');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const installed = spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (installed.status !== 0 || !existsSync(NGINX)) throw new Error('could not install nginx');
}

/** Every process a benchmark started, newest last: stopped together by `stopChildren`. */
export const children: ChildProcess[] = [];

export function startChild(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

/** SIGTERM to every child (newest first), resolved once all have exited. */
export async function stopChildren() {
  const all = children.splice(0).reverse();
  for (const child of all) child.kill('SIGTERM');
  await Promise.all(all.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
}

/** A server instance (`npm start`'s entry) on `port`; with BENCH_CPU_PROF=<dir>, its CPU profile is written there on exit. */
export function startInstance(port: number, env: Record<string, string>) {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  return startChild(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    ...env,
    PORT: String(port),
  });
}

/**
 * nginx with bench/cluster-nginx.conf in front of two instances, listening on `port`; `connections`
 * raises its worker connections for benchmarks with thousands of streams (each takes two).
 */
export function startNginx(dir: string, ports: { a: number; b: number; port: number }, connections = 4096) {
  mkdirSync(dir, { recursive: true });
  const conf = readFileSync(join(import.meta.dirname, 'cluster-nginx.conf'), 'utf8')
    .replaceAll('{{dir}}', dir)
    .replaceAll('{{portA}}', String(ports.a))
    .replaceAll('{{portB}}', String(ports.b))
    .replaceAll('{{port}}', String(ports.port))
    .replace('worker_connections 4096;', `worker_connections ${connections};`);
  writeFileSync(join(dir, 'nginx.conf'), conf);
  return startChild(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;']);
}
