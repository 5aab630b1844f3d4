import type { Db } from '@meucardapio/db/client';
import { orders, restaurants, reviews } from '@meucardapio/db/schema';
import { desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../http/context';
import { tenant } from '../../http/tenant';
import { appendEvent } from '../../realtime/realtime';
import { findPublicRestaurantBySlug, type PublicRestaurant } from '../restaurants/public-menu.service';

/** Business-listing defaults the spec shows when the owner has not filled them in. */
export const DEFAULT_GOOGLE_RATING = 4.5;
export const DEFAULT_GOOGLE_REVIEWS_COUNT = 2069;
/** The menu shows at most this many reviews, newest first. */
export const MENU_REVIEWS_LIMIT = 5;

export type PublicReview = {
  id: string;
  rating: number;
  customerName: string;
  comment: string | null;
  createdAt: string;
};

export type ReviewSummary = {
  /** The restaurant's show_reviews_on_menu flag; when false no review is sent. */
  show: boolean;
  googleRating: number;
  googleReviewsCount: number;
  googleMyBusinessUrl: string | null;
  /** Average rating of all approved reviews, one decimal; null when there are none. */
  average: number | null;
  /** Number of approved reviews. */
  count: number;
  /** The newest approved reviews (at most 5). */
  latest: PublicReview[];
};

type RestaurantForSummary = Pick<
  PublicRestaurant,
  'id' | 'showReviewsOnMenu' | 'googleRating' | 'googleReviewsCount' | 'googleMyBusinessUrl'
>;

/** The newest approved reviews of a restaurant; pending (unapproved) reviews are never public. */
export async function latestApprovedReviews(db: Db, restaurantId: string, limit = MENU_REVIEWS_LIMIT) {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      customerName: reviews.customerName,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(tenant(reviews, restaurantId, eq(reviews.approved, true)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  return rows.map((r): PublicReview => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The reviews block of the public menu. */
export async function reviewSummary(db: Db, restaurant: RestaurantForSummary): Promise<ReviewSummary> {
  const base = {
    show: restaurant.showReviewsOnMenu,
    googleRating: restaurant.googleRating ?? DEFAULT_GOOGLE_RATING,
    googleReviewsCount: restaurant.googleReviewsCount ?? DEFAULT_GOOGLE_REVIEWS_COUNT,
    googleMyBusinessUrl: restaurant.googleMyBusinessUrl || null,
  };
  if (!restaurant.showReviewsOnMenu) return { ...base, average: null, count: 0, latest: [] };
  const [[stats], latest] = await Promise.all([
    db
      .select({
        count: sql<number>`count(*)::int`,
        // Rounded in SQL to one decimal; numeric → text → number keeps both drivers alike.
        average: sql<string | null>`round(avg(${reviews.rating})::numeric, 1)::text`,
      })
      .from(reviews)
      .where(tenant(reviews, restaurant.id, eq(reviews.approved, true))),
    latestApprovedReviews(db, restaurant.id),
  ]);
  return {
    ...base,
    count: Number(stats?.count ?? 0),
    average: stats?.average == null ? null : Number(stats.average),
    latest,
  };
}

export type NewPublicReview = {
  customerName: string;
  customerEmail: string;
  rating: number;
  comment?: string | null;
  orderId?: string | null;
};

/**
 * A visitor's review. Approved at once unless the restaurant asks to approve reviews first
 * (ARCHITECTURE §6.12). An order id is attached only when that order belongs to this restaurant,
 * so nobody can tie a review to another tenant's order; a signed-in customer of this restaurant is
 * recorded as its author.
 */
export async function createPublicReview(ctx: { db: Db; actor: Actor | null }, slug: string, input: NewPublicReview) {
  const restaurant = await findPublicRestaurantBySlug(ctx.db, slug);
  const restaurantId = restaurant.id;
  return ctx.db.transaction(async (tx) => {
    // Private setting: read here rather than exposed with the public restaurant fields.
    const [settings] = await tx
      .select({ requireReviewApproval: restaurants.requireReviewApproval })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    let orderId: string | null = null;
    if (input.orderId) {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(tenant(orders, restaurantId, eq(orders.id, input.orderId)))
        .limit(1);
      orderId = order?.id ?? null;
    }
    const customerId = ctx.actor?.kind === 'customer' && ctx.actor.restaurantId === restaurantId ? ctx.actor.id : null;
    const approved = !settings?.requireReviewApproval;
    const [row] = await tx
      .insert(reviews)
      .values({
        restaurantId,
        orderId,
        customerId,
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        rating: input.rating,
        comment: input.comment || null,
        approved,
      })
      .returning({ id: reviews.id, approved: reviews.approved, createdAt: reviews.createdAt });
    await appendEvent(tx, {
      restaurantId,
      type: 'review.created',
      permission: 'manage_reviews',
      payload: { reviewId: row.id, rating: input.rating, approved },
    });
    return { review: { id: row.id, approved: row.approved, orderId, createdAt: row.createdAt.toISOString() } };
  });
}

/** The public list: the newest approved reviews of a restaurant found by slug. */
export async function listPublicReviews(ctx: { db: Db }, slug: string) {
  const restaurant = await findPublicRestaurantBySlug(ctx.db, slug);
  if (!restaurant.showReviewsOnMenu) return { show: false, reviews: [] as PublicReview[] };
  return { show: true, reviews: await latestApprovedReviews(ctx.db, restaurant.id) };
}
