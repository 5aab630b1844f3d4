import { createHash } from 'node:crypto';
import { appUsers, customers, employees, sessions } from '@meucardapio/db/schema';
import { MSG } from '@meucardapio/domain/messages';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../src/integrations/mail/mailer';
import { createEmployee, createTestApp, registerCustomer, signupOwner, TEST_PASSWORD, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('owner accounts', () => {
  it('signs up, creates the restaurant and answers /me without any hash', async () => {
    const owner = await signupOwner(t, { companyName: 'Cantina da Nona' });
    const me = await owner.client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user.kind).toBe('owner');
    expect(me.body.user.profile.name).toBe('Proprietário');
    expect(me.body.user.restaurant.name).toBe('Cantina da Nona');
    expect(me.body.user.restaurant.slug).toMatch(/^cantina-da-nona/);
    expect(me.text).not.toMatch(/argon2|password/i);
  });

  it("never gives a restaurant the address of one of the server's own paths", async () => {
    for (const companyName of ['Metrics', 'API', 'Admin']) {
      const owner = await signupOwner(t, { companyName });
      expect(owner.slug).not.toBe(companyName.toLowerCase());
      expect(owner.slug).toMatch(new RegExp(`^${companyName.toLowerCase()}-[0-9a-f]{4}$`));
    }
  });

  it('names the restaurant "Minha Empresa" when no company is given', async () => {
    const client = t.client();
    const res = await client.post('/api/auth/signup', {
      name: 'Zé',
      email: 'ze@teste.com.br',
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.user.restaurant.name).toBe('Minha Empresa');
  });

  it('refuses a duplicate e-mail with a pt-BR message', async () => {
    const owner = await signupOwner(t);
    const res = await t
      .client()
      .post('/api/auth/signup', { name: 'Outro', email: owner.email, password: TEST_PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body.error.description).toBe('Este e-mail já está cadastrado.');
  });

  it('logs out and the old cookie no longer works', async () => {
    const owner = await signupOwner(t);
    expect((await owner.client.post('/api/auth/logout')).status).toBe(200);
    expect((await owner.client.get('/api/auth/me')).body.user).toBeNull();
  });

  it('answers a wrong password with the generic text and rate limits per account (429)', async () => {
    const owner = await signupOwner(t);
    const client = t.client();
    const first = await client.post('/api/auth/login', { email: owner.email, password: 'errada' });
    expect(first.status).toBe(401);
    expect(first.body.error.description).toBe('Credenciais inválidas. Verifique seu e-mail e senha.');
    for (let i = 0; i < 4; i++) await client.post('/api/auth/login', { email: owner.email, password: 'errada' });
    const limited = await client.post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body.error.description).toMatch(/Muitas tentativas/);
  });

  it('rotates the session token at login', async () => {
    const owner = await signupOwner(t);
    const before = (await t.db.select().from(sessions).where(eq(sessions.appUserId, owner.ownerId))).map(
      (s) => s.tokenHash,
    );
    await owner.client.post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD });
    const after = (await t.db.select().from(sessions).where(eq(sessions.appUserId, owner.ownerId))).map(
      (s) => s.tokenHash,
    );
    expect(after).toHaveLength(1);
    expect(before).not.toContain(after[0]);
  });

  it('recovers a password by e-mail link and the link works once', async () => {
    const owner = await signupOwner(t);
    const sent: Mail[] = [];
    t.deps.integrations.mail = { send: async (mail) => void sent.push(mail) };
    expect((await t.client().post('/api/auth/recover', { email: owner.email })).status).toBe(200);
    const token = /token=([\w-]+)/.exec(sent.find((m) => m.to === owner.email)?.body ?? '')?.[1];
    expect(token).toBeTruthy();
    expect((await t.client().post('/api/auth/reset', { token, password: 'nova-senha-9' })).status).toBe(200);
    expect((await t.client().post('/api/auth/reset', { token, password: 'outra-senha-9' })).status).toBe(400);
    expect((await t.client().post('/api/auth/login', { email: owner.email, password: 'nova-senha-9' })).status).toBe(
      200,
    );
    // The old session ended with the reset.
    expect((await owner.client.get('/api/auth/me')).body.user).toBeNull();
  });

  it('accepts legacy SHA-256 and bcrypt hashes and upgrades them to argon2id', async () => {
    const owner = await signupOwner(t);
    const sha = createHash('sha256').update('legado123').digest('hex');
    await t.db
      .update(appUsers)
      .set({ passwordHash: `sha256:${sha}` })
      .where(eq(appUsers.id, owner.ownerId));
    expect((await t.client().post('/api/auth/login', { email: owner.email, password: 'legado123' })).status).toBe(200);
    const [row] = await t.db.select().from(appUsers).where(eq(appUsers.id, owner.ownerId));
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);

    const emp = await createEmployee(t, owner, { profileType: 'counter' });
    await t.db
      .update(employees)
      .set({ passwordHash: bcrypt.hashSync('bcrypt123', 10) })
      .where(eq(employees.id, emp.employeeId));
    expect((await t.client().post('/api/auth/login', { email: emp.email, password: 'bcrypt123' })).status).toBe(200);
    const [e] = await t.db.select().from(employees).where(eq(employees.id, emp.employeeId));
    expect(e.passwordHash.startsWith('$argon2id$')).toBe(true);
  });
});

describe('employees', () => {
  it('logs in with an active profile and reports cashier-only and delivery person', async () => {
    const owner = await signupOwner(t);
    const cashier = await createEmployee(t, owner, { profileType: 'cashier' });
    const me = (await cashier.client.get('/api/auth/me')).body.user;
    expect(me.kind).toBe('employee');
    expect(me.cashierOnly).toBe(true);
    expect(me.restaurant.id).toBe(owner.restaurantId);
    const courier = await createEmployee(t, owner, { profileType: 'counter', profileName: 'Entregador' });
    expect((await courier.client.get('/api/auth/me')).body.user.deliveryPerson).toBe(true);
  });

  it('a deactivated employee is signed out at the next request and cannot log in', async () => {
    const owner = await signupOwner(t);
    const emp = await createEmployee(t, owner, { profileType: 'kitchen' });
    await t.db.update(employees).set({ active: false }).where(eq(employees.id, emp.employeeId));
    expect((await emp.client.get('/api/auth/me')).body.user).toBeNull();
    const res = await t.client().post('/api/auth/login', { email: emp.email, password: TEST_PASSWORD });
    expect(res.status).toBe(401);
  });
});

describe('customers', () => {
  it('registers per restaurant and logs in on that storefront, one answer for unknown e-mail and wrong password', async () => {
    const owner = await signupOwner(t);
    const cust = await registerCustomer(t, owner.slug);
    const me = (await cust.client.get('/api/auth/me')).body.user;
    expect(me.kind).toBe('customer');
    expect(me.customer.state).toBe('SP');
    expect(JSON.stringify(me)).not.toMatch(/passwordHash|argon2/);

    const path = `/api/public/restaurants/${owner.slug}/customers/login`;
    const unknown = await t.client().post(path, { email: 'ninguem@teste.com.br', password: 'x' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toMatchObject({ title: 'Erro no login', description: MSG.invalidCredentials });
    const wrong = await t.client().post(path, { email: cust.email, password: 'errada' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    const empty = await t.client().post(path, { email: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.description).toMatch('E-mail e senha são obrigatórios');
    expect((await t.client().post(path, { email: cust.email.toUpperCase(), password: 'senha123' })).status).toBe(200);
  });

  it('validates registration with the spec texts', async () => {
    const owner = await signupOwner(t);
    const path = `/api/public/restaurants/${owner.slug}/customers/register`;
    const missing = await t.client().post(path, { name: 'Ana', email: 'ana@teste.com.br', password: 'senha123' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.description).toMatch('Todos os campos são obrigatórios para o cadastro.');
    const short = await t.client().post(path, {
      name: 'Ana',
      phone: '11999998888',
      email: 'ana@teste.com.br',
      password: '123',
      cep: '01310100',
      address: 'Rua A',
      number: '1',
      neighborhood: 'Centro',
      city: 'São Paulo',
    });
    expect(short.body.error.description).toMatch('A senha deve ter pelo menos 6 caracteres');
  });

  it('a customer without a password gets the answer of an unknown e-mail, here and on the storefront', async () => {
    const owner = await signupOwner(t);
    await t.db.insert(customers).values({
      restaurantId: owner.restaurantId,
      name: 'Sem Senha',
      phone: '11911112222',
      email: 'semsenha@teste.com.br',
    });
    const unknown = await t.client().post('/api/auth/login', { email: 'ninguem@teste.com.br', password: 'qualquer' });
    const res = await t.client().post('/api/auth/login', { email: 'semsenha@teste.com.br', password: 'qualquer' });
    expect([res.status, res.body.error]).toEqual([unknown.status, unknown.body.error]);
    const storefront = (email: string) =>
      t.client().post(`/api/public/restaurants/${owner.slug}/customers/login`, { email, password: 'qualquer' });
    const [none, noPassword] = [await storefront('ninguem@teste.com.br'), await storefront('semsenha@teste.com.br')];
    expect([noPassword.status, noPassword.body.error]).toEqual([none.status, none.body.error]);
  });

  it('the shared screen signs a customer in after employee and owner', async () => {
    const owner = await signupOwner(t);
    const cust = await registerCustomer(t, owner.slug);
    const res = await t.client().post('/api/auth/login', { email: cust.email, password: 'senha123' });
    expect(res.status).toBe(200);
    expect(res.body.user.kind).toBe('customer');
  });
});

describe('request hygiene', () => {
  it('refuses a cross-site POST that carries a session cookie', async () => {
    const owner = await signupOwner(t);
    const res = await owner.client.post('/api/auth/logout', undefined, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await owner.client.get('/api/auth/me')).body.user).not.toBeNull();
  });

  it('answers malformed JSON with a pt-BR 400', async () => {
    const res = await t.client().post('/api/auth/login', '{"email":', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.error.description).toBe('O corpo da requisição não é um JSON válido.');
  });
});
