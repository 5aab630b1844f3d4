import {
  events,
  orderHistory,
  orderItems,
  orders,
  outboundMessages,
  paymentTransactions,
  stockHistory,
} from '@meucardapio/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infinitePayProvider } from '../src/integrations/payments/infinitepay';
import { confirmPayment } from '../src/modules/payments/payments.service';
import { openRegister, saleKey, sell } from './cashier-fixtures';
import { customerOf, deliveryOrder, type Shop, setupShop } from './checkout-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { statementsSent } from './sent-statements';

/*
 * One order pipeline, several doors: a PDV sale and a storefront order are born the same way, and a
 * provider's verdict is applied the same way whoever asks (decisions 035 and 036).
 */

let t: TestApp;
let shop: Shop;
let answer: Record<string, unknown> = {};

beforeAll(async () => {
  t = await createTestApp({ PAYMENTS: 'infinitepay', PUBLIC_URL: 'https://loja.example.com' });
  shop = await setupShop(t);
  t.deps.integrations.payments = infinitePayProvider({
    publicUrl: 'https://loja.example.com',
    apiBase: 'https://api.test/check',
    fetch: (async () => new Response(JSON.stringify(answer), { status: 200 })) as unknown as typeof fetch,
  });
  await openRegister(shop.owner.client);
});
afterAll(async () => {
  await t?.close();
});

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const historyOf = (id: string) =>
  t.db.select().from(orderHistory).where(eq(orderHistory.orderId, id)).orderBy(asc(orderHistory.createdAt));
const eventsOf = async (id: string) =>
  (await t.db.select().from(events).where(eq(events.restaurantId, shop.rid)).orderBy(asc(events.id))).filter(
    (e) => (e.payload as { orderId?: string }).orderId === id,
  );
const verifiedCount = async (result: string) => {
  const metric = await t.deps.metrics.registry.getSingleMetric('mc_payments_verified_total')?.get();
  return metric?.values.find((v) => v.labels.result === result)?.value ?? 0;
};

describe('a PDV sale and a storefront order go through the same pipeline', () => {
  it('with the same first history row, order.created payload and stock history', async () => {
    const refri = shop.products.refri.id;
    const buyer = await customerOf(t, shop);
    const online = await buyer.client.post(
      '/api/customer/orders',
      deliveryOrder(shop, { items: [{ productId: refri, quantity: 1 }] }),
    );
    expect(online.status).toBe(201);
    const sale = await sell(shop.owner.client, {
      items: [{ productId: refri, quantity: 1 }],
      payments: [{ methodId: shop.methods.cash, amount: 600, received: 600 }],
    });
    expect(sale.status).toBe(201);
    const storefrontId = online.body.order.id as string;
    const pdvId = sale.body.sale.id as string;

    // One history row at birth, in the order's first status, named by who placed it, noted by its door.
    const [first] = await historyOf(storefrontId);
    const [counter] = await historyOf(pdvId);
    expect(await historyOf(storefrontId)).toHaveLength(1);
    expect(await historyOf(pdvId)).toHaveLength(1);
    expect(first).toMatchObject({
      status: 'pending',
      employeeId: null,
      employeeName: 'Cliente Teste',
      notes: 'Pedido realizado pelo cardápio online',
    });
    expect(counter).toMatchObject({
      status: 'delivered',
      employeeName: 'Dona Teste',
      notes: 'Venda no PDV',
    });

    // The same event, with what the board reads (awaitingPayment) for both; the sale also tells the cashier.
    const created = async (id: string) => (await eventsOf(id)).filter((e) => e.type === 'order.created');
    const [onlineEvent] = await created(storefrontId);
    const [pdvEvent] = await created(pdvId);
    expect(Object.keys(pdvEvent.payload).sort()).toEqual(Object.keys(onlineEvent.payload).sort());
    expect(onlineEvent.payload).toMatchObject({ status: 'pending', deliveryType: 'delivery', awaitingPayment: false });
    expect(pdvEvent.payload).toMatchObject({ status: 'delivered', deliveryType: 'pdv', awaitingPayment: false });
    expect((await eventsOf(pdvId)).map((e) => e.type)).toEqual(['order.created', 'cashier.sale']);
    expect((await eventsOf(storefrontId)).map((e) => e.type)).toEqual(['order.created']);

    // One sale row per product, tied to its order, in the same shape.
    const stockOf = (id: string) => t.db.select().from(stockHistory).where(eq(stockHistory.orderId, id));
    const [onlineStock] = await stockOf(storefrontId);
    const [pdvStock] = await stockOf(pdvId);
    expect(await stockOf(storefrontId)).toHaveLength(1);
    expect(await stockOf(pdvId)).toHaveLength(1);
    for (const row of [onlineStock, pdvStock])
      expect(row).toMatchObject({ productId: refri, operationType: 'sale', quantityChanged: 1 });
    expect(pdvStock.quantityBefore).toBe(onlineStock.quantityAfter);
    expect(onlineStock.notes).toContain(`Pedido online #${online.body.order.number}`);
    expect(pdvStock.notes).toContain(`Venda PDV #${sale.body.sale.number}`);
  });

  it('answers an order placed as its retry reads it back from the database', async () => {
    const buyer = await customerOf(t, shop);
    const body = deliveryOrder(shop, { items: [{ productId: shop.products.refri.id, quantity: 1 }] });
    const first = await buyer.client.post('/api/customer/orders', body, { 'idempotency-key': 'pipeline-answer-1' });
    expect(first.status, first.text).toBe(201);
    const retry = await buyer.client.post('/api/customer/orders', body, { 'idempotency-key': 'pipeline-answer-1' });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.replayed).toBe(true);
    expect(retry.body.order).toEqual(first.body.order);
    expect(first.body.order.createdAt).toEqual(expect.any(String));
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'sends an order of one item and one of three as the same kept statement (decision 127)',
    async () => {
      const buyer = await customerOf(t, shop);
      const { calabresa, mussarela } = shop.products;
      const placed: string[] = [];
      const texts = await statementsSent(async () => {
        for (const items of [
          [{ productId: calabresa.id, quantity: 1 }],
          [
            { productId: calabresa.id, quantity: 2 },
            { productId: mussarela.id, quantity: 1 },
            { productId: calabresa.id, quantity: 1, notes: "sem orégano, d'ouro \\ ok" },
          ],
        ]) {
          const res = await buyer.client.post(
            '/api/customer/orders',
            deliveryOrder(shop, { items, cashReceived: 50_000 }),
          );
          expect(res.status, res.text).toBe(201);
          placed.push(res.body.order.id);
        }
      });
      const kept = texts.filter((text) => text.startsWith('select mc_keep_prepared(') && text.includes('"orders"'));
      expect(kept).toHaveLength(2);
      // Nothing follows a storefront order's statement: it carries its transaction's COMMIT (decision 128).
      expect(kept.every((text) => text.endsWith('; commit'))).toBe(true);
      // A sale's payments go in its order's statement, its count in the day's sales and its COMMIT in the
      // same round trip, when nothing else follows (no discount, note, reserved sale or receipt printer).
      const sale = async (body: Record<string, unknown>) => {
        const texts = await statementsSent(async () => {
          const res = await sell(shop.owner.client, body, saleKey());
          expect(res.status, res.text).toBe(201);
          expect(res.body.sale.payments).toHaveLength(1);
        });
        const keptSale = texts.find((text) => text.startsWith('select mc_keep_prepared(') && text.includes('"orders"'));
        return { texts, keptSale: keptSale ?? '' };
      };
      const plain = await sale({
        items: [{ productId: calabresa.id, quantity: 1 }],
        payments: [{ methodId: shop.methods.cash, amount: calabresa.price, received: calabresa.price }],
      });
      expect(plain.keptSale).toContain('insert into "cash_sale_payments"');
      expect(plain.keptSale).toMatch(
        /; select mc_count_order_sales\('[0-9a-f-]+'::uuid, '[0-9a-f-]+'::uuid, '1'::integer\); commit$/,
      );
      expect(plain.texts.filter((text) => text.includes('cash_sale_payments'))).toHaveLength(1);
      expect(plain.texts.filter((text) => text.includes('mc_count_order_sales'))).toHaveLength(1);
      // A discount's row is written after the order's statement: the count and the COMMIT follow it.
      const discounted = await sale({
        items: [{ productId: calabresa.id, quantity: 1 }],
        discount: 100,
        payments: [{ methodId: shop.methods.cash, amount: calabresa.price - 100, received: calabresa.price - 100 }],
      });
      expect(discounted.keptSale).toContain('insert into "cash_sale_payments"');
      expect(discounted.keptSale).not.toContain('mc_count_order_sales');
      expect(discounted.keptSale.endsWith('; commit')).toBe(false);
      const counts = discounted.texts.findIndex((text) => text.startsWith('select mc_count_order_sales('));
      const discountRow = discounted.texts.findIndex((text) => text.startsWith('insert into "cash_sale_discounts"'));
      expect(discountRow).toBeGreaterThan(-1);
      expect(counts).toBeGreaterThan(discountRow);
      const names = kept.map((text) => /execute (mc_kept_[0-9a-f]+)\(/.exec(text)?.[1]);
      expect(names[0]).toEqual(expect.any(String));
      expect(names[1]).toBe(names[0]);
      const written = await t.db
        .select({ name: orderItems.name, quantity: orderItems.quantity, notes: orderItems.notes })
        .from(orderItems)
        .where(eq(orderItems.orderId, placed[1]));
      expect(written).toHaveLength(3);
      expect(written).toEqual(
        expect.arrayContaining([
          { name: calabresa.name, quantity: 2, notes: null },
          { name: mussarela.name, quantity: 1, notes: null },
          { name: calabresa.name, quantity: 1, notes: "sem orégano, d'ouro \\ ok" },
        ]),
      );
    },
  );

  it('a retried sale key is answered by the sale, and a storefront key is refused by the PDV', async () => {
    const key = saleKey();
    const body = {
      items: [{ productId: shop.products.calabresa.id, quantity: 1 }],
      payments: [{ methodId: shop.methods.cash, amount: 4000, received: 4000 }],
    };
    const first = await sell(shop.owner.client, body, key);
    const again = await sell(shop.owner.client, body, key);
    expect(again.status).toBe(200);
    expect(again.body.sale.id).toBe(first.body.sale.id);

    const buyer = await customerOf(t, shop);
    const placed = await buyer.client.post('/api/customer/orders', deliveryOrder(shop), {
      'Idempotency-Key': 'shared-key',
    });
    expect(placed.status).toBe(201);
    expect((await sell(shop.owner.client, body, 'shared-key')).status).toBe(409);
  });
});

/** A card order of R$ 45,00 (pizza + delivery) whose return page left its transaction, not verified yet. */
async function unverifiedCardOrder(nsu: string) {
  const buyer = await customerOf(t, shop);
  const r = await buyer.client.post(
    '/api/customer/orders',
    deliveryOrder(shop, { paymentMethod: shop.methods.card, cashReceived: null }),
  );
  expect(r.status).toBe(201);
  const id = r.body.order.id as string;
  const row = await orderRow(id);
  await t.db
    .update(orders)
    .set({ paymentData: { ...row.paymentData, transaction_nsu: nsu, slug: `slug-${nsu}` } })
    .where(eq(orders.id, id));
  return { id, total: row.total };
}

describe('staff verifying a payment on the board', () => {
  it('moves a paid order on as the return page does: kitchen, history, WhatsApp, bell and metric', async () => {
    const { id, total } = await unverifiedCardOrder('TX-BOARD');
    answer = { success: true, paid: true, amount: total, paid_amount: total, capture_method: 'credit_card' };
    const approvedBefore = await verifiedCount('approved');

    const res = await shop.owner.client.post(`/api/admin/orders/${id}/verify-payment`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orderId: id, paymentStatus: 'approved', paymentCheckoutVerified: true });

    // The kitchen gets it.
    expect(await orderRow(id)).toMatchObject({ status: 'preparing', paymentStatus: 'approved' });
    // Its history says why.
    expect((await historyOf(id)).map((h) => [h.status, h.employeeName, h.notes])).toEqual([
      ['pending', 'Cliente Teste', 'Pedido realizado pelo cardápio online'],
      ['preparing', 'Pagamento online', 'Pagamento confirmado'],
    ]);
    // The customer hears it: "Recebemos seu pedido" and the accepted status, once each.
    const queued = await t.db
      .select({ kind: outboundMessages.kind })
      .from(outboundMessages)
      .where(and(eq(outboundMessages.restaurantId, shop.rid), eq(outboundMessages.orderId, id)));
    expect(queued.map((m) => m.kind).sort()).toEqual(['new_order', 'status_preparing']);
    // The board rings: the order is announced as paid.
    const updated = (await eventsOf(id)).filter((e) => e.type === 'order.updated');
    expect(updated.at(-1)?.payload).toMatchObject({ status: 'preparing', paymentStatus: 'approved', paid: true });
    // And it counts as a verified payment.
    expect(await verifiedCount('approved')).toBe(approvedBefore + 1);
  });
});

describe('an approved verdict applied twice', () => {
  it('changes nothing the second time, whoever applies it', async () => {
    const { id, total } = await unverifiedCardOrder('TX-TWICE');
    answer = { success: true, paid: true, amount: total, paid_amount: total };
    const confirm = { orderNsu: id, transactionNsu: 'TX-TWICE', slug: 'slug-TX-TWICE' };
    const first = await confirmPayment(t.db, t.deps, confirm);
    expect(first).toMatchObject({ status: 'approved', orderStatus: 'preparing' });

    const snapshot = async () => ({
      order: await orderRow(id),
      history: (await historyOf(id)).length,
      events: (await eventsOf(id)).length,
      transactions: (await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, id))).length,
      messages: (await t.db.select().from(outboundMessages).where(eq(outboundMessages.orderId, id))).length,
      approved: await verifiedCount('approved'),
    });
    const before = await snapshot();

    expect(await confirmPayment(t.db, t.deps, confirm)).toMatchObject({ status: 'approved', orderStatus: 'preparing' });
    const board = await shop.owner.client.post(`/api/admin/orders/${id}/verify-payment`);
    expect(board.body).toMatchObject({ paymentStatus: 'approved', paymentCheckoutVerified: true });

    expect(await snapshot()).toEqual(before);
  });
});
