import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type Owner, signupOwner, type TestApp } from './helpers';

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
});
afterAll(async () => {
  await t?.close();
});

const menu = async () => (await t.client().get(`/api/public/restaurants/${owner.slug}/menu`)).body;

describe('figures the owner never gave', () => {
  it('a new restaurant shows no Google rating and no struck-through price', async () => {
    const created = await owner.client.post('/api/admin/products', { name: 'Pizza Grande', price: 8990 });
    expect(created.status).toBe(201);
    expect(created.body.product.compareAtPrice).toBeNull();
    await eventually(async () => {
      const m = await menu();
      expect(m.reviews).toMatchObject({ googleRating: null, googleReviewsCount: null });
      expect(m.products.find((p: { name: string }) => p.name === 'Pizza Grande')).toMatchObject({
        price: 8990,
        compareAtPrice: null,
      });
    });
  });

  it('shows the Google block only once the owner entered both the rating and the count', async () => {
    const reviews = { showReviewsOnMenu: true, requireReviewApproval: false, googleMyBusinessUrl: null };
    const onlyRating = await owner.client.put('/api/admin/settings/reviews', { ...reviews, googleRating: 4.5 });
    expect(onlyRating.status).toBe(200);
    await eventually(async () => expect((await menu()).reviews.googleRating).toBeNull());
    const both = await owner.client.put('/api/admin/settings/reviews', {
      ...reviews,
      googleRating: 4.5,
      googleReviewsCount: 2069,
    });
    expect(both.status).toBe(200);
    await eventually(async () =>
      expect((await menu()).reviews).toMatchObject({ googleRating: 4.5, googleReviewsCount: 2069 }),
    );
  });

  it('shows a "preço de" only as the owner set it, and only above the price', async () => {
    const below = await owner.client.post('/api/admin/products', {
      name: 'Calzone',
      price: 5000,
      compareAtPrice: 5000,
    });
    expect(below.status).toBe(400);
    expect(below.body.error.description).toBe('O "preço de" deve ser maior que o preço de venda (ou fique em branco).');
    const real = await owner.client.post('/api/admin/products', { name: 'Calzone', price: 5000, compareAtPrice: 5900 });
    expect(real.status).toBe(201);
    expect(real.body.product.compareAtPrice).toBe(5900);
    const id = real.body.product.id;
    // Raising the price past the former one is refused too, not left to the database.
    const raised = await owner.client.put(`/api/admin/products/${id}`, {
      name: 'Calzone',
      price: 6000,
      compareAtPrice: 5900,
    });
    expect(raised.status).toBe(400);
    await eventually(async () => {
      const calzone = (await menu()).products.find((p: { name: string }) => p.name === 'Calzone');
      expect(calzone).toMatchObject({ price: 5000, compareAtPrice: 5900 });
    });
    const cleared = await owner.client.put(`/api/admin/products/${id}`, {
      name: 'Calzone',
      price: 6000,
      compareAtPrice: null,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.product.compareAtPrice).toBeNull();
  });

  it("another restaurant cannot set a product's former price", async () => {
    const other = await signupOwner(t);
    const mine = await owner.client.post('/api/admin/products', { name: 'Lasanha', price: 4000 });
    const res = await other.client.put(`/api/admin/products/${mine.body.product.id}`, {
      name: 'Lasanha',
      price: 4000,
      compareAtPrice: 9000,
    });
    expect(res.status).toBe(404);
    const again = await owner.client.get(`/api/admin/products/${mine.body.product.id}`);
    expect(again.body.product.compareAtPrice).toBeNull();
  });
});
