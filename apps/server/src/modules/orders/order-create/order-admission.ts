import type { Tx } from '@meucardapio/db/client';
import { orders, restaurants } from '@meucardapio/db/schema';
import { checkOpenForOrders } from '@meucardapio/domain/hours';
import { checkOpenUnpaidOrders, OPEN_ORDER_STATUSES } from '@meucardapio/domain/order-status';
import { eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { AppError } from '../../../http/errors';
import { tenant } from '../../../http/tenant';
import { hoursOf } from '../checkout.service';

/**
 * Serialises order creation per restaurant: order numbers, coupon limits and per-customer counts are
 * then read and written without races (stock keeps its own conditional UPDATE too).
 */
export async function lockRestaurantOrders(tx: Tx, restaurantId: string) {
  await tx.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, restaurantId)).for('update');
}

/**
 * Whether the restaurant takes this customer's order now. Closed means closed, whatever the browser's
 * clock or cart says: the restaurant's hours in its own timezone, read under the lock above. And each
 * open unpaid order holds stock (and maybe a coupon use): a customer may only hold a few.
 */
export async function admitOrder(tx: Tx, restaurant: { id: string; timezone: string }, customerId: string) {
  const open = checkOpenForOrders(await hoursOf(tx, restaurant.id), new Date(), restaurant.timezone);
  if (!open.ok) throw new AppError(409, open.code, open.title, open.description ?? '');

  const [{ openUnpaid }] = await tx
    .select({ openUnpaid: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      tenant(
        orders,
        restaurant.id,
        eq(orders.customerId, customerId),
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
        or(isNull(orders.paymentStatus), ne(orders.paymentStatus, 'approved')),
      ),
    );
  const openCheck = checkOpenUnpaidOrders(openUnpaid);
  if (!openCheck.ok) throw new AppError(409, openCheck.code, openCheck.title, openCheck.description ?? '');
}

/** Step "number": the restaurant's next sequential order number, under the lock above. */
export async function nextOrderNumber(tx: Tx, restaurantId: string): Promise<number> {
  const [{ orderSeq }] = await tx
    .update(restaurants)
    .set({ orderSeq: sql`${restaurants.orderSeq} + 1` })
    .where(eq(restaurants.id, restaurantId))
    .returning({ orderSeq: restaurants.orderSeq });
  return orderSeq;
}
