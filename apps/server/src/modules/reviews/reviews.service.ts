import type { Db } from '@meucardapio/db/client';
import { orderItems, orders, restaurants, reviews } from '@meucardapio/db/schema';
import type { MenuReview, MenuReviews, ReviewOrderSummary } from '@meucardapio/domain/menu-views';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Actor } from '../../http/context';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { appendEvent } from '../../realtime/realtime';
import { restaurantBySlug } from '../../tenancy/restaurant-lookup';

/** The menu shows at most this many reviews, newest first. */
export const MENU_REVIEWS_LIMIT = 5;

/** What the summary reads of a restaurant (the public menu passes its public fields). */
type RestaurantForSummary = {
  id: string;
  showReviewsOnMenu: boolean;
  googleRating: number | null;
  googleReviewsCount: number | null;
  googleMyBusinessUrl: string | null;
};

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
  return rows.map((r): MenuReview => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * The reviews block of the public menu. Reviews are an extra of the menu (spec 1: a failed review read is
 * logged and the list is empty): a menu nobody can order from because of them would cost the restaurant
 * its sales. `complete` is false when the list was left empty that way.
 */
export async function reviewSummary(
  db: Db,
  log: Logger,
  restaurant: RestaurantForSummary,
): Promise<{ reviews: MenuReviews; complete: boolean }> {
  // The business listing is shown only as the owner entered it, rating and count together: the spec's
  // defaults (4,5 with 2.069 reviews) would be invented social proof for a real restaurant.
  const listed = restaurant.googleRating !== null && restaurant.googleReviewsCount !== null;
  const base = {
    show: restaurant.showReviewsOnMenu,
    googleRating: listed ? restaurant.googleRating : null,
    googleReviewsCount: listed ? restaurant.googleReviewsCount : null,
    googleMyBusinessUrl: restaurant.googleMyBusinessUrl || null,
  };
  const empty = { ...base, average: null, count: 0, latest: [] };
  if (!restaurant.showReviewsOnMenu) return { reviews: empty, complete: true };
  try {
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
    const summary = {
      ...base,
      count: Number(stats?.count ?? 0),
      average: stats?.average == null ? null : Number(stats.average),
      latest,
    };
    return { reviews: summary, complete: true };
  } catch (err) {
    log.warn({ err, restaurantId: restaurant.id }, 'reviews left out of the public menu: they could not be read');
    return { reviews: empty, complete: false };
  }
}

export type NewPublicReview = {
  customerName: string;
  customerEmail: string;
  rating: number;
  comment?: string | null;
  orderId?: string | null;
};

const orderNotReviewable = () =>
  new AppError(
    400,
    'order_not_reviewable',
    'Avaliação indisponível',
    'Só é possível avaliar um pedido entregue. Use o link "Avaliar Pedido" da sua área de pedidos.',
  );

/**
 * A review of one delivered order of this restaurant, by whoever holds that order's review link
 * (`/review/{restaurantId}?order={orderId}`); a signed-in customer of this restaurant may only review
 * their own orders. Each order is reviewed once: the order row is locked, so two simultaneous posts
 * cannot both pass. Approved at once unless the restaurant asks to approve reviews first
 * (ARCHITECTURE §6.12).
 */
export async function createPublicReview(ctx: { db: Db; actor: Actor | null }, slug: string, input: NewPublicReview) {
  const restaurant = await restaurantBySlug(ctx.db, slug);
  const restaurantId = restaurant.id;
  if (!input.orderId) throw orderNotReviewable();
  const orderId = input.orderId;
  return ctx.db.transaction(async (tx) => {
    // Private setting: read here rather than exposed with the public restaurant fields.
    const [settings] = await tx
      .select({ requireReviewApproval: restaurants.requireReviewApproval })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, customerId: orders.customerId })
      .from(orders)
      .where(tenant(orders, restaurantId, eq(orders.id, orderId)))
      .for('update');
    if (order?.status !== 'delivered') throw orderNotReviewable();
    const customerId = ctx.actor?.kind === 'customer' && ctx.actor.restaurantId === restaurantId ? ctx.actor.id : null;
    if (customerId && order.customerId && order.customerId !== customerId)
      throw forbidden('Este pedido não é seu: só quem fez o pedido pode avaliá-lo.');
    const [already] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(tenant(reviews, restaurantId, eq(reviews.orderId, order.id)))
      .limit(1);
    if (already) throw conflict('Pedido já avaliado', 'Este pedido já foi avaliado. Obrigado pela sua opinião!');
    const approved = !settings?.requireReviewApproval;
    const [row] = await tx
      .insert(reviews)
      .values({
        restaurantId,
        orderId: order.id,
        customerId: customerId ?? order.customerId,
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
    return {
      review: { id: row.id, approved: row.approved, orderId: order.id, createdAt: row.createdAt.toISOString() },
    };
  });
}

/**
 * What the review page shows about the order its link names: items and total, never who ordered or
 * where to. The link itself (restaurant id + order id) is what grants it, as it grants the review.
 */
export async function reviewOrderSummary(db: Db, restaurantId: string, orderId: string): Promise<ReviewOrderSummary> {
  const [order] = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      createdAt: orders.createdAt,
      total: orders.total,
    })
    .from(orders)
    .where(tenant(orders, restaurantId, eq(orders.id, orderId)))
    .limit(1);
  if (!order) throw notFound('Pedido não encontrado.', 'Verifique o link de avaliação.');
  const [items, [review]] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        name: orderItems.name,
        quantity: orderItems.quantity,
        totalPrice: orderItems.totalPrice,
      })
      .from(orderItems)
      .where(tenant(orderItems, restaurantId, eq(orderItems.orderId, order.id)))
      .orderBy(asc(orderItems.name)),
    db
      .select({ id: reviews.id })
      .from(reviews)
      .where(tenant(reviews, restaurantId, eq(reviews.orderId, order.id)))
      .limit(1),
  ]);
  const reviewed = !!review;
  return {
    ...order,
    createdAt: order.createdAt.toISOString(),
    items,
    reviewed,
    reviewable: order.status === 'delivered' && !reviewed,
  };
}

/** The public list: the newest approved reviews of a restaurant found by slug. */
export async function listPublicReviews(ctx: { db: Db }, slug: string) {
  const restaurant = await restaurantBySlug(ctx.db, slug);
  if (!restaurant.showReviewsOnMenu) return { show: false, reviews: [] as MenuReview[] };
  return { show: true, reviews: await latestApprovedReviews(ctx.db, restaurant.id) };
}
