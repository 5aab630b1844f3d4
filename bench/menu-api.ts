/**
 * Requests per second and latency of the public menu API on the demo restaurant,
 * served by a real server process on a fresh embedded database.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';

const PORT = 3299;
const DATA = '.tmp/bench-data';

export async function startServer() {
  rmSync(DATA, { recursive: true, force: true });
  const child = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: DATA, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://localhost:${PORT}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok)
        return { base, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

export async function benchMenuApi(base: string) {
  const url = `${base}/api/public/restaurants/demo-restaurant/menu`;
  const first = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  const etag = first.headers.get('etag') ?? '';
  const body = await first.text();
  const results: Record<string, unknown> = { menuJsonBytes: body.length };
  for (const [name, headers] of [
    ['full response (gzip)', { 'accept-encoding': 'gzip' }],
    ['revalidation (If-None-Match → 304)', { 'if-none-match': etag }],
  ] as const) {
    const r = await autocannon({ url, connections: 20, duration: 10, headers: { ...headers } });
    results[name] = {
      requestsPerSec: Math.round(r.requests.average),
      latencyP50ms: r.latency.p50,
      latencyP99ms: r.latency.p99,
      errors: r.errors,
      // By status class: the revalidation run is expected to answer 304 (3xx) every time, which
      // autocannon's own `non2xx` would count as failures.
      responses: { '2xx': r['2xx'], '3xx': r['3xx'], '4xx': r['4xx'], '5xx': r['5xx'] },
    };
  }
  return results;
}
