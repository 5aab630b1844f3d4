import { orderItems, orders, restaurants, reviews } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Owner, registerCustomer, signupOwner, type TestApp } from './helpers';

let t: TestApp;
let a: Owner;
let b: Owner;
let orderOfA: string;
let orderOfB: string;

let seq = 100;
async function insertOrder(
  restaurantId: string,
  number = ++seq,
  extra: { status?: string; customerId?: string | null } = {},
) {
  const [o] = await t.db
    .insert(orders)
    .values({
      restaurantId,
      number,
      customerName: 'Fulano',
      deliveryType: 'pickup',
      subtotal: 1000,
      total: 1000,
      status: 'delivered',
      ...extra,
    })
    .returning({ id: orders.id });
  await t.db
    .insert(orderItems)
    .values({ restaurantId, orderId: o.id, name: 'Pizza Calabresa', quantity: 2, unitPrice: 500, totalPrice: 1000 });
  return o.id;
}

const validReview = {
  customerName: 'Maria Souza',
  customerEmail: 'Maria@Example.com ',
  rating: 5,
  comment: 'Ótima pizza!',
};

beforeAll(async () => {
  t = await createTestApp();
  a = await signupOwner(t);
  b = await signupOwner(t);
  orderOfA = await insertOrder(a.restaurantId, 1);
  orderOfB = await insertOrder(b.restaurantId, 1);
});

afterAll(async () => {
  await t?.close();
});

async function reviewsOf(restaurantId: string) {
  return t.db.select().from(reviews).where(eq(reviews.restaurantId, restaurantId));
}

describe('POST /api/public/restaurants/:slug/reviews', () => {
  it('stores an approved review at once and lists it publicly', async () => {
    const res = await t
      .client()
      .post(`/api/public/restaurants/${a.slug}/reviews`, { ...validReview, orderId: orderOfA });
    expect(res.status).toBe(201);
    expect(res.body.review).toMatchObject({ approved: true, orderId: orderOfA });
    const [row] = (await reviewsOf(a.restaurantId)).filter((r) => r.id === res.body.review.id);
    expect(row).toMatchObject({
      customerName: 'Maria Souza',
      customerEmail: 'maria@example.com',
      rating: 5,
      comment: 'Ótima pizza!',
      approved: true,
      orderId: orderOfA,
      customerId: null,
    });

    const list = await t.client().get(`/api/public/restaurants/${a.slug}/reviews`);
    expect(list.status).toBe(200);
    expect(list.body.show).toBe(true);
    expect(list.body.reviews[0]).toMatchObject({ customerName: 'Maria Souza', rating: 5, comment: 'Ótima pizza!' });
    expect(list.body.reviews[0]).not.toHaveProperty('customerEmail');

    const menu = await t.client().get(`/api/public/restaurants/${a.slug}/menu`);
    expect(menu.body.reviews).toMatchObject({ count: 1, average: 5 });
  });

  it('keeps a review pending (not listed) when the restaurant requires approval', async () => {
    await t.db.update(restaurants).set({ requireReviewApproval: true }).where(eq(restaurants.id, b.restaurantId));
    const res = await t.client().post(`/api/public/restaurants/${b.slug}/reviews`, {
      customerName: 'João',
      customerEmail: 'joao@example.com',
      rating: 2,
      orderId: orderOfB,
    });
    expect(res.status).toBe(201);
    expect(res.body.review.approved).toBe(false);
    const rows = await reviewsOf(b.restaurantId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ approved: false, comment: null });
    const list = await t.client().get(`/api/public/restaurants/${b.slug}/reviews`);
    expect(list.body.reviews).toEqual([]);
    const menu = await t.client().get(`/api/public/restaurants/${b.slug}/menu`);
    expect(menu.body.reviews).toMatchObject({ count: 0, average: null, latest: [] });
    await t.db.update(restaurants).set({ requireReviewApproval: false }).where(eq(restaurants.id, b.restaurantId));
  });

  it('refuses a missing rating, 0 and 6 with the spec text, storing nothing', async () => {
    const before = (await reviewsOf(a.restaurantId)).length;
    for (const rating of [undefined, 0, 6, 3.5, '5']) {
      const res = await t.client().post(`/api/public/restaurants/${a.slug}/reviews`, { ...validReview, rating });
      expect(res.status).toBe(400);
      expect(res.body.error.title).toBe('Por favor, selecione uma avaliação');
    }
    expect((await reviewsOf(a.restaurantId)).length).toBe(before);
  });

  it('requires name and e-mail, and answers malformed bodies with 400 pt-BR', async () => {
    const noName = await t
      .client()
      .post(`/api/public/restaurants/${a.slug}/reviews`, { ...validReview, customerName: '  ' });
    expect(noName.status).toBe(400);
    expect(noName.body.error).toMatchObject({ title: 'Campos obrigatórios', description: 'Informe seu nome.' });

    const noEmail = await t
      .client()
      .post(`/api/public/restaurants/${a.slug}/reviews`, { ...validReview, customerEmail: '' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.error).toMatchObject({ title: 'Campos obrigatórios', description: 'Informe seu e-mail.' });

    const badEmail = await t.client().post(`/api/public/restaurants/${a.slug}/reviews`, {
      ...validReview,
      customerEmail: 'nao-e-email',
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error.description).toBe('Informe um e-mail válido.');

    const notJson = await t.client().post(`/api/public/restaurants/${a.slug}/reviews`, '{oops');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.title).toBe('Dados inválidos');

    const arrayBody = await t.client().post(`/api/public/restaurants/${a.slug}/reviews`, [1, 2]);
    expect(arrayBody.status).toBe(400);
    expect(arrayBody.body.error.title).toBe('Dados inválidos');
  });

  it('answers 404 pt-BR for an unknown restaurant', async () => {
    const res = await t.client().post('/api/public/restaurants/nao-existe/reviews', validReview);
    expect(res.status).toBe(404);
    expect(res.body.error.title).toBe('Restaurante não encontrado');
    const list = await t.client().get('/api/public/restaurants/nao-existe/reviews');
    expect(list.status).toBe(404);
  });

  it('only a delivered order of this restaurant can be reviewed, once', async () => {
    const post = (body: Record<string, unknown>) =>
      t.client().post(`/api/public/restaurants/${a.slug}/reviews`, { ...validReview, ...body });
    const before = (await reviewsOf(a.restaurantId)).length;
    for (const orderId of [
      undefined,
      'abc',
      orderOfB,
      await insertOrder(a.restaurantId, undefined, { status: 'out_for_delivery' }),
    ]) {
      const res = await post({ orderId });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'order_not_reviewable', title: 'Avaliação indisponível' });
    }
    expect((await reviewsOf(a.restaurantId)).length).toBe(before);

    const delivered = await insertOrder(a.restaurantId);
    const [first, second] = await Promise.all([post({ orderId: delivered }), post({ orderId: delivered })]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body.error.title).toBe('Pedido já avaliado');
    expect((await reviewsOf(a.restaurantId)).filter((r) => r.orderId === delivered)).toHaveLength(1);
  });

  it('records the signed-in customer of the same restaurant as author; another customer cannot review the order', async () => {
    const customerOfA = await registerCustomer(t, a.slug);
    const ownOrder = await insertOrder(a.restaurantId, undefined, { customerId: customerOfA.customerId });
    const own = await customerOfA.client.post(`/api/public/restaurants/${a.slug}/reviews`, {
      ...validReview,
      orderId: ownOrder,
    });
    expect(own.status).toBe(201);
    const [ownRow] = (await reviewsOf(a.restaurantId)).filter((r) => r.id === own.body.review.id);
    expect(ownRow.customerId).toBe(customerOfA.customerId);

    const someoneElse = await registerCustomer(t, a.slug);
    const othersOrder = await insertOrder(a.restaurantId, undefined, { customerId: someoneElse.customerId });
    const denied = await customerOfA.client.post(`/api/public/restaurants/${a.slug}/reviews`, {
      ...validReview,
      orderId: othersOrder,
    });
    expect(denied.status).toBe(403);

    // The same browser reviewing restaurant B: A's customer is not B's customer.
    const orderOfB2 = await insertOrder(b.restaurantId);
    const other = await customerOfA.client.post(`/api/public/restaurants/${b.slug}/reviews`, {
      ...validReview,
      orderId: orderOfB2,
    });
    expect(other.status).toBe(201);
    const [otherRow] = (await reviewsOf(b.restaurantId)).filter((r) => r.id === other.body.review.id);
    expect(otherRow.customerId).toBeNull();
  });

  it('posting stays rate limited per address', async () => {
    const client = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const orderId = await insertOrder(a.restaurantId);
      statuses.push(
        (await client.post(`/api/public/restaurants/${a.slug}/reviews`, { ...validReview, orderId })).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('hides the public list when the restaurant turns reviews off', async () => {
    await t.db.update(restaurants).set({ showReviewsOnMenu: false }).where(eq(restaurants.id, a.restaurantId));
    const list = await t.client().get(`/api/public/restaurants/${a.slug}/reviews`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ show: false, reviews: [] });
    const menu = await t.client().get(`/api/public/restaurants/${a.slug}/menu`);
    expect(menu.body.reviews).toMatchObject({ show: false, latest: [] });
    expect(menu.text).not.toContain('Maria Souza');
    await t.db.update(restaurants).set({ showReviewsOnMenu: true }).where(eq(restaurants.id, a.restaurantId));
  });

  it('lists at most the 5 newest approved reviews', async () => {
    const values = Array.from({ length: 7 }, (_, i) => ({
      restaurantId: a.restaurantId,
      customerName: `Pessoa ${i}`,
      customerEmail: `p${i}@example.com`,
      rating: 3,
      createdAt: new Date(Date.now() + (i + 1) * 60_000),
    }));
    await t.db.insert(reviews).values(values);
    const list = await t.client().get(`/api/public/restaurants/${a.slug}/reviews`);
    expect(list.body.reviews.map((r: { customerName: string }) => r.customerName)).toEqual([
      'Pessoa 6',
      'Pessoa 5',
      'Pessoa 4',
      'Pessoa 3',
      'Pessoa 2',
    ]);
  });
});

describe('GET /api/public/restaurants/by-id/:restaurantId/orders/:orderId/review', () => {
  const url = (restaurantId: string, orderId: string) =>
    `/api/public/restaurants/by-id/${restaurantId}/orders/${orderId}/review`;

  it('shows the order summary to whoever holds the review link, without personal data', async () => {
    const orderId = await insertOrder(a.restaurantId);
    const res = await t.client().get(url(a.restaurantId, orderId));
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({
      id: orderId,
      status: 'delivered',
      total: 1000,
      reviewable: true,
      reviewed: false,
      items: [{ name: 'Pizza Calabresa', quantity: 2, totalPrice: 1000 }],
    });
    expect(res.text).not.toContain('Fulano');
    await t.client().post(`/api/public/restaurants/${a.slug}/reviews`, { ...validReview, orderId });
    const after = await t.client().get(url(a.restaurantId, orderId));
    expect(after.body.order).toMatchObject({ reviewable: false, reviewed: true });
  });

  it('cross-tenant: another restaurant’s order or a malformed link is not found', async () => {
    const other = await t.client().get(url(a.restaurantId, orderOfB));
    expect(other.status).toBe(404);
    expect(other.body.error.title).toBe('Pedido não encontrado.');
    const junk = await t.client().get(url(a.restaurantId, 'abc'));
    expect(junk.status).toBe(404);
  });
});
