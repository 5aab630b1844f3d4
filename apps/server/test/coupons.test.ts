import { coupons } from '@meucardapio/db/schema';
import { localDateString } from '@meucardapio/domain/hours';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createTestApp, type Owner, signupOwner, type TestApp } from './helpers';

let t: TestApp;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
  other = await signupOwner(t);
});
afterAll(async () => {
  await t?.close();
});

describe('coupons', () => {
  let id: string;

  it('creates with the spec defaults: percent, 0, min 0, 1 per customer, unlimited, active, from today', async () => {
    const res = await owner.client.post('/api/admin/coupons', { code: '  bemvindo10 ' });
    expect(res.status).toBe(201);
    expect(res.body.coupon).toMatchObject({
      code: 'BEMVINDO10',
      type: 'percent',
      value: 0,
      minTotal: 0,
      usesPerCustomer: 1,
      usageLimit: null,
      usesCount: 0,
      usesLabel: '0 / ∞',
      active: true,
      validFrom: localDateString(new Date(), 'America/Sao_Paulo'),
      validTo: null,
    });
    id = res.body.coupon.id;
  });

  it('saves an empty end date and usage limit as null, and a fixed value in centavos', async () => {
    const res = await owner.client.post('/api/admin/coupons', {
      code: 'save15',
      type: 'fixed',
      value: 1500,
      minTotal: 8000,
      usageLimit: '',
      validFrom: '2025-01-01',
      validTo: '',
    });
    expect(res.status).toBe(201);
    expect(res.body.coupon).toMatchObject({
      code: 'SAVE15',
      value: 1500,
      usageLimit: null,
      validTo: null,
      validFrom: '2025-01-01',
    });
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, res.body.coupon.id));
    expect(row.usageLimit).toBeNull();
    expect(row.validTo).toBeNull();
    // The start of 2025-01-01 in São Paulo (UTC-3).
    expect(row.validFrom.toISOString()).toBe('2025-01-01T03:00:00.000Z');
  });

  it('keeps codes unique per restaurant (case-insensitively), not across restaurants', async () => {
    const dup = await owner.client.post('/api/admin/coupons', { code: 'BemVindo10' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.title).toBe('Código já existe');
    expect((await other.client.post('/api/admin/coupons', { code: 'BEMVINDO10' })).status).toBe(201);
  });

  it('refuses bad input with pt-BR messages', async () => {
    const empty = await owner.client.post('/api/admin/coupons', { code: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.description).toContain('código');
    const pct = await owner.client.post('/api/admin/coupons', { code: 'X1', type: 'percent', value: 150 });
    expect(pct.status).toBe(400);
    expect(pct.body.error.title).toBe('Valor inválido');
    const neg = await owner.client.post('/api/admin/coupons', { code: 'X2', value: -5 });
    expect(neg.status).toBe(400);
    const dates = await owner.client.post('/api/admin/coupons', {
      code: 'X3',
      validFrom: '2025-05-10',
      validTo: '2025-05-01',
    });
    expect(dates.status).toBe(400);
    expect(dates.body.error.title).toBe('Data inválida');
    const type = await owner.client.post('/api/admin/coupons', { code: 'X4', type: 'bogus' });
    expect(type.status).toBe(400);
    expect(type.body.error.title).toBe('Dados inválidos');
  });

  it('edits, toggles active, and lists uses with the limit', async () => {
    const res = await owner.client.put(`/api/admin/coupons/${id}`, {
      code: 'BEMVINDO10',
      type: 'percent',
      value: 10,
      usageLimit: 100,
      validTo: '2099-12-31',
    });
    expect(res.status).toBe(200);
    expect(res.body.coupon).toMatchObject({ value: 10, usageLimit: 100, usesLabel: '0 / 100', validTo: '2099-12-31' });
    const off = await owner.client.patch(`/api/admin/coupons/${id}/active`, { active: false });
    expect(off.body.coupon.active).toBe(false);
    await t.db.update(coupons).set({ usesCount: 3 }).where(eq(coupons.id, id));
    const list = await owner.client.get('/api/admin/coupons');
    expect(list.body.coupons.find((c: { id: string }) => c.id === id)).toMatchObject({ usesCount: 3, usageLimit: 100 });
  });

  it('refuses kitchen and waiter; counter and cashier manage coupons', async () => {
    for (const profileType of ['kitchen', 'waiter'] as const) {
      const e = await createEmployee(t, owner, { profileType });
      expect((await e.client.get('/api/admin/coupons')).status).toBe(403);
      expect((await e.client.post('/api/admin/coupons', { code: 'NOPE' })).status).toBe(403);
    }
    for (const profileType of ['counter', 'cashier'] as const) {
      const e = await createEmployee(t, owner, { profileType });
      expect((await e.client.get('/api/admin/coupons')).status).toBe(200);
    }
  });

  it("refuses another restaurant's coupon and leaves it unchanged", async () => {
    expect((await other.client.put(`/api/admin/coupons/${id}`, { code: 'HACK' })).status).toBe(404);
    expect((await other.client.patch(`/api/admin/coupons/${id}/active`, { active: true })).status).toBe(404);
    expect((await other.client.delete(`/api/admin/coupons/${id}`)).status).toBe(404);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, id));
    expect(row).toMatchObject({ code: 'BEMVINDO10', active: false });
    const theirs = await other.client.get('/api/admin/coupons');
    expect(theirs.body.coupons.map((c: { id: string }) => c.id)).not.toContain(id);
  });

  it('deletes', async () => {
    expect((await owner.client.delete(`/api/admin/coupons/${id}`)).status).toBe(200);
    expect((await owner.client.delete(`/api/admin/coupons/${id}`)).status).toBe(404);
  });
});
