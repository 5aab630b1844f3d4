import {
  chatMessages,
  customerAddresses,
  customerConsents,
  customers,
  orders,
  outboundMessages,
  reviews,
  sessions,
} from '@meucardapio/db/schema';
import { MARKETING_CONSENT } from '@meucardapio/domain/privacy';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMissedNewOrderMessages } from '../src/modules/orders/notifications/new-order-message';
import { customerOf, deliveryOrder, type Shop, setupShop } from './checkout-fixtures';
import { createEmployee, createTestApp, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let shop: Shop;
let other: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await setupShop(t);
  other = await setupShop(t);
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'senha123';

/** A customer with an address, a delivered order, a review and a conversation with the restaurant. */
async function activeCustomer(at: Shop, name: string, phone: string) {
  const c = await customerOf(t, at, { name, phone });
  const email = c.email;
  expect((await c.client.post('/api/customer/addresses', savedAddress(`Casa de ${name}`))).status).toBe(201);
  const order = await c.client.post(
    '/api/customer/orders',
    deliveryOrder(at, { name, phone, note: `Interfone do ${name}` }),
  );
  expect(order.status).toBe(201);
  const orderId = order.body.order.id as string;
  await t.db.insert(reviews).values({
    restaurantId: at.rid,
    orderId,
    customerId: c.customerId,
    customerName: name,
    customerEmail: email,
    rating: 5,
    comment: `Comentário de ${name}`,
  });
  expect((await c.client.post('/api/customer/chat/messages', { orderId, message: `Oi, aqui é ${name}` })).status).toBe(
    201,
  );
  expect((await at.owner.client.post('/api/admin/chat/messages', { orderId, message: `Olá ${name}!` })).status).toBe(
    201,
  );
  // Chat is about open orders; the order is over before the account can go.
  await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, orderId));
  return { ...c, name, phone, orderId, number: order.body.order.number as number };
}

const savedAddress = (name: string) => ({
  name,
  address: 'Rua Augusta',
  number: '500',
  neighborhood: 'Consolação',
  city: 'São Paulo',
  state: 'SP',
  cep: '01305-000',
});

const exportAs = (client: TestClient, format: 'json' | 'csv') =>
  client.post('/api/customer/privacy/export', { format });

describe('"Meus dados": the copy of my data', () => {
  it('holds my profile, addresses, orders, reviews, chat and consents, and nothing of anyone else', async () => {
    const ana = await activeCustomer(shop, 'Ana Export', '11911112222');
    const bia = await activeCustomer(shop, 'Bia Vizinha', '11933334444');
    // The same e-mail at another restaurant is another account, with its own data.
    const anaElsewhere = await customerOf(t, other, { name: 'Ana Outra Loja', email: ana.email });
    await anaElsewhere.client.post('/api/customer/addresses', savedAddress('Endereço da outra loja'));
    await ana.client.put('/api/customer/privacy/marketing', { granted: true });

    const res = await exportAs(ana.client, 'json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = res.body;
    expect(data.profile).toMatchObject({ id: ana.customerId, name: 'Ana Export', email: ana.email });
    expect(data.profile.passwordHash).toBeUndefined();
    expect(data.addresses.map((a: { name: string }) => a.name)).toEqual(['Casa de Ana Export']);
    expect(data.orders.map((o: { id: string }) => o.id)).toEqual([ana.orderId]);
    expect(data.orders[0].items.length).toBeGreaterThan(0);
    expect(data.reviews).toEqual([expect.objectContaining({ rating: 5, comment: 'Comentário de Ana Export' })]);
    expect(data.chat.map((m: { from: string; message: string }) => m.message)).toEqual([
      'Oi, aqui é Ana Export',
      'Olá Ana Export!',
    ]);
    expect(data.consents).toEqual([
      expect.objectContaining({ purpose: 'marketing', granted: true, version: MARKETING_CONSENT.version }),
    ]);
    expect(data.requests).toEqual([expect.objectContaining({ kind: 'export' })]);
    const text = JSON.stringify(data);
    for (const foreign of ['Bia Vizinha', '11933334444', bia.email, 'Ana Outra Loja', 'Endereço da outra loja'])
      expect(text).not.toContain(foreign);

    const csv = await exportAs(ana.client, 'csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.text.startsWith('Seção;Registro;Campo;Valor\r\n')).toBe(true);
    expect(csv.text).toContain(`Perfil;1;email;${ana.email}`);
    expect(csv.text).toContain('Conversas;2;message;Olá Ana Export!');
    for (const foreign of ['Bia Vizinha', bia.email, 'Ana Outra Loja']) expect(csv.text).not.toContain(foreign);
  });

  it('answers only a signed-in customer, with a pt-BR message for a bad body', async () => {
    expect((await t.client().post('/api/customer/privacy/export', { format: 'json' })).status).toBe(401);
    expect((await shop.owner.client.post('/api/customer/privacy/export', { format: 'json' })).status).toBe(403);
    const c = await customerOf(t, shop);
    const bad = await c.client.post('/api/customer/privacy/export', { format: 'xml' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.title).toBe('Dados inválidos');
  });
});

describe('"Meus dados": marketing consent', () => {
  it('is off until given, kept with time and text version, withdrawn in one call, its history kept', async () => {
    const c = await customerOf(t, shop);
    expect((await c.client.get('/api/customer/privacy')).body.marketing).toBeNull();
    const given = await c.client.put('/api/customer/privacy/marketing', { granted: true });
    expect(given.status).toBe(200);
    expect(given.body.message).toBe('Consentimento registrado!');
    expect(given.body.marketing).toMatchObject({ granted: true, version: MARKETING_CONSENT.version });
    expect(Date.now() - Date.parse(given.body.marketing.at)).toBeLessThan(60_000);
    const withdrawn = await c.client.put('/api/customer/privacy/marketing', { granted: false });
    expect(withdrawn.body.marketing.granted).toBe(false);
    expect(withdrawn.body.message).toBe('Consentimento retirado.');
    await c.client.put('/api/customer/privacy/marketing', { granted: false });
    const rows = await t.db
      .select()
      .from(customerConsents)
      .where(eq(customerConsents.customerId, c.customerId))
      .orderBy(customerConsents.createdAt);
    expect(rows.map((r) => [r.granted, r.textVersion])).toEqual([
      [true, MARKETING_CONSENT.version],
      [false, MARKETING_CONSENT.version],
    ]);
    const bad = await c.client.put('/api/customer/privacy/marketing', { granted: 'sim' });
    expect(bad.status).toBe(400);
  });
});

describe('"Meus dados": deleting my account', () => {
  it('asks my password and waits for an order on its way', async () => {
    const c = await customerOf(t, shop);
    const wrong = await c.client.post('/api/customer/privacy/delete-account', { password: 'errada' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.title).toBe('Senha incorreta');
    const empty = await c.client.post('/api/customer/privacy/delete-account', {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.description).toBe('Digite sua senha.');
    const order = await c.client.post('/api/customer/orders', deliveryOrder(shop));
    const open = await c.client.post('/api/customer/privacy/delete-account', { password: PASSWORD });
    expect(open.status).toBe(409);
    expect(open.body.error).toMatchObject({
      title: 'Pedido em andamento',
      description: `Seu pedido #${order.body.order.number} ainda não terminou. Depois da entrega (ou do cancelamento), você poderá excluir sua conta.`,
    });
    expect((await c.client.get('/api/customer/profile')).status).toBe(200);
  });

  it('anonymises me everywhere, keeps my orders under a pseudonym, ends every session; others untouched', async () => {
    const gil = await activeCustomer(shop, 'Gil Apagado', '11955556666');
    const neighbour = await activeCustomer(shop, 'Hugo Fica', '11977778888');
    const gilElsewhere = await customerOf(t, other, { name: 'Gil Outra Loja', email: gil.email });
    const secondDevice = t.client();
    const login = await secondDevice.post(`/api/public/restaurants/${shop.slug}/customers/login`, {
      email: gil.email,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    const [before] = await t.db.select().from(orders).where(eq(orders.id, gil.orderId));

    const res = await gil.client.post('/api/customer/privacy/delete-account', { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Sua conta foi excluída.');
    expect((await gil.client.get('/api/customer/profile')).status).toBe(401);
    expect((await secondDevice.get('/api/customer/profile')).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.customerId, gil.customerId))).toEqual([]);

    const pseudonym = `Cliente removido #${gil.customerId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
    const [account] = await t.db.select().from(customers).where(eq(customers.id, gil.customerId));
    expect(account).toMatchObject({ name: pseudonym, phone: '', passwordHash: null, address: null, cep: null });
    expect(account.email).toMatch(/@anonimo\.invalid$/);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, gil.orderId));
    expect(after).toMatchObject({
      customerId: gil.customerId,
      customerName: pseudonym,
      customerPhone: null,
      customerEmail: null,
      address: null,
      neighborhood: null,
      note: null,
      total: before.total,
      subtotal: before.subtotal,
      status: 'delivered',
      number: gil.number,
    });
    expect(await t.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, gil.customerId))).toEqual(
      [],
    );
    const [review] = await t.db.select().from(reviews).where(eq(reviews.customerId, gil.customerId));
    expect(review).toMatchObject({ customerName: pseudonym, rating: 5 });
    expect(review.customerEmail).not.toBe(gil.email);
    const sent = await t.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.senderType, 'customer'), eq(chatMessages.senderId, gil.customerId)));
    expect(sent.map((m) => m.senderName)).toEqual([pseudonym]);
    expect(await t.db.select().from(outboundMessages).where(eq(outboundMessages.orderId, gil.orderId))).toEqual([]);
    // The log's sweep, which queues the messages orders missed, does not write one back.
    expect(await queueMissedNewOrderMessages(t.db, [{ restaurantId: before.restaurantId, orderId: gil.orderId }])).toBe(
      0,
    );
    expect(await t.db.select().from(outboundMessages).where(eq(outboundMessages.orderId, gil.orderId))).toEqual([]);

    // Signing in with the old e-mail fails; the e-mail may open a new account.
    const again = await t.client().post(`/api/public/restaurants/${shop.slug}/customers/login`, {
      email: gil.email,
      password: PASSWORD,
    });
    expect(again.status).toBe(401);
    await customerOf(t, shop, { email: gil.email });

    // The neighbour and Gil's account at the other restaurant keep everything.
    const [hugo] = await t.db.select().from(customers).where(eq(customers.id, neighbour.customerId));
    expect(hugo).toMatchObject({ name: 'Hugo Fica', email: neighbour.email });
    const [hugoOrder] = await t.db.select().from(orders).where(eq(orders.id, neighbour.orderId));
    expect(hugoOrder.customerName).toBe('Hugo Fica');
    expect((await gilElsewhere.client.get('/api/customer/profile')).body.customer.name).toBe('Gil Outra Loja');
  });
});

describe("the owner's list of requests", () => {
  it('shows each export and deletion with its 15-day deadline, only to this restaurant, only to manage_users', async () => {
    const c = await customerOf(t, other, { name: 'Iara Pede' });
    await exportAs(c.client, 'json');
    await c.client.post('/api/customer/privacy/delete-account', { password: PASSWORD });
    const list = await other.owner.client.get('/api/admin/privacy-requests');
    expect(list.status).toBe(200);
    const mine = list.body.requests.filter((r: { customerId: string }) => r.customerId === c.customerId);
    expect(mine.map((r: { kind: string }) => r.kind)).toEqual(['deletion', 'export']);
    for (const r of mine) {
      expect(Date.parse(r.dueAt) - Date.parse(r.requestedAt)).toBe(15 * 24 * 60 * 60 * 1000);
      expect(r.completedAt).toBe(r.requestedAt);
      expect(r.customerName).toMatch(/^Cliente removido #/);
    }
    const elsewhere = await shop.owner.client.get('/api/admin/privacy-requests');
    expect(elsewhere.body.requests.some((r: { customerId: string }) => r.customerId === c.customerId)).toBe(false);
    const kitchen = await createEmployee(t, other.owner, { profileType: 'kitchen' });
    expect((await kitchen.client.get('/api/admin/privacy-requests')).status).toBe(403);
  });
});
