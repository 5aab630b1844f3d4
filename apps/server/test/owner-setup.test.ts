import { deliveryStates, orders, restaurants } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerOf, setupShop } from './checkout-fixtures';
import { createTestApp, signupOwner, TEST_PASSWORD, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
async function signUp(place: { cep?: string; city?: string }) {
  const client = t.client();
  const res = await client.post('/api/auth/signup', {
    name: 'Dona Lúcia',
    companyName: `Pizzaria BH ${++n}`,
    email: `lucia-${Date.now().toString(36)}-${n}@teste.com.br`,
    password: TEST_PASSWORD,
    ...place,
  });
  return { client, res, restaurantId: res.body?.user?.restaurant?.id as string };
}

const general = (over: Record<string, unknown> = {}) => ({
  name: 'Pizzaria BH',
  slug: `pizzaria-bh-${Date.now().toString(36)}`,
  primaryColor: '#dc2626',
  secondaryColor: '#fef3c7',
  buttonColor: '#16a34a',
  timezone: 'America/Sao_Paulo',
  businessSegment: 'restaurant',
  whatsapp: '(31) 98765-4321',
  ...over,
});

describe('sign-up from the restaurant CEP', () => {
  it("takes the state and the capital from a capital's CEP and delivers in that city", async () => {
    const { res, restaurantId } = await signUp({ cep: '30130-010' });
    expect(res.status).toBe(200);
    const [r] = await t.db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
    expect(r).toMatchObject({
      addressCep: '30130-010',
      addressCity: 'Belo Horizonte',
      addressState: 'MG',
      originPostalCode: '30130-010',
    });
    const states = await t.db.select().from(deliveryStates).where(eq(deliveryStates.restaurantId, restaurantId));
    expect(states).toMatchObject([{ code: 'MG', name: 'Minas Gerais', cities: ['Belo Horizonte'], active: true }]);
  });

  it('takes the city the owner typed (any accents or case) when the CEP is not a capital', async () => {
    const { res, restaurantId } = await signUp({ cep: '13010-000', city: 'campinas' });
    expect(res.status).toBe(200);
    const states = await t.db.select().from(deliveryStates).where(eq(deliveryStates.restaurantId, restaurantId));
    expect(states).toMatchObject([{ code: 'SP', cities: ['Campinas'] }]);
  });

  it('refuses a CEP outside Brazil, a missing city and a city of another state, creating nothing', async () => {
    const badCep = await signUp({ cep: '00000-000' });
    expect(badCep.res.status).toBe(400);
    expect(badCep.res.body.error.description).toBe('Informe o CEP do restaurante (8 dígitos).');
    const noCity = await signUp({ cep: '13010-000' });
    expect(noCity.res.status).toBe(400);
    expect(noCity.res.body.error).toMatchObject({
      title: 'Cidade obrigatória',
      description: 'Informe a cidade do restaurante (São Paulo).',
    });
    const wrongCity = await signUp({ cep: '13010-000', city: 'Belo Horizonte' });
    expect(wrongCity.res.status).toBe(400);
    expect(wrongCity.res.body.error.description).toBe('Belo Horizonte não é uma cidade de São Paulo.');
    // The address was checked before the account: the e-mail is still free.
    const again = await t.client().post('/api/auth/signup', {
      name: 'Dona Lúcia',
      email: 'lucia-livre@teste.com.br',
      password: TEST_PASSWORD,
      cep: '13010-000',
      city: 'Campinas',
    });
    expect(again.status).toBe(200);
  });
});

describe("the restaurant's street address", () => {
  it('is saved with the general settings, the city by its official name', async () => {
    const owner = await signupOwner(t);
    const address = {
      addressCep: '30130010',
      addressStreet: 'Avenida Afonso Pena',
      addressNumber: '1500',
      addressComplement: 'Loja 2',
      addressNeighborhood: 'Centro',
      addressCity: 'belo horizonte',
      addressState: 'mg',
    };
    const res = await owner.client.put('/api/admin/settings/general', general(address));
    expect(res.status).toBe(200);
    expect(res.body.general).toMatchObject({
      ...address,
      addressCep: '30130-010',
      addressCity: 'Belo Horizonte',
      addressState: 'MG',
    });
  });

  it('is where pickup orders are collected and is printed on the 80 mm ticket', async () => {
    const shop = await setupShop(t);
    const before = await t.client().get(`/api/public/restaurants/${shop.slug}/checkout-options`);
    expect(before.body.restaurant.address).toBeNull();
    const saved = await shop.owner.client.put(
      '/api/admin/settings/general',
      general({
        slug: shop.slug,
        addressStreet: 'Rua da Bahia',
        addressNumber: '1148',
        addressNeighborhood: 'Centro',
        addressCity: 'Belo Horizonte',
        addressState: 'MG',
      }),
    );
    expect(saved.status, saved.text).toBe(200);
    const line = 'Rua da Bahia, 1148 · Centro · Belo Horizonte/MG';
    const options = await t.client().get(`/api/public/restaurants/${shop.slug}/checkout-options`);
    expect(options.body.restaurant.address).toBe(line);
    const customer = await customerOf(t, shop);
    const placed = await customer.client.post('/api/customer/orders', {
      items: [{ productId: shop.products.calabresa.id, quantity: 1 }],
      deliveryType: 'pickup',
      name: 'Cliente Teste',
      phone: '(31) 98765-4321',
      paymentMethod: shop.methods.cash,
      cashReceived: 5000,
    });
    expect(placed.status, placed.text).toBe(201);
    const receipt = await shop.owner.client.get(`/api/admin/orders/${placed.body.order.id}/receipt`);
    expect(receipt.body.restaurant.address).toBe(line);
  });

  it('refuses a city outside the state and a CEP of another state', async () => {
    const owner = await signupOwner(t);
    const city = await owner.client.put(
      '/api/admin/settings/general',
      general({ addressState: 'MG', addressCity: 'Campinas' }),
    );
    expect(city.status).toBe(400);
    expect(city.body.error.title).toBe('Cidade inválida');
    const cep = await owner.client.put(
      '/api/admin/settings/general',
      general({ addressCep: '01310-100', addressState: 'MG', addressCity: 'Belo Horizonte' }),
    );
    expect(cep.status).toBe(400);
    expect(cep.body.error.description).toBe('O CEP 01310-100 é de SP, não de MG.');
  });
});

describe('setup checklist', () => {
  const doneKeys = (body: { steps: { key: string; done: boolean }[] }) =>
    body.steps.filter((s) => s.done).map((s) => s.key);

  it('starts empty and ticks each line from the data', async () => {
    const { client, restaurantId } = await signUp({ cep: '30130-010' });
    const first = await client.get('/api/admin/setup-checklist');
    expect(first.status).toBe(200);
    expect(first.body.steps.map((s: { key: string }) => s.key)).toEqual([
      'brand',
      'address',
      'hours',
      'delivery',
      'payments',
      'menu',
      'table',
      'order',
    ]);
    expect(doneKeys(first.body)).toEqual([]);
    expect(first.body.done).toBe(false);

    const me = (await client.get('/api/auth/me')).body.user;
    await client.put(
      '/api/admin/settings/general',
      general({
        slug: me.restaurant.slug,
        logoUrl: 'https://exemplo.com/logo.png',
        addressStreet: 'Rua da Bahia',
        addressNumber: '10',
        addressCity: 'Belo Horizonte',
        addressState: 'MG',
      }),
    );
    const week = Array.from({ length: 7 }, (_, d) => ({
      dayOfWeek: d,
      isClosed: d === 1,
      openTime: '18:00',
      closeTime: '23:00',
    }));
    expect((await client.put('/api/admin/hours', { hours: week })).status).toBe(200);
    await client.post('/api/admin/neighborhoods', { name: 'Savassi', deliveryFee: 700 });
    await client.post('/api/admin/payment-methods/defaults');
    await client.put('/api/admin/cashier/pix-settings', {
      key: 'pix@pizzariabh.com.br',
      keyType: 'email',
      merchantName: 'Pizzaria BH',
      merchantCity: 'Belo Horizonte',
    });
    const cat = await client.post('/api/admin/categories', { name: 'Pizzas' });
    await client.post('/api/admin/products', { name: 'Margherita', price: 4500, categoryId: cat.body.category.id });
    await client.post('/api/admin/tables', { number: 1 });
    const almost = (await client.get('/api/admin/setup-checklist')).body;
    expect(doneKeys(almost)).toEqual(['brand', 'address', 'hours', 'delivery', 'payments', 'menu', 'table']);

    const [r] = await t.db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
    await t.db.insert(orders).values({
      restaurantId,
      number: 1,
      customerName: 'Teste',
      deliveryType: 'pickup',
      paymentMethod: 'Dinheiro',
      subtotal: 4500,
      total: 4500,
    } as typeof orders.$inferInsert);
    const all = (await client.get('/api/admin/setup-checklist')).body;
    expect(all.done).toBe(true);
    expect(r.hoursSetAt).not.toBeNull();
  });

  it("counts only the caller's restaurant", async () => {
    const other = await signupOwner(t);
    const res = await other.client.get('/api/admin/setup-checklist');
    expect(doneKeys(res.body)).toEqual([]);
    expect((await t.client().get('/api/admin/setup-checklist')).status).toBe(401);
  });
});
