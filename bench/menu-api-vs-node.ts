/**
 * The public menu API against the limit of this machine: a bare `node:http` server, in its own
 * process like the real one, answering every request with the very bytes and headers the API sends
 * (the gzipped menu). Same connections, same duration, runs alternating API / bare so a noisy
 * neighbour on the machine slows both alike, after a warm-up of each; the ratio of summed requests
 * is printed.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';

const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? 3298);
const ROUNDS = 3;
const SECONDS = 5;
const CONNECTIONS = 20;

/** The bare server: no routing, no middleware, the captured answer written as is. */
const BARE_SERVER = `
const { readFileSync } = require('node:fs');
const { createServer } = require('node:http');
const body = readFileSync(process.argv[1]);
const headers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
  .listen(Number(process.argv[3]), () => process.send('up'));
`;

async function requestsPerSec(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return { total: r.requests.total, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

export async function benchMenuApiVsNode(base: string, slug = 'demo-restaurant') {
  const url = `${base}/api/public/restaurants/${slug}/menu`;
  const reqHeaders = { 'accept-encoding': 'gzip' };
  const first = await fetch(url, { headers: reqHeaders });
  // fetch decodes gzip: take the raw bytes again without letting it decode.
  const raw = await new Promise<{ body: Buffer; headers: Record<string, string> }>((resolve, reject) => {
    import('node:http').then(({ get }) =>
      get(url, { headers: reqHeaders }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) {
            if (typeof v === 'string' && !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)) {
              headers[k] = v;
            }
          }
          resolve({ body: Buffer.concat(chunks), headers });
        });
      }).on('error', reject),
    );
  });
  await first.arrayBuffer();
  mkdirSync('.tmp', { recursive: true });
  writeFileSync('.tmp/bench-bare-body', raw.body);
  writeFileSync('.tmp/bench-bare-headers.json', JSON.stringify(raw.headers));
  const bare = spawn(
    process.execPath,
    ['-e', BARE_SERVER, '.tmp/bench-bare-body', '.tmp/bench-bare-headers.json', String(BARE_PORT)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  await new Promise<void>((resolve, reject) => {
    bare.once('message', () => resolve());
    bare.once('exit', (code) => reject(new Error(`bare server exited ${code}`)));
  });
  try {
    // Unmeasured warm-up of both (JIT, caches, connection pools).
    await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: reqHeaders });
    await autocannon({
      url: `http://localhost:${BARE_PORT}/`,
      connections: CONNECTIONS,
      duration: 2,
      headers: reqHeaders,
    });
    const api = { total: 0, errors: 0, p99: [] as number[] };
    const node = { total: 0, errors: 0, p99: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const [target, into] of [
        [url, api],
        [`http://localhost:${BARE_PORT}/`, node],
      ] as const) {
        const r = await requestsPerSec(target, reqHeaders);
        into.total += r.total;
        into.errors += r.errors;
        into.p99.push(r.p99);
      }
    }
    const perSec = (n: number) => Math.round(n / (ROUNDS * SECONDS));
    return {
      bytesPerAnswer: raw.body.length,
      connections: CONNECTIONS,
      rounds: `${ROUNDS} × ${SECONDS} s each, alternating`,
      menuApi: { requestsPerSec: perSec(api.total), latencyP99ms: api.p99, errors: api.errors },
      bareNodeHttp: { requestsPerSec: perSec(node.total), latencyP99ms: node.p99, errors: node.errors },
      ratio: +(api.total / node.total).toFixed(2),
    };
  } finally {
    bare.kill();
  }
}
