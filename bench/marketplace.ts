/**
 * Poll-to-board latency with 50 restaurants connected to ordering apps: each restaurant has an Open
 * Delivery connection to its own local fake app (the tests' fake, validating every message against the
 * standard), orders arrive at random restaurants, and the server's own worker polls, stores,
 * acknowledges and places them. Prints, per order, the time from the poll that handed the event to
 * the order on the board (its row committed with `order.created`), and from the event's creation (which
 * adds the wait for the next poll), as p50 / p95 / max.
 *
 *   npm run bench:marketplace            (embedded database; DATABASE_URL=postgres://… for PostgreSQL)
 *   BENCH_RESTAURANTS=50 BENCH_ORDERS=300 BENCH_POLL_MS=2000
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@meucardapio/db/client';
import { marketplaceConnections, marketplaceOrders, orders, products, restaurants } from '@meucardapio/db/schema';
import { setSecretsKey } from '@meucardapio/db/secret-box';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config';
import { boot } from '../apps/server/src/server';
import { type OpenDeliveryFake, startOpenDeliveryFake } from '../apps/server/test/fixtures/open-delivery-fake';

const RESTAURANTS = Number(process.env.BENCH_RESTAURANTS ?? 50);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 2000);
/** Orders per second across all restaurants. */
const RATE = Number(process.env.BENCH_RATE ?? 10);

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const fmt = (ms: number) => `${Math.round(ms)} ms`;

async function main() {
  setSecretsKey(Buffer.alloc(32, 9));
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-bench-mkt-'));
  const database = process.env.DATABASE_URL
    ? await openDatabase({ url: process.env.DATABASE_URL })
    : await openDatabase({ dataDir: join(dataDir, 'db') });
  await database.migrate();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    DATA_DIR: dataDir,
    MARKETPLACE_POLL_MS: String(POLL_MS),
    MARKETPLACE_TICK_MS: '100',
  } as NodeJS.ProcessEnv);
  const booted = await boot(config, { database, migrate: false, log: pino({ level: 'silent' }) });

  const shops: { fake: OpenDeliveryFake; productId: string }[] = [];
  for (let i = 0; i < RESTAURANTS; i++) {
    const [r] = await database.db
      .insert(restaurants)
      .values({ name: `Bench ${i}`, slug: `bench-mkt-${Date.now()}-${i}` })
      .returning();
    const [p] = await database.db
      .insert(products)
      .values({ restaurantId: r.id, name: 'Pizza Calabresa', price: 4500 })
      .returning();
    const fake = await startOpenDeliveryFake();
    await database.db.insert(marketplaceConnections).values({
      restaurantId: r.id,
      kind: 'open_delivery',
      app: 'keeta',
      merchantId: fake.merchantId,
      baseUrl: fake.url,
      tokenUrl: `${fake.url}/oauth/token`,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
    });
    shops.push({ fake, productId: p.id });
  }

  const sent = new Map<string, { fake: OpenDeliveryFake; eventId: string; at: number }>();
  const started = Date.now();
  for (let n = 0; n < ORDERS; n++) {
    const shop = shops[Math.floor(Math.random() * shops.length)];
    const order = shop.fake.addOrder({
      items: [{ externalCode: shop.productId, name: 'Pizza Calabresa', price: 4500, quantity: 1 }],
    });
    const event = shop.fake.addEvent(order.id as string, 'CREATED');
    sent.set(order.id as string, { fake: shop.fake, eventId: event.eventId, at: Date.now() });
    await new Promise((r) => setTimeout(r, 1000 / RATE));
  }
  // Wait until every order is on the board.
  for (;;) {
    const rows = await database.db.select({ id: marketplaceOrders.orderId }).from(marketplaceOrders);
    if (rows.length >= ORDERS || Date.now() - started > 10 * 60_000) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const placed = await database.db
    .select({ externalId: marketplaceOrders.externalId, createdAt: orders.createdAt })
    .from(marketplaceOrders)
    .innerJoin(orders, eq(orders.id, marketplaceOrders.orderId));
  const fromPoll: number[] = [];
  const fromEvent: number[] = [];
  for (const p of placed) {
    const s = sent.get(p.externalId);
    if (!s) continue;
    const polled = s.fake.firstPolledAt.get(s.eventId);
    if (polled) fromPoll.push(p.createdAt.getTime() - polled);
    fromEvent.push(p.createdAt.getTime() - s.at);
  }
  fromPoll.sort((a, b) => a - b);
  fromEvent.sort((a, b) => a - b);
  const violations = shops.reduce((n, s) => n + s.fake.violations.length, 0);
  console.log(
    [
      `marketplace: ${RESTAURANTS} restaurants polling every ${POLL_MS} ms (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}), ${placed.length}/${ORDERS} orders at ${RATE}/s`,
      `  poll → board   p50 ${fmt(quantile(fromPoll, 0.5))}  p95 ${fmt(quantile(fromPoll, 0.95))}  max ${fmt(fromPoll.at(-1) ?? 0)}`,
      `  event → board  p50 ${fmt(quantile(fromEvent, 0.5))}  p95 ${fmt(quantile(fromEvent, 0.95))}  max ${fmt(fromEvent.at(-1) ?? 0)}  (includes the wait for the next poll)`,
      `  protocol violations seen by the fake apps: ${violations}`,
    ].join('\n'),
  );
  await booted.close();
  for (const s of shops) await s.fake.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
