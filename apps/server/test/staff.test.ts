import { employees, restaurants, userProfiles } from '@meucardapio/db/schema';
import { defaultPermissionsFor, PERMISSION_KEYS } from '@meucardapio/domain/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEmployee,
  createTestApp,
  type Owner,
  signupOwner,
  TEST_PASSWORD,
  type TestApp,
  type TestClient,
} from './helpers';

let t: TestApp;
let owner: Owner;
let other: Owner;
let kitchen: TestClient;
let waiter: TestClient;
let cashier: TestClient;
let hr: TestClient; // manage_employees + manage_users + the counter's permissions, not an administrator
let types: { id: string; name: string; type: string }[];

const typeId = (name: string) => {
  const found = types.find((x) => x.name === name);
  if (!found) throw new Error(`no default profile type ${name}`);
  return found.id;
};

let n = 0;
const email = (p = 'func') => `${p}-${Date.now().toString(36)}-${++n}@teste.com.br`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
  other = await signupOwner(t);
  kitchen = (await createEmployee(t, owner, { profileType: 'kitchen' })).client;
  waiter = (await createEmployee(t, owner, { profileType: 'waiter' })).client;
  cashier = (await createEmployee(t, owner, { profileType: 'cashier' })).client;
  hr = (
    await createEmployee(t, owner, {
      profileType: 'custom',
      profileName: 'RH',
      permissions: { ...defaultPermissionsFor('counter'), manage_employees: true, manage_users: true },
    })
  ).client;
  const res = await owner.client.get('/api/admin/default-profile-types');
  expect(res.status).toBe(200);
  types = res.body.types;
});
afterAll(async () => {
  await t?.close();
});

describe('default profile types', () => {
  it('lists the active templates by name', () => {
    const names = types.map((x) => x.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toEqual(expect.arrayContaining(['Administrador', 'Balcão', 'Caixa', 'Cozinha', 'Garçom']));
  });
});

describe('employees', () => {
  it('creates from a default type (copied into a new restaurant profile), never returning the hash, and the employee logs in', async () => {
    const e = email();
    const res = await owner.client.post('/api/admin/employees', {
      name: 'Carla Caixa',
      email: `  ${e.toUpperCase()} `,
      password: 'caixa-123',
      profileId: typeId('Caixa'),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.text).not.toMatch(/argon2|passwordHash|password_hash/);
    const emp = res.body.employee;
    expect(emp).toMatchObject({
      name: 'Carla Caixa',
      email: e,
      active: true,
      profile: { name: 'Caixa', type: 'cashier' },
    });
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, emp.profileId));
    expect(profile.restaurantId).toBe(owner.restaurantId);
    expect(profile.permissions).toMatchObject({ manage_cashier: true, manage_orders: true, manage_products: false });
    const [row] = await t.db.select().from(employees).where(eq(employees.id, emp.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);

    const login = await t.client().post('/api/auth/login', { email: e, password: 'caixa-123' });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ kind: 'employee', cashierOnly: true });

    const list = await owner.client.get('/api/admin/employees');
    expect(list.status).toBe(200);
    expect(list.text).not.toMatch(/argon2|passwordHash/);
    expect(list.body.employees.find((x: { id: string }) => x.id === emp.id).profile.name).toBe('Caixa');
  });

  it('reuses an existing restaurant profile when its id is given', async () => {
    const profile = (
      await owner.client.post('/api/admin/profiles', {
        name: 'Entregador',
        type: 'counter',
        permissions: { manage_orders: true, manage_delivery: true },
      })
    ).body.profile;
    const before = (await t.db.select().from(userProfiles).where(eq(userProfiles.restaurantId, owner.restaurantId)))
      .length;
    const res = await owner.client.post('/api/admin/employees', {
      name: 'Davi',
      email: email(),
      password: 'entregas-1',
      profileId: profile.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.employee.profileId).toBe(profile.id);
    const after = (await t.db.select().from(userProfiles).where(eq(userProfiles.restaurantId, owner.restaurantId)))
      .length;
    expect(after).toBe(before);
  });

  it('validates with pt-BR messages', async () => {
    const missing = await owner.client.post('/api/admin/employees', {
      name: 'Sem senha',
      email: email(),
      profileId: typeId('Caixa'),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.title).toBe('Preencha todos os campos obrigatórios');
    const noProfile = await owner.client.post('/api/admin/employees', {
      name: 'X',
      email: email(),
      password: '12345678',
    });
    expect(noProfile.body.error.title).toBe('Preencha todos os campos obrigatórios');
    const short = await owner.client.post('/api/admin/employees', {
      name: 'X',
      email: email(),
      password: '1234567',
      profileId: typeId('Caixa'),
    });
    expect(short.status).toBe(400);
    expect(short.body.error.title).toBe('A senha deve ter pelo menos 8 caracteres');
    const unknown = await owner.client.post('/api/admin/employees', {
      name: 'X',
      email: email(),
      password: '12345678',
      profileId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.title).toBe('Perfil selecionado não encontrado');
    // A profile of another restaurant is as unknown as a made-up one.
    const foreignProfile = (
      await other.client.post('/api/admin/profiles', { name: 'Alheio', type: 'counter', permissions: {} })
    ).body.profile;
    const foreign = await owner.client.post('/api/admin/employees', {
      name: 'X',
      email: email(),
      password: '12345678',
      profileId: foreignProfile.id,
    });
    expect(foreign.body.error.title).toBe('Perfil selecionado não encontrado');
    const badEmail = await owner.client.post('/api/admin/employees', {
      name: 'X',
      email: 'nao-e-email',
      password: '12345678',
      profileId: typeId('Caixa'),
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error.title).toBe('Informe um e-mail válido.');
  });

  it('e-mail is unique across all employees (409 in pt-BR)', async () => {
    const e = email('dup');
    const body = { name: 'A', email: e, password: '12345678', profileId: typeId('Balcão') };
    expect((await owner.client.post('/api/admin/employees', body)).status).toBe(201);
    const again = await other.client.post('/api/admin/employees', { ...body, email: e.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      title: 'E-mail já cadastrado',
      description: 'Este e-mail já está em uso por outra conta.',
    });
  });

  it('edit keeps the password when blank, changes it when given; toggle active; delete', async () => {
    const e = email();
    const emp = (
      await owner.client.post('/api/admin/employees', {
        name: 'Bia',
        email: e,
        password: 'primeira-1',
        profileId: typeId('Balcão'),
      })
    ).body.employee;
    const edit = await owner.client.put(`/api/admin/employees/${emp.id}`, { name: 'Beatriz', email: e, password: '' });
    expect(edit.status).toBe(200);
    expect(edit.body.employee).toMatchObject({ name: 'Beatriz', profileId: emp.profileId });
    expect((await t.client().post('/api/auth/login', { email: e, password: 'primeira-1' })).status).toBe(200);
    await owner.client.put(`/api/admin/employees/${emp.id}`, { name: 'Beatriz', email: e, password: 'segunda-22' });
    expect((await t.client().post('/api/auth/login', { email: e, password: 'primeira-1' })).status).toBe(401);
    expect((await t.client().post('/api/auth/login', { email: e, password: 'segunda-22' })).status).toBe(200);
    const badEdit = await owner.client.put(`/api/admin/employees/${emp.id}`, { name: '', email: e });
    expect(badEdit.status).toBe(400);
    expect(badEdit.body.error.title).toBe('Preencha todos os campos obrigatórios');

    const off = await owner.client.patch(`/api/admin/employees/${emp.id}/active`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body.employee.active).toBe(false);
    expect((await t.client().post('/api/auth/login', { email: e, password: 'segunda-22' })).status).toBe(401);
    expect((await owner.client.delete(`/api/admin/employees/${emp.id}`)).status).toBe(200);
    expect((await t.db.select().from(employees).where(eq(employees.id, emp.id))).length).toBe(0);
  });

  it('a deactivated employee is signed out at the next request', async () => {
    const emp = await createEmployee(t, owner, { profileType: 'counter' });
    expect((await emp.client.get('/api/auth/me')).body.user.id).toBe(emp.employeeId);
    await owner.client.patch(`/api/admin/employees/${emp.employeeId}/active`, { active: false });
    expect((await emp.client.get('/api/auth/me')).body.user).toBeNull();
    // Reactivating does not revive the old session.
    await owner.client.patch(`/api/admin/employees/${emp.employeeId}/active`, { active: true });
    expect((await emp.client.get('/api/admin/products')).status).toBe(401);
  });

  it('a deactivated profile signs its employees out at their next request', async () => {
    const emp = await createEmployee(t, owner, { profileType: 'waiter', profileName: 'Garçom noite' });
    expect((await emp.client.get('/api/auth/me')).body.user).not.toBeNull();
    const res = await owner.client.patch(`/api/admin/profiles/${emp.profileId}/active`, { active: false });
    expect(res.status).toBe(200);
    expect(res.body.profile.active).toBe(false);
    expect((await emp.client.get('/api/auth/me')).body.user).toBeNull();
  });

  it('commerce refuses the kitchen and waiter types', async () => {
    const shop = await signupOwner(t);
    await t.db.update(restaurants).set({ businessSegment: 'commerce' }).where(eq(restaurants.id, shop.restaurantId));
    const offered = (await shop.client.get('/api/admin/default-profile-types')).body.types.map(
      (x: { type: string }) => x.type,
    );
    expect(offered).not.toContain('kitchen');
    expect(offered).not.toContain('waiter');
    for (const name of ['Cozinha', 'Garçom']) {
      const res = await shop.client.post('/api/admin/employees', {
        name: 'X',
        email: email(),
        password: '12345678',
        profileId: typeId(name),
      });
      expect(res.status).toBe(400);
      expect(res.body.error.title).toBe('Perfil indisponível');
    }
    const prof = await shop.client.post('/api/admin/profiles', { name: 'Cozinha', type: 'kitchen', permissions: {} });
    expect(prof.status).toBe(400);
    expect(
      (
        await shop.client.post('/api/admin/employees', {
          name: 'X',
          email: email(),
          password: '12345678',
          profileId: typeId('Caixa'),
        })
      ).status,
    ).toBe(201);
  });

  it('only administrators grant the administrator profile', async () => {
    const res = await hr.post('/api/admin/employees', {
      name: 'Escalada',
      email: email(),
      password: '12345678',
      profileId: typeId('Administrador'),
    });
    expect(res.status).toBe(403);
    const prof = await hr.post('/api/admin/profiles', { name: 'Quase dono', type: 'admin', permissions: {} });
    expect(prof.status).toBe(403);
    expect(
      (
        await hr.post('/api/admin/employees', {
          name: 'Ok',
          email: email(),
          password: '12345678',
          profileId: typeId('Balcão'),
        })
      ).status,
    ).toBe(201);
  });

  it('permission refusals: writes need manage_employees, the list manage_users', async () => {
    const target = await createEmployee(t, owner, { profileType: 'counter' });
    for (const client of [kitchen, waiter, cashier]) {
      for (const res of [
        await client.get('/api/admin/employees'),
        await client.post('/api/admin/employees', {
          name: 'X',
          email: email(),
          password: '12345678',
          profileId: typeId('Caixa'),
        }),
        await client.put(`/api/admin/employees/${target.employeeId}`, { name: 'X', email: target.email }),
        await client.patch(`/api/admin/employees/${target.employeeId}/active`, { active: false }),
        await client.delete(`/api/admin/employees/${target.employeeId}`),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.error.title).toBe('Acesso negado');
      }
    }
    const onlyEmployees = await createEmployee(t, owner, {
      profileType: 'custom',
      profileName: 'Só funcionários',
      permissions: { manage_employees: true },
    });
    expect((await onlyEmployees.client.get('/api/admin/employees')).status).toBe(403);
    const [row] = await t.db.select().from(employees).where(eq(employees.id, target.employeeId));
    expect(row).toMatchObject({ active: true, name: target.name });
  });

  it("another restaurant's employees can be neither listed nor changed", async () => {
    const target = await createEmployee(t, owner, { profileType: 'counter' });
    const o = other.client;
    expect((await o.put(`/api/admin/employees/${target.employeeId}`, { name: 'Roubado', email: email() })).status).toBe(
      404,
    );
    expect((await o.patch(`/api/admin/employees/${target.employeeId}/active`, { active: false })).status).toBe(404);
    expect((await o.delete(`/api/admin/employees/${target.employeeId}`)).status).toBe(404);
    const list = await o.get('/api/admin/employees');
    expect(list.body.employees.map((x: { id: string }) => x.id)).not.toContain(target.employeeId);
    // Assigning one of my profiles to my employee from another restaurant: refused as unknown.
    const [row] = await t.db.select().from(employees).where(eq(employees.id, target.employeeId));
    expect(row).toMatchObject({ name: target.name, active: true });
    expect((await target.client.get('/api/auth/me')).body.user).not.toBeNull();
  });

  it('an employee cannot deactivate or delete themselves', async () => {
    const me = await createEmployee(t, owner, { profileType: 'admin', profileName: 'Gerente' });
    expect((await me.client.patch(`/api/admin/employees/${me.employeeId}/active`, { active: false })).status).toBe(400);
    expect((await me.client.delete(`/api/admin/employees/${me.employeeId}`)).status).toBe(400);
  });
});

describe('profiles', () => {
  it('creates, lists with permission count, updates, toggles and deletes', async () => {
    const c = owner.client;
    const created = await c.post('/api/admin/profiles', {
      name: '  Supervisor  ',
      type: 'counter',
      permissions: { manage_orders: true, manage_stock: true, not_a_key: true, manage_tables: false },
    });
    expect(created.status).toBe(201);
    const p = created.body.profile;
    expect(p).toMatchObject({ name: 'Supervisor', type: 'counter', active: true, permissionCount: 2 });
    expect(Object.keys(p.permissions)).toHaveLength(PERMISSION_KEYS.length);
    expect(p.permissions).not.toHaveProperty('not_a_key');

    const upd = await c.put(`/api/admin/profiles/${p.id}`, {
      name: 'Supervisor',
      type: 'counter',
      permissions: { manage_orders: true, manage_stock: true, view_reports: true },
    });
    expect(upd.body.profile.permissionCount).toBe(3);
    const list = await c.get('/api/admin/profiles');
    expect(list.body.profiles.find((x: { id: string }) => x.id === p.id)).toMatchObject({
      permissionCount: 3,
      employeeCount: 0,
    });

    expect((await c.patch(`/api/admin/profiles/${p.id}/active`, { active: false })).body.profile.active).toBe(false);
    expect((await c.delete(`/api/admin/profiles/${p.id}`)).status).toBe(200);
    expect((await c.get('/api/admin/profiles')).body.profiles.map((x: { id: string }) => x.id)).not.toContain(p.id);
  });

  it('validation, permissions and tenant', async () => {
    const blank = await owner.client.post('/api/admin/profiles', { name: '   ', type: 'counter', permissions: {} });
    expect(blank.status).toBe(400);
    expect(blank.body.error.title).toBe('Informe o nome do perfil.');
    const badType = await owner.client.post('/api/admin/profiles', { name: 'X', type: 'chef', permissions: {} });
    expect(badType.status).toBe(400);
    const p = (await owner.client.post('/api/admin/profiles', { name: 'Meu', type: 'counter', permissions: {} })).body
      .profile;
    for (const client of [kitchen, waiter, cashier]) {
      for (const res of [
        await client.get('/api/admin/profiles'),
        await client.post('/api/admin/profiles', { name: 'X', type: 'counter', permissions: {} }),
        await client.put(`/api/admin/profiles/${p.id}`, { name: 'X', type: 'counter', permissions: {} }),
        await client.patch(`/api/admin/profiles/${p.id}/active`, { active: false }),
        await client.delete(`/api/admin/profiles/${p.id}`),
      ]) {
        expect(res.status).toBe(403);
      }
    }
    for (const res of [
      await other.client.put(`/api/admin/profiles/${p.id}`, { name: 'X', type: 'counter', permissions: {} }),
      await other.client.patch(`/api/admin/profiles/${p.id}/active`, { active: false }),
      await other.client.delete(`/api/admin/profiles/${p.id}`),
    ]) {
      expect(res.status).toBe(404);
    }
    const [row] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, p.id));
    expect(row).toMatchObject({ name: 'Meu', active: true });
    expect(TEST_PASSWORD).toBeTruthy();
  });
});
