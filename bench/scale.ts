// `npm run bench:scale`: a thousand restaurants on one deployment. A PostgreSQL primary with a streaming
// replica (clusters of its own), Debian's pgbouncer in transaction mode, two server instances and nginx;
// a bulk seed of BENCH_RESTAURANTS (1,000) restaurants and BENCH_ORDERS (2,000,000) orders of history;
// then, for BENCH_SECONDS (30), checkouts, PDV sales and menu reads across the restaurants, the largest restaurant's
// staff screens, and BENCH_STREAMS (5,000) SSE streams — once with the replica and once without.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@meucardapio/db/client';
import { addToDailySales } from '@meucardapio/db/daily-sales';
import { withDatabase } from '@meucardapio/db/testing';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SESSION_COOKIE } from '../apps/server/src/http/session';
import { startPgbouncer } from '../scripts/pgbouncer.mjs';
import { type Board, openBoard, percentile } from './cluster-load';
import { cpuBetween, cpuSeconds } from './cpu-usage';
import { type PrivatePostgres, startPrivatePostgres, startStreamingReplica } from './private-postgres';
import { ensureNginx, freePort, startInstance, startNginx, stopChildren, waitFor } from './processes';
import {
  CHECKOUT_WORKERS,
  driveScaleLoad,
  type LoadOptions,
  MENU_WORKERS,
  PDV_WORKERS,
  type Placed,
} from './scale-load';
import { type ScaleTenant, seedScale } from './scale-seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RESTAURANTS = Number(process.env.BENCH_RESTAURANTS ?? 1000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2_000_000);
const LARGEST = Number(process.env.BENCH_LARGEST ?? 100_000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 5000);
/** pgbouncer's server connections to the primary. */
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 20);
/** The mixed load's unmeasured start in each run. */
const WARMUP_SECONDS = 5;
/** The phases that price one order (the app's, then raw SQL's), each alone on the deployment. */
const COST_SECONDS = 10;
const METRICS_TOKEN = randomBytes(16).toString('hex');

/**
 * The dinner peak's rates: BENCH_PEAK_ORDERS (20) orders a second across the restaurants, 72 an hour
 * for each of 1,000 at once, and BENCH_PEAK_MENUS (100) menu reads a second, five for every order.
 */
const PEAK = {
  ordersPerSecond: Number(process.env.BENCH_PEAK_ORDERS ?? 20),
  menuReadsPerSecond: Number(process.env.BENCH_PEAK_MENUS ?? 100),
};

const ms = (v: number) => Math.round(v * 10) / 10;

/** Each order's arrival on every board of its restaurant: the pairs, the other instance's delays, the events lost. */
function boardArrivals(placed: Placed[], boardsOf: Map<string, Board[]>) {
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
  const otherInstanceBoard = {
    pairs: otherInstance.length,
    commitToArrivalMs: { p95: ms(percentile(otherInstance, 95)), p99: ms(percentile(otherInstance, 99)) },
  };
  return { pairs, otherInstanceBoard, lostEvents };
}
/** BENCH_STATEMENTS=1: what the primary spent on each statement during the app's orders alone. */
const STATEMENTS = Boolean(process.env.BENCH_STATEMENTS);

async function topStatements(primary: pg.Client, orders: number) {
  const { rows } = await primary.query<{ calls: string; total: number; plan: number; query: string }>(
    `select calls, total_exec_time as total, total_plan_time as plan, regexp_replace(query, '\\s+', ' ', 'g') as query
     from pg_stat_statements where query not like '%pg_stat%' order by total_exec_time + total_plan_time desc limit 15`,
  );
  const n = Math.max(1, orders);
  return rows.map((r) => ({
    callsPerOrder: Math.round((Number(r.calls) / n) * 100) / 100,
    execMsPerOrder: Math.round((r.total / n) * 1000) / 1000,
    planMsPerOrder: Math.round((r.plan / n) * 1000) / 1000,
    statement: r.query.slice(0, 160),
  }));
}
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const rssMb = (pid: number) => {
  const line =
    readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:')) ?? '';
  return Number(line.replace(/\D+/g, '')) / 1024;
};

type Urls = { pooled: string; direct: string; replica?: string };
type Pids = { primary: number; replica?: number; pgbouncer?: number };

/**
 * One run: two instances behind nginx and the streams; then the mixed load for SECONDS, with the CPU
 * each part of the deployment used, in turns with the same background and the orders' inserts as raw
 * SQL over as many pooled connections (the fair denominator of the creation rate under load).
 */
async function run(
  urls: Urls,
  tenants: ScaleTenant[],
  primary: pg.Client,
  replicaClient: pg.Client | null,
  pids: Pids,
  costs = false,
) {
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
    const nginx = startNginx(join(work, 'nginx'), { a: portA, b: portB, port }, 20_000);
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

    // CPU seconds of each part: both instances, nginx, pgbouncer, the primary and the replica (each
    // with its backends), and this process (the load and the 5,000 streams' reading).
    const reading = () => {
      const { instanceA, instanceB, ...rest } = cpuSeconds({
        instanceA: instances[0].child.pid,
        instanceB: instances[1].child.pid,
        nginx: nginx.pid,
        pgbouncer: pids.pgbouncer,
        primary: pids.primary,
        replica: urls.replica ? pids.replica : undefined,
      });
      const mine = process.cpuUsage();
      return { instances: instanceA + instanceB, ...rest, loadGenerator: (mine.user + mine.system) / 1e6 };
    };
    const measured = async (options: Pick<LoadOptions, 'orders' | 'background' | 'pace'>, seconds = SECONDS) => {
      const before = reading();
      const result = await driveScaleLoad({ base, tenants, seconds, primary, replica: replicaClient, ...options });
      return { ...result, cpu: cpuBetween(before, reading()) };
    };
    type Measured = Awaited<ReturnType<typeof measured>>;
    /** Two turns of the same kind as one: counts, times and CPU added, maxima kept, rates weighed by time. */
    const together = (a: Measured, b: Measured): Measured => ({
      seconds: a.seconds + b.seconds,
      placed: [...a.placed, ...b.placed],
      pdvSales: a.pdvSales + b.pdvSales,
      menuReads: a.menuReads + b.menuReads,
      errors: [...a.errors, ...b.errors],
      screenTimes: Object.fromEntries(
        Object.entries(a.screenTimes).map(([k, v]) => [k, [...v, ...(b.screenTimes[k] ?? [])]]),
      ),
      maxConnections: Math.max(a.maxConnections, b.maxConnections),
      maxLag: Math.max(a.maxLag, b.maxLag),
      rawOrdersPerSecond:
        (a.rawOrdersPerSecond * a.seconds + b.rawOrdersPerSecond * b.seconds) / (a.seconds + b.seconds),
      cpu: Object.fromEntries(
        Object.entries(a.cpu).map(([k, v]) => [k, v + (b.cpu[k as keyof Measured['cpu']] ?? 0)]),
      ) as Measured['cpu'],
    });
    // Unmeasured first: the run's first seconds pay for cold caches (the replica's own, right after its base
    // backup, and each instance's), which would count against whichever run came first.
    await driveScaleLoad({
      base,
      tenants,
      seconds: WARMUP_SECONDS,
      primary,
      replica: replicaClient,
      orders: { by: 'app' },
    });
    // The app's orders and the raw inserts under the same background take turns, half the time each turn
    // (app, raw, app, raw): this machine's speed drifts from one minute to the next, and turns share it.
    const turns: Measured[] = [];
    for (let turn = 0; turn < 2; turn++) {
      turns.push(await measured({ orders: { by: 'app' } }, SECONDS / 2));
      turns.push(await measured({ orders: { by: 'raw', rawUrl: urls.pooled } }, SECONDS / 2));
    }
    const load = together(turns[0], turns[2]);
    const baseline = together(turns[1], turns[3]);
    const cpuSecondsDuringMixedLoad = load.cpu;
    await sleep(3000);
    const mixed = boardArrivals(load.placed, boardsOf);
    const p95 = (values: number[]) =>
      ms(
        percentile(
          [...values].sort((a, b) => a - b),
          95,
        ),
      );
    const p95s = (times: Record<string, number[]>) =>
      Object.fromEntries(Object.entries(times).map(([k, v]) => [k, p95(v)]));

    // A dinner peak at a fixed rate: what the restaurants' customers and staff get when the deployment is
    // busy but not saturated, next to the figures above, taken with every worker sending as fast as it can.
    const peak = await measured({ orders: { by: 'app' }, pace: PEAK });
    await sleep(3000);
    const peakArrivals = boardArrivals(peak.placed, boardsOf);
    const dinnerPeak = {
      ordersPerSecondAsked: PEAK.ordersPerSecond,
      ordersPerSecond: ms(peak.placed.length / peak.seconds),
      menuReadsPerSecond: ms(peak.menuReads / peak.seconds),
      otherInstanceBoard: peakArrivals.otherInstanceBoard,
      lostEvents: peakArrivals.lostEvents,
      errors: peak.errors.length,
      errorSamples: [...new Set(peak.errors)].slice(0, 5),
      largestRestaurantScreensP95Ms: p95s(peak.screenTimes),
      // Of the machine's cores, what the deployment and the load generator used in all.
      cpuPercent: Math.round(
        (100 * Object.values(peak.cpu).reduce((a, b) => a + b, 0)) / (availableParallelism() * peak.seconds),
      ),
    };

    const ordersPerSecond = load.placed.length / load.seconds;
    // What one order costs each part, without the background: the app's orders alone, then the raw inserts alone.
    let costPerOrder = null;
    let screensAloneP95Ms = null;
    let statements = null;
    if (costs) {
      if (STATEMENTS) await primary.query('select pg_stat_statements_reset()');
      const app = await measured({ orders: { by: 'app' }, background: false }, COST_SECONDS);
      if (STATEMENTS) statements = await topStatements(primary, app.placed.length);
      const raw = await measured({ orders: { by: 'raw', rawUrl: urls.pooled }, background: false }, COST_SECONDS);
      const rawOrders = raw.rawOrdersPerSecond * raw.seconds;
      const perOrder = (cpu: Record<string, number>, n: number) =>
        Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, ms((v * 1000) / Math.max(1, n))]));
      // The largest restaurant's screens with nothing else running: what they cost themselves.
      const screens = await measured({ orders: { by: 'none' }, background: 'screens' }, COST_SECONDS);
      screensAloneP95Ms = p95s(screens.screenTimes);
      costPerOrder = {
        appOrdersPerSecond: ms(app.placed.length / app.seconds),
        appCpuMsPerOrder: perOrder(app.cpu, app.placed.length),
        rawOrdersPerSecond: ms(raw.rawOrdersPerSecond),
        rawCpuMsPerOrder: perOrder(raw.cpu, rawOrders),
      };
    }
    return {
      ordersPerSecond: ms(ordersPerSecond),
      pdvSalesPerSecond: ms(load.pdvSales / load.seconds),
      menuReadsPerSecond: ms(load.menuReads / load.seconds),
      rawSqlUnderSameLoadPerSecond: ms(baseline.rawOrdersPerSecond),
      creationRateVsRawSqlUnderSameLoad: Math.round((ordersPerSecond / baseline.rawOrdersPerSecond) * 100) / 100,
      otherInstanceBoard: mixed.otherInstanceBoard,
      orderBoardPairs: mixed.pairs,
      lostEvents: mixed.lostEvents,
      errors: load.errors.length + baseline.errors.length,
      errorSamples: [...new Set([...load.errors, ...baseline.errors])].slice(0, 5),
      largestRestaurantScreensP95Ms: p95s(load.screenTimes),
      largestRestaurantScreensP95MsUnderRawLoad: p95s(baseline.screenTimes),
      cpuSecondsDuringMixedLoad,
      cpuSecondsDuringRawUnderSameLoad: baseline.cpu,
      dinnerPeak,
      ...(costPerOrder ? { costPerOrder, largestRestaurantScreensP95MsAlone: screensAloneP95Ms } : {}),
      ...(statements ? { primaryStatementsOfAppOrders: statements } : {}),
      streams: boards.length,
      memoryPer1000StreamsMb: instances.map((_, i) =>
        ms(((rssAfter[i] - rssBefore[i]) / Math.max(1, boards.length / instances.length)) * 1000),
      ),
      instanceRssMb: rssAfter.map(ms),
      serverConnectionsMax: Math.max(load.maxConnections, baseline.maxConnections),
      replicaLagMaxSeconds: replicaClient ? ms(Math.max(load.maxLag, baseline.maxLag)) : null,
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
let pooler: Awaited<ReturnType<typeof startPgbouncer>> | undefined;
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
  if (STATEMENTS) {
    const stats = new pg.Client({ connectionString: direct });
    await stats.connect();
    await stats.query('create extension pg_stat_statements');
    await stats.end();
  }

  const seedStarted = performance.now();
  const tenants = await seedScale(direct, {
    restaurants: RESTAURANTS,
    orders: ORDERS,
    largest: LARGEST,
    customersEach: 20,
  });
  // The daily sales of that history, as the migration counts the history it finds.
  const counting = await openDatabase({ url: direct });
  await addToDailySales(counting.db, sql`true`);
  await counting.close();
  const seedSeconds = ms((performance.now() - seedStarted) / 1000);
  replica = startStreamingReplica(primary, await freePort());
  pooler = await startPgbouncer(primary.url, { poolSize: POOL_SIZE });
  const urls = {
    pooled: withDatabase(pooler.url, 'meucardapio'),
    direct,
    replica: withDatabase(replica.url, 'meucardapio'),
  };

  const primaryClient = new pg.Client({ connectionString: direct });
  const replicaClient = new pg.Client({ connectionString: urls.replica });
  await primaryClient.connect();
  await replicaClient.connect();
  const pids = { primary: primary.pid(), replica: replica.pid(), pgbouncer: pooler.pid };
  const withReplica = await run(urls, tenants, primaryClient, replicaClient, pids);
  const withoutReplica = await run({ pooled: urls.pooled, direct }, tenants, primaryClient, null, pids, true);
  // The same inserts alone on the deployment, through the same pooler, as many connections as order workers.
  const raw = withoutReplica.costPerOrder?.rawOrdersPerSecond ?? Number.NaN;
  await primaryClient.end();
  await replicaClient.end();

  console.log(
    JSON.stringify(
      {
        setup: `PostgreSQL primary + streaming replica, pgbouncer (transaction mode, ${POOL_SIZE} server connections), 2 instances behind nginx; ${RESTAURANTS} restaurants, ${ORDERS} orders of history (largest restaurant ${LARGEST}); ${SECONDS} s: ${CHECKOUT_WORKERS} checkout workers, ${PDV_WORKERS} PDV cashiers and ${MENU_WORKERS} menu readers across restaurants, the largest restaurant's screens in a loop, ${STREAMS} SSE streams`,
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
