import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerOf, deliveryOrder, type Shop, setupShop } from './checkout-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { openStream } from './sse';

const TOKEN = 'metricas-secretas-0123456789';
let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  shop = await setupShop(t);
});
afterAll(async () => {
  await t?.close();
});

const scrape = () => t.client().get('/metrics', { authorization: `Bearer ${TOKEN}` });
/** The value of one sample line of the exposition text, e.g. `mc_sse_clients` or `name{label="x"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : undefined;
}

describe('GET /metrics', () => {
  it('needs the bearer token, and does not exist when no token is configured', async () => {
    expect((await t.client().get('/metrics')).status).toBe(401);
    expect((await t.client().get('/metrics', { authorization: 'Bearer outro-token-qualquer-000000' })).status).toBe(
      401,
    );
    // A signed-in owner is no scraper either.
    expect((await shop.owner.client.get('/metrics')).status).toBe(401);
    const open = await createTestApp();
    try {
      expect((await open.client().get('/metrics', { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    } finally {
      await open.close();
    }
  });

  it('counts requests by route pattern and status, orders created, open streams and the outbox', async () => {
    const { client } = await customerOf(t, shop);
    await t.client().get(`/api/public/restaurants/${shop.slug}/menu`);
    await t.client().get('/api/public/restaurants/nao-existe/menu');
    const before = sample((await scrape()).text, 'mc_orders_created_total{channel="storefront"}') ?? 0;
    const order = await client.post('/api/customer/orders', deliveryOrder(shop), { 'idempotency-key': 'metricas-1' });
    expect(order.status).toBe(201);
    // A replay is the same order: not counted again.
    expect(
      (await client.post('/api/customer/orders', deliveryOrder(shop), { 'idempotency-key': 'metricas-1' })).status,
    ).toBe(200);
    const stream = await openStream(t.app, shop.owner.client, '/api/events/staff');
    await stream.waitFor((e) => e.event === 'ready');

    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = res.text;
    const menu = 'mc_http_request_duration_seconds_count{method="GET",route="/api/public/restaurants/:slug/menu"';
    expect(sample(text, `${menu},status="200"}`)).toBe(1);
    expect(sample(text, `${menu},status="404"}`)).toBe(1);
    // Raw paths never become labels.
    expect(text).not.toContain(shop.slug);
    expect(sample(text, 'mc_orders_created_total{channel="storefront"}')).toBe(before + 1);
    expect(sample(text, 'mc_sse_clients')).toBe(1);
    expect(text).toMatch(/^mc_outbox_messages\{status="pending"\} \d+$/m);
    expect(text).toContain('mc_payments_verified_total');
    if (t.deps.database.kind === 'postgres') expect(sample(text, 'mc_db_pool_connections{state="max"}')).toBe(10);
    await stream.close();
  });
});

describe('health and readiness', () => {
  it('/api/health answers while the process runs; /api/ready checks the database and its migrations', async () => {
    expect((await t.client().get('/api/health')).body).toEqual({ ok: true });
    const ready = await t.client().get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ok: true, database: 'ok', migrations: 'current' });

    // A database one migration behind this build: not ready for traffic.
    await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const behind = await t.client().get('/api/ready');
    expect(behind.status).toBe(503);
    expect(behind.body).toMatchObject({ ok: false, database: 'ok', migrations: 'behind' });
  });
});
