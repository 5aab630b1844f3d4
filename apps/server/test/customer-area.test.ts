import { customerAddresses, restaurants } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerOf, deliveryOrder, type Shop, setupShop, shopPerFile } from './checkout-fixtures';
import { createEmployee, type TestApp } from './helpers';

let t: TestApp;
let shop: Shop;
shopPerFile((made) => ({ t, shop } = made));

const address = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  address: 'Rua Augusta',
  number: '500',
  complement: 'ap 12',
  neighborhood: 'Consolação',
  city: 'São Paulo',
  state: 'sp',
  cep: '01305-000',
  ...over,
});

describe('profile', () => {
  it('reads and updates the own profile; never exposes the password hash', async () => {
    const { client, email } = await customerOf(t, shop);
    const me = await client.get('/api/customer/profile');
    expect(me.status).toBe(200);
    expect(me.body.customer).toMatchObject({ email, name: 'Cliente Teste', neighborhood: 'Bela Vista' });
    expect(me.body.customer.passwordHash).toBeUndefined();
    const upd = await client.put('/api/customer/profile', {
      name: 'Maria Souza',
      phone: '(11) 91234-5678',
      address: 'Rua Nova',
      number: '9',
      neighborhood: 'Consolação',
      city: 'São Paulo',
      state: 'sp',
      cep: '01305-000',
      birthDay: 12,
      birthMonth: 3,
    });
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe('Perfil atualizado!');
    expect(upd.body.customer).toMatchObject({ name: 'Maria Souza', state: 'SP', birthDay: 12, email });
    const bad = await client.put('/api/customer/profile', { name: '', phone: '1' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.title).toBe('Preencha todos os campos obrigatórios.');
    const month = await client.put('/api/customer/profile', { name: 'A', phone: '1', birthMonth: 13 });
    expect(month.body.error.title).toBe('Mês de aniversário inválido.');
  });

  it('refuses anonymous visitors and staff', async () => {
    expect((await t.client().get('/api/customer/profile')).status).toBe(401);
    expect((await shop.owner.client.get('/api/customer/profile')).status).toBe(403);
    const staff = await createEmployee(t, shop.owner, { profileType: 'counter' });
    expect((await staff.client.put('/api/customer/profile', { name: 'x', phone: 'y' })).status).toBe(403);
  });
});

describe('address book', () => {
  it('saves at most 4 addresses, validates required fields, updates and deletes', async () => {
    const { client } = await customerOf(t, shop);
    const missing = await client.post('/api/customer/addresses', address('Casa', { number: ' ' }));
    expect(missing.status).toBe(400);
    expect(missing.body.error.title).toBe('Preencha todos os campos obrigatórios.');
    const ids: string[] = [];
    for (const name of ['Casa', 'Trabalho', 'Mãe', 'Academia']) {
      const r = await client.post('/api/customer/addresses', address(name));
      expect(r.status).toBe(201);
      expect(r.body.message).toBe('Endereço salvo!');
      ids.push(r.body.address.id);
    }
    const fifth = await client.post('/api/customer/addresses', address('Praia'));
    expect(fifth.status).toBe(409);
    expect(fifth.body.error).toMatchObject({
      title: 'Limite atingido',
      description: 'Você pode salvar no máximo 4 endereços.',
    });
    const list = await client.get('/api/customer/addresses');
    expect(list.body.addresses.map((a: { name: string }) => a.name)).toEqual(['Casa', 'Trabalho', 'Mãe', 'Academia']);
    expect(list.body.addresses[0]).toMatchObject({ state: 'SP', cep: '01305-000' });

    const upd = await client.put(`/api/customer/addresses/${ids[0]}`, address('Casa nova', { number: '42' }));
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ message: 'Endereço atualizado!', address: { name: 'Casa nova', number: '42' } });
    const del = await client.delete(`/api/customer/addresses/${ids[1]}`);
    expect(del.body.message).toBe('Endereço excluído!');
    expect((await client.get('/api/customer/addresses')).body.addresses).toHaveLength(3);
    expect((await client.post('/api/customer/addresses', address('Praia'))).status).toBe(201);
    expect((await client.delete('/api/customer/addresses/not-a-uuid')).status).toBe(400);
  });

  it('parallel saves cannot pass the limit', async () => {
    const { client, customerId } = await customerOf(t, shop);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => client.post('/api/customer/addresses', address(`E${i}`))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    const rows = await t.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId));
    expect(rows).toHaveLength(4);
  });

  it('another customer can neither see nor change my addresses', async () => {
    const me = await customerOf(t, shop);
    const mine = (await me.client.post('/api/customer/addresses', address('Casa'))).body.address.id;
    const other = await customerOf(t, shop);
    expect((await other.client.get('/api/customer/addresses')).body.addresses).toEqual([]);
    expect((await other.client.put(`/api/customer/addresses/${mine}`, address('Roubado'))).status).toBe(404);
    expect((await other.client.delete(`/api/customer/addresses/${mine}`)).status).toBe(404);
    const otherShop = await setupShop(t, { paymentMethods: false });
    const foreign = await customerOf(t, otherShop);
    expect((await foreign.client.delete(`/api/customer/addresses/${mine}`)).status).toBe(404);
    const [row] = await t.db.select().from(customerAddresses).where(eq(customerAddresses.id, mine));
    expect(row.name).toBe('Casa');
  });
});

describe('own orders', () => {
  it('lists only my orders, newest first, with items and payment status; never another customer’s', async () => {
    const a = await customerOf(t, shop);
    const b = await customerOf(t, shop);
    const first = await a.client.post('/api/customer/orders', deliveryOrder(shop));
    const second = await a.client.post(
      '/api/customer/orders',
      deliveryOrder(shop, {
        paymentMethod: shop.methods.card,
        cashReceived: null,
        items: [{ productId: shop.products.mussarela.id, quantity: 2 }],
      }),
    );
    const theirs = await b.client.post('/api/customer/orders', deliveryOrder(shop));
    expect([first.status, second.status, theirs.status]).toEqual([201, 201, 201]);

    const list = await a.client.get('/api/customer/orders');
    expect(list.status).toBe(200);
    expect(list.body.orders.map((o: { id: string }) => o.id)).toEqual([second.body.order.id, first.body.order.id]);
    expect(list.body.orders[0]).toMatchObject({
      paymentStatus: 'pending',
      paymentMethod: 'Cartão de Crédito',
      restaurant: { slug: shop.slug },
      items: [expect.objectContaining({ name: 'Pizza Mussarela', quantity: 2, unitPrice: 3500 })],
    });
    expect(list.body.orders[0].checkoutUrl).toContain('/api/payments/simulator/checkout');
    expect(list.body.orders[1].paymentStatus).toBeNull();

    const one = await a.client.get(`/api/customer/orders/${first.body.order.id}`);
    expect(one.body.order.id).toBe(first.body.order.id);
    expect((await b.client.get(`/api/customer/orders/${first.body.order.id}`)).status).toBe(404);
    expect((await b.client.post(`/api/customer/orders/${first.body.order.id}/verify-payment`)).status).toBe(404);
    expect((await b.client.get('/api/customer/orders')).body.orders.map((o: { id: string }) => o.id)).toEqual([
      theirs.body.order.id,
    ]);

    // Across restaurants: a customer of another restaurant sees nothing of this one.
    const otherShop = await setupShop(t, { paymentMethods: false });
    const foreign = await customerOf(t, otherShop, { email: a.email });
    expect((await foreign.client.get('/api/customer/orders')).body.orders).toEqual([]);
    expect((await foreign.client.get(`/api/customer/orders/${first.body.order.id}`)).status).toBe(404);
    // Staff are not customers.
    expect((await shop.owner.client.get('/api/customer/orders')).status).toBe(403);
    expect((await t.client().get('/api/customer/orders')).status).toBe(401);
    expect((await a.client.get('/api/customer/orders/nope')).status).toBe(400);
  });

  it('gives each order the restaurant’s timezone, so its times read as the restaurant’s clock', async () => {
    await t.db.update(restaurants).set({ timezone: 'America/Manaus' }).where(eq(restaurants.id, shop.rid));
    try {
      const a = await customerOf(t, shop);
      const placed = await a.client.post('/api/customer/orders', deliveryOrder(shop));
      expect(placed.status).toBe(201);
      expect(placed.body.order.restaurant.timezone).toBe('America/Manaus');
      const list = await a.client.get('/api/customer/orders');
      expect(list.body.orders[0].restaurant).toMatchObject({ slug: shop.slug, timezone: 'America/Manaus' });
    } finally {
      await t.db.update(restaurants).set({ timezone: 'America/Sao_Paulo' }).where(eq(restaurants.id, shop.rid));
    }
  });
});
