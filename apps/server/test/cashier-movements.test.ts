import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASHIER, cashierOf, openRegister, type Pdv, setupPdv } from './cashier-fixtures';
import { createTestApp, type TestApp } from './helpers';

/*
 * Every sangria and suprimento stays on record with its time, amount, reason and who: in the session's
 * detail for the owner and administrators, on the closing report and in the day's CSV.
 */

let t: TestApp;
let a: Pdv;
let b: Pdv;
let sessionId: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await setupPdv(t);
  b = await setupPdv(t);
  sessionId = (await openRegister(a.owner.client, 10_000)).id;
  const cashier = await cashierOf(t, a.owner);
  expect((await a.owner.client.post(`${CASHIER}/supplies`, { amount: 5000, reason: 'Reforço de troco' })).status).toBe(
    201,
  );
  expect((await cashier.client.post(`${CASHIER}/withdrawals`, { amount: 5000, reason: 'Fornecedor' })).status).toBe(
    201,
  );
  expect((await cashier.client.post(`${CASHIER}/withdrawals`, { amount: 1234, reason: 'Depósito' })).status).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

const listed = (movements: Array<Record<string, unknown>>) =>
  movements.map(({ kind, amount, reason, employeeName }) => ({ kind, amount, reason, employeeName }));

const EXPECTED = [
  { kind: 'supply', amount: 5000, reason: 'Reforço de troco', employeeName: 'Dona Teste' },
  { kind: 'withdrawal', amount: 5000, reason: 'Fornecedor', employeeName: 'Funcionário Caixa' },
  { kind: 'withdrawal', amount: 1234, reason: 'Depósito', employeeName: 'Funcionário Caixa' },
];

describe('cash movements on record', () => {
  it("are listed in the session's detail, each with its time", async () => {
    const res = await a.owner.client.get(`${CASHIER}/conciliation`);
    expect(res.status).toBe(200);
    expect(listed(res.body.movements)).toEqual(EXPECTED);
    for (const m of res.body.movements) expect(Number.isNaN(Date.parse(m.createdAt))).toBe(false);
    const byId = await a.owner.client.get(`${CASHIER}/conciliation?sessionId=${sessionId}`);
    expect(listed(byId.body.movements)).toEqual(EXPECTED);
  });

  it("are another restaurant's business: not found there", async () => {
    const res = await b.owner.client.get(`${CASHIER}/conciliation?sessionId=${sessionId}`);
    expect(res.status).toBe(404);
    expect((await b.owner.client.get(`${CASHIER}/conciliation`)).body.movements).toEqual([]);
  });

  it('are in the day’s CSV', async () => {
    const csv = (await a.owner.client.get(`${CASHIER}/reports/daily.csv`)).text;
    expect(csv).toContain('Movimentação;Horário;Valor;Motivo;Responsável');
    expect(csv).toMatch(/Suprimento;\d\d:\d\d;50,00;Reforço de troco;Dona Teste/);
    expect(csv).toMatch(/Sangria;\d\d:\d\d;12,34;Depósito;Funcionário Caixa/);
    expect((await b.owner.client.get(`${CASHIER}/reports/daily.csv`)).text).not.toContain('Movimentação');
  });

  it('are on the closing report', async () => {
    const closed = await a.owner.client.post(`${CASHIER}/session/close`, {});
    expect(closed.status).toBe(200);
    expect(listed(closed.body.movements)).toEqual(EXPECTED);
  });
});

describe('a sangria larger than the cash in the drawer (decision 054)', () => {
  it("is refused to a cashier-only user without the figure, and needs the owner's confirmation", async () => {
    await openRegister(b.owner.client, 1000);
    const cashier = await cashierOf(t, b.owner);
    const refused = await cashier.client.post(`${CASHIER}/withdrawals`, { amount: 1001, reason: 'Fornecedor' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('withdrawal_above_drawer');
    expect(refused.body.error.description).not.toContain('R$');
    const confirmedByCashier = await cashier.client.post(`${CASHIER}/withdrawals`, {
      amount: 1001,
      reason: 'Fornecedor',
      confirmAboveDrawer: true,
    });
    expect(confirmedByCashier.status).toBe(409);

    const asked = await b.owner.client.post(`${CASHIER}/withdrawals`, { amount: 1500, reason: 'Fornecedor' });
    expect(asked.status).toBe(409);
    expect(asked.body.error).toMatchObject({
      code: 'withdrawal_above_drawer_confirm',
      title: 'Sangria maior que o caixa',
    });
    expect(asked.body.error.description).toContain('Há R$ 10,00 em dinheiro no caixa');
    const confirmed = await b.owner.client.post(`${CASHIER}/withdrawals`, {
      amount: 1500,
      reason: 'Fornecedor',
      confirmAboveDrawer: true,
    });
    expect(confirmed.status).toBe(201);
    // The drawer is now R$ 5,00 short; a suprimento of R$ 10,00 leaves R$ 5,00, and up to that nothing more is asked.
    expect((await b.owner.client.post(`${CASHIER}/supplies`, { amount: 1000, reason: 'Troco' })).status).toBe(201);

    expect((await cashier.client.post(`${CASHIER}/withdrawals`, { amount: 500, reason: 'Depósito' })).status).toBe(201);
  });
});
