import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASHIER, cashierOf, openRegister, type Pdv, saleKey, sell, setupPdv } from './cashier-fixtures';
import {
  createEmployee,
  createTestApp,
  registerCustomer,
  TEST_PASSWORD,
  type TestApp,
  type TestClient,
} from './helpers';

let t: TestApp;
let a: Pdv;
let b: Pdv;
let saleOfA: string;
let sessionOfA: string;
let reservedOfA: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await setupPdv(t);
  b = await setupPdv(t);
  sessionOfA = (await openRegister(a.owner.client, 1000)).id;
  const sale = await sell(a.owner.client, {
    items: [{ productId: a.products.cafe.id, quantity: 1 }],
    payments: [{ methodId: a.methods.pix, amount: 500 }],
  });
  saleOfA = sale.body.sale.id;
  reservedOfA = (
    await a.owner.client.post(`${CASHIER}/reserved-sales`, { items: [{ productId: a.products.cafe.id, quantity: 1 }] })
  ).body.id;
});
afterAll(async () => {
  await t?.close();
});

type Call = { method: string; path: string; body?: unknown; headers?: Record<string, string> };
const call = (client: TestClient, c: Call) => client.request(c.method, c.path, c.body, c.headers ?? {});

/** PDV, Fechar Caixa and Sangria: what a cashier-only user may use. */
const pdvCalls = (p: Pdv): Call[] => [
  { method: 'GET', path: `${CASHIER}/session` },
  { method: 'POST', path: `${CASHIER}/session/open`, body: { initialAmount: 0 } },
  { method: 'POST', path: `${CASHIER}/withdrawals`, body: { amount: 100, reason: 'Depósito' } },
  { method: 'GET', path: `${CASHIER}/catalog` },
  { method: 'GET', path: `${CASHIER}/products/lookup?code=PQ-01` },
  { method: 'GET', path: `${CASHIER}/reserved-sales` },
  {
    method: 'POST',
    path: `${CASHIER}/reserved-sales`,
    body: { items: [{ productId: p.products.cafe.id, quantity: 1 }] },
  },
  { method: 'POST', path: `${CASHIER}/reserved-sales/00000000-0000-4000-8000-000000000000/restore` },
  { method: 'DELETE', path: `${CASHIER}/reserved-sales/00000000-0000-4000-8000-000000000000` },
  {
    method: 'POST',
    path: `${CASHIER}/sales`,
    body: {
      items: [{ productId: p.products.cafe.id, quantity: 1 }],
      payments: [{ methodId: p.methods.pix, amount: 500 }],
    },
    headers: { 'idempotency-key': saleKey() },
  },
  {
    // A sale the terminal made without a connection, by the owner, arriving now.
    method: 'POST',
    path: `${CASHIER}/offline-sales`,
    body: {
      clientSaleId: `off-${randomUUID()}`,
      soldAt: new Date().toISOString(),
      sessionId: sessionOfA,
      soldById: p.owner.ownerId,
      items: [{ productId: p.products.cafe.id, quantity: 1, unitPrice: 500 }],
      payments: [{ methodId: p.methods.pix, amount: 500 }],
    },
  },
  { method: 'POST', path: `${CASHIER}/session/close`, body: { count: { denominations: {}, methods: {} } } },
];

/** Everything else: owner and administrators only. */
const managerCalls = (): Call[] => [
  { method: 'POST', path: `${CASHIER}/supplies`, body: { amount: 100, reason: 'Troco' } },
  { method: 'GET', path: `${CASHIER}/reports/today` },
  { method: 'GET', path: `${CASHIER}/reports/daily` },
  { method: 'GET', path: `${CASHIER}/reports/daily.csv` },
  { method: 'GET', path: `${CASHIER}/conciliation` },
  { method: 'GET', path: `${CASHIER}/sessions` },
  { method: 'GET', path: `${CASHIER}/history` },
  { method: 'GET', path: `${CASHIER}/sales/${saleOfA}` },
  { method: 'GET', path: `${CASHIER}/pix-settings` },
  {
    method: 'PUT',
    path: `${CASHIER}/pix-settings`,
    // Someone other than the owner changes the key only with their own password (decision 048).
    body: {
      key: '52998224725',
      keyType: 'cpf',
      merchantName: 'Loja',
      merchantCity: 'Campinas',
      currentPassword: TEST_PASSWORD,
    },
  },
];

const routeKey = (method: string, path: string) =>
  `${method} ${path.split('?')[0].replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}`;

describe('cashier permissions', () => {
  it('classifies every cashier route as PDV or manager', () => {
    const routes = new Set(
      t.app.routes
        .filter((r) => r.path.startsWith('/api/admin/cashier') && r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path}`),
    );
    const classified = new Set([...pdvCalls(a), ...managerCalls()].map((c) => routeKey(c.method, c.path)));
    expect([...routes].sort()).toEqual([...classified].sort());
  });

  it('a cashier-only user gets 403 on everything but PDV, closing and sangria', async () => {
    const cashier = await cashierOf(t, a.owner);
    for (const c of managerCalls()) {
      const res = await call(cashier.client, c);
      expect(res.status, `${c.method} ${c.path}`).toBe(403);
      expect(res.body.error.title).toBe('Acesso negado');
    }
    for (const c of pdvCalls(a)) {
      const res = await call(cashier.client, c);
      expect([200, 201, 204, 404, 409], `${c.method} ${c.path}: ${res.text}`).toContain(res.status);
    }
  });

  it('a profile whose only permission is manage_cashier is cashier-only too', async () => {
    const only = await createEmployee(t, a.owner, { profileType: 'counter', permissions: { manage_cashier: true } });
    expect((await only.client.get(`${CASHIER}/session`)).body.cashierOnly).toBe(true);
    expect((await only.client.get(`${CASHIER}/history`)).status).toBe(403);
  });

  it('staff without manage_cashier, customers and visitors are refused everywhere', async () => {
    const kitchen = await createEmployee(t, a.owner, { profileType: 'kitchen' });
    const customer = await registerCustomer(t, a.owner.slug);
    for (const c of [...pdvCalls(a), ...managerCalls()]) {
      expect((await call(kitchen.client, c)).status, `${c.method} ${c.path}`).toBe(403);
      expect((await call(customer.client, c)).status, `${c.method} ${c.path}`).toBe(403);
      expect((await call(t.client(), c)).status, `${c.method} ${c.path}`).toBe(401);
    }
  });

  it('administrators use the manager routes; changing PIX settings also needs manage_settings', async () => {
    // The cashier-only sweep above closed A's register.
    await openRegister(a.owner.client, 0);
    const admin = await createEmployee(t, a.owner, { profileType: 'admin' });
    for (const c of managerCalls()) {
      const res = await call(admin.client, c);
      expect([200, 201], `${c.method} ${c.path}: ${res.text}`).toContain(res.status);
    }
    const supervisor = await createEmployee(t, a.owner, {
      profileType: 'counter',
      permissions: { manage_cashier: true, view_reports: true },
    });
    expect((await supervisor.client.get(`${CASHIER}/pix-settings`)).status).toBe(200);
    const put = await supervisor.client.put(`${CASHIER}/pix-settings`, {
      key: '52998224725',
      keyType: 'cpf',
      merchantName: 'Loja',
      merchantCity: 'Campinas',
    });
    expect(put.status).toBe(403);
  });
});

describe('tenant isolation', () => {
  it("another restaurant's sale, session and reserved sale answer 404", async () => {
    expect((await b.owner.client.get(`${CASHIER}/sales/${saleOfA}`)).status).toBe(404);
    expect((await b.owner.client.get(`${CASHIER}/conciliation?sessionId=${sessionOfA}`)).status).toBe(404);
    expect((await b.owner.client.post(`${CASHIER}/reserved-sales/${reservedOfA}/restore`)).status).toBe(404);
    expect((await b.owner.client.delete(`${CASHIER}/reserved-sales/${reservedOfA}`)).status).toBe(404);
    const code = await b.owner.client.get(`${CASHIER}/products/lookup?code=${a.products.pao.id}`);
    expect(code.status).toBe(404);
    // A's reserved sale is still there.
    expect((await a.owner.client.get(`${CASHIER}/reserved-sales`)).body.map((r: { id: string }) => r.id)).toContain(
      reservedOfA,
    );
  });

  it("another restaurant's products cannot be sold or reserved", async () => {
    await openRegister(b.owner.client, 0);
    const reserve = await b.owner.client.post(`${CASHIER}/reserved-sales`, {
      items: [{ productId: a.products.cafe.id, quantity: 1 }],
    });
    expect(reserve.status).toBe(409);
    const sale = await sell(b.owner.client, {
      items: [{ productId: a.products.cafe.id, quantity: 1 }],
      payments: [{ methodId: a.methods.pix, amount: 500 }],
    });
    expect(sale.status).toBe(409);
  });

  it("lists, reports and sessions never show another restaurant's rows; closing one leaves the other open", async () => {
    const lists = await Promise.all(
      ['history', 'reserved-sales', 'sessions', 'reports/today', 'reports/daily', 'catalog'].map((p) =>
        b.owner.client.get(`${CASHIER}/${p}`),
      ),
    );
    const text = lists.map((r) => r.text).join('\n');
    for (const id of [saleOfA, sessionOfA, reservedOfA, a.products.cafe.id, a.methods.pix])
      expect(text).not.toContain(id);
    const csv = await b.owner.client.get(`${CASHIER}/reports/daily.csv`);
    expect(csv.text.trim().split('\r\n')).toHaveLength(1);
    const openOfA = (await a.owner.client.get(`${CASHIER}/session`)).body.session.id;
    const closed = await b.owner.client.post(`${CASHIER}/session/close`, {});
    expect(closed.body.session.id).not.toBe(openOfA);
    expect((await a.owner.client.get(`${CASHIER}/session`)).body.session.id).toBe(openOfA);
    // B has no open session now: its sangria is refused even though A's register is open.
    expect((await b.owner.client.post(`${CASHIER}/withdrawals`, { amount: 100, reason: 'x' })).status).toBe(409);
    // A's key reused by B is B's own attempt, not a replay of A's sale.
    const keyed = await sell(
      a.owner.client,
      { items: [{ productId: a.products.cafe.id, quantity: 1 }], payments: [{ methodId: a.methods.pix, amount: 500 }] },
      'chave-compartilhada-1',
    );
    await openRegister(b.owner.client, 0);
    const other = await sell(
      b.owner.client,
      { items: [{ productId: b.products.cafe.id, quantity: 1 }], payments: [{ methodId: b.methods.pix, amount: 500 }] },
      'chave-compartilhada-1',
    );
    expect(other.status).toBe(201);
    expect(other.body.sale.id).not.toBe(keyed.body.sale.id);
  });
});
