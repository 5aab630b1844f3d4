import { reviews } from '@meucardapio/db/schema';
import { and, desc, eq } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { appendEvent } from '../../realtime/realtime';

export type AdminReview = {
  id: string;
  orderId: string | null;
  customerName: string;
  customerEmail: string;
  rating: number;
  comment: string | null;
  approved: boolean;
  createdAt: string;
};

const reviewNotFound = () => notFound('Avaliação não encontrada', 'Recarregue a página e tente novamente.');

const view = (r: typeof reviews.$inferSelect): AdminReview => ({
  id: r.id,
  orderId: r.orderId,
  customerName: r.customerName,
  customerEmail: r.customerEmail,
  rating: r.rating,
  comment: r.comment,
  approved: r.approved,
  createdAt: r.createdAt.toISOString(),
});

/** Both moderation lists, newest first, with their counts. */
export async function listReviewsForModeration(ctx: StaffCtx) {
  const rows = await ctx.db
    .select()
    .from(reviews)
    .where(tenant(reviews, ctx.restaurantId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(1000);
  const pending = rows.filter((r) => !r.approved).map(view);
  const approved = rows.filter((r) => r.approved).map(view);
  return { pending, approved, counts: { pending: pending.length, approved: approved.length } };
}

/** Aprovar: the review becomes public on the menu. */
export async function approveReview(ctx: StaffCtx, id: string): Promise<AdminReview> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ approved: true })
      .where(and(tenant(reviews, ctx.restaurantId, eq(reviews.id, id))))
      .returning();
    if (!row) throw reviewNotFound();
    await appendEvent(tx, {
      restaurantId: ctx.restaurantId,
      type: 'review.updated',
      permission: 'manage_reviews',
      payload: { reviewId: id, approved: true },
    });
    return view(row);
  });
}

/** Rejeitar: the review is deleted (spec 3 §4). */
export async function rejectReview(ctx: StaffCtx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(reviews)
      .where(tenant(reviews, ctx.restaurantId, eq(reviews.id, id)))
      .returning({ id: reviews.id });
    if (rows.length === 0) throw reviewNotFound();
    await appendEvent(tx, {
      restaurantId: ctx.restaurantId,
      type: 'review.updated',
      permission: 'manage_reviews',
      payload: { reviewId: id, deleted: true },
    });
  });
}
