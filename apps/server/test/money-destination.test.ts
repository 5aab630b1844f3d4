import { moneyDestinationChanges, orders, restaurants } from '@meucardapio/db/schema';
import { LOCAL_PIX_METHOD } from '@meucardapio/domain/order-pix';
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
import { insertOrder } from './ops-fixtures';

let t: TestApp;
let owner: Owner;

const PIX = { keyType: 'email', merchantName: 'Pizzaria Teste', merchantCity: 'Sao Paulo' };
const putPix = (client: TestClient, key: string, extra: Record<string, unknown> = {}) =>
  client.put('/api/admin/cashier/pix-settings', { key, ...PIX, ...extra });

const general = (slug: string, appClientReferrer: string, extra: Record<string, unknown> = {}) => ({
  name: 'Pizzaria Teste',
  slug,
  primaryColor: '#dc2626',
  secondaryColor: '#fef3c7',
  buttonColor: '#16a34a',
  timezone: 'America/Sao_Paulo',
  businessSegment: 'restaurant',
  appClientReferrer,
  ...extra,
});

const history = () =>
  t.db
    .select()
    .from(moneyDestinationChanges)
    .where(eq(moneyDestinationChanges.restaurantId, owner.restaurantId))
    .orderBy(moneyDestinationChanges.createdAt);

const stored = async () => (await t.db.select().from(restaurants).where(eq(restaurants.id, owner.restaurantId)))[0];

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
});
afterAll(async () => {
  await t?.close();
});

describe('who may change where the money goes', () => {
  it("the owner changes the PIX key as signed in; an administrator only with their own password; each change is on record, masked, and in the owner's notice", async () => {
    expect((await putPix(owner.client, 'caixa@pizzaria.com.br')).status).toBe(200);

    const admin = await createEmployee(t, owner, { profileType: 'admin' });
    const bare = await putPix(admin.client, 'golpe@fraude.com');
    expect(bare.status).toBe(403);
    expect(bare.body.error.title).toBe('Confirme sua senha');
    const wrong = await putPix(admin.client, 'golpe@fraude.com', { currentPassword: 'nao-e-a-senha' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.description).toContain('Senha incorreta');
    expect((await stored()).pixKey).toBe('caixa@pizzaria.com.br');

    // Saving the same key (the other fields only) asks for nothing and records nothing.
    expect((await putPix(admin.client, 'caixa@pizzaria.com.br', { merchantName: 'Pizzaria Nova' })).status).toBe(200);
    expect(await history()).toHaveLength(1);

    const ok = await putPix(admin.client, 'novo@pizzaria.com.br', { currentPassword: TEST_PASSWORD });
    expect(ok.status, ok.text).toBe(200);
    expect((await stored()).pixKey).toBe('novo@pizzaria.com.br');

    const rows = await history();
    expect(rows.map((r) => [r.field, r.oldMasked, r.newMasked, r.changedByKind, r.changedByName])).toEqual([
      ['pix_key', null, 'ca•••••••••••••••••br', 'owner', 'Dona Teste'],
      ['pix_key', 'ca•••••••••••••••••br', 'no••••••••••••••••br', 'employee', admin.name],
    ]);
    expect(rows[1].changedById).toBe(admin.employeeId);

    const seen = await owner.client.get('/api/admin/settings');
    expect(seen.body.moneyChanges[0]).toMatchObject({
      field: 'pix_key',
      newMasked: 'no••••••••••••••••br',
      changedByName: admin.name,
      byOwner: false,
    });
    // The notice is the owner's: an administrator's own settings do not carry it.
    expect((await admin.client.get('/api/admin/settings')).body.moneyChanges).toBeUndefined();
  });

  it("the payment-provider handle follows the same rule, and another restaurant's history stays its own", async () => {
    const slug = (await stored()).slug;
    const admin = await createEmployee(t, owner, { profileType: 'admin' });
    const put = (client: TestClient, handle: string, extra: Record<string, unknown> = {}) =>
      client.put('/api/admin/settings/general', general(slug, handle, extra));

    expect((await put(owner.client, 'pizzaria-teste')).status).toBe(200);
    const refused = await put(admin.client, 'conta-do-golpista');
    expect(refused.status).toBe(403);
    expect((await stored()).appClientReferrer).toBe('pizzaria-teste');
    // Other general fields save without a password while the handle stays as it is.
    expect((await put(admin.client, 'pizzaria-teste', { description: 'Nova descrição' })).status).toBe(200);
    const ok = await put(admin.client, 'pizzaria-nova', { currentPassword: TEST_PASSWORD });
    expect(ok.status, ok.text).toBe(200);

    const handles = (await history()).filter((r) => r.field === 'provider_handle');
    expect(handles.map((r) => [r.oldMasked, r.newMasked, r.changedByKind])).toEqual([
      [null, 'pi••••••••••te', 'owner'],
      ['pi••••••••••te', 'pi•••••••••va', 'employee'],
    ]);

    const stranger = await signupOwner(t);
    expect((await stranger.client.get('/api/admin/settings')).body.moneyChanges).toEqual([]);
  });
});

describe('"Confirmar PIX recebido" is for who handles money, with the amount or the E2E id', () => {
  const E2E = 'E12345678202611261200AbC12345678';
  const pixOrder = () =>
    insertOrder(t, owner.restaurantId, {
      paymentMethod: LOCAL_PIX_METHOD.name,
      paymentStatus: 'pending',
      paymentData: { local_pix: true, pix_br_code: '000201...6304ABCD', pix_txid: 'PEDIDO1' },
    });
  const confirm = (client: TestClient, id: string, body?: Record<string, unknown>) =>
    client.post(`/api/admin/orders/${id}/confirm-pix`, body);

  it('the kitchen and the waiters (manage_orders) cannot; the Caixa profile can, stating what the bank app shows', async () => {
    const order = await pixOrder();
    for (const profileType of ['kitchen', 'waiter', 'counter'] as const) {
      const staff = await createEmployee(t, owner, { profileType });
      const res = await confirm(staff.client, order.id, { receivedAmount: order.total });
      expect(res.status, profileType).toBe(403);
    }
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0].paymentStatus).toBe('pending');

    const cashier = await createEmployee(t, owner, { profileType: 'cashier' });
    const empty = await confirm(cashier.client, order.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.description).toContain('Informe o valor recebido ou o ID da transação');
    const short = await confirm(cashier.client, order.id, { receivedAmount: order.total - 1 });
    expect(short.status).toBe(400);
    expect(short.body.error.title).toBe('Valor diferente do pedido');
    expect((await confirm(cashier.client, order.id, { endToEndId: 'E123' })).status).toBe(400);

    const ok = await confirm(cashier.client, order.id, { receivedAmount: order.total, endToEndId: E2E });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.order).toMatchObject({ paymentStatus: 'approved', pixConfirmation: { name: cashier.name } });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.paymentData).toMatchObject({ pix_received_amount: order.total, pix_end_to_end_id: E2E });
  });

  it('the owner confirms with the end-to-end id alone', async () => {
    const order = await pixOrder();
    const res = await confirm(owner.client, order.id, { endToEndId: E2E });
    expect(res.status, res.text).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.paymentData).toMatchObject({ pix_end_to_end_id: E2E });
    expect(row.paymentData?.pix_received_amount).toBeUndefined();
  });
});
