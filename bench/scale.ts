// `npm run bench:scale`: a thousand restaurants on one deployment. A PostgreSQL primary with a streaming
// replica (clusters of its own), Debian's pgbouncer in transaction mode, two server instances and nginx;
// a bulk seed of BENCH_RESTAURANTS (1,000) restaurants and BENCH_ORDERS (2,000,000) orders of history;
// then, for BENCH_SECONDS (30), checkouts, PDV sales and menu reads across the restaurants, the largest restaurant's
// staff screens, and BENCH_STREAMS (5,000) SSE streams — once with the replica and once without.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@meucardapio/db/client';
import { withDatabase } from '@meucardapio/db/testing';
import pg from 'pg';
import { SESSION_COOKIE } from '../apps/server/src/http/session';
import { startPgbouncer } from '../scripts/pgbouncer.mjs';
import { type Board, openBoard, percentile, placeCheckout, rawInsertRate } from './cluster-load';
import { type PrivatePostgres, startPrivatePostgres, startStreamingReplica } from './private-postgres';
import { ensureNginx, freePort, startInstance, startNginx, stopChildren, waitFor } from './processes';
import { type ScaleTenant, seedScale } from './scale-seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RESTAURANTS = Number(process.env.BENCH_RESTAURANTS ?? 1000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2_000_000);
const LARGEST = Number(process.env.BENCH_LARGEST ?? 100_000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 5000);
const CHECKOUT_WORKERS = 8;
const PDV_WORKERS = 2;
const MENU_WORKERS = 4;
const METRICS_TOKEN = randomBytes(16).toString('hex');

const ms = (v: number) => Math.round(v * 10) / 10;
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const rssMb = (pid: number) => {
  const line =
    readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:')) ?? '';
  return Number(line.replace(/\D+/g, '')) / 1024;
};

type Urls = { pooled: string; direct: string; replica?: string };

/** One run: two instances behind nginx, the streams, then the mixed load for SECONDS. */
async function run(urls: Urls, tenants: ScaleTenant[], primary: pg.Client, replicaClient: pg.Client | null) {
  const work = mkdtempSync(join(tmpdir(), 'mc-scale-'));
  writeFileSync(join(work, 'index.html'), '<!doctype html><title>MeuCardápio</title>');
  const boards: Board[] = [];
  try {
    const [portA, portB, port] = [await freePort(), await freePort(), await freePort()];
    const env: Record<string, string> = {
      DATABASE_URL: urls.pooled,
      DATABASE_DIRECT_URL: urls.direct,
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: work,
      DATA_DIR: join(work, 'data'),
      TRUST_PROXY: 'loopback',
      NODE_ENV: 'production',
      PAYMENTS: 'disabled',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      METRICS_TOKEN,
      SSE_MAX_STREAMS_PER_USER: '50',
    };
    if (urls.replica) env.READ_DATABASE_URL = urls.replica;
    const instances = [portA, portB].map((p) => ({ port: p, child: startInstance(p, env) }));
    startNginx(join(work, 'nginx'), { a: portA, b: portB, port }, 20_000);
    await Promise.all(instances.map((i) => waitFor(`http://127.0.0.1:${i.port}/api/ready`)));
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/ready`);

    const rssBefore = instances.map((i) => rssMb(i.child.pid!));
    for (let i = 0; i < STREAMS; i += 250) {
      const batch = Array.from({ length: Math.min(250, STREAMS - i) }, (_, j) => tenants[(i + j) % tenants.length]);
      boards.push(...(await Promise.all(batch.map((t) => openBoard(base, `${SESSION_COOKIE}=${t.ownerToken}`)))));
    }
    await sleep(2000);
    const rssAfter = instances.map((i) => rssMb(i.child.pid!));
    const boardsOf = new Map<string, Board[]>();
    boards.forEach((b, i) => {
      const id = tenants[i % tenants.length].restaurantId;
      boardsOf.set(id, [...(boardsOf.get(id) ?? []), b]);
    });

    const deadline = performance.now() + SECONDS * 1000;
    const placed: { id: string; restaurantId: string; upstream: string; answeredAt: number }[] = [];
    const errors: string[] = [];
    let menuReads = 0;
    let nextKey = 0;
    const checkout = async () => {
      while (performance.now() < deadline) {
        const t = pick(tenants);
        try {
          const res = await placeCheckout(
            base,
            `${SESSION_COOKIE}=${pick(t.customerTokens)}`,
            t.productId,
            `scale-${++nextKey}-${Date.now()}`,
            t.cashMethodId,
          );
          if (res.status === 201)
            placed.push({
              id: res.orderId!,
              restaurantId: t.restaurantId,
              upstream: res.upstream,
              answeredAt: performance.now(),
            });
          else errors.push(`checkout ${res.status} ${res.text.slice(0, 100)}`);
        } catch (err) {
          errors.push(`checkout ${(err as Error).message}`);
        }
      }
    };
    let pdvSales = 0;
    const pdv = async () => {
      while (performance.now() < deadline) {
        const t = pick(tenants);
        try {
          const res = await fetch(`${base}/api/admin/cashier/sales`, {
            method: 'POST',
            headers: {
              cookie: `${SESSION_COOKIE}=${t.ownerToken}`,
              origin: base,
              'content-type': 'application/json',
              'idempotency-key': `scale-pdv-${++nextKey}-${Date.now()}`,
            },
            body: JSON.stringify({
              items: [{ productId: t.productId, quantity: 1 }],
              payments: [{ methodId: t.cashMethodId, amount: 1150, received: 2000 }],
            }),
          });
          const body = (await res.json()) as { sale?: { id: string } };
          if (res.status === 201 && body.sale) {
            pdvSales += 1;
            placed.push({
              id: body.sale.id,
              restaurantId: t.restaurantId,
              upstream: res.headers.get('x-upstream') ?? '?',
              answeredAt: performance.now(),
            });
          } else errors.push(`pdv ${res.status} ${JSON.stringify(body).slice(0, 100)}`);
        } catch (err) {
          errors.push(`pdv ${(err as Error).message}`);
        }
      }
    };
    const menus = async () => {
      while (performance.now() < deadline) {
        try {
          const res = await fetch(`${base}/api/public/restaurants/${pick(tenants).slug}/menu`, {
            headers: { 'accept-encoding': 'gzip' },
          });
          await res.arrayBuffer();
          if (res.status === 200) menuReads += 1;
          else errors.push(`menu ${res.status}`);
        } catch (err) {
          errors.push(`menu ${(err as Error).message}`);
        }
      }
    };
    // The restaurant with the longest history opens its screens one after another meanwhile.
    const today = new Date().toISOString().slice(0, 10);
    const screens: Record<string, string> = {
      dashboard: '/api/admin/dashboard',
      dailyReport: `/api/admin/cashier/reports/daily?date=${today}`,
      ordersBoard: '/api/admin/orders',
      customers: '/api/admin/customers',
    };
    const screenTimes: Record<string, number[]> = Object.fromEntries(Object.keys(screens).map((k) => [k, []]));
    const staff = async () => {
      const cookie = `${SESSION_COOKIE}=${tenants[0].ownerToken}`;
      while (performance.now() < deadline) {
        for (const [name, path] of Object.entries(screens)) {
          const started = performance.now();
          const res = await fetch(`${base}${path}`, { headers: { cookie, 'accept-encoding': 'gzip' } });
          await res.arrayBuffer();
          if (res.status !== 200) errors.push(`${name} ${res.status}`);
          else screenTimes[name].push(performance.now() - started);
        }
      }
    };
    let maxConnections = 0;
    let maxLag = 0;
    const sample = async () => {
      while (performance.now() < deadline) {
        const c = await primary.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where backend_type = 'client backend'",
        );
        maxConnections = Math.max(maxConnections, c.rows[0].n);
        if (replicaClient) {
          const lag = await replicaClient.query<{ lag: number | null }>(
            'select case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0 else extract(epoch from now() - pg_last_xact_replay_timestamp()) end::float8 as lag',
          );
          maxLag = Math.max(maxLag, lag.rows[0].lag ?? 0);
        }
        await sleep(1000);
      }
    };
    const started = performance.now();
    await Promise.all([
      ...Array.from({ length: CHECKOUT_WORKERS }, checkout),
      ...Array.from({ length: PDV_WORKERS }, pdv),
      ...Array.from({ length: MENU_WORKERS }, menus),
      staff(),
      sample(),
    ]);
    const seconds = (performance.now() - started) / 1000;
    await sleep(3000);

    const otherInstance: number[] = [];
    let lostEvents = 0;
    let pairs = 0;
    for (const order of placed) {
      for (const board of boardsOf.get(order.restaurantId) ?? []) {
        pairs += 1;
        const arrived = board.arrivals.get(order.id);
        if (arrived === undefined) lostEvents += 1;
        else if (board.upstream !== order.upstream) otherInstance.push(Math.max(0, arrived - order.answeredAt));
      }
    }
    otherInstance.sort((a, b) => a - b);
    const p95 = (values: number[]) =>
      ms(
        percentile(
          [...values].sort((a, b) => a - b),
          95,
        ),
      );
    return {
      ordersPerSecond: ms(placed.length / seconds),
      pdvSalesPerSecond: ms(pdvSales / seconds),
      menuReadsPerSecond: ms(menuReads / seconds),
      otherInstanceBoard: {
        pairs: otherInstance.length,
        commitToArrivalMs: { p95: ms(percentile(otherInstance, 95)), p99: ms(percentile(otherInstance, 99)) },
      },
      orderBoardPairs: pairs,
      lostEvents,
      errors: errors.length,
      errorSamples: [...new Set(errors)].slice(0, 5),
      largestRestaurantScreensP95Ms: Object.fromEntries(Object.entries(screenTimes).map(([k, v]) => [k, p95(v)])),
      streams: boards.length,
      memoryPer1000StreamsMb: instances.map((_, i) =>
        ms(((rssAfter[i] - rssBefore[i]) / Math.max(1, boards.length / instances.length)) * 1000),
      ),
      instanceRssMb: rssAfter.map(ms),
      serverConnectionsMax: maxConnections,
      replicaLagMaxSeconds: replicaClient ? ms(maxLag) : null,
    };
  } finally {
    for (const b of boards) b.close();
    await stopChildren();
    rmSync(work, { recursive: true, force: true });
  }
}

ensureNginx();
let primary: PrivatePostgres | undefined;
let replica: PrivatePostgres | undefined;
let pooler: { url: string; stop(): void } | undefined;
try {
  primary = startPrivatePostgres(await freePort());
  const admin = new pg.Client({ connectionString: primary.url });
  await admin.connect();
  await admin.query('create database meucardapio');
  await admin.end();
  const direct = withDatabase(primary.url, 'meucardapio');
  const database = await openDatabase({ url: direct });
  await database.migrate();
  await database.close();

  const seedStarted = performance.now();
  const tenants = await seedScale(direct, {
    restaurants: RESTAURANTS,
    orders: ORDERS,
    largest: LARGEST,
    customersEach: 20,
  });
  const seedSeconds = ms((performance.now() - seedStarted) / 1000);
  replica = startStreamingReplica(primary, await freePort());
  pooler = await startPgbouncer(primary.url, { poolSize: 20 });
  const urls = {
    pooled: withDatabase(pooler.url, 'meucardapio'),
    direct,
    replica: withDatabase(replica.url, 'meucardapio'),
  };

  const primaryClient = new pg.Client({ connectionString: direct });
  const replicaClient = new pg.Client({ connectionString: urls.replica });
  await primaryClient.connect();
  await replicaClient.connect();
  const withReplica = await run(urls, tenants, primaryClient, replicaClient);
  const withoutReplica = await run({ pooled: urls.pooled, direct }, tenants, primaryClient, null);
  const raw = await rawInsertRate(direct, tenants, 10, CHECKOUT_WORKERS);
  await primaryClient.end();
  await replicaClient.end();

  console.log(
    JSON.stringify(
      {
        setup: `PostgreSQL primary + streaming replica, pgbouncer (transaction mode, 20 server connections), 2 instances behind nginx; ${RESTAURANTS} restaurants, ${ORDERS} orders of history (largest restaurant ${LARGEST}); ${SECONDS} s: ${CHECKOUT_WORKERS} checkout workers, ${PDV_WORKERS} PDV cashiers and ${MENU_WORKERS} menu readers across restaurants, the largest restaurant's screens in a loop, ${STREAMS} SSE streams`,
        seedSeconds,
        rawSqlOrdersPerSecond: ms(raw),
        withReplica: {
          ...withReplica,
          creationRateVsRawSql: Math.round((withReplica.ordersPerSecond / raw) * 100) / 100,
        },
        withoutReplica: {
          ...withoutReplica,
          creationRateVsRawSql: Math.round((withoutReplica.ordersPerSecond / raw) * 100) / 100,
        },
      },
      null,
      2,
    ),
  );
} finally {
  pooler?.stop();
  replica?.destroy();
  primary?.destroy();
}
