import { recountDailySales } from '@meucardapio/db/daily-sales';
import { cashSalePayments, restaurants } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createTestApp, type Owner, registerCustomer, signupOwner, type TestApp } from './helpers';
import { insertOrder } from './ops-fixtures';

/**
 * A fixed dataset around Tuesday 2026-03-10 in São Paulo (UTC−3 all year since 2019), with orders at
 * 23:30 the day before and 00:30 on the day (both on 2026-03-10 in UTC), and at 23:50 on the day (the
 * 11th in UTC). The expected figures are computed here from the dataset, independently of the SQL; whole
 * days come from the daily sales (counted as a backfill counts them), orders still open from the orders.
 */

const D = '2026-03-10';
type Row = {
  date: string;
  time: string;
  channel: 'delivery' | 'pickup' | 'dine_in' | 'pdv';
  status: string;
  method: string;
  paymentStatus?: 'approved' | 'pending' | 'failed';
  items: { name: string; quantity: number; unitPrice: number }[];
  /** A PDV sale's split payments. */
  split?: { method: string; amount: number }[];
};

const item = (name: string, quantity: number, unitPrice: number) => ({ name, quantity, unitPrice });

const DATASET: Row[] = [
  {
    date: '2026-03-09',
    time: '23:30',
    channel: 'delivery',
    status: 'delivered',
    method: 'Dinheiro',
    items: [item('Calabresa', 1, 5000)],
  },
  {
    date: D,
    time: '00:30',
    channel: 'pickup',
    status: 'delivered',
    method: 'PIX',
    paymentStatus: 'approved',
    items: [item('Margherita', 1, 3000)],
  },
  {
    date: D,
    time: '12:10',
    channel: 'delivery',
    status: 'pending',
    method: 'Cartão de Crédito',
    paymentStatus: 'pending',
    items: [item('Calabresa', 3, 4000)],
  },
  {
    date: D,
    time: '12:40',
    channel: 'dine_in',
    status: 'preparing',
    method: 'Cartão de Débito',
    items: [item('Calabresa', 1, 3000), item('Coca-Cola', 2, 600)],
  },
  {
    date: D,
    time: '13:05',
    channel: 'delivery',
    status: 'cancelled',
    method: 'Dinheiro',
    items: [item('Portuguesa', 3, 3300)],
  },
  {
    date: D,
    time: '15:00',
    channel: 'delivery',
    status: 'cancelled',
    method: 'PIX',
    paymentStatus: 'failed',
    items: [item('Portuguesa', 1, 3300)],
  },
  {
    date: D,
    time: '20:15',
    channel: 'pdv',
    status: 'delivered',
    method: 'PIX + Dinheiro',
    items: [item('Coca-Cola', 5, 600), item('Margherita', 1, 3000)],
    split: [
      { method: 'PIX', amount: 2500 },
      { method: 'Dinheiro', amount: 3500 },
    ],
  },
  {
    date: D,
    time: '23:50',
    channel: 'delivery',
    status: 'confirmed',
    method: 'Dinheiro',
    items: [item('Pudim', 2, 1400)],
  },
  {
    date: '2026-03-04',
    time: '19:00',
    channel: 'delivery',
    status: 'delivered',
    method: 'Dinheiro',
    items: [item('Pudim', 1, 1400)],
  },
  {
    date: '2026-03-03',
    time: '12:00',
    channel: 'delivery',
    status: 'delivered',
    method: 'Dinheiro',
    items: [item('Pudim', 10, 400)],
  },
  {
    date: '2026-03-03',
    time: '21:00',
    channel: 'pickup',
    status: 'delivered',
    method: 'PIX',
    paymentStatus: 'approved',
    items: [item('Atum', 1, 1000)],
  },
  {
    date: '2026-02-09',
    time: '10:00',
    channel: 'pickup',
    status: 'delivered',
    method: 'Dinheiro',
    items: [item('Atum', 1, 1500)],
  },
  {
    date: '2026-02-08',
    time: '10:00',
    channel: 'pickup',
    status: 'delivered',
    method: 'Dinheiro',
    items: [item('Atum', 1, 7000)],
  },
];

const totalOf = (r: Row) => r.items.reduce((s, i) => s + i.quantity * i.unitPrice, 0);
const isSale = (r: Row) => r.status !== 'cancelled' && (!r.paymentStatus || r.paymentStatus === 'approved');
const sum = (rows: Row[]) => rows.reduce((s, r) => s + totalOf(r), 0);
const sales = DATASET.filter(isSale);
const onDay = (date: string) => sales.filter((r) => r.date === date);
const inRange = (from: string, to: string) => sales.filter((r) => r.date >= from && r.date <= to);

let t: TestApp;
let owner: Owner;
let other: Owner;

async function insertRow(restaurantId: string, r: Row) {
  const order = await insertOrder(
    t,
    restaurantId,
    {
      createdAt: new Date(`${r.date}T${r.time}:00-03:00`),
      deliveryType: r.channel,
      status: r.status,
      paymentMethod: r.method,
      paymentStatus: r.paymentStatus ?? null,
      deliveryFee: 0,
      total: totalOf(r),
      tableNumber: r.channel === 'dine_in' ? 4 : null,
    },
    { items: r.items },
  );
  if (r.split)
    await t.db.insert(cashSalePayments).values(
      r.split.map((p, position) => ({
        restaurantId,
        orderId: order.id,
        methodId: p.method,
        methodName: p.method,
        position,
        amount: p.amount,
      })),
    );
  return order;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
  other = await signupOwner(t);
  for (const r of DATASET) await insertRow(owner.restaurantId, r);
  // Another restaurant selling big on the same days: never part of the first one's figures.
  for (const r of DATASET) await insertRow(other.restaurantId, { ...r, items: [item('Banquete', 1, 1_000_000)] });
  // A history written outside the app is counted as the migration counted the one before it.
  await recountDailySales(t.db, owner.restaurantId);
  await recountDailySales(t.db, other.restaurantId);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/dashboard', () => {
  it("adds up the day's sales in the restaurant's timezone, across midnight", async () => {
    const res = await owner.client.get(`/api/admin/dashboard?date=${D}`);
    expect(res.status).toBe(200);
    const v = res.body;
    const day = onDay(D);
    expect(day).toHaveLength(4);
    expect(v).toMatchObject({ date: D, timezone: 'America/Sao_Paulo', isToday: false });
    expect(v.today).toEqual({ total: sum(day), count: day.length, averageTicket: Math.round(sum(day) / day.length) });
    // 23:30 the day before belongs to the 9th, though it is the 10th in UTC; 23:50 belongs to the 10th.
    const days = new Map(v.days.map((d: { date: string }) => [d.date, d]));
    expect(days.get('2026-03-09')).toEqual({ date: '2026-03-09', total: sum(onDay('2026-03-09')), count: 1 });
    expect(days.get(D)).toEqual({ date: D, total: sum(day), count: day.length });
  });

  it('compares each hour with the same weekday last week', async () => {
    const v = (await owner.client.get(`/api/admin/dashboard?date=${D}`)).body;
    expect(v.hours).toHaveLength(24);
    for (let hour = 0; hour < 24; hour++) {
      const at = (date: string) => sum(onDay(date).filter((r) => Number(r.time.slice(0, 2)) === hour));
      expect(v.hours[hour]).toEqual({ hour, today: at(D), lastWeek: at('2026-03-03') });
    }
    expect(v.hours[0].today).toBe(3000);
    expect(v.hours[23].today).toBe(2800);
    const lastWeek = onDay('2026-03-03');
    expect(v.lastWeek).toEqual({ total: sum(lastWeek), count: 2, averageTicket: Math.round(sum(lastWeek) / 2) });
  });

  it('charts 30 days, zero on days without sales, nothing from before them', async () => {
    const v = (await owner.client.get(`/api/admin/dashboard?date=${D}`)).body;
    expect(v.days).toHaveLength(30);
    expect(v.days[0].date).toBe('2026-02-09');
    expect(v.days[29].date).toBe(D);
    const month = inRange('2026-02-09', D);
    expect(v.days.reduce((s: number, d: { total: number }) => s + d.total, 0)).toBe(sum(month));
    expect(v.days.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(month.length);
    expect(v.days.find((d: { date: string }) => d.date === '2026-03-01')).toEqual({
      date: '2026-03-01',
      total: 0,
      count: 0,
    });
  });

  it("ranks the week's best sellers by quantity", async () => {
    const v = (await owner.client.get(`/api/admin/dashboard?date=${D}`)).body;
    const byName = new Map<string, { quantity: number; total: number }>();
    for (const r of inRange('2026-03-04', D))
      for (const i of r.items) {
        const p = byName.get(i.name) ?? { quantity: 0, total: 0 };
        p.quantity += i.quantity;
        p.total += i.quantity * i.unitPrice;
        byName.set(i.name, p);
      }
    const expected = [...byName]
      .map(([name, p]) => ({ productId: null, name, ...p }))
      .sort((a, b) => b.quantity - a.quantity || b.total - a.total);
    expect(v.topProducts).toEqual(expected.slice(0, 5));
    // Last week's ten puddings are outside the week; the cancelled Portuguesas never sold.
    expect(v.topProducts[0]).toMatchObject({ name: 'Coca-Cola', quantity: 7 });
    expect(v.topProducts.map((p: { name: string }) => p.name)).not.toContain('Portuguesa');
  });

  it('splits by payment method (a PDV sale by its payments) and by channel', async () => {
    const v = (await owner.client.get(`/api/admin/dashboard?date=${D}`)).body;
    expect(v.splits.day.payments).toEqual([
      { method: 'Dinheiro', total: 3500 + 2800, count: 2 },
      { method: 'PIX', total: 3000 + 2500, count: 2 },
      { method: 'Débito', total: 4200, count: 1 },
    ]);
    const channel = (rows: Row[], c: Row['channel']) => {
      const mine = rows.filter((r) => r.channel === c);
      return { total: sum(mine), count: mine.length };
    };
    for (const [period, rows] of [
      ['day', onDay(D)],
      ['month', inRange('2026-02-09', D)],
    ] as const) {
      const split = v.splits[period];
      expect(split.channels.map((c: { channel: string }) => c.channel)).toEqual([
        'delivery',
        'pickup',
        'dine_in',
        'pdv',
      ]);
      for (const c of split.channels) expect(c).toMatchObject(channel(rows, c.channel));
      const paid = split.payments.reduce((s: number, p: { total: number }) => s + p.total, 0);
      expect(paid).toBe(sum(rows));
    }
  });

  it('counts the orders on the board now, unpaid online orders apart', async () => {
    const v = (await owner.client.get(`/api/admin/dashboard?date=${D}`)).body;
    expect(v.openOrders).toEqual({ pending: 0, awaitingPayment: 1, preparing: 1, confirmed: 1, out_for_delivery: 0 });
    expect(v.closedToday).toEqual({ delivered: 2, cancelled: 2 });
  });

  it("never counts another restaurant's orders", async () => {
    const mine = (await owner.client.get(`/api/admin/dashboard?date=${D}`)).body;
    const theirs = (await other.client.get(`/api/admin/dashboard?date=${D}`)).body;
    expect(mine.today.total).toBe(sum(onDay(D)));
    expect(theirs.today).toEqual({ total: 4_000_000, count: 4, averageTicket: 1_000_000 });
    expect(JSON.stringify(mine)).not.toContain('Banquete');
  });

  it('shows today by default and grows as an order arrives', async () => {
    const before = (await owner.client.get('/api/admin/dashboard')).body;
    expect(before.isToday).toBe(true);
    await insertRow(owner.restaurantId, {
      date: before.date,
      time: '00:00',
      channel: 'pickup',
      status: 'pending',
      method: 'Dinheiro',
      items: [item('Atum', 1, 4321)],
    });
    const after = (await owner.client.get('/api/admin/dashboard')).body;
    expect(after.today.total).toBe(before.today.total + 4321);
    expect(after.today.count).toBe(before.today.count + 1);
  });

  it('answers 403 without view_reports, to cashier-only users and to customers; 401 signed out', async () => {
    const kitchen = await createEmployee(t, owner, { profileType: 'kitchen' });
    expect((await kitchen.client.get('/api/admin/dashboard')).status).toBe(403);
    const cashier = await createEmployee(t, owner, { profileType: 'cashier' });
    expect((await cashier.client.get('/api/admin/dashboard')).status).toBe(403);
    const customer = await registerCustomer(t, owner.slug);
    expect((await customer.client.get('/api/admin/dashboard')).status).toBe(403);
    expect((await t.client().get('/api/admin/dashboard')).status).toBe(401);

    const reports = await createEmployee(t, owner, {
      profileType: 'custom',
      permissions: { view_reports: true, manage_orders: true },
    });
    const res = await reports.client.get(`/api/admin/dashboard?date=${D}`);
    expect(res.status).toBe(200);
    expect(res.body.today.total).toBe(sum(onDay(D)));
  });

  it("counts in the restaurant's timezone as it is at each request, for the owner and for staff", async () => {
    const reports = await createEmployee(t, owner, { profileType: 'custom', permissions: { view_reports: true } });
    const setTimezone = (timezone: string) =>
      t.db.update(restaurants).set({ timezone }).where(eq(restaurants.id, owner.restaurantId));
    await setTimezone('America/Manaus');
    try {
      for (const who of [owner, reports]) {
        const v = (await who.client.get(`/api/admin/dashboard?date=${D}`)).body;
        expect(v.timezone).toBe('America/Manaus');
        // An hour behind São Paulo: 23:50 there is 22:50 here, and 00:30 there is still the day before here.
        expect(v.hours[23].today).toBe(0);
        expect(v.hours[22].today).toBe(2800);
        expect(v.hours[0].today).toBe(0);
      }
    } finally {
      await setTimezone('America/Sao_Paulo');
    }
  });

  it('refuses a date that is not a calendar day', async () => {
    const res = await owner.client.get('/api/admin/dashboard?date=2026-02-30');
    expect(res.status).toBe(400);
    expect(res.body.error.description).toContain('Data inválida');
  });
});
