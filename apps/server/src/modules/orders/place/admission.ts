import type { DbOrTx } from '@meucardapio/db/client';
import { orders, restaurantHours, restaurants } from '@meucardapio/db/schema';
import { checkOpenForOrders, type HoursRow } from '@meucardapio/domain/hours';
import { checkOpenUnpaidOrders, OPEN_ORDER_STATUSES } from '@meucardapio/domain/order-status';
import { eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { ServiceCtx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { tenant } from '../../../http/tenant';

/**
 * Serialises order creation per restaurant (decision 006): order numbers, coupon limits and
 * per-customer counts are then read and written without races (stock keeps its own conditional UPDATE).
 */
export async function lockRestaurantOrders(ctx: ServiceCtx) {
  await ctx.db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.id, ctx.restaurantId))
    .for('update');
}

/** Step "number": the restaurant's next sequential order number, under the lock above. */
export async function nextOrderNumber(ctx: ServiceCtx): Promise<number> {
  const [{ orderSeq }] = await ctx.db
    .update(restaurants)
    .set({ orderSeq: sql`${restaurants.orderSeq} + 1` })
    .where(eq(restaurants.id, ctx.restaurantId))
    .returning({ orderSeq: restaurants.orderSeq });
  return orderSeq;
}

/** The restaurant's weekly hours as the open/closed rules read them. */
export function hoursOf(db: DbOrTx, restaurantId: string): Promise<HoursRow[]> {
  return db
    .select({
      dayOfWeek: restaurantHours.dayOfWeek,
      isClosed: restaurantHours.isClosed,
      openTime: restaurantHours.openTime,
      closeTime: restaurantHours.closeTime,
    })
    .from(restaurantHours)
    .where(tenant(restaurantHours, restaurantId));
}

/**
 * Closed means closed, whatever the browser's clock or cart says: the restaurant's hours in its own
 * timezone, read by the server when the order is placed (decision 022).
 */
export async function assertOpenForOrders(ctx: ServiceCtx, restaurant: { timezone: string }) {
  const open = checkOpenForOrders(await hoursOf(ctx.db, ctx.restaurantId), new Date(), restaurant.timezone);
  if (!open.ok) throw new AppError(409, open.code, open.title, open.description ?? '');
}

/** Each open unpaid order holds stock (and maybe a coupon use): a customer may only hold a few. Under the lock. */
export async function assertFewOpenUnpaidOrders(ctx: ServiceCtx, customerId: string) {
  const [{ openUnpaid }] = await ctx.db
    .select({ openUnpaid: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      tenant(
        orders,
        ctx.restaurantId,
        eq(orders.customerId, customerId),
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
        or(isNull(orders.paymentStatus), ne(orders.paymentStatus, 'approved')),
      ),
    );
  const openCheck = checkOpenUnpaidOrders(openUnpaid);
  if (!openCheck.ok) throw new AppError(409, openCheck.code, openCheck.title, openCheck.description ?? '');
}
