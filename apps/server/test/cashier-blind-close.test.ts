import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASHIER, cashierOf, type Pdv, sell, setupPdv } from './cashier-fixtures';
import { createEmployee, createTestApp, type TestApp, type TestClient } from './helpers';
import { openStream } from './sse';

/*
 * Blind close as a rule about data (decision 017): a cashier-only user reads no PDV sale totals, paid
 * or change amounts, float or movement amounts through any list, detail, receipt or event before the
 * session is closed, except the sale they have just made.
 */

let t: TestApp;
let p: Pdv;
let cashier: Awaited<ReturnType<typeof cashierOf>>;

const INITIAL = 15_000;
const SUPPLY = 7_300;
const WITHDRAWAL = 2_000;
let ownerSaleId: string;
let expectedCash: number;

beforeAll(async () => {
  t = await createTestApp();
  p = await setupPdv(t);
  cashier = await cashierOf(t, p.owner);
  const owner = p.owner.client;
  expect((await owner.post(`${CASHIER}/session/open`, { initialAmount: INITIAL })).status).toBe(201);
  // The manager sells at another terminal: three breads (R$ 22,50) paid with R$ 30,00.
  const ownerSale = await sell(owner, {
    items: [{ productId: p.products.pao.id, quantity: 3 }],
    payments: [{ methodId: p.methods.cash, amount: 2250, received: 3000 }],
  });
  expect(ownerSale.status).toBe(201);
  ownerSaleId = ownerSale.body.sale.id;
  expect((await owner.post(`${CASHIER}/supplies`, { amount: SUPPLY, reason: 'Reforço de troco' })).status).toBe(201);
  // The cashier's own sale and sangria: they know these anyway.
  const own = await sell(cashier.client, {
    items: [{ productId: p.products.cafe.id, quantity: 1 }],
    payments: [{ methodId: p.methods.cash, amount: 500, received: 1000 }],
  });
  expect(own.status).toBe(201);
  // They still get their own sale back whole, to print its receipt.
  expect(own.body.sale).toMatchObject({ total: 500, change: 500, payments: [{ received: 1000, change: 500 }] });
  expect((await cashier.client.post(`${CASHIER}/withdrawals`, { amount: WITHDRAWAL, reason: 'Depósito' })).status).toBe(
    201,
  );
  expectedCash = (await owner.get(`${CASHIER}/session`)).body.session.totals.expectedCash;
  expect(expectedCash).toBe(INITIAL + 2250 + 500 + SUPPLY - WITHDRAWAL);
});
afterAll(async () => {
  await t?.close();
});

/** Every event a staff member's stream replays from the first one. */
async function replayedEvents(client: TestClient) {
  const stream = await openStream(t.app, client, '/api/events/staff', '0');
  await stream.waitFor((e) => e.event === 'ready');
  // Replayed events come right after 'ready'; nothing else is written meanwhile.
  await stream.waitFor(() => false, 300);
  await stream.close();
  return stream.received
    .filter((e) => e.id)
    .map((e) => ({ type: e.event, payload: JSON.parse(e.data) as Record<string, unknown> }));
}

/** Every number anywhere in a JSON value. */
function numbersIn(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) for (const v of value) numbersIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) numbersIn(v, out);
  return out;
}

describe('a cashier-only user before the count', () => {
  it('cannot rebuild the expected drawer from everything they can read', async () => {
    const c = cashier.client;
    const state = (await c.get(`${CASHIER}/session`)).body;
    const board = (await c.get('/api/admin/orders')).body.orders as Array<Record<string, unknown>>;
    const events = await replayedEvents(c);
    const readable = [
      state,
      board,
      events,
      (await c.get(`/api/admin/orders/${ownerSaleId}/receipt`)).body,
      (await c.get(`${CASHIER}/reserved-sales`)).body,
      (await c.get(`${CASHIER}/sales/${ownerSaleId}`)).body,
      (await c.get(`${CASHIER}/conciliation`)).body,
      (await c.get(`${CASHIER}/reports/today`)).body,
      (await c.get('/api/admin/dashboard')).body,
    ];

    // What the review did: float + cash sales on the board + suprimentos − sangrias in the events.
    const cashSales = board
      .filter((o) => o.deliveryType === 'pdv' && String(o.paymentMethod).includes('Dinheiro'))
      .reduce((s, o) => s + Number(o.total), 0);
    const moved = (kind: string) =>
      events
        .filter((e) => e.type === 'cashier.session' && e.payload.movement === kind)
        .reduce((s, e) => s + Number(e.payload.amount ?? 0), 0);
    const rebuilt = Number(state.session.initialAmount ?? 0) + cashSales + moved('supply') - moved('withdrawal');
    expect(rebuilt).not.toBe(expectedCash);

    // Nor any of its unknown parts: the float, the other terminal's sale and cash, the suprimento.
    const numbers = numbersIn(readable);
    for (const secret of [INITIAL, 2250, 3000, SUPPLY, expectedCash]) expect(numbers).not.toContain(secret);
    expect(board.some((o) => o.id === ownerSaleId)).toBe(false);
    expect(state.session.totals).toBeNull();
    expect(state.session.initialAmount).toBeNull();
  });

  it('sees the float of a session they opened themselves, and the figures once they close it', async () => {
    const close = await cashier.client.post(`${CASHIER}/session/close`, {
      count: { denominations: { '10000': 2 }, methods: {} },
    });
    expect(close.status).toBe(200);
    expect(close.body.blind).toBe(true);
    expect(close.body.session.totals.expectedCash).toBe(expectedCash);
    expect(close.body.movements.map((m: { amount: number }) => m.amount)).toEqual([SUPPLY, WITHDRAWAL]);

    expect((await cashier.client.post(`${CASHIER}/session/open`, { initialAmount: 5000 })).status).toBe(201);
    expect((await cashier.client.get(`${CASHIER}/session`)).body.session).toMatchObject({
      initialAmount: 5000,
      totals: null,
    });
    // Someone else's PDV sales stay off their board.
    const mine = await sell(cashier.client, {
      items: [{ productId: p.products.cafe.id, quantity: 1 }],
      payments: [{ methodId: p.methods.pix, amount: 500 }],
    });
    expect((await cashier.client.get(`/api/admin/orders/${mine.body.sale.id}/receipt`)).status).toBe(404);
    expect(
      (await cashier.client.patch(`/api/admin/orders/${ownerSaleId}/status`, { status: 'cancelled' })).status,
    ).toBe(404);
  });

  it('the owner and administrators still see PDV sales on the board', async () => {
    const admin = await createEmployee(t, p.owner, { profileType: 'admin' });
    const board = (await admin.client.get('/api/admin/orders')).body.orders as Array<{ id: string; total: number }>;
    expect(board.find((o) => o.id === ownerSaleId)?.total).toBe(2250);
  });
});

describe('live events carry no totals and no names', () => {
  it('a kitchen screen replaying the stream reads neither', async () => {
    const cook = await createEmployee(t, p.owner, { profileType: 'kitchen' });
    const events = await replayedEvents(cook.client);
    expect(events.some((e) => e.type === 'order.created')).toBe(true);
    for (const e of events) {
      expect(e.payload).not.toHaveProperty('total');
      expect(e.payload).not.toHaveProperty('customerName');
      expect(e.payload).not.toHaveProperty('amount');
    }
  });
});
