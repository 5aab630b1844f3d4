import { outboundMessages, restaurants } from '@meucardapio/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Messenger, OutgoingMessage } from '../src/integrations/messaging/messenger';
import {
  drainOutbox,
  NEW_ORDER_KIND,
  type OrderNotifier,
  startOrderNotifications,
} from '../src/modules/orders/notifications/whatsapp-outbox';
import { openRegister, sell } from './cashier-fixtures';
import { customerOf, deliveryOrder, type Shop, setupShop } from './checkout-fixtures';
import { countingDb } from './counting-db';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import { waitFor } from './ops-fixtures';

/*
 * "Recebemos seu pedido" is queued in the order's own transaction (or its payment's), and the sender
 * costs two statements per order: the claim (of up to a batch of rows) and the record of the send.
 */

let t: TestApp;
let shop: Shop;
const woken: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // Nothing drains behind the test's back: the app's own sender is stopped.
  await t.notifications.stop();
  shop = await setupShop(t);
  // No status messages: the paid card order's row can only be its payment's doing.
  await t.db
    .update(restaurants)
    .set({ whatsappStatusMessages: { preparing: { enabled: false } } })
    .where(eq(restaurants.id, shop.rid));
  await openRegister(shop.owner.client);
  await t.deps.database.listen('mc_outbox', (payload) => woken.push(payload));
});
afterAll(async () => {
  await t?.close();
});

const outboxOf = (orderId: string) => t.db.select().from(outboundMessages).where(eq(outboundMessages.orderId, orderId));

/** An order placed on `at`'s storefront by a new customer (a customer holds only a few open orders at once). */
async function checkout(overrides: Record<string, unknown> = {}, at = shop) {
  const buyer = await customerOf(t, at);
  const res = await buyer.client.post('/api/customer/orders', deliveryOrder(at, overrides));
  expect(res.status, res.text).toBe(201);
  return { ...(res.body as { order: { id: string; number: number }; checkoutUrl?: string }), buyer };
}

/** The customer approves the card payment on the simulator's page and comes back to the store. */
async function approve(client: TestClient, orderId: string, checkoutUrl: string) {
  expect((await client.get(checkoutUrl)).status).toBe(200);
  const decided = await client.request(
    'POST',
    '/api/payments/simulator/decide',
    new URLSearchParams({ order_nsu: orderId, decision: 'approve' }).toString(),
    { 'content-type': 'application/x-www-form-urlencoded' },
  );
  expect(decided.status).toBe(303);
  const q = new URL(decided.headers.get('location')!, 'http://localhost').searchParams;
  const confirmed = await t.client().post('/api/public/payments/confirm', {
    orderNsu: q.get('order_nsu'),
    transactionNsu: q.get('transaction_nsu'),
    slug: q.get('slug'),
  });
  expect(confirmed.status, confirmed.text).toBe(200);
}

describe('the new-order message is committed with the order', () => {
  it('a storefront checkout leaves one pending row, before any sender ran, and wakes the senders', async () => {
    const before = woken.length;
    const { order } = await checkout();
    const rows = await outboxOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: NEW_ORDER_KIND, status: 'pending', attempts: 0, phone: '5511987654321' });
    expect(rows[0].body).toContain(`#${order.number} `);
    expect(rows[0].body).toContain('1x Pizza Calabresa');
    await waitFor(() => woken.length > before);
  });

  it('a PDV sale and a card order not paid yet leave none; the card order gets its row when approved', async () => {
    const sale = await sell(shop.owner.client, {
      items: [{ productId: shop.products.refri.id, quantity: 1 }],
      payments: [{ methodId: shop.methods.cash, amount: 600, received: 600 }],
    });
    expect(sale.status, sale.text).toBe(201);
    expect(await outboxOf(sale.body.sale.id)).toHaveLength(0);

    const card = await checkout({ paymentMethod: shop.methods.card, cashReceived: null });
    expect(card.checkoutUrl).toBeTruthy();
    expect(await outboxOf(card.order.id)).toHaveLength(0);

    const before = woken.length;
    await approve(card.buyer.client, card.order.id, card.checkoutUrl!);
    const rows = await outboxOf(card.order.id);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([[NEW_ORDER_KIND, 'pending']]);
    await waitFor(() => woken.length > before);
  });
});

describe('what the sender costs', () => {
  const log: string[] = [];
  const sent: OutgoingMessage[] = [];
  let notifier: OrderNotifier;

  beforeAll(async () => {
    const messenger: Messenger = {
      kind: 'simulator',
      async send(m) {
        sent.push(m);
      },
    };
    t.deps.integrations.messaging = messenger;
    const database = { ...t.deps.database, db: countingDb(t.db, log) };
    // No timer during the test: only the NOTIFY and explicit ticks run it.
    notifier = await startOrderNotifications({ ...t.deps, database }, { pollMs: 3_600_000 });
    // The start's sweep and drain send what the first tests queued.
    await notifier.tick();
  });
  afterAll(async () => {
    await notifier?.stop();
  });

  const sentOut = (orderId: string) => waitFor(async () => (await outboxOf(orderId))[0]?.status === 'sent');
  it('an order costs two statements after its commit, none of them a transaction', async () => {
    log.length = 0;
    const { order } = await checkout();
    await sentOut(order.id);
    await waitFor(() => log.length >= 2);
    // Anything more would come right after.
    await new Promise((r) => setTimeout(r, 300));
    expect(sent.filter((m) => m.body.includes(`#${order.number} `))).toHaveLength(1);
    // The claim (one statement, of fewer rows than a batch: nothing else was due), the send's record (one UPDATE).
    expect(log).toEqual(['execute', 'update']);
  });

  it("leaves a row another instance queued and woke for to that instance, and sends it on its own timer's pass", async () => {
    const { order } = await checkout();
    await sentOut(order.id);
    const [row] = await t.db
      .insert(outboundMessages)
      .values({
        restaurantId: shop.rid,
        orderId: order.id,
        kind: 'status_test',
        phone: '5511987654321',
        body: 'Teste',
      })
      .returning();
    log.length = 0;
    await t.db.execute(sql`select pg_notify('mc_outbox', 'another-instance')`);
    await new Promise((r) => setTimeout(r, 300));
    expect(log).toEqual([]);
    await notifier.tick();
    const [after] = await t.db.select().from(outboundMessages).where(eq(outboundMessages.id, row.id));
    expect(after.status).toBe('sent');
  });

  it('a sweep of the log costs the same few queries however many orders and restaurants it reads', async () => {
    const other = await setupShop(t);
    const ids: string[] = [];
    for (const at of [shop, shop, other, other]) ids.push((await checkout({}, at)).order.id);
    for (const id of ids) await sentOut(id);

    // Another instance starts: its first pass sweeps the whole day's log, one page naming orders of
    // several restaurants. Stopping it waits for that pass.
    const started: string[] = [];
    const database = { ...t.deps.database, db: countingDb(t.db, started) };
    await (await startOrderNotifications({ ...t.deps, database }, { pollMs: 3_600_000 })).stop();
    // Its cursor, the page, one query for the page's orders left without a message, a claim that finds nothing.
    expect(started).toEqual(['select', 'select', 'select', 'execute']);
  });

  it('messages due together cost one claim and one record; one customer’s go out in order', async () => {
    const { order } = await checkout();
    await sentOut(order.id);
    // Only the drain below may send: this describe's sender stops here (its last test).
    await notifier.stop();
    const row = (kind: string, phone: string) => ({
      restaurantId: shop.rid,
      orderId: order.id,
      kind,
      phone,
      body: `${kind} ${phone}`,
    });
    // Written straight to the table (no NOTIFY), so only the drain below sends them; queued by one
    // transaction, as a sweep catching up queues them, they share its moment.
    await t.db.transaction(async (tx) => {
      await tx.insert(outboundMessages).values(row('lote_a', '5511900000001'));
      await tx.insert(outboundMessages).values(row('lote_b', '5511900000001'));
      await tx.insert(outboundMessages).values(row('lote_c', '5511900000002'));
    });
    const order_: string[] = [];
    const slowFirst: Messenger = {
      kind: 'simulator',
      async send(m) {
        // The first message is the slowest: were one customer's sent side by side, the second would land first.
        await new Promise((r) => setTimeout(r, m.body.startsWith('lote_a') ? 60 : 1));
        order_.push(m.body);
      },
    };
    const batchLog: string[] = [];
    const database = { ...t.deps.database, db: countingDb(t.db, batchLog) };
    expect(
      // A second ahead: a row written in the same millisecond as the drain is not due yet to its clock.
      await drainOutbox(
        { ...t.deps, database, integrations: { ...t.deps.integrations, messaging: slowFirst } },
        { now: () => new Date(Date.now() + 1000) },
      ),
    ).toBe(3);
    expect(batchLog).toEqual(['execute', 'update']);
    expect(order_.indexOf('lote_a 5511900000001')).toBeLessThan(order_.indexOf('lote_b 5511900000001'));
    const rows = await t.db.select().from(outboundMessages).where(eq(outboundMessages.orderId, order.id));
    expect(rows.filter((r) => r.kind.startsWith('lote_')).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  });
});
