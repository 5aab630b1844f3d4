import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASHIER, cashierOf, openRegister, type Pdv, sell, setupPdv } from './cashier-fixtures';
import { createEmployee, createTestApp, signupOwner, TEST_PASSWORD, type TestApp } from './helpers';

/*
 * PDV discounts have a limit per profile (Caixa 5 % by default); above it someone whose limit covers
 * the discount types their password on the terminal and a reason is given. Who gave and who approved
 * are kept with the sale and shown in the session summary, the daily report, its CSV and the history.
 */

let t: TestApp;
let p: Pdv;
let cashier: Awaited<ReturnType<typeof cashierOf>>;
let manager: Awaited<ReturnType<typeof createEmployee>>;

// Two breads: R$ 15,00.
const cart = (discount: number) => ({
  items: [{ productId: p.products.pao.id, quantity: 2 }],
  discount,
  payments: [{ methodId: p.methods.pix, amount: 1500 - discount }],
});

beforeAll(async () => {
  t = await createTestApp();
  p = await setupPdv(t);
  cashier = await cashierOf(t, p.owner);
  manager = await createEmployee(t, p.owner, { profileType: 'admin', profileName: 'Gerente' });
  await openRegister(p.owner.client, 0);
});
afterAll(async () => {
  await t?.close();
});

describe('a cashier-only user discounting a sale', () => {
  it('gives up to 5 % alone, and the sale says who gave it', async () => {
    const res = await sell(cashier.client, cart(75));
    expect(res.status).toBe(201);
    expect(res.body.sale.discountInfo).toEqual({ amount: 75, givenBy: cashier.name, approvedBy: null, reason: null });
    expect((await p.owner.client.get(`${CASHIER}/sales/${res.body.sale.id}`)).body).toEqual(res.body.sale);
  });

  it('is refused above the limit without an approval', async () => {
    const res = await sell(cashier.client, cart(1499));
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'discount_above_limit', title: 'Desconto acima do seu limite' });
    expect(res.body.error.description).toContain('5%');
  });

  it('is refused with a wrong password, an approver whose limit does not cover it, or another restaurant', async () => {
    const other = await cashierOf(t, p.owner);
    const elsewhere = await signupOwner(t);
    const tries = [
      { email: manager.email, password: 'senha-errada' },
      { email: other.email, password: TEST_PASSWORD },
      { email: elsewhere.email, password: TEST_PASSWORD },
    ];
    for (const approval of tries) {
      const res = await sell(cashier.client, { ...cart(450), discountApproval: approval, discountReason: 'Fiel' });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'discount_approval_refused', title: 'Autorização recusada' });
    }
  });

  it('needs a reason with the approval', async () => {
    const res = await sell(cashier.client, {
      ...cart(450),
      discountApproval: { email: manager.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('discount_reason_required');
  });

  it("goes through with the manager's password and a reason, both kept with the sale", async () => {
    const res = await sell(cashier.client, {
      ...cart(450),
      discountApproval: { email: manager.email.toUpperCase(), password: TEST_PASSWORD },
      discountReason: 'Cliente fiel',
    });
    expect(res.status).toBe(201);
    expect(res.body.sale.discountInfo).toEqual({
      amount: 450,
      givenBy: cashier.name,
      approvedBy: manager.name,
      reason: 'Cliente fiel',
    });
    const owner = await sell(cashier.client, {
      ...cart(300),
      discountApproval: { email: p.owner.email, password: TEST_PASSWORD },
      discountReason: 'Cortesia',
    });
    expect(owner.status).toBe(201);
    expect(owner.body.sale.discountInfo.approvedBy).toBe('Dona Teste');
  });
});

describe('discounts in the figures', () => {
  it('show in the session summary, the daily report, its CSV, the history and the sale detail', async () => {
    const owner = p.owner.client;
    const totals = (await owner.get(`${CASHIER}/session`)).body.session.totals;
    expect(totals).toMatchObject({ totalDiscounts: 75 + 450 + 300, discountCount: 3 });
    const daily = (await owner.get(`${CASHIER}/reports/daily`)).body;
    expect(daily.discounts).toBe(825);
    expect(daily.sales.map((s: { discount: number }) => s.discount).sort()).toEqual([300, 450, 75]);
    const history = (await owner.get(`${CASHIER}/history`)).body as Array<{ id: string; discount: number }>;
    expect(history.filter((s) => s.discount > 0)).toHaveLength(3);
    const approved = history.find((s) => s.discount === 450)!;
    expect((await owner.get(`${CASHIER}/sales/${approved.id}`)).body.discountInfo.approvedBy).toBe(manager.name);
    const csv = (await owner.get(`${CASHIER}/reports/daily.csv`)).text;
    expect(csv).toContain('Desconto;Desconto por');
    expect(csv).toContain(`4,50;${cashier.name} (aut. ${manager.name})`);
    const closed = (await owner.post(`${CASHIER}/session/close`, {})).body;
    expect(closed.session.totals.totalDiscounts).toBe(825);
    const sessions = (await owner.get(`${CASHIER}/sessions`)).body;
    expect(sessions[0].totalDiscounts).toBe(825);
    await openRegister(owner, 0);
  });
});

describe("a profile's discount limit", () => {
  it('is set on the profile, and nobody gives a limit above their own', async () => {
    const res = await p.owner.client.put(`/api/admin/profiles/${cashier.profileId}`, {
      name: 'Caixa',
      type: 'cashier',
      permissions: { manage_cashier: true, manage_orders: true },
      maxDiscountPercent: 30,
    });
    expect(res.status).toBe(200);
    expect(res.body.profile.maxDiscountPercent).toBe(30);
    expect((await sell(cashier.client, cart(450))).status).toBe(201);

    const userManager = await createEmployee(t, p.owner, {
      profileType: 'custom',
      permissions: { manage_users: true, manage_cashier: true, manage_orders: true },
    });
    const raise = await userManager.client.put(`/api/admin/profiles/${cashier.profileId}`, {
      name: 'Caixa',
      type: 'cashier',
      permissions: { manage_cashier: true },
      maxDiscountPercent: 50,
    });
    expect(raise.status).toBe(403);
    expect(raise.body.error.description).toBe('Você não pode conceder um limite de desconto maior que o seu.');
  });
});
