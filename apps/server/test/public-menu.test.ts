import { randomUUID } from 'node:crypto';
import {
  appUsers,
  categories,
  products,
  restaurantHours,
  restaurantSecrets,
  restaurants,
  reviews,
} from '@meucardapio/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, eventually, keepTestFile, type TestApp } from './helpers';

let t: TestApp;
const SECRET_VALUES = {
  nuvemfiscalApiToken: 'nf-token-SECRET-1c2b',
  nuvemfiscalClientId: 'nf-client-SECRET-9a8b',
  nuvemfiscalClientSecret: 'nf-clientsecret-SECRET-7f6e',
  whatsappApiKey: 'wa-key-SECRET-5d4c',
};
const OWNER_EMAIL = 'dono.secreto@example.com';
const PRIVATE_CNPJ = '12.345.678/0001-99';
const COST_PRICE = 1234567;

let a: { id: string; slug: string; cats: Record<string, string>; prods: Record<string, string> };
let b: { id: string; slug: string };

async function makeRestaurant(slug: string, extra: Partial<typeof restaurants.$inferInsert> = {}) {
  const [owner] = await t.db
    .insert(appUsers)
    .values({ email: `${slug}-${OWNER_EMAIL}`, name: 'Dono', passwordHash: 'argon2-hash-never-public' })
    .returning({ id: appUsers.id });
  const [r] = await t.db
    .insert(restaurants)
    .values({ name: `Restaurante ${slug}`, slug, ownerId: owner.id, ...extra })
    .returning({ id: restaurants.id });
  return r.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const aId = await makeRestaurant('pizzaria-a', {
    cnpj: PRIVATE_CNPJ,
    appClientReferrer: 'referrer-privado',
    originPostalCode: '01310-100',
    googleMyBusinessUrl: 'https://example.com/perfil',
    primaryColor: '#112233',
  });
  await t.db.insert(restaurantSecrets).values({ restaurantId: aId, ...SECRET_VALUES });
  // Categories inserted out of order: the answer must follow sort_order.
  const [bebidas, pizzas, sobremesas] = await t.db
    .insert(categories)
    .values([
      { restaurantId: aId, name: 'Bebidas', sortOrder: 2 },
      { restaurantId: aId, name: 'Pizzas', sortOrder: 0 },
      { restaurantId: aId, name: 'Sobremesas', sortOrder: 1 },
    ])
    .returning({ id: categories.id });
  const [calabresa, mussarela, escondida] = await t.db
    .insert(products)
    .values([
      // Flavour products in no category: still needed by the multi-flavour pizza.
      { restaurantId: aId, name: 'Calabresa', price: 4000, isPizza: true, categoryId: null },
      { restaurantId: aId, name: 'Mussarela', price: 3600, isPizza: true, categoryId: null },
      { restaurantId: aId, name: 'Sabor Esgotado', price: 3000, isPizza: true, available: false },
    ])
    .returning({ id: products.id });
  const [meia, coca, pudim, oculto] = await t.db
    .insert(products)
    .values([
      {
        restaurantId: aId,
        categoryId: pizzas.id,
        name: 'Pizza Meio a Meio',
        price: 4500,
        isPizza: true,
        allowsMultipleFlavors: true,
        maxFlavors: 2,
        pizzaFlavors: [calabresa.id, mussarela.id, escondida.id, randomUUID()],
        variations: [
          { id: 'm', name: 'Média', priceModifier: 0 },
          { id: 'g', name: 'Grande', priceModifier: 1000 },
        ],
        addons: [{ id: 'borda', name: 'Borda recheada', price: 800 }],
        precoCusto: COST_PRICE,
        sku: 'SKU-PRIV',
        codigoNcm: '19059090',
      },
      {
        restaurantId: aId,
        categoryId: bebidas.id,
        name: 'Coca-Cola 2L',
        price: 1200,
        controleEstoque: true,
        estoque: 3,
      },
      { restaurantId: aId, categoryId: sobremesas.id, name: 'Pudim', price: 1500 },
      { restaurantId: aId, categoryId: sobremesas.id, name: 'Produto Indisponível', price: 999, available: false },
    ])
    .returning({ id: products.id });
  await t.db.insert(restaurantHours).values(
    Array.from({ length: 7 }, (_, day) => ({
      restaurantId: aId,
      dayOfWeek: day,
      isClosed: false,
      openTime: '00:00',
      closeTime: '23:59',
    })),
  );
  await t.db.insert(reviews).values([
    { restaurantId: aId, customerName: 'Ana', customerEmail: 'ana@example.com', rating: 5 },
    { restaurantId: aId, customerName: 'Bia', customerEmail: 'bia@example.com', rating: 4 },
    { restaurantId: aId, customerName: 'Caio', customerEmail: 'caio@example.com', rating: 4 },
    { restaurantId: aId, customerName: 'Pendente', customerEmail: 'p@example.com', rating: 1, approved: false },
  ]);
  a = {
    id: aId,
    slug: 'pizzaria-a',
    cats: { bebidas: bebidas.id, pizzas: pizzas.id, sobremesas: sobremesas.id },
    prods: {
      calabresa: calabresa.id,
      mussarela: mussarela.id,
      escondida: escondida.id,
      meia: meia.id,
      coca: coca.id,
      pudim: pudim.id,
      oculto: oculto.id,
    },
  };
  const bId = await makeRestaurant('loja-b', { businessSegment: 'commerce', showReviewsOnMenu: false });
  await t.db.insert(categories).values({ restaurantId: bId, name: 'Outra loja', sortOrder: 0 });
  await t.db.insert(products).values({ restaurantId: bId, name: 'Produto da B', price: 100 });
  await t.db
    .insert(reviews)
    .values({ restaurantId: bId, customerName: 'Cliente B', customerEmail: 'b@example.com', rating: 2 });
  b = { id: bId, slug: 'loja-b' };
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/public/restaurants/:slug/menu', () => {
  it('answers the whole first paint: restaurant, ordered categories, available products, hours, reviews', async () => {
    const res = await t.client().get(`/api/public/restaurants/${a.slug}/menu`);
    expect(res.status).toBe(200);
    const menu = res.body;
    expect(menu.restaurant).toMatchObject({
      id: a.id,
      slug: a.slug,
      name: 'Restaurante pizzaria-a',
      primaryColor: '#112233',
      timezone: 'America/Sao_Paulo',
      businessSegment: 'restaurant',
    });
    expect(menu.categories.map((c: { name: string }) => c.name)).toEqual(['Pizzas', 'Sobremesas', 'Bebidas']);

    const names = menu.products.map((p: { name: string }) => p.name).sort();
    expect(names).toEqual(['Calabresa', 'Coca-Cola 2L', 'Mussarela', 'Pizza Meio a Meio', 'Pudim']);

    const meia = menu.products.find((p: { id: string }) => p.id === a.prods.meia);
    expect(meia).toMatchObject({
      categoryId: a.cats.pizzas,
      price: 4500,
      isPizza: true,
      allowsMultipleFlavors: true,
      maxFlavors: 2,
      variations: [
        { id: 'm', name: 'Média', priceModifier: 0 },
        { id: 'g', name: 'Grande', priceModifier: 1000 },
      ],
      addons: [{ id: 'borda', name: 'Borda recheada', price: 800 }],
      colors: [],
    });
    // Unavailable and unknown flavours are dropped; the uncategorised available ones are in the payload.
    expect(meia.pizzaFlavors.sort()).toEqual([a.prods.calabresa, a.prods.mussarela].sort());
    const calabresa = menu.products.find((p: { id: string }) => p.id === a.prods.calabresa);
    expect(calabresa).toMatchObject({ categoryId: null, price: 4000 });
    // Private product fields stay private.
    expect(meia).not.toHaveProperty('precoCusto');
    expect(meia).not.toHaveProperty('sku');
    expect(meia).not.toHaveProperty('codigoNcm');

    const coca = menu.products.find((p: { id: string }) => p.id === a.prods.coca);
    expect(coca).toMatchObject({ controleEstoque: true, estoque: 3, envioCorreios: false });

    expect(menu.hours).toHaveLength(7);
    expect(menu.hours[0]).toEqual({ dayOfWeek: 0, isClosed: false, openTime: '00:00', closeTime: '23:59' });
    expect(menu.openNow).toBe(true);

    expect(menu.reviews).toMatchObject({
      show: true,
      // The owner entered a profile link but no rating: no invented figures.
      googleRating: null,
      googleReviewsCount: null,
      googleMyBusinessUrl: 'https://example.com/perfil',
      count: 3,
      average: 4.3,
    });
    expect(menu.reviews.latest.map((r: { customerName: string }) => r.customerName).sort()).toEqual([
      'Ana',
      'Bia',
      'Caio',
    ]);
    expect(menu.reviews.latest[0]).not.toHaveProperty('customerEmail');
  });

  it('never carries secrets, owner data or private settings anywhere in the raw JSON', async () => {
    const res = await t.client().get(`/api/public/restaurants/${a.slug}/menu`);
    expect(res.status).toBe(200);
    for (const secret of Object.values(SECRET_VALUES)) expect(res.text).not.toContain(secret);
    for (const priv of [
      OWNER_EMAIL,
      'argon2-hash-never-public',
      PRIVATE_CNPJ,
      'referrer-privado',
      '01310-100',
      String(COST_PRICE),
      'SKU-PRIV',
      'ownerId',
      'requireReviewApproval',
      'p@example.com',
      'Pendente',
    ]) {
      expect(res.text).not.toContain(priv);
    }
  });

  it('sends a strong ETag with must-revalidate and answers 304 to If-None-Match', async () => {
    const client = t.client();
    const first = await client.get(`/api/public/restaurants/${a.slug}/menu`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');

    const again = await client.get(`/api/public/restaurants/${a.slug}/menu`, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    const other = await client.get(`/api/public/restaurants/${a.slug}/menu`, { 'if-none-match': '"outra-coisa"' });
    expect(other.status).toBe(200);

    // A change to the menu changes the tag, so a stale copy is never confirmed.
    await t.db.update(products).set({ price: 1300 }).where(eq(products.id, a.prods.coca));
    await eventually(async () => {
      const changed = await client.get(`/api/public/restaurants/${a.slug}/menu`, { 'if-none-match': etag! });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(changed.body.products.find((p: { id: string }) => p.id === a.prods.coca).price).toBe(1300);
    });
  });

  it('hides a product as soon as it becomes unavailable', async () => {
    await t.db.update(products).set({ available: false }).where(eq(products.id, a.prods.pudim));
    await eventually(async () => {
      const res = await t.client().get(`/api/public/restaurants/${a.slug}/menu`);
      expect(res.body.products.some((p: { id: string }) => p.id === a.prods.pudim)).toBe(false);
    });
    await t.db.update(products).set({ available: true }).where(eq(products.id, a.prods.pudim));
  });

  it('computes openNow from the hours: every day closed means closed', async () => {
    await t.db.update(restaurantHours).set({ isClosed: true, openTime: null, closeTime: null });
    await eventually(async () => {
      const res = await t.client().get(`/api/public/restaurants/${a.slug}/menu`);
      expect(res.body.openNow).toBe(false);
    });
    await t.db.update(restaurantHours).set({ isClosed: false, openTime: '00:00', closeTime: '23:59' });
  });

  it("carries the timezone's offset for today and tomorrow (UTC), the default zone for an unknown one", async () => {
    const res = await t.client().get(`/api/public/restaurants/${a.slug}/menu`);
    const dayStart = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    expect(res.body.zoneOffset).toEqual({
      timeZone: 'America/Sao_Paulo',
      offsetMinutes: -180,
      from: dayStart,
      until: dayStart + 2 * 86_400_000,
    });
    await makeRestaurant('fuso-invalido', { timezone: 'Mars/Olympus' });
    const odd = await t.client().get('/api/public/restaurants/fuso-invalido/menu');
    expect(odd.status).toBe(200);
    expect(odd.body.restaurant.timezone).toBe('Mars/Olympus');
    expect(odd.body.zoneOffset).toMatchObject({ timeZone: 'America/Sao_Paulo', offsetMinutes: -180 });
  });

  it('keeps tenants apart: restaurant B sees only its own catalogue and hides its reviews when asked to', async () => {
    const res = await t.client().get(`/api/public/restaurants/${b.slug}/menu`);
    expect(res.status).toBe(200);
    expect(res.body.restaurant).toMatchObject({ id: b.id, businessSegment: 'commerce', showReviewsOnMenu: false });
    expect(res.body.categories.map((c: { name: string }) => c.name)).toEqual(['Outra loja']);
    expect(res.body.products.map((p: { name: string }) => p.name)).toEqual(['Produto da B']);
    expect(res.body.hours).toEqual([]);
    expect(res.body.openNow).toBe(false);
    expect(res.body.reviews).toMatchObject({ show: false, latest: [], count: 0, average: null });
    expect(res.text).not.toContain('Cliente B');
    expect(res.text).not.toContain('Pizza Meio a Meio');
  });

  it('still answers the menu when the reviews cannot be read: logged, list empty, not cached', async () => {
    const id = await makeRestaurant('reviews-quebradas', { googleRating: 4.8, googleReviewsCount: 120 });
    await t.db.insert(products).values({ restaurantId: id, name: 'Prato do dia', price: 2500 });
    const warn = vi.spyOn(t.deps.log, 'warn');
    // The reviews table out of reach stands for any failed review read (lock timeout, broken row).
    await t.db.execute(sql`alter table reviews rename to reviews_away`);
    try {
      const res = await t.client().get('/api/public/restaurants/reviews-quebradas/menu');
      expect(res.status).toBe(200);
      expect(res.body.products.map((p: { name: string }) => p.name)).toEqual(['Prato do dia']);
      expect(res.body.reviews).toMatchObject({ show: true, latest: [], count: 0, average: null, googleRating: 4.8 });
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ restaurantId: id }),
        'reviews left out of the public menu: they could not be read',
      );
    } finally {
      await t.db.execute(sql`alter table reviews_away rename to reviews`);
      warn.mockRestore();
    }
    await t.db.insert(reviews).values({ restaurantId: id, customerName: 'Ana', customerEmail: 'a@x.com', rating: 5 });
    // The degraded answer was not kept: the next visitor sees the reviews as soon as they can be read.
    const again = await t.client().get('/api/public/restaurants/reviews-quebradas/menu');
    expect(again.body.reviews).toMatchObject({ count: 1, latest: [expect.objectContaining({ customerName: 'Ana' })] });
  });

  it('answers 404 with the spec text for an unknown slug', async () => {
    const res = await t.client().get('/api/public/restaurants/nao-existe/menu');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({
      title: 'Restaurante não encontrado',
      description: 'Verifique o link e tente novamente.',
    });
  });
});

describe('GET /api/public/restaurants/by-id/:id', () => {
  it('answers the brand fields only', async () => {
    const res = await t.client().get(`/api/public/restaurants/by-id/${a.id}`);
    expect(res.status).toBe(200);
    expect(res.body.restaurant).toEqual({
      id: a.id,
      name: 'Restaurante pizzaria-a',
      slug: a.slug,
      logoUrl: null,
      bannerUrl: null,
      primaryColor: '#112233',
      secondaryColor: '#fef3c7',
      buttonColor: '#16a34a',
      showReviewsOnMenu: true,
    });
  });

  it('answers 404 pt-BR for an unknown or malformed id', async () => {
    const unknown = await t.client().get(`/api/public/restaurants/by-id/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.title).toBe('Restaurante não encontrado');
    const malformed = await t.client().get('/api/public/restaurants/by-id/nao-e-uuid');
    expect(malformed.status).toBe(404);
    expect(malformed.body.error.title).toBe('Restaurante não encontrado');
  });
});

describe('GET /api/files/:id', () => {
  it('serves a stored file with its sha256 ETag, long cache and 304', async () => {
    const data = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const url = await keepTestFile(t, a.id, 'image/svg+xml', data);
    const client = t.client();
    const res = await client.get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.text).toBe(data.toString());
    expect(res.headers.get('cache-control')).toContain('max-age=31536000');
    const etag = res.headers.get('etag');
    const { createHash } = await import('node:crypto');
    expect(etag).toBe(`"${createHash('sha256').update(data).digest('hex')}"`);
    const again = await client.get(url, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
  });

  it('answers 404 pt-BR for an unknown or invalid id', async () => {
    const unknown = await t.client().get(`/api/files/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.title).toBe('Arquivo não encontrado');
    const invalid = await t.client().get('/api/files/../../etc/passwd');
    expect([404]).toContain(invalid.status);
    const bad = await t.client().get('/api/files/123');
    expect(bad.status).toBe(404);
    expect(bad.body.error.title).toBe('Arquivo não encontrado');
  });
});
