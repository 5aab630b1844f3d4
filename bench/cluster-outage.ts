// The restart phase of `npm run bench:cluster`: PostgreSQL stopped for a few seconds under checkouts and
// boards, then started again. Every instance must stay up, answer 503 (never another 5xx) while the
// database is away, come back ready by itself, and lose no answered order and no event.
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { type Board, placeCheckout } from './cluster-load';
import type { PrivatePostgres } from './private-postgres';

export type OutageOptions = {
  base: string;
  customerCookies: string[];
  productId: string;
  boards: Board[];
  /** The server instances: their processes and the ports their readiness is asked on. */
  instances: { child: ChildProcess; port: number }[];
  postgres: PrivatePostgres;
  /** The application's database, to look up the orders answered during the phase. */
  url: string;
  workers: number;
  /** Load before the stop, and after the start. */
  beforeSeconds: number;
  downSeconds: number;
  afterSeconds: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function restartUnderLoad(o: OutageOptions) {
  const crashes: string[] = [];
  const onExit = (port: number) => (code: number | null, signal: string | null) =>
    crashes.push(`instance :${port} exited (${code ?? signal})`);
  const listeners = o.instances.map(({ child, port }) => {
    const listener = onExit(port);
    child.once('exit', listener);
    return () => child.off('exit', listener);
  });

  const statuses: Record<string, number> = {};
  const count = (key: string) => {
    statuses[key] = (statuses[key] ?? 0) + 1;
  };
  const answered: string[] = [];
  let running = true;
  let nextCustomer = 0;
  let nextKey = 0;
  // A customer who sees "try again" taps again: the same order, sent again with the same key.
  const worker = async () => {
    while (running) {
      const cookie = o.customerCookies[nextCustomer++ % o.customerCookies.length];
      const key = `outage-${++nextKey}-${Date.now()}`;
      while (running) {
        try {
          const res = await placeCheckout(o.base, cookie, o.productId, key);
          count(String(res.status));
          if (res.status === 201) {
            answered.push(res.orderId!);
            break;
          }
          if (res.status < 500) break;
        } catch {
          count('network error');
        }
        await sleep(200);
      }
    }
  };
  const load = Promise.all(Array.from({ length: o.workers }, worker));

  await sleep(o.beforeSeconds * 1000);
  o.postgres.stop();
  await sleep(o.downSeconds * 1000);
  o.postgres.start();
  const back = performance.now();
  const readyAfter = await Promise.all(
    o.instances.map(async ({ port }) => {
      for (;;) {
        const res = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null);
        await res?.arrayBuffer();
        if (res?.status === 200) return (performance.now() - back) / 1000;
        if (performance.now() - back > 120_000) return Number.POSITIVE_INFINITY;
        await sleep(100);
      }
    }),
  );
  await sleep(o.afterSeconds * 1000);
  running = false;
  await load;
  // Events still on their way when the load stopped.
  await sleep(3000);
  for (const remove of listeners) remove();

  const client = new pg.Client({ connectionString: o.url });
  await client.connect();
  const found = await client.query<{ id: string }>('select id from orders where id = any($1::uuid[])', [answered]);
  await client.end();
  const stored = new Set(found.rows.map((r) => r.id));
  let lostEvents = 0;
  for (const id of answered) for (const board of o.boards) if (!board.arrivals.has(id)) lostEvents += 1;
  const other5xx = Object.entries(statuses)
    .filter(([status]) => Number(status) >= 500 && status !== '503')
    .reduce((sum, [, n]) => sum + n, 0);

  return {
    setup: `${o.workers} checkout workers (a refused checkout is sent again with its key), ${o.boards.length} boards; PostgreSQL stopped (fast shutdown) for ${o.downSeconds} s after ${o.beforeSeconds} s`,
    instanceCrashes: crashes.length,
    crashSamples: crashes.slice(0, 3),
    answers: statuses,
    other5xx,
    secondsUntilReady: Math.round(Math.max(...readyAfter) * 10) / 10,
    ordersAnswered: answered.length,
    lostOrders: answered.filter((id) => !stored.has(id)).length,
    lostEvents,
  };
}
