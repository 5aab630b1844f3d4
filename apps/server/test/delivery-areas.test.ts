import { deliveryStates, neighborhoods } from '@meucardapio/db/schema';
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

describe('neighbourhoods', () => {
  let id: string;
  it('creates with a trimmed name, a fee in centavos and an optional CEP pattern', async () => {
    const res = await owner.client.post('/api/admin/neighborhoods', {
      name: '  Bela   Vista ',
      deliveryFee: 650,
      cepPattern: '01300',
    });
    expect(res.status).toBe(201);
    expect(res.body.neighborhood).toMatchObject({ name: 'Bela Vista', deliveryFee: 650, cepPattern: '01300' });
    id = res.body.neighborhood.id;
    const wildcard = await owner.client.post('/api/admin/neighborhoods', {
      name: 'Centro',
      deliveryFee: 0,
      cepPattern: '12345-*',
    });
    expect(wildcard.status).toBe(201);
    const noPattern = await owner.client.post('/api/admin/neighborhoods', {
      name: 'Liberdade',
      deliveryFee: 500,
      cepPattern: '',
    });
    expect(noPattern.body.neighborhood.cepPattern).toBeNull();
    const list = await owner.client.get('/api/admin/neighborhoods');
    expect(list.body.neighborhoods.map((n: { name: string }) => n.name)).toEqual(['Bela Vista', 'Centro', 'Liberdade']);
  });

  it('refuses an empty name, a negative or fractional fee, a bad CEP pattern and a duplicate name', async () => {
    const name = await owner.client.post('/api/admin/neighborhoods', { name: '   ', deliveryFee: 100 });
    expect(name.status).toBe(400);
    expect(name.body.error.description).toContain('bairro');
    const neg = await owner.client.post('/api/admin/neighborhoods', { name: 'X', deliveryFee: -1 });
    expect(neg.status).toBe(400);
    expect(neg.body.error.description).toContain('negativa');
    expect((await owner.client.post('/api/admin/neighborhoods', { name: 'X', deliveryFee: 1.5 })).status).toBe(400);
    const cep = await owner.client.post('/api/admin/neighborhoods', { name: 'X', deliveryFee: 100, cepPattern: 'abc' });
    expect(cep.status).toBe(400);
    expect(cep.body.error.title).toBe('Padrão de CEP inválido');
    const dup = await owner.client.post('/api/admin/neighborhoods', { name: 'bela vista', deliveryFee: 100 });
    expect(dup.status).toBe(409);
  });

  it('edits and deletes; another restaurant cannot', async () => {
    const res = await owner.client.put(`/api/admin/neighborhoods/${id}`, {
      name: 'Bela Vista',
      deliveryFee: 700,
      cepPattern: null,
    });
    expect(res.body.neighborhood).toMatchObject({ deliveryFee: 700, cepPattern: null });
    expect((await other.client.put(`/api/admin/neighborhoods/${id}`, { name: 'Hack', deliveryFee: 0 })).status).toBe(
      404,
    );
    expect((await other.client.delete(`/api/admin/neighborhoods/${id}`)).status).toBe(404);
    const [row] = await t.db.select().from(neighborhoods).where(eq(neighborhoods.id, id));
    expect(row.deliveryFee).toBe(700);
    expect((await owner.client.delete(`/api/admin/neighborhoods/${id}`)).status).toBe(200);
  });

  it('refuses every operational profile', async () => {
    for (const profileType of OPERATIONAL_PROFILES) {
      const e = await createEmployee(t, owner, { profileType });
      expect((await e.client.get('/api/admin/neighborhoods')).status).toBe(403);
      expect((await e.client.post('/api/admin/neighborhoods', { name: 'Y', deliveryFee: 0 })).status).toBe(403);
    }
  });
});

describe('delivery states', () => {
  let id: string;
  it('creates a state from the IBGE list with its own cities, de-duplicated and with official names', async () => {
    const res = await owner.client.post('/api/admin/delivery-states', {
      code: 'sp',
      cities: ['sao paulo', 'São Paulo', 'Campinas', 'SANTOS'],
    });
    expect(res.status).toBe(201);
    expect(res.body.state).toMatchObject({
      code: 'SP',
      name: 'São Paulo',
      cities: ['Campinas', 'Santos', 'São Paulo'],
      active: true,
    });
    id = res.body.state.id;
  });

  it('refuses an unknown state, a city of another state and a state already listed', async () => {
    const bad = await owner.client.post('/api/admin/delivery-states', { code: 'XX', cities: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.title).toBe('Estado inválido');
    const city = await owner.client.post('/api/admin/delivery-states', { code: 'RJ', cities: ['Campinas'] });
    expect(city.status).toBe(400);
    expect(city.body.error.title).toBe('Cidade inválida');
    const dup = await owner.client.post('/api/admin/delivery-states', { code: 'SP', cities: ['Santos'] });
    expect(dup.status).toBe(409);
    expect(dup.body.error.title).toBe('Estado já cadastrado');
    const missing = await owner.client.post('/api/admin/delivery-states', { cities: [] });
    expect(missing.status).toBe(400);
    expect(missing.body.error.title).toBe('Dados inválidos');
  });

  it('keeps a city typed without accents or capitals, and refuses a state with no city', async () => {
    const none = await owner.client.post('/api/admin/delivery-states', { code: 'MG', cities: [], active: true });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({
      title: 'Nenhuma cidade',
      description: 'Adicione ao menos uma cidade de Minas Gerais atendida pela entrega.',
    });
    const blank = await owner.client.post('/api/admin/delivery-states', { code: 'MG', cities: ['  '], active: true });
    expect(blank.status).toBe(400);
    const typed = await owner.client.post('/api/admin/delivery-states', {
      code: 'MG',
      cities: ['belo horizonte'],
      active: true,
    });
    expect(typed.status).toBe(201);
    expect(typed.body.state.cities).toEqual(['Belo Horizonte']);
    expect((await owner.client.delete(`/api/admin/delivery-states/${typed.body.state.id}`)).status).toBe(200);
  });

  it('edits cities and toggles active', async () => {
    const res = await owner.client.put(`/api/admin/delivery-states/${id}`, {
      code: 'SP',
      cities: ['Osasco'],
      active: true,
    });
    expect(res.body.state.cities).toEqual(['Osasco']);
    const off = await owner.client.patch(`/api/admin/delivery-states/${id}/active`, { active: false });
    expect(off.body.state.active).toBe(false);
    const list = await owner.client.get('/api/admin/delivery-states');
    expect(list.body.states).toHaveLength(1);
  });

  it('refuses every operational profile and another restaurant', async () => {
    for (const profileType of OPERATIONAL_PROFILES) {
      const e = await createEmployee(t, owner, { profileType });
      expect((await e.client.get('/api/admin/delivery-states')).status).toBe(403);
    }
    expect((await other.client.patch(`/api/admin/delivery-states/${id}/active`, { active: true })).status).toBe(404);
    expect((await other.client.delete(`/api/admin/delivery-states/${id}`)).status).toBe(404);
    const [row] = await t.db.select().from(deliveryStates).where(eq(deliveryStates.id, id));
    expect(row.active).toBe(false);
    // The same state is free for them.
    expect((await other.client.post('/api/admin/delivery-states', { code: 'SP', cities: ['São Paulo'] })).status).toBe(
      201,
    );
    expect((await owner.client.delete(`/api/admin/delivery-states/${id}`)).status).toBe(200);
  });
});
