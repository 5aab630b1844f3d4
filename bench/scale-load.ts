// The load of `npm run bench:scale`: checkouts and PDV sales across the restaurants (or, for the baseline,
// the same inserts as raw SQL), over a background every phase shares — menu readers across restaurants,
// the largest restaurant's staff screens in a loop — while the connections and the replica's lag are sampled.
import type pg from 'pg';
import { SESSION_COOKIE } from '../apps/server/src/http/session';
import { placeCheckout, rawInsertRate } from './cluster-load';
import { request } from './http-client';
import { measureScreens } from './scale-screens';
import type { ScaleTenant } from './scale-seed';

export const CHECKOUT_WORKERS = 8;
export const PDV_WORKERS = 2;
export const MENU_WORKERS = 4;

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

export type Placed = { id: string; restaurantId: string; upstream: string; answeredAt: number };

export type LoadOptions = {
  base: string;
  tenants: ScaleTenant[];
  seconds: number;
  primary: pg.Client;
  replica: pg.Client | null;
  /**
   * Who places the orders: the app (checkout workers and PDV cashiers through nginx), or, for the
   * baseline, as many connections running the same inserts as raw SQL on `rawUrl`.
   */
  orders: { by: 'app' } | { by: 'raw'; rawUrl: string } | { by: 'none' };
  /** The menu readers and the staff screens; false for a phase of orders alone, 'screens' for them alone. */
  background?: boolean | 'screens';
  /**
   * Orders (checkouts and PDV sales in the workers' proportion) and menu reads arriving at these rates,
   * answered or not, instead of workers sending the next as soon as one is answered.
   */
  pace?: { ordersPerSecond: number; menuReadsPerSecond: number };
};

let nextKey = 0;
/**
 * Each restaurant's customers in turn, so none holds more open unpaid orders than the rule allows
 * (the checkout refuses a fourth); picked at random, a few did over a whole run.
 */
const nextCustomer = new Map<string, number>();
const customerOf = (t: ScaleTenant) => {
  const n = nextCustomer.get(t.restaurantId) ?? 0;
  nextCustomer.set(t.restaurantId, n + 1);
  return t.customerTokens[n % t.customerTokens.length];
};

export async function driveScaleLoad(o: LoadOptions) {
  const { base, tenants } = o;
  const deadline = performance.now() + o.seconds * 1000;
  const placed: Placed[] = [];
  const errors: string[] = [];
  let menuReads = 0;
  let pdvSales = 0;
  let rawOrdersPerSecond = 0;

  const checkoutOnce = async () => {
    const t = pick(tenants);
    try {
      const res = await placeCheckout(
        base,
        `${SESSION_COOKIE}=${customerOf(t)}`,
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
  };
  const saleOnce = async () => {
    const t = pick(tenants);
    try {
      const res = await request(`${base}/api/admin/cashier/sales`, {
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
      const body = JSON.parse(res.text()) as { sale?: { id: string } };
      if (res.status === 201 && body.sale) {
        pdvSales += 1;
        placed.push({
          id: body.sale.id,
          restaurantId: t.restaurantId,
          upstream: String(res.headers['x-upstream'] ?? '?'),
          answeredAt: performance.now(),
        });
      } else errors.push(`pdv ${res.status} ${JSON.stringify(body).slice(0, 100)}`);
    } catch (err) {
      errors.push(`pdv ${(err as Error).message}`);
    }
  };
  const menuOnce = async () => {
    try {
      const res = await request(`${base}/api/public/restaurants/${pick(tenants).slug}/menu`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      if (res.status === 200) menuReads += 1;
      else errors.push(`menu ${res.status}`);
    } catch (err) {
      errors.push(`menu ${(err as Error).message}`);
    }
  };
  // As fast as each worker gets answers (the deployment saturated), or at a fixed rate whatever the answers take.
  const loop = async (once: () => Promise<void>) => {
    while (performance.now() < deadline) await once();
  };
  const paced = async (perSecond: number, once: () => Promise<void>) => {
    const inFlight: Promise<void>[] = [];
    // Arrivals of a Poisson process: customers do not wait for one another.
    for (let at = performance.now(); at < deadline; at += -Math.log(1 - Math.random()) * (1000 / perSecond)) {
      const wait = at - performance.now();
      if (wait > 0) await sleep(wait);
      inFlight.push(once());
    }
    await Promise.all(inFlight);
  };
  // The restaurant with the longest history opens its screens one after another meanwhile.
  const today = new Date().toISOString().slice(0, 10);
  const { rows: newest } = await o.primary.query<{ id: string }>(
    'select id from orders where restaurant_id = $1 order by created_at desc limit 1',
    [tenants[0].restaurantId],
  );
  const screens: Record<string, string> = {
    dashboard: '/api/admin/dashboard',
    dailyReport: `/api/admin/cashier/reports/daily?date=${today}`,
    // As the board asks for it (BOARD_ORDERS in the web app's orders-api.ts): the newest 60.
    ordersBoard: '/api/admin/orders?limit=60',
    // And as it asks for the order a live event named (decision 117).
    boardUpdate: `/api/admin/orders?limit=100&ids=${newest[0]?.id}`,
    customers: '/api/admin/customers',
  };
  let screenTimes: Record<string, number[]> = Object.fromEntries(Object.keys(screens).map((k) => [k, []]));
  const staff = async () => {
    const measured = await measureScreens({
      base,
      cookie: `${SESSION_COOKIE}=${tenants[0].ownerToken}`,
      screens,
      milliseconds: deadline - performance.now(),
    });
    screenTimes = measured.times;
    errors.push(...measured.errors);
  };
  let maxConnections = 0;
  let maxLag = 0;
  const sample = async () => {
    while (performance.now() < deadline) {
      const c = await o.primary.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where backend_type = 'client backend'",
      );
      maxConnections = Math.max(maxConnections, c.rows[0].n);
      if (o.replica) {
        const lag = await o.replica.query<{ lag: number | null }>(
          'select case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0 else extract(epoch from now() - pg_last_xact_replay_timestamp()) end::float8 as lag',
        );
        maxLag = Math.max(maxLag, lag.rows[0].lag ?? 0);
      }
      await sleep(1000);
    }
  };
  const { pace } = o;
  const orders =
    o.orders.by === 'none'
      ? []
      : o.orders.by === 'raw'
        ? [
            rawInsertRate(o.orders.rawUrl, tenants, o.seconds, CHECKOUT_WORKERS + PDV_WORKERS).then((rate) => {
              rawOrdersPerSecond = rate;
            }),
          ]
        : pace
          ? [
              paced((pace.ordersPerSecond * CHECKOUT_WORKERS) / (CHECKOUT_WORKERS + PDV_WORKERS), checkoutOnce),
              paced((pace.ordersPerSecond * PDV_WORKERS) / (CHECKOUT_WORKERS + PDV_WORKERS), saleOnce),
            ]
          : [
              ...Array.from({ length: CHECKOUT_WORKERS }, () => loop(checkoutOnce)),
              ...Array.from({ length: PDV_WORKERS }, () => loop(saleOnce)),
            ];
  const started = performance.now();
  const background =
    o.background === false
      ? []
      : o.background === 'screens'
        ? [staff()]
        : [
            ...(pace
              ? [paced(pace.menuReadsPerSecond, menuOnce)]
              : Array.from({ length: MENU_WORKERS }, () => loop(menuOnce))),
            staff(),
          ];
  await Promise.all([...orders, ...background, sample()]);
  const seconds = (performance.now() - started) / 1000;
  return { seconds, placed, pdvSales, menuReads, errors, screenTimes, maxConnections, maxLag, rawOrdersPerSecond };
}
