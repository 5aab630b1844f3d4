import { appUsers, employees, passwordResetTokens } from '@meucardapio/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEmployee,
  createTestApp,
  type Owner,
  registerCustomer,
  signupOwner,
  TEST_PASSWORD,
  type TestApp,
  testPasswordHash,
} from './helpers';

let t: TestApp;
let a: Owner;
let b: Owner;
let counterTypeId: string;

let n = 0;
const email = (p = 'mail') => `${p}-${Date.now().toString(36)}-${++n}@teste.com.br`;

const newEmployee = (owner: Owner, address: string) =>
  owner.client.post('/api/admin/employees', {
    name: 'Funcionário',
    email: address,
    password: '12345678',
    profileId: counterTypeId,
  });

const resetTokensFor = (subjectId: string) =>
  t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.subjectId, subjectId));

beforeAll(async () => {
  t = await createTestApp();
  a = await signupOwner(t);
  b = await signupOwner(t);
  const types: { id: string; name: string }[] = (await a.client.get('/api/admin/default-profile-types')).body.types;
  counterTypeId = types.find((x) => x.name === 'Balcão')?.id as string;
});
afterAll(async () => {
  await t?.close();
});

describe('one staff e-mail across every restaurant', () => {
  it("another restaurant cannot create an employee with an owner's e-mail (any case or spacing)", async () => {
    for (const address of [a.email, `  ${a.email.toUpperCase()} `]) {
      const res = await newEmployee(b, address);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({
        title: 'E-mail já cadastrado',
        description: 'Este e-mail já está em uso por outra conta.',
      });
    }
    expect((await t.db.select().from(employees).where(eq(employees.email, a.email))).length).toBe(0);
    expect(
      (await t.client().post('/api/auth/login', { email: a.email, password: TEST_PASSWORD })).body.user,
    ).toMatchObject({ kind: 'owner', id: a.ownerId });
  });

  it("nor move an employee onto an owner's or another restaurant's employee's e-mail", async () => {
    const owner = await signupOwner(t);
    const mine = (await newEmployee(b, email())).body.employee;
    const theirs = await createEmployee(t, a, { profileType: 'counter' });
    for (const address of [owner.email, theirs.email.toUpperCase()]) {
      const res = await b.client.put(`/api/admin/employees/${mine.id}`, { name: 'Funcionário', email: address });
      expect(res.status).toBe(409);
      expect(res.body.error.title).toBe('E-mail já cadastrado');
    }
    const [row] = await t.db.select().from(employees).where(eq(employees.id, mine.id));
    expect(row.email).toBe(mine.email);
    // Keeping one's own address, or moving to a free one, still works.
    expect((await b.client.put(`/api/admin/employees/${mine.id}`, { name: 'Outro', email: mine.email })).status).toBe(
      200,
    );
    const free = email('livre');
    expect((await b.client.put(`/api/admin/employees/${mine.id}`, { name: 'Outro', email: free })).status).toBe(200);
    // The old address is released with the move.
    expect((await newEmployee(a, mine.email)).status).toBe(201);
  });

  it("sign-up is refused with an employee's e-mail", async () => {
    const emp = await createEmployee(t, b, { profileType: 'kitchen' });
    const res = await t.client().post('/api/auth/signup', {
      name: 'Invasor',
      companyName: 'Restaurante Invasor',
      email: ` ${emp.email.toUpperCase()}`,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      title: 'Erro ao criar conta',
      description: 'Este e-mail já está cadastrado.',
    });
    expect((await t.db.select().from(appUsers).where(eq(appUsers.email, emp.email))).length).toBe(0);
    expect((await emp.client.get('/api/auth/me')).body.user.id).toBe(emp.employeeId);
  });

  it('the database refuses a second claim whatever path writes it', async () => {
    const emp = await createEmployee(t, b, { profileType: 'kitchen' });
    const hash = await testPasswordHash();
    await expect(
      t.db
        .insert(employees)
        .values({ restaurantId: b.restaurantId, name: 'X', email: ` ${a.email.toUpperCase()}`, passwordHash: hash }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    await expect(
      t.db.insert(appUsers).values({ email: emp.email.toUpperCase(), name: 'X', passwordHash: hash }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
  });

  it('simultaneous sign-up and employee creations with one e-mail: exactly one wins', async () => {
    const address = email('corrida');
    const results = await Promise.all([
      t.client().post('/api/auth/signup', { name: 'Corrida', email: address, password: TEST_PASSWORD }),
      newEmployee(a, address),
      newEmployee(b, address.toUpperCase()),
    ]);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200 || s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    const owners = await t.db.select().from(appUsers).where(eq(appUsers.email, address));
    const staff = await t.db.select().from(employees).where(eq(employees.email, address));
    expect(owners.length + staff.length).toBe(1);
  });

  it('customers stay per restaurant: a staff e-mail may also be a customer on a storefront', async () => {
    const emp = await createEmployee(t, a, { profileType: 'kitchen' });
    await registerCustomer(t, a.slug, { email: emp.email });
    await registerCustomer(t, b.slug, { email: emp.email });
    await registerCustomer(t, b.slug, { email: a.email });
  });
});

describe('password recovery finds the account that owns the address', () => {
  it("an owner's e-mail recovers the owner, not a look-alike employee of another restaurant", async () => {
    const owner = await signupOwner(t);
    await newEmployee(b, owner.email);
    expect((await t.client().post('/api/auth/recover', { email: ` ${owner.email.toUpperCase()} ` })).status).toBe(200);
    const tokens = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.kind, 'employee'));
    expect(tokens.filter((x) => x.restaurantId === b.restaurantId)).toEqual([]);
    expect(await resetTokensFor(owner.ownerId)).toEqual([
      expect.objectContaining({ kind: 'owner', restaurantId: null }),
    ]);
  });

  it("an employee's e-mail recovers that employee, in its own restaurant", async () => {
    const emp = await createEmployee(t, b, { profileType: 'counter' });
    expect((await t.client().post('/api/auth/recover', { email: emp.email })).status).toBe(200);
    expect(await resetTokensFor(emp.employeeId)).toEqual([
      expect.objectContaining({ kind: 'employee', restaurantId: b.restaurantId }),
    ]);
  });

  it('an employee older than the rule that shares an owner address leaves recovery to the owner', async () => {
    const owner = await signupOwner(t);
    // Rows written before the rule existed: the migration gave the address to the owner.
    await t.db.execute(sql`ALTER TABLE employees DISABLE TRIGGER mc_staff_email_employees`);
    const [legacy] = await t.db
      .insert(employees)
      .values({
        restaurantId: b.restaurantId,
        name: 'Antigo',
        email: owner.email,
        passwordHash: await testPasswordHash(),
      })
      .returning();
    await t.db.execute(sql`ALTER TABLE employees ENABLE TRIGGER mc_staff_email_employees`);

    expect((await t.client().post('/api/auth/recover', { email: owner.email })).status).toBe(200);
    expect(await resetTokensFor(legacy.id)).toEqual([]);
    expect(await resetTokensFor(owner.ownerId)).toEqual([expect.objectContaining({ kind: 'owner' })]);
    // The old employee stays editable while its address is unchanged.
    const edit = await b.client.put(`/api/admin/employees/${legacy.id}`, {
      name: 'Antigo renomeado',
      email: owner.email,
    });
    expect(edit.status, edit.text).toBe(200);
  });
});
