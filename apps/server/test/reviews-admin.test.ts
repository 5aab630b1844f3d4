import { reviews } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createTestApp, type Owner, signupOwner, type TestApp } from './helpers';
import { OPERATIONAL_PROFILES } from './ops-fixtures';

let t: TestApp;
let owner: Owner;
let other: Owner;
let pendingId: string;
let secondPendingId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupOwner(t);
  other = await signupOwner(t);
  const rows = await t.db
    .insert(reviews)
    .values([
      {
        restaurantId: owner.restaurantId,
        customerName: 'Ana',
        customerEmail: 'ana@x.com',
        rating: 5,
        comment: 'Ótima!',
        approved: false,
      },
      {
        restaurantId: owner.restaurantId,
        customerName: 'Bia',
        customerEmail: 'bia@x.com',
        rating: 2,
        comment: 'Fria',
        approved: false,
      },
      {
        restaurantId: owner.restaurantId,
        customerName: 'Caio',
        customerEmail: 'caio@x.com',
        rating: 4,
        approved: true,
      },
      { restaurantId: other.restaurantId, customerName: 'Outro', customerEmail: 'o@x.com', rating: 1, approved: false },
    ])
    .returning();
  pendingId = rows[0].id;
  secondPendingId = rows[1].id;
});
afterAll(async () => {
  await t?.close();
});

describe('review moderation', () => {
  it('lists pending and approved with counts, own restaurant only', async () => {
    const res = await owner.client.get('/api/admin/reviews');
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ pending: 2, approved: 1 });
    expect(res.body.pending.map((r: { customerName: string }) => r.customerName).sort()).toEqual(['Ana', 'Bia']);
  });

  it('approves and rejects (deletes)', async () => {
    const ok = await owner.client.post(`/api/admin/reviews/${pendingId}/approve`);
    expect(ok.status).toBe(200);
    expect(ok.body.review.approved).toBe(true);
    const del = await owner.client.delete(`/api/admin/reviews/${secondPendingId}`);
    expect(del.status).toBe(200);
    expect(await t.db.select().from(reviews).where(eq(reviews.id, secondPendingId))).toHaveLength(0);
    const res = await owner.client.get('/api/admin/reviews');
    expect(res.body.counts).toEqual({ pending: 0, approved: 2 });
    expect((await owner.client.post('/api/admin/reviews/not-a-uuid/approve')).status).toBe(400);
  });

  it('refuses every operational profile and another restaurant', async () => {
    for (const profileType of OPERATIONAL_PROFILES) {
      const e = await createEmployee(t, owner, { profileType });
      expect((await e.client.get('/api/admin/reviews')).status).toBe(403);
      expect((await e.client.delete(`/api/admin/reviews/${pendingId}`)).status).toBe(403);
    }
    expect((await other.client.delete(`/api/admin/reviews/${pendingId}`)).status).toBe(404);
    expect((await other.client.post(`/api/admin/reviews/${pendingId}/approve`)).status).toBe(404);
    expect(await t.db.select().from(reviews).where(eq(reviews.id, pendingId))).toHaveLength(1);
    const theirs = await other.client.get('/api/admin/reviews');
    expect(theirs.body.counts).toEqual({ pending: 1, approved: 0 });
  });
});
