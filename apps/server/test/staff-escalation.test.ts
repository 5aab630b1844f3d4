import { employees, sessions, userProfiles } from '@meucardapio/db/schema';
import { defaultPermissionsFor, type Permissions } from '@meucardapio/domain/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createTestApp, type Owner, signupOwner, TEST_PASSWORD, type TestApp } from './helpers';

let t: TestApp;
let owner: Owner;
let types: { id: string; name: string }[];

const typeId = (name: string) => {
  const found = types.find((x) => x.name === name);
  if (!found) throw new Error(`no default profile type ${name}`);
  return found.id;
};

let n = 0;
const email = (p = 'esc') => `${p}-${Date.now().toString(36)}-${++n}@teste.com.br`;

/** A delegated manager: manages employees and profiles and works the counter, but is no Administrator. */
const MANAGER: Permissions = { ...defaultPermissionsFor('counter'), manage_employees: true, manage_users: true };
const manager = () => createEmployee(t, owner, { profileType: 'custom', profileName: 'Gerente', permissions: MANAGER });

const ADMIN_ONLY = 'Somente o proprietário ou um administrador pode alterar um administrador.';
const ABOVE_EMPLOYEE = 'Você não pode alterar um funcionário com permissões que você mesmo não tem.';
const ABOVE_GRANT = 'Você não pode conceder permissões que você mesmo não tem.';
const ABOVE_PROFILE = 'Você não pode alterar um perfil com permissões que você mesmo não tem.';

async function sessionCount(employeeId: string) {
  return (await t.db.select().from(sessions).where(eq(sessions.employeeId, employeeId))).length;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
  types = (await owner.client.get('/api/admin/default-profile-types')).body.types;
});
afterAll(async () => {
  await t?.close();
});

describe('Administrator accounts', () => {
  it('a manager who is no Administrator can neither set the password of, edit, deactivate nor delete one', async () => {
    const boss = await manager();
    const admin = await createEmployee(t, owner, { profileType: 'admin', profileName: 'Administrador' });

    const password = await boss.client.put(`/api/admin/employees/${admin.employeeId}`, {
      name: admin.name,
      email: admin.email,
      password: 'tomada-de-conta',
    });
    expect(password.status).toBe(403);
    expect(password.body.error).toMatchObject({ title: 'Acesso negado', description: ADMIN_ONLY });
    const rename = await boss.client.put(`/api/admin/employees/${admin.employeeId}`, {
      name: 'Outro',
      email: email('sequestro'),
    });
    expect(rename.status).toBe(403);
    const off = await boss.client.patch(`/api/admin/employees/${admin.employeeId}/active`, { active: false });
    expect(off.status).toBe(403);
    expect(off.body.error.description).toBe(ADMIN_ONLY);
    expect((await boss.client.delete(`/api/admin/employees/${admin.employeeId}`)).status).toBe(403);

    const [row] = await t.db.select().from(employees).where(eq(employees.id, admin.employeeId));
    expect(row).toMatchObject({ name: admin.name, email: admin.email, active: true });
    expect((await admin.client.get('/api/auth/me')).body.user.id).toBe(admin.employeeId);
    expect((await t.client().post('/api/auth/login', { email: admin.email, password: TEST_PASSWORD })).status).toBe(
      200,
    );
  });

  it('nor give the Administrator profile to an existing employee', async () => {
    const boss = await manager();
    const target = await createEmployee(t, owner, { profileType: 'kitchen' });
    const res = await boss.client.put(`/api/admin/employees/${target.employeeId}`, {
      name: target.name,
      email: target.email,
      profileId: typeId('Administrador'),
    });
    expect(res.status).toBe(403);
    const [row] = await t.db.select().from(employees).where(eq(employees.id, target.employeeId));
    expect(row.profileId).toBe(target.profileId);
  });

  it('the owner and another Administrator may change an Administrator', async () => {
    const admin = await createEmployee(t, owner, { profileType: 'admin', profileName: 'Administrador' });
    const peer = await createEmployee(t, owner, { profileType: 'admin', profileName: 'Administrador 2' });
    const byPeer = await peer.client.put(`/api/admin/employees/${admin.employeeId}`, {
      name: admin.name,
      email: admin.email,
      password: 'definida-por-colega',
    });
    expect(byPeer.status, byPeer.text).toBe(200);
    const byOwner = await owner.client.patch(`/api/admin/employees/${admin.employeeId}/active`, { active: false });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.employee.active).toBe(false);
  });
});

describe('nobody gives access above their own', () => {
  it('a profile manager cannot grant its own profile more permissions, but may give some up', async () => {
    const boss = await manager();
    const everything = await boss.client.put(`/api/admin/profiles/${boss.profileId}`, {
      name: 'Gerente',
      type: 'custom',
      permissions: defaultPermissionsFor('admin'),
    });
    expect(everything.status).toBe(403);
    expect(everything.body.error).toMatchObject({ title: 'Acesso negado', description: ABOVE_GRANT });
    const oneMore = await boss.client.put(`/api/admin/profiles/${boss.profileId}`, {
      name: 'Gerente',
      type: 'custom',
      permissions: { ...MANAGER, manage_cashier: true },
    });
    expect(oneMore.status).toBe(403);
    const asAdmin = await boss.client.put(`/api/admin/profiles/${boss.profileId}`, {
      name: 'Gerente',
      type: 'admin',
      permissions: MANAGER,
    });
    expect(asAdmin.status).toBe(403);
    const [row] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, boss.profileId));
    expect(row).toMatchObject({ type: 'custom', permissions: MANAGER });

    const fewer = await boss.client.put(`/api/admin/profiles/${boss.profileId}`, {
      name: 'Gerente',
      type: 'custom',
      permissions: { ...MANAGER, manage_coupons: false },
    });
    expect(fewer.status, fewer.text).toBe(200);
    expect(fewer.body.profile.permissions.manage_coupons).toBe(false);
  });

  it('a profile manager creates profiles only within its own permissions', async () => {
    const boss = await manager();
    const above = await boss.client.post('/api/admin/profiles', {
      name: 'Caixa turbinado',
      type: 'custom',
      permissions: { manage_orders: true, manage_cashier: true },
    });
    expect(above.status).toBe(403);
    expect(above.body.error.description).toBe(ABOVE_GRANT);
    const within = await boss.client.post('/api/admin/profiles', {
      name: 'Atendente',
      type: 'counter',
      permissions: { manage_orders: true, manage_tables: true },
    });
    expect(within.status, within.text).toBe(201);
  });

  it('a profile carrying more than the manager holds cannot be edited, deactivated or deleted by it', async () => {
    const boss = await manager();
    const cashier = (
      await owner.client.post('/api/admin/profiles', {
        name: 'Caixa da noite',
        type: 'cashier',
        permissions: defaultPermissionsFor('cashier'),
      })
    ).body.profile;
    const edit = await boss.client.put(`/api/admin/profiles/${cashier.id}`, {
      name: 'Caixa da noite',
      type: 'cashier',
      permissions: { manage_orders: true },
    });
    expect(edit.status).toBe(403);
    expect(edit.body.error.description).toBe(ABOVE_PROFILE);
    expect((await boss.client.patch(`/api/admin/profiles/${cashier.id}/active`, { active: false })).status).toBe(403);
    expect((await boss.client.delete(`/api/admin/profiles/${cashier.id}`)).status).toBe(403);
    const [row] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, cashier.id));
    expect(row).toMatchObject({ active: true, permissions: defaultPermissionsFor('cashier') });
  });

  it('an employee manager neither creates nor assigns a profile carrying more than it holds', async () => {
    const boss = await manager();
    const fromTemplate = await boss.client.post('/api/admin/employees', {
      name: 'Caixa novo',
      email: email(),
      password: '12345678',
      profileId: typeId('Caixa'),
    });
    expect(fromTemplate.status).toBe(403);
    expect(fromTemplate.body.error.description).toBe(ABOVE_GRANT);

    const reports = (
      await owner.client.post('/api/admin/profiles', {
        name: 'Relatórios',
        type: 'custom',
        permissions: { view_reports: true },
      })
    ).body.profile;
    const target = await createEmployee(t, owner, { profileType: 'kitchen' });
    const assign = await boss.client.put(`/api/admin/employees/${target.employeeId}`, {
      name: target.name,
      email: target.email,
      profileId: reports.id,
    });
    expect(assign.status).toBe(403);
    const [row] = await t.db.select().from(employees).where(eq(employees.id, target.employeeId));
    expect(row.profileId).toBe(target.profileId);

    const within = await boss.client.post('/api/admin/employees', {
      name: 'Balconista',
      email: email(),
      password: '12345678',
      profileId: typeId('Balcão'),
    });
    expect(within.status, within.text).toBe(201);
  });

  it('an employee carrying more than the manager holds cannot have its password set by it', async () => {
    const boss = await manager();
    const cashier = await createEmployee(t, owner, { profileType: 'cashier' });
    const res = await boss.client.put(`/api/admin/employees/${cashier.employeeId}`, {
      name: cashier.name,
      email: cashier.email,
      password: 'tomada-de-caixa',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.description).toBe(ABOVE_EMPLOYEE);
    expect(
      (await boss.client.patch(`/api/admin/employees/${cashier.employeeId}/active`, { active: false })).status,
    ).toBe(403);
    expect((await t.client().post('/api/auth/login', { email: cashier.email, password: TEST_PASSWORD })).status).toBe(
      200,
    );
  });
});

describe('password set by someone else', () => {
  it('ends every session of that employee; the new password signs in', async () => {
    const target = await createEmployee(t, owner, { profileType: 'counter' });
    const second = t.client();
    expect((await second.post('/api/auth/login', { email: target.email, password: TEST_PASSWORD })).status).toBe(200);
    expect(await sessionCount(target.employeeId)).toBe(2);

    const res = await owner.client.put(`/api/admin/employees/${target.employeeId}`, {
      name: target.name,
      email: target.email,
      password: 'trocada-pelo-dono',
    });
    expect(res.status).toBe(200);
    expect(await sessionCount(target.employeeId)).toBe(0);
    expect((await target.client.get('/api/auth/me')).body.user).toBeNull();
    expect((await second.get('/api/auth/me')).body.user).toBeNull();
    expect(
      (await t.client().post('/api/auth/login', { email: target.email, password: 'trocada-pelo-dono' })).status,
    ).toBe(200);
  });

  it('an edit without a new password keeps the sessions', async () => {
    const target = await createEmployee(t, owner, { profileType: 'counter' });
    const res = await owner.client.put(`/api/admin/employees/${target.employeeId}`, {
      name: 'Nome novo',
      email: target.email,
      password: '',
    });
    expect(res.status).toBe(200);
    expect((await target.client.get('/api/auth/me')).body.user.id).toBe(target.employeeId);
  });

  it('changing one own password keeps the current session and ends the others', async () => {
    const me = await createEmployee(t, owner, { profileType: 'admin', profileName: 'Administrador próprio' });
    const elsewhere = t.client();
    expect((await elsewhere.post('/api/auth/login', { email: me.email, password: TEST_PASSWORD })).status).toBe(200);
    const res = await me.client.put(`/api/admin/employees/${me.employeeId}`, {
      name: me.name,
      email: me.email,
      password: 'minha-nova-senha',
    });
    expect(res.status).toBe(200);
    expect((await me.client.get('/api/auth/me')).body.user.id).toBe(me.employeeId);
    expect((await elsewhere.get('/api/auth/me')).body.user).toBeNull();
    expect(await sessionCount(me.employeeId)).toBe(1);
  });
});
