import { cashCloseCounts, cashRegisterHistory, cashRegisterSessions, cashWithdrawals } from '@meucardapio/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASHIER, cashierOf, openRegister, type Pdv, sell, setupPdv } from './cashier-fixtures';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const sessionsOf = (rid: string) =>
  t.db.select().from(cashRegisterSessions).where(eq(cashRegisterSessions.restaurantId, rid));

describe('opening the register', () => {
  it('shows no session, then opens with its history row ("Caixa aberto")', async () => {
    const pdv = await setupPdv(t);
    const empty = await pdv.owner.client.get(`${CASHIER}/session`);
    expect(empty.body).toEqual({ session: null, cashierOnly: false, discountLimitPercent: 100, closedToday: false });
    const res = await pdv.owner.client.post(`${CASHIER}/session/open`, {
      initialAmount: 10000,
      notes: 'Troco inicial',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'open', initialAmount: 10000, notes: 'Troco inicial' });
    const [history] = await t.db
      .select()
      .from(cashRegisterHistory)
      .where(eq(cashRegisterHistory.sessionId, res.body.id));
    expect(history).toMatchObject({ operationType: 'opening', amount: 10000 });
    const state = await pdv.owner.client.get(`${CASHIER}/session`);
    expect(state.body.session).toMatchObject({ id: res.body.id, totals: { expectedCash: 10000, totalSales: 0 } });
  });

  it('defaults the initial amount to 0 and refuses a negative one', async () => {
    const pdv = await setupPdv(t);
    const bad = await pdv.owner.client.post(`${CASHIER}/session/open`, { initialAmount: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.description).toContain('Valor inválido');
    const ok = await pdv.owner.client.post(`${CASHIER}/session/open`, {});
    expect(ok.status).toBe(201);
    expect(ok.body.initialAmount).toBe(0);
  });

  it('two concurrent "Abrir Caixa" leave one open session; the other gets a pt-BR 409', async () => {
    const pdv = await setupPdv(t);
    const cashier = await cashierOf(t, pdv.owner);
    const results = await Promise.all([
      pdv.owner.client.post(`${CASHIER}/session/open`, { initialAmount: 5000 }),
      cashier.client.post(`${CASHIER}/session/open`, { initialAmount: 7000 }),
      pdv.owner.client.post(`${CASHIER}/session/open`, { initialAmount: 100 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.error.title).toBe('Caixa já está aberto');
    }
    const open = (await sessionsOf(pdv.rid)).filter((s) => s.status === 'open');
    expect(open).toHaveLength(1);
  });
});

describe('closing the register', () => {
  let pdv: Pdv;

  beforeAll(async () => {
    pdv = await setupPdv(t);
  });

  it('closing without an open session creates a closed one', async () => {
    const res = await pdv.owner.client.post(`${CASHIER}/session/close`, {});
    expect(res.status).toBe(200);
    expect(res.body.session).toMatchObject({ status: 'closed', initialAmount: 0, finalBalance: 0 });
    const rows = await sessionsOf(pdv.rid);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('closed');
  });

  it('closing a register nobody opened again (a second click, a reload) records no second session', async () => {
    const twice = await Promise.all([
      pdv.owner.client.post(`${CASHIER}/session/close`, {}),
      pdv.owner.client.post(`${CASHIER}/session/close`, {}),
    ]);
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    const again = await pdv.owner.client.post(`${CASHIER}/session/close`, {});
    expect(again.status).toBe(200);
    const rows = await sessionsOf(pdv.rid);
    expect(rows).toHaveLength(1);
    // A reloaded screen knows: the button reads "Caixa já foi fechado".
    expect((await pdv.owner.client.get(`${CASHIER}/session`)).body).toMatchObject({ session: null, closedToday: true });
    for (const r of [...twice, again]) expect(r.body.session).toMatchObject({ id: rows[0].id, status: 'closed' });
    const history = await t.db.select().from(cashRegisterHistory).where(eq(cashRegisterHistory.sessionId, rows[0].id));
    expect(history.filter((h) => h.operationType === 'closing')).toHaveLength(1);

    // Another restaurant's register is its own: closing it records its own session.
    const other = await setupPdv(t);
    const theirs = await other.owner.client.post(`${CASHIER}/session/close`, {});
    expect(theirs.body.session.id).not.toBe(rows[0].id);
    expect(await sessionsOf(other.rid)).toHaveLength(1);
    expect(await sessionsOf(pdv.rid)).toHaveLength(1);
  });

  it('sangria and suprimento need an open session, amount and reason', async () => {
    const none = await pdv.owner.client.post(`${CASHIER}/withdrawals`, { amount: 100, reason: 'Depósito' });
    expect(none.status).toBe(409);
    expect(none.body.error.title).toBe('Caixa fechado');
    await openRegister(pdv.owner.client, 10000);
    const missing = await pdv.owner.client.post(`${CASHIER}/withdrawals`, { amount: 100 });
    expect(missing.status).toBe(400);
    expect(missing.body.error.description).toContain('Campos obrigatórios');
    const blank = await pdv.owner.client.post(`${CASHIER}/supplies`, { amount: 100, reason: '  ' });
    expect(blank.body.error.description).toContain('Campos obrigatórios');
    const zero = await pdv.owner.client.post(`${CASHIER}/withdrawals`, { amount: 0, reason: 'Depósito' });
    expect(zero.status).toBe(400);
    expect(zero.body.error.description).toContain('Valor inválido');
  });

  it('closing totals equal initial + cash sales + suprimentos − sangrias; the owner sees the expected figures', async () => {
    const { pao, cafe } = pdv.products;
    // Cash 1500 (received 2000, change 500), PIX 500, card 1500 + cash 1000 split.
    expect(
      (
        await sell(pdv.owner.client, {
          items: [{ productId: pao.id, quantity: 2 }],
          payments: [{ methodId: pdv.methods.cash, amount: 1500, received: 2000 }],
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await sell(pdv.owner.client, {
          items: [{ productId: cafe.id, quantity: 1 }],
          payments: [{ methodId: pdv.methods.pix, amount: 500 }],
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await sell(pdv.owner.client, {
          items: [{ productId: cafe.id, quantity: 5 }],
          payments: [
            { methodId: pdv.methods.credit, amount: 1500 },
            { methodId: pdv.methods.cash, amount: 1000, received: 1000 },
          ],
        })
      ).status,
    ).toBe(201);
    const w = await pdv.owner.client.post(`${CASHIER}/withdrawals`, { amount: 3000, reason: 'Depósito no banco' });
    expect(w.status).toBe(201);
    expect(w.body).toMatchObject({ kind: 'withdrawal', amount: 3000, reason: 'Depósito no banco' });
    const s = await pdv.owner.client.post(`${CASHIER}/supplies`, { amount: 2000, reason: 'Troco extra' });
    expect(s.status).toBe(201);

    const state = await pdv.owner.client.get(`${CASHIER}/session`);
    expect(state.body.session.totals).toEqual({
      totalSales: 4500,
      salesCount: 3,
      cashSales: 2500,
      totalSupplies: 2000,
      totalWithdrawals: 3000,
      expectedCash: 10000 + 2500 + 2000 - 3000,
      totalDiscounts: 0,
      discountCount: 0,
      tablePayments: 0,
      serviceCharge: 0,
    });

    const closed = await pdv.owner.client.post(`${CASHIER}/session/close`, { notes: 'Fim do turno' });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ blind: false, differences: [], totalDifference: null });
    expect(closed.body.session).toMatchObject({ status: 'closed', finalBalance: 11500 });
    const [row] = await t.db
      .select()
      .from(cashRegisterSessions)
      .where(eq(cashRegisterSessions.id, closed.body.session.id));
    expect(row).toMatchObject({
      status: 'closed',
      initialAmount: 10000,
      totalSales: 4500,
      cashSales: 2500,
      totalWithdrawals: 3000,
      totalSupplies: 2000,
      finalBalance: 11500,
    });
    const ops = await t.db
      .select({ op: cashRegisterHistory.operationType, amount: cashRegisterHistory.amount })
      .from(cashRegisterHistory)
      .where(eq(cashRegisterHistory.sessionId, row.id));
    expect(ops.map((o) => o.op).sort()).toEqual(['closing', 'opening', 'supply', 'withdrawal']);
    const withdrawals = await t.db.select().from(cashWithdrawals).where(eq(cashWithdrawals.sessionId, row.id));
    expect(withdrawals).toHaveLength(1);
    // The register is closed again: a sale now is refused.
    const after = await sell(pdv.owner.client, {
      items: [{ productId: cafe.id, quantity: 1 }],
      payments: [{ methodId: pdv.methods.pix, amount: 500 }],
    });
    expect(after.status).toBe(409);
    expect(after.body.error.title).toBe('Caixa fechado');
    expect((await pdv.owner.client.get(`${CASHIER}/session`)).body.session).toBeNull();
  });

  it('a cashier-only user closes blind: no expected figures before, counts stored with the difference', async () => {
    const cashier = await cashierOf(t, pdv.owner);
    await openRegister(cashier.client, 5000);
    const state = await cashier.client.get(`${CASHIER}/session`);
    expect(state.body.cashierOnly).toBe(true);
    expect(state.body.session.totals).toBeNull();
    await sell(cashier.client, {
      items: [{ productId: pdv.products.cafe.id, quantity: 2 }],
      payments: [{ methodId: pdv.methods.cash, amount: 1000, received: 1000 }],
    });
    await sell(cashier.client, {
      items: [{ productId: pdv.products.cafe.id, quantity: 3 }],
      payments: [{ methodId: pdv.methods.pix, amount: 1500 }],
    });
    await cashier.client.post(`${CASHIER}/withdrawals`, { amount: 2000, reason: 'Sangria' });

    const uncounted = await cashier.client.post(`${CASHIER}/session/close`, {});
    expect(uncounted.status).toBe(400);
    expect(uncounted.body.error.title).toBe('Contagem obrigatória');
    const badCount = await cashier.client.post(`${CASHIER}/session/close`, { count: { denominations: { '300': 1 } } });
    expect(badCount.status).toBe(400);

    // Expected in the drawer: 5000 + 1000 − 2000 = 4000. Counted: 2×R$ 20 − 1 coin short = 3950.
    const res = await cashier.client.post(`${CASHIER}/session/close`, {
      count: { denominations: { '2000': 1, '1000': 1, '500': 1, '200': 1, '100': 2, '50': 1 }, methods: { PIX: 1500 } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ blind: true, countedCash: 3950, totalDifference: -50 });
    expect(res.body.differences).toEqual([
      { method: 'Dinheiro', expected: 4000, counted: 3950, difference: -50 },
      { method: 'PIX', expected: 1500, counted: 1500, difference: 0 },
    ]);
    const sessionId = res.body.session.id;
    const [row] = await t.db.select().from(cashRegisterSessions).where(eq(cashRegisterSessions.id, sessionId));
    expect(row).toMatchObject({ blindClose: true, totalDifference: -50, finalBalance: 4000 });
    expect(row.countedDenominations).toMatchObject({ '2000': 1, '50': 1 });
    const counts = await t.db
      .select()
      .from(cashCloseCounts)
      .where(and(eq(cashCloseCounts.sessionId, sessionId), eq(cashCloseCounts.method, 'Dinheiro')));
    expect(counts[0]).toMatchObject({ expected: 4000, counted: 3950, difference: -50 });

    // The owner sees every session's "quebra de caixa" and the conciliation of that session.
    const sessions = await pdv.owner.client.get(`${CASHIER}/sessions`);
    expect(sessions.body[0]).toMatchObject({ id: sessionId, blind: true, totalDifference: -50, finalBalance: 4000 });
    const conc = await pdv.owner.client.get(`${CASHIER}/conciliation?sessionId=${sessionId}`);
    expect(conc.status).toBe(200);
    expect(conc.body).toMatchObject({ counted: true, totalDifference: -50 });
    expect(conc.body.rows).toEqual([
      { method: 'Dinheiro', expected: 4000, counted: 3950, difference: -50, salesCount: 1 },
      { method: 'PIX', expected: 1500, counted: 1500, difference: 0, salesCount: 1 },
    ]);
  });

  it('the owner may also count, and sees expected figures while the register is open', async () => {
    await openRegister(pdv.owner.client, 1000);
    const conc = await pdv.owner.client.get(`${CASHIER}/conciliation`);
    expect(conc.body).toMatchObject({ counted: false, rows: [{ method: 'Dinheiro', expected: 1000, counted: 0 }] });
    const res = await pdv.owner.client.post(`${CASHIER}/session/close`, {
      count: { denominations: { '1000': 1, '5': 1 }, methods: {} },
    });
    expect(res.body).toMatchObject({ blind: false, totalDifference: 5, countedCash: 1005 });
  });
});
