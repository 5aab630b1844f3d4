import { diningTables } from '@meucardapio/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pdv } from './cashier-fixtures';
import { createTestApp, type Owner, TEST_PASSWORD, type TestApp, type TestClient } from './helpers';
import { A, open, pay, round, setupTableAccounts } from './table-accounts-fixtures';

let t: TestApp;
let pdv: Pdv;
let other: Owner;
let waiter1: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ pdv, other, waiter1 } = await setupTableAccounts(t));
});
afterAll(async () => {
  await t?.close();
});

describe('settings and discounts', () => {
  const S = `${A}/settings`;

  it('sets the service charge and couvert for new accounts (manage_settings, ranges in pt-BR)', async () => {
    const owner = pdv.owner.client;
    expect((await owner.get(S)).body).toEqual({ servicePercent: 10, couvertPerPerson: 0 });
    const high = await owner.put(S, { servicePercent: 25, couvertPerPerson: 0 });
    expect(high.status).toBe(400);
    expect(high.text).toContain('Use um percentual inteiro de 0 a 20');
    const negative = await owner.put(S, { servicePercent: 10, couvertPerPerson: -1 });
    expect(negative.status).toBe(400);
    expect(negative.text).toContain('O couvert vai de R$ 0,00 a R$ 1.000,00 por pessoa');
    expect((await waiter1.put(S, { servicePercent: 5, couvertPerPerson: 0 })).status).toBe(403);
    expect((await waiter1.get(S)).status).toBe(403);
    const saved = await owner.put(S, { servicePercent: 12, couvertPerPerson: 500 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ servicePercent: 12, couvertPerPerson: 500 });
    // Another restaurant keeps its own.
    expect((await other.client.get(S)).body).toEqual({ servicePercent: 10, couvertPerPerson: 0 });
  });

  it('gives a discount on the account with the PDV rule: above the limit an approval and a reason', async () => {
    await t.db.insert(diningTables).values({ restaurantId: pdv.rid, number: 11 });
    const account = await open(waiter1, 11, 2);
    await round(waiter1, account.id, [{ productId: pdv.products.cafe.id, quantity: 2 }]);
    const D = `${A}/${account.id}/discount`;
    // A waiter's own limit is 0 %.
    const alone = await waiter1.put(D, { amount: 500 });
    expect(alone.status).toBe(403);
    expect(alone.body.error.title).toBe('Desconto acima do seu limite');
    const approval = { email: pdv.owner.email, password: TEST_PASSWORD };
    expect((await waiter1.put(D, { amount: 500, approval })).body.error.title).toBe('Informe o motivo do desconto');
    const wrong = await waiter1.put(D, { amount: 500, reason: 'Demora', approval: { ...approval, password: 'x' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.title).toBe('Autorização recusada');
    expect((await waiter1.put(D, { amount: 1001, reason: 'Demora', approval })).status).toBe(409);

    const given = await waiter1.put(D, { amount: 500, reason: 'Demora na cozinha', approval });
    expect(given.status, given.text).toBe(200);
    // 2 × 5,00 − 5,00 = 5,00; 12 % = 0,60; couvert 2 × 5,00 = 10,00 → 15,60
    expect(given.body.account).toMatchObject({
      servicePercent: 12,
      bill: { itemsTotal: 1000, discount: 500, serviceCharge: 60, couvert: 1000, total: 1560 },
      discountInfo: { givenBy: expect.stringContaining('Funcionário'), approvedBy: 'Dona Teste' },
    });
    expect((await pay(waiter1, account.id, { methodId: pdv.methods.pix, amount: 1560 })).status).toBe(201);
    // Paid in full: a bigger discount would take the bill below what was paid.
    const below = await pdv.owner.client.put(D, { amount: 600 });
    expect(below.status).toBe(409);
    expect(below.body.error.title).toBe('Desconto maior que o restante');
    expect((await other.client.put(D, { amount: 100 })).status).toBe(404);
    expect((await waiter1.post(`${A}/${account.id}/close`, {})).status).toBe(200);

    const session = (await pdv.owner.client.get('/api/admin/cashier/session')).body.session.totals;
    expect(session.totalDiscounts).toBe(500);
    const csv = (await pdv.owner.client.get('/api/admin/cashier/reports/daily.csv')).text;
    expect(csv).toMatch(/Mesa 11;;\d\d:\d\d;15,60;PIX;Fechada;5,00;Funcionário [^;]+ \(aut\. Dona Teste\);0,60/);
    await pdv.owner.client.put(S, { servicePercent: 10, couvertPerPerson: 0 });
  });
});
