import { recountDailySales } from '@meucardapio/db/daily-sales';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { drainOutbox } from '../src/modules/orders/notifications/whatsapp-outbox';
import { checkoutReads } from '../src/modules/orders/place/admission';
import { customerOf, deliveryOrder, ORDERS, orderKey, type Shop, setupShop } from './checkout-fixtures';
import { createTestApp, type TestApp } from './helpers';

/*
 * Years of history must not make a restaurant's screens slow: every list, report and dashboard query
 * reads an index that starts with the restaurant, never a whole table. Two restaurants get a long history
 * each; the staff screens of one are opened, every statement they run is captured, and the plan
 * PostgreSQL picks for it (with its real parameters, after ANALYZE) must not scan one of the big tables.
 * The dashboard's 30 days come from the daily sales (decision 084): read by their index, while no
 * statement of it reads more than two days of orders.
 */
const BIG_TABLES = new Set([
  'orders',
  'order_items',
  'order_history',
  'events',
  'stock_history',
  'daily_sales',
  'daily_product_sales',
]);
const HISTORY = 40_000;
const ORDER_EVERY_MINUTES = 25;

type Plan = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: Plan[];
};
const nodes = (plan: Plan): Plan[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];
const seqScans = (plan: Plan): string[] =>
  nodes(plan)
    .filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] && BIG_TABLES.has(n['Relation Name']))
    .map((n) => n['Relation Name'] as string);
/** Rows a plan read from `table`'s scans as it ran, those its filters then dropped included. */
const rowsReadFrom = (plan: Plan, table: string) =>
  nodes(plan)
    .filter((n) => n['Relation Name'] === table && /Scan/.test(n['Node Type']))
    .reduce(
      (s, n) =>
        s +
        ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) *
          (n['Actual Loops'] ?? 1),
      0,
    );

type Statement = { text: string; values?: unknown[] };

/** The database functions a screen may call (migrations 0034, 0037): their statements are explained inside. */
const FUNCTIONS = /\bmc_\w+\(/;

/**
 * The plans of what a statement runs, the statements of the functions it calls included, as they ran:
 * auto_explain hands each one back as a notice (a function keeps its plans, which EXPLAIN of the
 * statement calling it does not show). The statement's own plan comes last.
 */
async function plansRunBy(client: pg.Client, text: string, values: unknown[] | undefined): Promise<Plan[]> {
  await client.query(`load 'auto_explain'`);
  for (const setting of [
    'auto_explain.log_min_duration = 0',
    'auto_explain.log_nested_statements = on',
    'auto_explain.log_analyze = on',
    "auto_explain.log_format = 'json'",
    "auto_explain.log_level = 'notice'",
  ])
    await client.query(`set ${setting}`);
  const plans: Plan[] = [];
  const onNotice = (notice: { message?: string }) => {
    const json = notice.message?.slice(notice.message.indexOf('{'));
    if (json) plans.push((JSON.parse(json) as { Plan: Plan }).Plan);
  };
  client.on('notice', onNotice);
  try {
    await client.query(text, values);
  } finally {
    client.off('notice', onNotice);
    await client.query('set auto_explain.log_min_duration = -1');
  }
  return plans;
}

/** Every statement sent through node-postgres until `restore()`, with its parameters, to explain later. */
function captureStatements(onStatement: (statement: Statement) => void) {
  const realQuery = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    // node-postgres takes (text, values) or ({ text, values }) — drizzle passes ({ text, … }, values).
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
    const text = typeof first === 'string' ? first : first?.text;
    const values = typeof first === 'object' && first?.values ? first.values : second;
    if (typeof text === 'string') onStatement({ text, values: Array.isArray(values) ? values : undefined });
    return (realQuery as (...a: unknown[]) => unknown).apply(this, args) as never;
  });
  return { restore: () => spy.mockRestore() };
}

/**
 * The plans PostgreSQL keeps for the first statement `act` sends that matches `pattern` (a database
 * function's call), as a new server connection plans it with the tables' current statistics.
 */
async function plansOfFirst(pattern: RegExp, act: () => Promise<void>, directUrl: string | undefined): Promise<Plan[]> {
  const matched: Statement[] = [];
  const capture = captureStatements((statement) => {
    if (pattern.test(statement.text)) matched.push(statement);
  });
  try {
    await act();
  } finally {
    capture.restore();
  }
  expect(matched.length).toBeGreaterThan(0);
  const direct = new pg.Client({ connectionString: directUrl });
  await direct.connect();
  try {
    return await plansRunBy(direct, matched[0].text, matched[0].values);
  } finally {
    await direct.end();
  }
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('query plans over a long history', () => {
  let t: TestApp;
  let shop: Shop;
  let other: Shop;
  let regular: Awaited<ReturnType<typeof customerOf>>;
  let customerId: string;

  /** Two years of delivered orders, each with an item, a history row, a stock movement and an event. */
  async function history(s: Shop, customer: string | null) {
    const rid = s.rid;
    const product = s.products.refri.id;
    await t.db.execute(sql`
      insert into orders (restaurant_id, number, customer_id, customer_name, customer_phone, delivery_type,
        payment_method, payment_status, subtotal, total, status, created_at)
      select ${rid}, 100000 + g, case when g % 50 = 0 then ${customer}::uuid end, 'Cliente ' || g, '11987654321',
        'pickup', 'Dinheiro', 'approved', 600, 600, case when g % 20 = 0 then 'cancelled' else 'delivered' end,
        now() - (g * ${ORDER_EVERY_MINUTES} * interval '1 minute')
      from generate_series(1, ${HISTORY}) g`);
    await t.db.execute(sql`
      insert into order_items (restaurant_id, order_id, product_id, name, quantity, unit_price, total_price)
      select restaurant_id, id, ${product}, 'Refrigerante Lata', 1, 600, 600 from orders
      where restaurant_id = ${rid} and number > 100000`);
    await t.db.execute(sql`
      insert into order_history (restaurant_id, order_id, status, employee_name, notes, created_at)
      select restaurant_id, id, status, 'Equipe', 'Histórico', created_at from orders
      where restaurant_id = ${rid} and number > 100000`);
    await t.db.execute(sql`
      insert into stock_history (restaurant_id, product_id, operation_type, quantity_before, quantity_after,
        quantity_changed, employee_name, order_id, created_at)
      select restaurant_id, ${product}, 'sale', 10, 9, 1, 'Cliente', id, created_at from orders
      where restaurant_id = ${rid} and number > 100000`);
    await t.db.execute(sql`
      insert into events (restaurant_id, type, permission, payload, created_at)
      select restaurant_id, 'order.updated', 'manage_orders', jsonb_build_object('orderId', id), created_at
      from orders where restaurant_id = ${rid} and number > 100000`);
    await t.db.execute(sql`update restaurants set order_seq = ${100000 + HISTORY} where id = ${rid}`);
  }

  beforeAll(async () => {
    t = await createTestApp();
    shop = await setupShop(t);
    other = await setupShop(t);
    regular = await customerOf(t, shop);
    customerId = regular.customerId;
    await history(shop, customerId);
    await history(other, null);
    // A history written outside the app: counted as the migration counts the one it finds.
    await recountDailySales(t.db, shop.rid);
    await recountDailySales(t.db, other.rid);
    await t.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => t?.close());

  it('no staff list, report or dashboard of a restaurant scans a whole history table', async () => {
    const captured: (Statement & { path: string })[] = [];
    let path = '';
    const capture = captureStatements((statement) => captured.push({ ...statement, path }));

    const today = new Date().toISOString().slice(0, 10);
    const screens = [
      '/api/admin/dashboard',
      '/api/admin/orders',
      '/api/admin/orders?status=delivered&limit=50',
      '/api/admin/customers',
      `/api/admin/customers/${customerId}/orders`,
      '/api/admin/cashier/reports/today',
      `/api/admin/cashier/reports/daily?date=${today}`,
      '/api/admin/cashier/history',
      '/api/admin/cashier/sessions',
      `/api/admin/products/${shop.products.refri.id}/stock-history`,
      '/api/admin/delivery/overview',
      '/api/admin/kitchen/board',
    ];
    // Screens over days: what they read of the orders is bounded below.
    const OVER_DAYS = [
      '/api/admin/dashboard',
      '/api/admin/cashier/reports/today',
      `/api/admin/cashier/reports/daily?date=${today}`,
    ];
    for (path of screens) {
      const res = await shop.owner.client.get(path);
      expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(200);
    }
    await t.deps.realtime.resume(shop.rid, 0);
    capture.restore();

    const direct = new pg.Client({ connectionString: t.deps.database.directUrl });
    await direct.connect();
    const offenders: string[] = [];
    let dailySalesByIndex = 0;
    const orderRows = new Map<string, number>();
    try {
      const seen = new Set<string>();
      for (const { path: screen, text, values } of captured) {
        if (!/^\s*select/i.test(text) || seen.has(text + JSON.stringify(values))) continue;
        seen.add(text + JSON.stringify(values));
        const callsFunction = FUNCTIONS.test(text);
        if (!callsFunction && ![...BIG_TABLES].some((table) => new RegExp(`\\b${table}\\b`).test(text))) continue;
        // A function's statements run with the plan it keeps: theirs are the plans that count.
        const plans = callsFunction
          ? await plansRunBy(direct, text, values)
          : [
              (
                (await direct.query(`explain (format json) ${text}`, values)).rows[0]['QUERY PLAN'] as { Plan: Plan }[]
              )[0].Plan,
            ];
        for (const plan of plans) {
          const scans = seqScans(plan);
          if (scans.length) offenders.push(`${scans.join(', ')} ← ${text.slice(0, 240)}`);
        }
        if (!OVER_DAYS.includes(screen)) continue;
        const ran = callsFunction
          ? plans
          : [
              (
                (await direct.query(`explain (analyze, format json) ${text}`, values)).rows[0]['QUERY PLAN'] as {
                  Plan: Plan;
                }[]
              )[0].Plan,
            ];
        for (const plan of ran) {
          // An index scan, or a bitmap heap scan fed by one.
          if (nodes(plan).some((n) => n['Relation Name'] === 'daily_sales' && /Index|Bitmap/.test(n['Node Type'])))
            dailySalesByIndex += 1;
        }
        const read = ran.reduce((sum, plan) => sum + rowsReadFrom(plan, 'orders'), 0);
        orderRows.set(screen, Math.max(orderRows.get(screen) ?? 0, read));
      }
    } finally {
      await direct.end();
    }
    expect(captured.length).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
    expect(dailySalesByIndex).toBeGreaterThan(0);
    // The dashboard's 30 days hold ~1,700 orders of this history: of them its one statement reads the
    // hours of two days, last week's day again up to this minute and today's again for the board's
    // counts, at most four days; a day's report reads that day's.
    const days = (n: number) => Math.ceil((n * 24 * 60) / ORDER_EVERY_MINUTES) + n;
    expect(orderRows.get('/api/admin/dashboard')).toBeLessThanOrEqual(days(4));
    for (const screen of OVER_DAYS.slice(1)) expect(orderRows.get(screen), screen).toBeLessThanOrEqual(days(2));
    expect(orderRows.get('/api/admin/dashboard')).toBeGreaterThan(0);
  }, 120_000);

  it('a board update reads the orders its event named by their keys, however old', async () => {
    const named = await t.db.execute<{ id: string }>(sql`
      select id from orders where restaurant_id = ${shop.rid} and number in (100001, ${100000 + HISTORY})`);
    const ids = named.rows.map((r) => r.id);
    expect(ids).toHaveLength(2);
    const captured: Statement[] = [];
    const capture = captureStatements((statement) => {
      if (/"orders"."id" = any\(/.test(statement.text)) captured.push(statement);
    });
    try {
      const res = await shop.owner.client.get(`/api/admin/orders?ids=${ids.join(',')}&limit=60`);
      expect(res.body.orders.map((o: { id: string }) => o.id).sort()).toEqual([...ids].sort());
    } finally {
      capture.restore();
    }
    expect(captured).toHaveLength(1);
    const direct = new pg.Client({ connectionString: t.deps.database.directUrl });
    await direct.connect();
    try {
      const { text, values } = captured[0];
      const explained = await direct.query(`explain (analyze, format json) ${text}`, values);
      const plan = (explained.rows[0]['QUERY PLAN'] as { Plan: Plan }[])[0].Plan;
      // Not the restaurant's two years walked back from today to find the oldest.
      expect(seqScans(plan)).toEqual([]);
      expect(rowsReadFrom(plan, 'orders')).toBeLessThanOrEqual(2);
    } finally {
      await direct.end();
    }
  });

  it("a request's session is found by its keys, not by scanning every restaurant's customers", async () => {
    // Another restaurant's two thousand customers, each signed in.
    await t.db.execute(sql`
      with added as (
        insert into customers (restaurant_id, name, phone, email)
        select ${other.rid}, 'Cliente ' || g, '11987654321', 'cliente' || g || '@outro.teste'
        from generate_series(1, 2000) g returning id, restaurant_id)
      insert into sessions (token_hash, kind, customer_id, restaurant_id, expires_at)
      select md5(id::text), 'customer', id, restaurant_id, now() + interval '1 day' from added`);
    await t.db.execute(sql`analyze customers`);
    await t.db.execute(sql`analyze sessions`);

    const { client } = await customerOf(t, shop);
    const plans = await plansOfFirst(
      /mc_session_actors/,
      async () => {
        expect((await client.get('/api/customer/profile')).status).toBe(200);
      },
      t.deps.database.directUrl,
    );
    const scanned = plans
      .flatMap(nodes)
      .filter((n) => n['Node Type'] === 'Seq Scan' && ['customers', 'sessions'].includes(n['Relation Name'] ?? ''));
    expect(plans.length).toBeGreaterThan(1);
    expect(scanned.map((n) => n['Relation Name'])).toEqual([]);
  });

  it("a checkout reads the cart's products by their keys, not the restaurant's whole menu", async () => {
    // A menu of two thousand products.
    await t.db.execute(sql`
      insert into products (restaurant_id, category_id, name, price)
      select ${shop.rid}, ${shop.products.refri.categoryId}, 'Produto ' || g, 1000 from generate_series(1, 2000) g`);
    await t.db.execute(sql`analyze products`);

    const line = {
      productId: shop.products.refri.id,
      quantity: 1,
      flavorIds: [],
      addonIds: [],
      colorIds: [],
      notes: null,
    };
    const plans = await plansOfFirst(
      /mc_checkout_reads/,
      async () => {
        expect((await checkoutReads(t, shop.rid, [line], { fresh: true, usedKept: false })).catalogue.size).toBe(1);
      },
      t.deps.database.directUrl,
    );
    const onProducts = plans
      .flatMap(nodes)
      .filter((n) => n['Relation Name'] === 'products' || n['Index Name']?.startsWith('products_'));
    expect(onProducts.length).toBeGreaterThan(0);
    expect(onProducts.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`.trim())).toEqual(
      onProducts.map(() => 'Index Scan products_pkey'),
    );
  });

  it("a checkout counts the customer's open unpaid orders among the open ones, not over their whole history", async () => {
    // The regular has 800 orders of history, delivered and paid: none of them counts, none is read.
    const plans = await plansOfFirst(
      /mc_lock_for_order/,
      async () => {
        const res = await regular.client.post(ORDERS, deliveryOrder(shop), { 'idempotency-key': orderKey() });
        expect(res.status, res.text).toBe(201);
      },
      t.deps.database.directUrl,
    );
    const onOrders = plans
      .flatMap(nodes)
      .filter((n) => n['Relation Name'] === 'orders' || n['Index Name']?.startsWith('orders_'));
    expect(onOrders.length).toBeGreaterThan(0);
    for (const n of onOrders)
      expect(`${n['Node Type']} ${n['Index Name']}`).toMatch(/^Index (Only )?Scan orders_open_unpaid_idx$/);
    // The order just placed (and counted again when the statement is explained): nothing else.
    expect(plans.reduce((sum, plan) => sum + rowsReadFrom(plan, 'orders'), 0)).toBeLessThanOrEqual(1);
  });

  it("a sender's claim reads the messages due by their index, not every message ever sent", async () => {
    // Two years of sent messages, and one due now (which the app's own sender may take first).
    await t.db.execute(sql`
      insert into outbound_messages (restaurant_id, order_id, kind, phone, body, status, attempts, created_at, sent_at)
      select restaurant_id, id, 'new_order', '5511987654321', 'Recebemos seu pedido', 'sent', 1, created_at, created_at
      from orders where restaurant_id = ${other.rid} and number > 100000`);
    await t.db.execute(sql`
      insert into outbound_messages (restaurant_id, kind, phone, body)
      values (${other.rid}, 'status', '5511987654321', 'Seu pedido saiu para entrega')`);
    await t.db.execute(sql`analyze outbound_messages`);

    const plans = await plansOfFirst(
      /mc_claim_outbox/,
      () => drainOutbox(t.deps).then(() => {}),
      t.deps.database.directUrl,
    );
    const scans = plans
      .flatMap(nodes)
      .filter((n) => n['Relation Name'] === 'outbound_messages' && /Scan/.test(n['Node Type']));
    // The interrupted sends and the rows due through the index of the rows not yet sent, each claimed row by its key.
    expect(scans.length).toBeGreaterThanOrEqual(2);
    for (const n of scans)
      expect(`${n['Node Type']} ${n['Index Name']}`).toMatch(/^Index Scan outbound_messages_(due_idx|pkey)$/);
  });
});
