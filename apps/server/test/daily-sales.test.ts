import { randomUUID } from 'node:crypto';
import { recountDailySales } from '@meucardapio/db/daily-sales';
import { dailyProductSales, dailySales, diningTables } from '@meucardapio/db/schema';
import { OPEN_ORDER_STATUSES } from '@meucardapio/domain/order-status';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRegister, type Pdv, sell, setupPdv } from './cashier-fixtures';
import { openAroundTheClock } from './checkout-fixtures';
import { dailySalesAndOrders } from './daily-sales-fixtures';
import { createTestApp, registerCustomer, type TestApp, type TestClient } from './helpers';

/*
 * The daily sales (decision 084) through every door that settles an order or changes a settled one —
 * PDV sales (split, and paid later by link), storefront orders moved along the board, cancellations,
 * a table's round delivered and then an item of it cancelled, a product deleted, the time zone changed
 * — each time equal to a recount from the orders; the dashboard over its 30 days reads the same figures
 * as from the orders alone. Another restaurant sells alongside and is never mixed in.
 */

let t: TestApp;
let shop: Pdv;
let other: Pdv;

const status = (client: TestClient, id: string, to: string) =>
  client.patch(`/api/admin/orders/${id}/status`, { status: to });

async function deliver(client: TestClient, id: string, from = 'pending') {
  const path = ['pending', 'preparing', 'confirmed', 'delivered'];
  for (const to of path.slice(path.indexOf(from) + 1)) {
    const res = await status(client, id, to);
    expect(res.status, res.text).toBe(200);
  }
}

async function expectInStep() {
  const { stored, recounted } = await dailySalesAndOrders(t);
  expect(stored).toEqual(recounted);
}

async function storefrontOrder(s: Pdv, items: { productId: string; quantity: number }[]) {
  const customer = await registerCustomer(t, s.owner.slug);
  const res = await customer.client.post('/api/customer/orders', {
    items,
    deliveryType: 'pickup',
    name: 'Cliente Teste',
    phone: '(11) 98765-4321',
    paymentMethod: s.methods.cash,
    cashReceived: 100_00,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.order.id as string;
}

const storedRows = async (rid: string) => ({
  sales: await t.db.select().from(dailySales).where(eq(dailySales.restaurantId, rid)).orderBy(sql`1, 2, 3, 4, 5`),
  products: await t.db
    .select()
    .from(dailyProductSales)
    .where(eq(dailyProductSales.restaurantId, rid))
    .orderBy(sql`1, 2, 3`),
});

beforeAll(async () => {
  t = await createTestApp();
  shop = await setupPdv(t);
  other = await setupPdv(t);
  for (const s of [shop, other]) {
    await openAroundTheClock(t, s.rid);
    await openRegister(s.owner.client, 100_00);
  }
  await t.db.insert(diningTables).values({ restaurantId: shop.rid, number: 4 });
});
afterAll(async () => {
  await t?.close();
});

describe('daily sales', () => {
  it('a PDV sale counts as it is born, each payment under its method; one paid by link once approved', async () => {
    const cash = await sell(shop.owner.client, {
      items: [{ productId: shop.products.cafe.id, quantity: 2 }],
      payments: [{ methodId: shop.methods.cash, amount: 1000, received: 2000 }],
    });
    expect(cash.status, cash.text).toBe(201);
    const split = await sell(shop.owner.client, {
      items: [{ productId: shop.products.pao.id, quantity: 4 }],
      payments: [
        { methodId: shop.methods.cash, amount: 1000, received: 1000 },
        { methodId: shop.methods.pix, amount: 2000 },
      ],
    });
    expect(split.status, split.text).toBe(201);
    await sell(other.owner.client, {
      items: [{ productId: other.products.bolo.id, quantity: 1 }],
      payments: [{ methodId: other.methods.pix, amount: 4590 }],
    });
    await expectInStep();

    const byLink = await sell(shop.owner.client, {
      items: [{ productId: shop.products.cafe.id, quantity: 1 }],
      payments: [{ methodId: shop.methods.pixOnline, amount: 500 }],
    });
    expect(byLink.status, byLink.text).toBe(201);
    const orderId = byLink.body.sale.id as string;
    const before = await storedRows(shop.rid);
    // Handed over but not paid yet: not a sale.
    await expectInStep();
    const back = await shop.owner.client.request(
      'POST',
      '/api/payments/simulator/decide',
      new URLSearchParams({ order_nsu: orderId, decision: 'approve' }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    const q = new URL(back.headers.get('location')!, 'http://localhost').searchParams;
    const confirmed = await t.client().post('/api/public/payments/confirm', {
      orderNsu: orderId,
      transactionNsu: q.get('transaction_nsu'),
      slug: q.get('slug'),
    });
    expect(confirmed.body.status).toBe('approved');
    await expectInStep();
    expect(await storedRows(shop.rid)).not.toEqual(before);
  });

  it('a storefront order counts once delivered; a cancelled one never; a delivered one cannot be cancelled', async () => {
    const delivered = await storefrontOrder(shop, [{ productId: shop.products.cafe.id, quantity: 3 }]);
    const cancelled = await storefrontOrder(shop, [{ productId: shop.products.cafe.id, quantity: 1 }]);
    const stillOpen = await storefrontOrder(shop, [{ productId: shop.products.pao.id, quantity: 1 }]);
    const before = await storedRows(shop.rid);
    await deliver(shop.owner.client, delivered);
    const after = await storedRows(shop.rid);
    expect(after).not.toEqual(before);
    await expectInStep();

    expect((await status(shop.owner.client, stillOpen, 'preparing')).status).toBe(200);
    expect((await status(shop.owner.client, cancelled, 'preparing')).status).toBe(200);
    expect((await status(shop.owner.client, cancelled, 'cancelled')).status).toBe(200);
    expect((await status(shop.owner.client, delivered, 'cancelled')).status).toBe(409);
    expect(await storedRows(shop.rid)).toEqual(after);
    await expectInStep();
  });

  it("a table's round counts once delivered, and again without an item cancelled after that", async () => {
    const opened = await shop.owner.client.post('/api/admin/table-accounts', { number: 4, people: 2 });
    expect(opened.status, opened.text).toBe(201);
    const account = opened.body.account.id as string;
    const round = await shop.owner.client.post(
      `/api/admin/table-accounts/${account}/rounds`,
      {
        items: [
          { productId: shop.products.cafe.id, quantity: 2 },
          { productId: shop.products.pao.id, quantity: 1 },
        ],
      },
      { 'idempotency-key': `mesa-${randomUUID()}` },
    );
    expect(round.status, round.text).toBe(201);
    const view = round.body.account.rounds.at(-1) as { orderId: string; items: { id: string; name: string }[] };
    await deliver(shop.owner.client, view.orderId, 'preparing');
    await expectInStep();

    const pao = view.items.find((i) => i.name === 'Pão de Queijo')!;
    const res = await shop.owner.client.post(`/api/admin/table-accounts/items/${pao.id}/cancel`, {
      reason: 'Cliente desistiu',
    });
    expect(res.status, res.text).toBe(200);
    const [{ quantity }] = await t.db
      .select({ quantity: sql<number>`sum(quantity)::int` })
      .from(dailyProductSales)
      .where(eq(dailyProductSales.productKey, shop.products.pao.id));
    // 4 in the split PDV sale; the table's one left.
    expect(quantity).toBe(4);
    await expectInStep();
  });

  it('a deleted product is counted by its name from then on, on every day it sold', async () => {
    const res = await shop.owner.client.delete(`/api/admin/products/${shop.products.cafe.id}`);
    expect(res.status, res.text).toBe(200);
    const keys = await t.db
      .select({ key: dailyProductSales.productKey })
      .from(dailyProductSales)
      .where(eq(dailyProductSales.restaurantId, shop.rid));
    expect(keys.map((k) => k.key)).toContain('name:Café Expresso');
    expect(keys.map((k) => k.key)).not.toContain(shop.products.cafe.id);
    await expectInStep();
  });

  it("moves every sale to its day in the restaurant's new time zone", async () => {
    const general = (await shop.owner.client.get('/api/admin/settings')).body.general;
    const days = async () =>
      (await storedRows(shop.rid)).sales.map((r) => r.day).filter((d, i, all) => all.indexOf(d) === i);
    // UTC+14 and UTC−12 are 26 hours apart: never the same date.
    for (const timezone of ['Pacific/Kiritimati', 'Etc/GMT+12']) {
      const res = await shop.owner.client.put('/api/admin/settings/general', { ...general, timezone });
      expect(res.status, res.text).toBe(200);
      await expectInStep();
    }
    const west = await days();
    expect(
      (await shop.owner.client.put('/api/admin/settings/general', { ...general, timezone: 'Pacific/Kiritimati' }))
        .status,
    ).toBe(200);
    const east = await days();
    expect(east).not.toEqual(west);
    expect((await shop.owner.client.put('/api/admin/settings/general', general)).status).toBe(200);
    await expectInStep();
  });

  it('a recount from the orders (the backfill) finds exactly what the upkeep kept', async () => {
    const kept = await storedRows(shop.rid);
    const theirs = await storedRows(other.rid);
    await recountDailySales(t.db, shop.rid);
    const recounted = await storedRows(shop.rid);
    const nonZero = (rows: typeof kept) => ({
      sales: rows.sales.filter((r) => r.orders || r.total || r.payments || r.paid),
      products: rows.products.filter((r) => r.quantity || r.total),
    });
    expect(nonZero(recounted)).toEqual(nonZero(kept));
    expect(await storedRows(other.rid)).toEqual(theirs);
  });

  it("the functions that read a range count as open the domain's open statuses", async () => {
    const open = OPEN_ORDER_STATUSES.map((s) => `'${s}'`).join(', ');
    for (const fn of ['mc_sales_of_days', 'mc_best_sellers']) {
      const { rows } = await t.db.execute<{ body: string }>(
        sql`select prosrc as body from pg_proc where proname = ${fn}`,
      );
      expect(rows[0].body, fn).toContain(`o.status IN (${open})`);
    }
  });

  it('the dashboard over 30 days gives the figures the orders give, open orders included', async () => {
    await storefrontOrder(shop, [{ productId: shop.products.pao.id, quantity: 2 }]);
    const v = (await shop.owner.client.get('/api/admin/dashboard')).body;
    const { rows } = await t.db.execute<{ total: number; count: number; pdv: number }>(sql`
      select coalesce(sum(total), 0)::int as total, count(*)::int as count,
        coalesce(sum(total) filter (where delivery_type = 'pdv'), 0)::int as pdv
      from orders
      where restaurant_id = ${shop.rid} and status <> 'cancelled' and not is_test
        and (payment_status is null or payment_status = 'approved')
        and created_at >= now() - interval '40 days'`);
    const sum = (list: { total: number }[]) => list.reduce((s, d) => s + d.total, 0);
    expect(sum(v.days)).toBe(rows[0].total);
    expect(v.days.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(rows[0].count);
    expect(sum(v.splits.month.payments)).toBe(rows[0].total);
    expect(v.splits.month.channels.find((c: { channel: string }) => c.channel === 'pdv').total).toBe(rows[0].pdv);
    const theirs = (await other.owner.client.get('/api/admin/dashboard')).body;
    expect(sum(theirs.days)).toBe(4590);
  });
});
