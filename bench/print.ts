/**
 * Accept-to-paper latency of the print agent: 200 orders accepted on the board one after another, each
 * printing a counter copy and a kitchen ticket; the clock runs from the accept request to the bytes
 * arriving at a fake network printer (loopback TCP) through the real agent process.
 * `npm run bench:print` (embedded database; TEST_DB=postgres TEST_DATABASE_URL=… for PostgreSQL).
 */
import { openDatabase } from '@meucardapio/db/client';
import { orderItems, products } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { FakePrinter } from '../apps/server/test/fake-printer';
import { createTestApp, signupOwner } from '../apps/server/test/helpers';
import { insertOrder } from '../apps/server/test/ops-fixtures';
import { listen, startAgent } from '../apps/server/test/print-agent-process';
import { percentile } from './cluster-load';

const ORDERS = Number(process.env.PRINT_ORDERS ?? 200);

const database =
  process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL
    ? await openDatabase({ url: process.env.TEST_DATABASE_URL })
    : await openDatabase({});
await database.migrate();
const t = await createTestApp({}, database);
const http = await listen(t.app);
const counter = await new FakePrinter().start();
const kitchen = await new FakePrinter().start();
const owner = await signupOwner(t);
const station = (await owner.client.post('/api/admin/kitchen/stations', { name: 'Cozinha' })).body.station.id;
const [product] = await t.db
  .insert(products)
  .values({ restaurantId: owner.restaurantId, name: 'Prato feito', price: 2500, stationId: station })
  .returning({ id: products.id });
const base = { agentId: null, columns: 48, codepage: 'cp860', cut: true, drawer: false };
await owner.client.post('/api/admin/printers', {
  ...base,
  name: 'Balcão',
  connection: counter.address,
  routes: { order: { delivery: 1, pickup: 1, dine_in: 1 }, stations: [], pdvReceipt: false, cashClosing: false },
});
await owner.client.post('/api/admin/printers', {
  ...base,
  name: 'Cozinha',
  connection: kitchen.address,
  routes: { order: { delivery: 0, pickup: 0, dine_in: 0 }, stations: [station], pdvReceipt: false, cashClosing: false },
});
const { token } = (await owner.client.post('/api/admin/print-agents', { name: 'Bench' })).body;
const agent = startAgent(http.url, token);

async function until(check: () => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the printer');
    await new Promise((r) => setTimeout(r, 2));
  }
}

try {
  await until(() => agent.output.join('').includes('Conectado'));
  const counterMs: number[] = [];
  const kitchenMs: number[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const order = await insertOrder(
      t,
      owner.restaurantId,
      { deliveryType: 'pickup' },
      {
        items: [{ name: 'Prato feito', quantity: 1, unitPrice: 2500 }],
      },
    );
    await t.db.update(orderItems).set({ productId: product.id }).where(eq(orderItems.orderId, order.id));
    const big = `PEDIDO #${order.number}`;
    const start = Date.now();
    const res = await owner.client.patch(`/api/admin/orders/${order.id}/status`, { status: 'preparing' });
    if (res.status !== 200) throw new Error(`accept failed: ${res.status} ${res.text}`);
    await until(() => counter.find(big).length > 0 && kitchen.find(big).length > 0);
    counterMs.push(counter.find(big)[0].receivedAt - start);
    kitchenMs.push(kitchen.find(big)[0].receivedAt - start);
  }
  const summary = (ms: number[]) => {
    const sorted = [...ms].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] };
  };
  console.log(`== accept → bytes at the printer, ${ORDERS} orders (${database.kind}), ms ==`);
  console.log(JSON.stringify({ counterCopy: summary(counterMs), kitchenTicket: summary(kitchenMs) }, null, 2));
} finally {
  await agent.stop();
  await counter.stop();
  await kitchen.stop();
  await http.close();
  await t.close();
}
