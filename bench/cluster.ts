// `npm run bench:cluster`: a PostgreSQL cluster of its own (or the server at BENCH_DATABASE_URL), two server
// instances, Debian's nginx balancing them (installed if missing), and a mixed load for a fixed time. Prints
// orders/s, commit→arrival latency on boards of the *other* instance, errors, lost events, the checkout rate
// against the same inserts as raw SQL, and what a PostgreSQL restart under load does (its own cluster only).
// BENCH_SECONDS (default 20).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@meucardapio/db/client';
import { customers, sessions } from '@meucardapio/db/schema';
import { adminQuery, withDatabase } from '@meucardapio/db/testing';
import { hashToken, SESSION_COOKIE } from '../apps/server/src/http/session';
import { type Board, driveLoad, openBoard, percentile, rawInsertRate } from './cluster-load';
import { restartUnderLoad } from './cluster-outage';
import { type PrivatePostgres, startPrivatePostgres } from './private-postgres';
import { ensureNginx, freePort, startInstance, startNginx, stopChildren, waitFor } from './processes';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const GIVEN_URL = process.env.BENCH_DATABASE_URL;
const BOARDS = 6;
const CHECKOUT_WORKERS = 8;
const MENU_WORKERS = 4;
async function send(base: string, method: string, path: string, body: unknown, cookie = '') {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { json, cookie: set.join('; ') || cookie };
}

ensureNginx();
// A cluster of its own can be restarted by the last phase without disturbing anyone else's databases.
const privatePostgres: PrivatePostgres | undefined = GIVEN_URL ? undefined : startPrivatePostgres(await freePort());
const SERVER_URL = GIVEN_URL ?? privatePostgres!.url;
const dbName = `mc_bench_${Date.now()}`;
await adminQuery(SERVER_URL, `CREATE DATABASE ${dbName}`);
const url = withDatabase(SERVER_URL, dbName);
const work = mkdtempSync(join(tmpdir(), 'mc-cluster-'));
const boards: Board[] = [];
try {
  const database = await openDatabase({ url });
  await database.migrate();
  writeFileSync(join(work, 'index.html'), '<!doctype html><title>MeuCardápio</title>');

  const [portA, portB, port] = [await freePort(), await freePort(), await freePort()];
  const serverEnv = {
    DATABASE_URL: url,
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    WEB_DIST: work,
    TRUST_PROXY: 'loopback',
    NODE_ENV: 'production',
    SECRETS_KEY: randomBytes(32).toString('base64'),
    PAYMENTS: 'disabled',
  };
  const instances = [portA, portB].map((p) => ({ port: p, child: startInstance(p, serverEnv) }));
  startNginx(join(work, 'nginx'), { a: portA, b: portB, port });
  await Promise.all([portA, portB].map((p) => waitFor(`http://127.0.0.1:${p}/api/ready`)));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/ready`);

  // A restaurant open all day, a drink with plenty of stock, and a customer per checkout.
  const owner = await send(base, 'POST', '/api/auth/signup', {
    name: 'Dona Bench',
    companyName: `Pizzaria Bench ${Date.now()}`,
    email: `bench-${Date.now()}@teste.com.br`,
    password: 'senha-forte-123',
  });
  const restaurantId = owner.json.user.restaurant.id as string;
  const slug = owner.json.user.restaurant.slug as string;
  const hours = Array.from({ length: 7 }, (_, dayOfWeek) => ({ dayOfWeek, openTime: '00:00', closeTime: '23:59' }));
  await send(base, 'PUT', '/api/admin/hours', { hours }, owner.cookie);
  const product = await send(
    base,
    'POST',
    '/api/admin/products',
    { name: 'Refrigerante Lata', price: 600, controleEstoque: true, estoque: 1_000_000 },
    owner.cookie,
  );
  const productId = product.json.product.id as string;
  const customerCount = Math.max(2000, SECONDS * 150);
  const rows = await database.db
    .insert(customers)
    .values(
      Array.from({ length: customerCount }, (_, i) => ({
        restaurantId,
        name: `Cliente ${i}`,
        phone: '11987654321',
        email: `bench-${i}@teste.com.br`,
      })),
    )
    .returning({ id: customers.id });
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  for (let i = 0; i < rows.length; i += 1000) {
    await database.db.insert(sessions).values(
      rows.slice(i, i + 1000).map((r, j) => ({
        tokenHash: hashToken(tokens[i + j]),
        kind: 'customer',
        customerId: r.id,
        restaurantId,
        expiresAt: new Date(Date.now() + 3600_000),
      })),
    );
  }
  await database.close();

  for (let i = 0; i < BOARDS; i++) boards.push(await openBoard(base, owner.cookie));
  const upstreams = [...new Set(boards.map((b) => b.upstream))];
  if (upstreams.length < 2) throw new Error(`boards reached only ${upstreams.join(', ')}`);

  const load = await driveLoad({
    base,
    slug,
    customerCookies: tokens.map((t) => `${SESSION_COOKIE}=${t}`),
    productId,
    seconds: SECONDS,
    checkoutWorkers: CHECKOUT_WORKERS,
    menuWorkers: MENU_WORKERS,
  });
  // Events still on their way when the load stopped.
  await new Promise((r) => setTimeout(r, 3000));

  const fromAnswer: number[] = [];
  const fromRequest: number[] = [];
  let lost = 0;
  for (const order of load.orders) {
    for (const board of boards) {
      const arrived = board.arrivals.get(order.id);
      if (arrived === undefined) {
        lost += 1;
        continue;
      }
      if (board.upstream === order.upstream) continue;
      fromAnswer.push(Math.max(0, arrived - order.answeredAt));
      fromRequest.push(arrived - order.sentAt);
    }
  }
  fromAnswer.sort((a, b) => a - b);
  fromRequest.sort((a, b) => a - b);
  const ordersPerSecond = load.orders.length / load.seconds;
  // The raw SQL baseline runs alone, so the checkout rate it is compared with is measured alone too.
  const phase = Math.min(10, SECONDS);
  const alone = await driveLoad({
    base,
    slug,
    customerCookies: tokens.map((t) => `${SESSION_COOKIE}=${t}`),
    productId,
    seconds: phase,
    checkoutWorkers: CHECKOUT_WORKERS,
    menuWorkers: 0,
  });
  const aloneErrors = alone.errors.length;
  const alonePerSecond = alone.orders.length / alone.seconds;
  const rawPerSecond = await rawInsertRate(url, [{ restaurantId, productId }], phase, CHECKOUT_WORKERS);
  const restart = privatePostgres
    ? await restartUnderLoad({
        base,
        customerCookies: tokens.map((t) => `${SESSION_COOKIE}=${t}`),
        productId,
        boards,
        instances,
        postgres: privatePostgres,
        url,
        workers: CHECKOUT_WORKERS,
        beforeSeconds: 3,
        downSeconds: 5,
        afterSeconds: 5,
      })
    : 'skipped: BENCH_DATABASE_URL names a server this benchmark does not restart';
  const ms = (v: number) => Math.round(v * 10) / 10;
  const byInstance = Object.fromEntries(upstreams.map((u) => [u, load.orders.filter((o) => o.upstream === u).length]));

  console.log(
    JSON.stringify(
      {
        setup: `PostgreSQL, 2 instances behind nginx, ${SECONDS} s: ${CHECKOUT_WORKERS} checkout workers, ${MENU_WORKERS} menu readers, ${BOARDS} boards over SSE`,
        boardsPerInstance: Object.fromEntries(upstreams.map((u) => [u, boards.filter((b) => b.upstream === u).length])),
        ordersCreated: load.orders.length,
        ordersByInstance: byInstance,
        ordersPerSecond: ms(ordersPerSecond),
        menuReadsPerSecond: ms(load.menuReads / load.seconds),
        otherInstanceBoard: {
          pairs: fromAnswer.length,
          commitToArrivalMs: {
            p50: ms(percentile(fromAnswer, 50)),
            p95: ms(percentile(fromAnswer, 95)),
            p99: ms(percentile(fromAnswer, 99)),
          },
          requestToArrivalMs: {
            p50: ms(percentile(fromRequest, 50)),
            p95: ms(percentile(fromRequest, 95)),
            p99: ms(percentile(fromRequest, 99)),
          },
        },
        errors: load.errors.length + aloneErrors,
        errorSamples: [...new Set([...load.errors, ...alone.errors])].slice(0, 5),
        lostEvents: lost,
        checkoutsAloneOrdersPerSecond: ms(alonePerSecond),
        rawSqlOrdersPerSecond: ms(rawPerSecond),
        creationRateVsRawSql: Math.round((alonePerSecond / rawPerSecond) * 100) / 100,
        mixedLoadRateVsRawSql: Math.round((ordersPerSecond / rawPerSecond) * 100) / 100,
        postgresRestartUnderLoad: restart,
      },
      null,
      2,
    ),
  );
} finally {
  for (const b of boards) b.close();
  await stopChildren();
  if (privatePostgres) privatePostgres.destroy();
  else await adminQuery(SERVER_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(work, { recursive: true, force: true });
}
