import { paymentMethods } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createTestApp, type Owner, signupOwner, type TestApp } from './helpers';
import { OPERATIONAL_PROFILES } from './ops-fixtures';

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

describe('payment methods', () => {
  it("'Criar Padrões' inserts the four defaults once, only when none exist", async () => {
    await t.db.delete(paymentMethods).where(eq(paymentMethods.restaurantId, owner.restaurantId));
    const [a, b] = await Promise.all([
      owner.client.post('/api/admin/payment-methods/defaults'),
      owner.client.post('/api/admin/payment-methods/defaults'),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const list = await owner.client.get('/api/admin/payment-methods');
    expect(list.body.paymentMethods.map((m: { name: string }) => m.name)).toEqual([
      'Cartão de Crédito',
      'Cartão de Débito',
      'Dinheiro',
      'PIX',
    ]);
    expect(list.body.paymentMethods.find((m: { name: string }) => m.name === 'Dinheiro').requiresChange).toBe(true);
    // The test server takes online payments (the simulator), so the page warns of nothing.
    expect(list.body.onlinePayments).toBe(true);
    const again = await owner.client.post('/api/admin/payment-methods/defaults');
    expect(again.status).toBe(409);
  });

  let id: string;
  it('creates, with installments 1–12 and only with the card provider', async () => {
    const res = await owner.client.post('/api/admin/payment-methods', {
      name: '  Vale-refeição ',
      description: 'VR e VA',
      icon: '🎟️',
      infinitepayEnabled: true,
      maxInstallments: 6,
    });
    expect(res.status).toBe(201);
    expect(res.body.paymentMethod).toMatchObject({ name: 'Vale-refeição', maxInstallments: 6, active: true });
    id = res.body.paymentMethod.id;
    const noProvider = await owner.client.post('/api/admin/payment-methods', { name: 'Cheque', maxInstallments: 6 });
    expect(noProvider.body.paymentMethod.maxInstallments).toBe(1);
    const thirteen = await owner.client.post('/api/admin/payment-methods', {
      name: 'Crediário',
      infinitepayEnabled: true,
      maxInstallments: 13,
    });
    expect(thirteen.status).toBe(400);
    expect(thirteen.body.error.description).toContain('1 a 12');
    const noName = await owner.client.post('/api/admin/payment-methods', { name: '  ' });
    expect(noName.status).toBe(400);
    expect(noName.body.error.description).toContain('nome');
  });

  it('edits and toggles', async () => {
    const res = await owner.client.put(`/api/admin/payment-methods/${id}`, {
      name: 'Vale',
      infinitepayEnabled: false,
      maxInstallments: 12,
      requiresChange: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.paymentMethod).toMatchObject({ name: 'Vale', maxInstallments: 1 });
    const off = await owner.client.patch(`/api/admin/payment-methods/${id}/active`, { active: false });
    expect(off.body.paymentMethod.active).toBe(false);
  });

  it('refuses every operational profile (Acesso negado)', async () => {
    for (const profileType of OPERATIONAL_PROFILES) {
      const e = await createEmployee(t, owner, { profileType });
      const res = await e.client.post('/api/admin/payment-methods', { name: 'X' });
      expect(res.status).toBe(403);
      expect(res.body.error.title).toBe('Acesso negado');
      expect((await e.client.get('/api/admin/payment-methods')).status).toBe(403);
    }
  });

  it("refuses another restaurant's method and leaves it unchanged", async () => {
    expect((await other.client.put(`/api/admin/payment-methods/${id}`, { name: 'Hack' })).status).toBe(404);
    expect((await other.client.delete(`/api/admin/payment-methods/${id}`)).status).toBe(404);
    const [row] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
    expect(row.name).toBe('Vale');
    // Their own "Criar Padrões" is unaffected by ours.
    await t.db.delete(paymentMethods).where(eq(paymentMethods.restaurantId, other.restaurantId));
    expect((await other.client.post('/api/admin/payment-methods/defaults')).status).toBe(201);
  });

  it('deletes', async () => {
    expect((await owner.client.delete(`/api/admin/payment-methods/${id}`)).status).toBe(200);
    expect((await owner.client.delete(`/api/admin/payment-methods/${id}`)).status).toBe(404);
  });
});
