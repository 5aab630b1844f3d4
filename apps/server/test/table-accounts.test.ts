import { diningTables, events } from '@meucardapio/db/schema';
import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pdv } from './cashier-fixtures';
import { createEmployee, createTestApp, type Owner, registerCustomer, type TestApp, type TestClient } from './helpers';
import { statementsSent } from './sent-statements';
import { A, type Account, key, open, pay, round, setupTableAccounts } from './table-accounts-fixtures';

let t: TestApp;
let pdv: Pdv;
let other: Owner;
let waiter1: TestClient;
let waiter2: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ pdv, other, waiter1, waiter2 } = await setupTableAccounts(t));
});
afterAll(async () => {
  await t?.close();
});

describe('opening and rounds', () => {
  it('opens a table once, for N people; a missing table or a second opening is refused', async () => {
    const account = await open(waiter1, 4, 3);
    expect(account).toMatchObject({ status: 'occupied', people: 3, bill: { total: 0 } });
    const again = await waiter2.post(A, { number: 4, people: 2 });
    expect(again.status).toBe(409);
    expect(again.body.error.title).toBe('Mesa ocupada');
    expect((await waiter1.post(A, { number: 99, people: 2 })).status).toBe(400);
    expect((await waiter1.post(A, { number: 5, people: 0 })).status).toBe(400);
    const room = await waiter1.get(`${A}/room`);
    expect(room.body.tiles.find((x: { number: number }) => x.number === 4).status).toBe('occupied');
    expect(room.body.tiles.find((x: { number: number }) => x.number === 5).status).toBe('free');
  });

  it('two waiters adding to the same table at once: both rounds land, numbered one after the other', async () => {
    const account = await open(waiter1, 7, 2);
    const [a, b] = await Promise.all([
      round(waiter1, account.id, [{ productId: pdv.products.pao.id, quantity: 2 }]),
      round(waiter2, account.id, [{ productId: pdv.products.cafe.id, quantity: 1 }]),
    ]);
    expect(a.status, a.text).toBe(201);
    expect(b.status, b.text).toBe(201);
    const view: Account = (await waiter1.get(`${A}/${account.id}`)).body.account;
    expect(view.rounds.map((r) => r.label).sort()).toEqual(['Mesa 7 · rodada 1', 'Mesa 7 · rodada 2']);
    // 2 × 7,50 + 5,00 = 20,00; 10 % = 2,00
    expect(view.bill).toMatchObject({ itemsTotal: 2000, serviceCharge: 200, total: 2200 });
    // Each round is an order of the board, sent to the kitchen at once.
    const kitchen = await pdv.owner.client.get('/api/admin/kitchen/board');
    const rounds = kitchen.body.orders.filter((o: { tableNumber: number }) => o.tableNumber === 7);
    expect(rounds).toHaveLength(2);
  });

  it("a customer's QR order at an open table joins its account; the phone sees only its own table", async () => {
    const account = (await waiter1.get(`${A}/room`)).body.tiles.find((x: { number: number }) => x.number === 4).account;
    const customer = await registerCustomer(t, pdv.owner.slug);
    const res = await customer.client.post(
      '/api/customer/orders',
      {
        items: [{ productId: pdv.products.cafe.id, quantity: 2 }],
        deliveryType: 'dine_in',
        tableNumber: 4,
        name: 'Ana',
        phone: '(11) 98765-4321',
        paymentMethod: pdv.methods.cash,
      },
      { 'idempotency-key': key() },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.order).toMatchObject({ status: 'preparing', tableNumber: 4, paymentMethod: 'Conta da mesa' });
    const view: Account = (await waiter1.get(`${A}/${account.id}`)).body.account;
    expect(view.rounds.map((r) => r.label)).toEqual(['Mesa 4 · rodada 1']);
    expect(view.bill.itemsTotal).toBe(1000);

    const mine = await customer.client.get('/api/customer/tables/4/account');
    expect(mine.status).toBe(200);
    expect(mine.body.account).toMatchObject({ label: 'Mesa 4', bill: { itemsTotal: 1000 } });
    // Table 6 is open too, but this phone never ordered there; a phone that never ordered sees nothing.
    await open(waiter2, 6, 2);
    expect((await customer.client.get('/api/customer/tables/6/account')).status).toBe(404);
    const stranger = await registerCustomer(t, pdv.owner.slug);
    expect((await stranger.client.get('/api/customer/tables/4/account')).status).toBe(404);
    expect((await customer.client.get('/api/customer/tables/abc/account')).status).toBe(400);
  });

  it('asks no payment method at a table whose account is open, and still asks one anywhere else', async () => {
    const optionsOf = (q: string) => t.client().get(`/api/public/restaurants/${pdv.owner.slug}/checkout-options${q}`);
    expect((await optionsOf('?table=4')).body.tableTabOpen).toBe(true);
    expect((await optionsOf('?table=5')).body.tableTabOpen).toBe(false);
    expect((await optionsOf('')).body.tableTabOpen).toBe(false);
    expect((await optionsOf('?table=abc')).status).toBe(400);
    const customer = await registerCustomer(t, pdv.owner.slug);
    const order = (tableNumber: number) =>
      customer.client.post(
        '/api/customer/orders',
        {
          items: [{ productId: pdv.products.cafe.id, quantity: 1 }],
          deliveryType: 'dine_in',
          tableNumber,
          name: 'Bia',
          phone: '(11) 98765-4321',
        },
        { 'idempotency-key': key() },
      );
    const onTab = await order(4);
    expect(onTab.status, onTab.text).toBe(201);
    expect(onTab.body.order).toMatchObject({ tableNumber: 4, paymentMethod: 'Conta da mesa' });
    expect(onTab.body.checkoutUrl).toBeNull();
    const free = await order(5);
    expect(free.status).toBe(400);
    expect(free.body.error.title).toBe('Selecione um método de pagamento');
  });

  it("a round tells the waiters and every phone at the table, its own customer's included, in its order's statement", async () => {
    await t.db.insert(diningTables).values({ restaurantId: pdv.rid, number: 12 });
    const account = await open(waiter1, 12, 2);
    const ana = await registerCustomer(t, pdv.owner.slug);
    const bia = await registerCustomer(t, pdv.owner.slug);
    const orderAt = (customer: typeof ana, name: string) =>
      customer.client.post(
        '/api/customer/orders',
        {
          items: [{ productId: pdv.products.cafe.id, quantity: 1 }],
          deliveryType: 'dine_in',
          tableNumber: 12,
          name,
          phone: '(11) 98765-4321',
        },
        { 'idempotency-key': key() },
      );
    const announced = async (after: number) =>
      (
        await t.db
          .select()
          .from(events)
          .where(and(eq(events.restaurantId, pdv.rid), eq(events.type, 'table.account'), gt(events.id, after)))
      )
        .filter((e) => (e.payload as { accountId: string }).accountId === account.id)
        .map((e) => e.permission ?? e.customerId)
        .sort();
    const lastEvent = async () => Number((await t.db.select({ n: max(events.id) }).from(events))[0].n ?? 0);

    let before = await lastEvent();
    expect((await orderAt(ana, 'Ana')).status).toBe(201);
    expect(await announced(before)).toEqual([ana.customerId, 'manage_tables'].sort());
    before = await lastEvent();
    const texts = await statementsSent(async () => expect((await orderAt(bia, 'Bia')).status).toBe(201));
    expect(await announced(before)).toEqual([ana.customerId, bia.customerId, 'manage_tables'].sort());
    before = await lastEvent();
    expect((await round(waiter2, account.id, [{ productId: pdv.products.pao.id, quantity: 1 }])).status).toBe(201);
    expect(await announced(before)).toEqual([ana.customerId, bia.customerId, 'manage_tables'].sort());

    if (process.env.TEST_DB === 'postgres') {
      // No printer: nothing follows the round's statement, which writes the account's events and carries the COMMIT.
      const statement = texts.find((text) => text.startsWith('select mc_keep_prepared(') && text.includes('"orders"'));
      expect(statement).toContain('"appended_for"');
      expect(statement).toMatch(/; commit$/);
    }
  });
});

describe('moving and joining', () => {
  it('transferring items and joining tables keep the totals equal', async () => {
    const a = await open(waiter1, 8, 2);
    const b = await open(waiter1, 9, 1);
    await round(waiter1, a.id, [
      { productId: pdv.products.pao.id, quantity: 1 },
      { productId: pdv.products.cafe.id, quantity: 3 },
    ]);
    await round(waiter1, b.id, [{ productId: pdv.products.cafe.id, quantity: 1 }]);
    const before: Account = (await waiter1.get(`${A}/${a.id}`)).body.account;
    const cafe = before.rounds[0].items.find((i) => i.name === 'Café Expresso')!;
    const moved = await waiter1.post(`${A}/${a.id}/transfer`, { itemIds: [cafe.id], toNumber: 9 });
    expect(moved.status, moved.text).toBe(200);
    const afterA: Account = moved.body.account;
    const afterB: Account = (await waiter1.get(`${A}/${b.id}`)).body.account;
    expect(afterA.bill.itemsTotal).toBe(750);
    expect(afterB.bill.itemsTotal).toBe(500 + 1500);
    expect(afterA.bill.itemsTotal + afterB.bill.itemsTotal).toBe(750 + 1500 + 500);

    const joined = await waiter1.post(`${A}/${a.id}/join`, { number: 9 });
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.account).toMatchObject({ people: 3, bill: { itemsTotal: 2750 } });
    const room = (await waiter1.get(`${A}/room`)).body.tiles;
    expect(room.find((x: { number: number }) => x.number === 9).status).toBe('free');

    // The whole account to a free table.
    const whole = await waiter1.post(`${A}/${a.id}/transfer`, { toNumber: 5 });
    expect(whole.status, whole.text).toBe(200);
    expect(whole.body.account).toMatchObject({ number: 5, label: 'Mesa 5', bill: { itemsTotal: 2750 } });
    expect((await waiter1.post(`${A}/${a.id}/transfer`, { toNumber: 4 })).status).toBe(409);
  });

  it('cancelling a sent item needs manage_orders and a reason, and takes it out of the bill', async () => {
    const account = await open(waiter1, 9, 2);
    const placed: Account = (await round(waiter1, account.id, [{ productId: pdv.products.cafe.id, quantity: 1 }])).body
      .account;
    const item = placed.rounds[0].items[0];
    const tablesOnly = await createEmployee(t, pdv.owner, {
      profileType: 'waiter',
      profileName: 'Só mesas',
      permissions: { manage_tables: true } as never,
    });
    expect((await tablesOnly.client.post(`${A}/items/${item.id}/cancel`, { reason: 'Cliente desistiu' })).status).toBe(
      403,
    );
    const noReason = await waiter1.post(`${A}/items/${item.id}/cancel`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.title).toBe('Informe o motivo');
    const ok = await waiter1.post(`${A}/items/${item.id}/cancel`, { reason: 'Cliente desistiu' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.account.bill.total).toBe(0);
    expect(ok.body.account.rounds[0].items[0].cancelled).toMatchObject({ reason: 'Cliente desistiu' });
    expect((await waiter1.post(`${A}/items/${item.id}/cancel`, { reason: 'De novo' })).status).toBe(409);
    // The orders board keeps the line, struck out, with why and who; the round's total no longer counts it.
    // The board reads its items as JSON within its order's row: the very line the account's view reads.
    const board = await waiter1.get('/api/admin/orders');
    const order = board.body.orders.find((o: { id: string }) => o.id === placed.rounds[0].orderId);
    expect(order.total).toBe(0);
    expect(order.items).toEqual([ok.body.account.rounds[0].items[0]]);
    expect(order.items[0]).toMatchObject({
      id: item.id,
      cancelled: { reason: 'Cliente desistiu', by: expect.any(String) },
    });
  });
});

describe('paying and closing', () => {
  let account: Account;

  it('keeps a partial payment while the table goes on ordering, and refuses to close until it is covered', async () => {
    account = (await waiter1.get(`${A}/room`)).body.tiles.find((x: { number: number }) => x.number === 7).account;
    const first = await pay(waiter1, account.id, { methodId: pdv.methods.pix, amount: 1000 });
    expect(first.status, first.text).toBe(201);
    await round(waiter2, account.id, [{ productId: pdv.products.cafe.id, quantity: 2 }]);
    const view: Account = (await waiter1.get(`${A}/${account.id}`)).body.account;
    // 20,00 + 10,00 = 30,00; 10 % = 3,00; total 33,00; paid 10,00
    expect(view).toMatchObject({ paid: 1000, remaining: 2300, bill: { total: 3300 } });

    const early = await waiter1.post(`${A}/${account.id}/close`, {});
    expect(early.status).toBe(409);
    expect(early.body.error.description).toBe('Faltam R$ 23,00 para fechar a conta.');
    expect((await waiter1.post(`${A}/${account.id}/request-bill`, {})).body.account.status).toBe('billing');
    expect((await round(waiter1, account.id, [{ productId: pdv.products.cafe.id, quantity: 1 }])).status).toBe(409);

    // More than is left, or cash below the amount, is refused.
    expect((await pay(waiter1, account.id, { methodId: pdv.methods.credit, amount: 2301 })).status).toBe(400);
    expect((await pay(waiter1, account.id, { methodId: pdv.methods.cash, amount: 1300, received: 1000 })).status).toBe(
      400,
    );
    const k = key();
    const cash = await pay(waiter1, account.id, { methodId: pdv.methods.cash, amount: 1300, received: 2000 }, k);
    expect(cash.status, cash.text).toBe(201);
    expect(cash.body.payment).toMatchObject({ amount: 1300, change: 700 });
    // The same attempt again counts once.
    const retry = await pay(waiter1, account.id, { methodId: pdv.methods.cash, amount: 1300, received: 2000 }, k);
    expect(retry.status).toBe(200);
    expect(retry.body.account.paid).toBe(2300);
    expect((await pay(waiter1, account.id, { methodId: pdv.methods.credit, amount: 1000 })).status).toBe(201);
    const closed = await waiter1.post(`${A}/${account.id}/close`, {});
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.account.status).toBe('closed');
    const room = (await waiter1.get(`${A}/room`)).body.tiles;
    expect(room.find((x: { number: number }) => x.number === 7).status).toBe('free');
  });

  it("counts the table's payments in the cash session, with the service charge apart", async () => {
    const state = await pdv.owner.client.get('/api/admin/cashier/session');
    expect(state.status, state.text).toBe(200);
    const totals = state.body.session.totals;
    expect(totals.tablePayments).toBe(3300);
    expect(totals.totalSales).toBe(3300);
    expect(totals.serviceCharge).toBe(300);
    expect(totals.cashSales).toBe(1300);
    const turnover = await waiter1.get(`${A}/turnover`);
    expect(turnover.body).toMatchObject({ accounts: 1, serviceCharge: 300, averageTicketPerPerson: 1650 });
  });

  it("lists the table's payments in the sale history, the daily report and its CSV, to the centavo", async () => {
    const C = '/api/admin/cashier';
    const history = await pdv.owner.client.get(`${C}/history`);
    expect(history.status, history.text).toBe(200);
    const row = history.body.find((s: { id: string }) => s.id === account.id);
    expect(row).toMatchObject({
      kind: 'table',
      label: 'Mesa 7',
      total: 3300,
      serviceCharge: 300,
      status: 'closed',
      paymentMethod: 'PIX + Dinheiro + Cartão de Crédito',
    });

    const daily = await pdv.owner.client.get(`${C}/reports/daily`);
    expect(daily.status, daily.text).toBe(200);
    expect(daily.body).toMatchObject({ total: 3300, count: 1, averageTicket: 3300, serviceCharge: 300 });
    expect(daily.body.byMethod).toEqual([
      { method: 'Dinheiro', total: 1300, count: 1 },
      { method: 'Crédito', total: 1000, count: 1 },
      { method: 'PIX', total: 1000, count: 1 },
    ]);
    // Pão 2 × 7,50 and café 1 + 2 — the table's items count among the day's products.
    expect(daily.body.topProducts.map((p: { name: string; quantity: number; total: number }) => p)).toEqual([
      expect.objectContaining({ name: 'Café Expresso', quantity: 3, total: 1500 }),
      expect.objectContaining({ name: 'Pão de Queijo', quantity: 2, total: 1500 }),
    ]);
    expect(daily.body.sales).toEqual([expect.objectContaining({ id: account.id, label: 'Mesa 7', total: 3300 })]);
    const today = await pdv.owner.client.get(`${C}/reports/today`);
    expect(today.body).toMatchObject({ total: 3300, count: 1, serviceCharge: 300 });

    const csv = (await pdv.owner.client.get(`${C}/reports/daily.csv`)).text.trim().split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(/^Mesa 7;;\d\d:\d\d;33,00;PIX \+ Dinheiro \+ Crédito;Fechada;0,00;;3,00$/);

    const detail = await pdv.owner.client.get(`${C}/sales/${account.id}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body).toMatchObject({
      label: 'Mesa 7',
      subtotal: 3000,
      serviceCharge: 300,
      total: 3300,
      change: 700,
    });
    expect(detail.body.payments.map((p: { amount: number }) => p.amount)).toEqual([1000, 1300, 1000]);
    expect((await other.client.get(`${C}/sales/${account.id}`)).status).toBe(404);
    expect((await other.client.get(`${C}/history`)).body).toEqual([]);
  });

  it('removes the 10 % only with a reason', async () => {
    const a = await open(waiter1, 7, 2);
    await round(waiter1, a.id, [{ productId: pdv.products.cafe.id, quantity: 2 }]);
    const bare = await waiter1.put(`${A}/${a.id}/service-charge`, { removed: true });
    expect(bare.status).toBe(400);
    const off = await waiter1.put(`${A}/${a.id}/service-charge`, { removed: true, reason: 'Cliente recusou' });
    expect(off.body.account).toMatchObject({
      serviceRemovedReason: 'Cliente recusou',
      bill: { serviceCharge: 0, total: 1000 },
    });
  });
});

describe('tenant isolation', () => {
  it("another restaurant's staff cannot read or change this restaurant's accounts", async () => {
    const a = await open(waiter1, 8, 2);
    expect((await other.client.get(`${A}/${a.id}`)).status).toBe(404);
    expect((await round(other.client, a.id, [{ productId: pdv.products.cafe.id, quantity: 1 }])).status).toBe(404);
    expect((await pay(other.client, a.id, { methodId: pdv.methods.pix, amount: 100 })).status).toBe(404);
    expect((await other.client.post(`${A}/${a.id}/close`, {})).status).toBe(404);
    expect((await other.client.post(`${A}/${a.id}/join`, { number: 4 })).status).toBe(404);
    const room = await other.client.get(`${A}/room`);
    expect(room.body.tiles).toEqual([]);
  });
});
