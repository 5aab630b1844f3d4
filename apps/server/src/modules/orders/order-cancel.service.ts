import type { DbOrTx } from '@meucardapio/db/client';
import { couponRedemptions, coupons, orderHistory, orders } from '@meucardapio/db/schema';
import { checkStatusTransition, type OrderStatus } from '@meucardapio/domain/order-status';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { returnOrderStock } from '../catalog/stock.service';
import { recountSale } from '../daily-sales/daily-sales.service';
import { announceOrderUpdate } from './order-events';

type OrderRow = typeof orders.$inferSelect;

/** Who cancels: a staff member, or the system (a declined payment, the unpaid-order job) by name only. */
export type CancelledBy = { employeeId: string | null; name: string };

export type CancelInput = {
  restaurantId: string;
  orderId: string;
  by: CancelledBy;
  notes?: string | null;
};

/** `cancelled` is false when the order already was cancelled: nothing was given back again. */
export type CancelOutcome = { cancelled: boolean; order: OrderRow };

/**
 * Cancels an order and gives back what it held: the stock its sale took (an entry per product in the
 * stock history) and its coupon use (the customer's use removed, the coupon's count decremented).
 * Runs in the caller's transaction. The order row is locked first and an order already cancelled is
 * left untouched, so two cancellations at once give back once. Null when the order does not exist in
 * this restaurant; a delivered order cannot be cancelled (409).
 */
export async function cancelOrderAndRestore(tx: DbOrTx, input: CancelInput): Promise<CancelOutcome | null> {
  const { restaurantId, orderId } = input;
  const [order] = await tx
    .select()
    .from(orders)
    .where(tenant(orders, restaurantId, eq(orders.id, orderId)))
    .for('update')
    .limit(1);
  if (!order) return null;
  if (order.status === 'cancelled') return { cancelled: false, order };
  // The column's check constraint keeps it to the stored statuses.
  const check = checkStatusTransition(order.status as OrderStatus, 'cancelled', order.deliveryType);
  if (!check.ok) throw new AppError(409, check.code, check.title, check.description ?? '');

  await returnOrderStock(tx, restaurantId, order, input.by.name);
  await restoreCouponUse(tx, order);

  const now = new Date();
  const updated = await recountSale(tx, order, async () => {
    const [row] = await tx
      .update(orders)
      .set({ status: 'cancelled', updatedAt: now })
      .where(tenant(orders, restaurantId, eq(orders.id, orderId)))
      .returning();
    return row;
  });
  await tx.insert(orderHistory).values({
    restaurantId,
    orderId,
    status: 'cancelled',
    employeeId: input.by.employeeId,
    employeeName: input.by.name,
    notes: input.notes?.trim() || null,
    createdAt: now,
  });
  await announceOrderUpdate(tx, order, {
    status: 'cancelled',
    previousStatus: order.status,
    deliveryEmployeeId: order.deliveryEmployeeId,
  });
  return { cancelled: true, order: updated };
}

/** Removes the order's coupon redemption; the coupon's count goes down only if one was removed. */
async function restoreCouponUse(tx: DbOrTx, order: OrderRow) {
  const removed = await tx
    .delete(couponRedemptions)
    .where(tenant(couponRedemptions, order.restaurantId, eq(couponRedemptions.orderId, order.id)))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of removed) {
    await tx
      .update(coupons)
      .set({ usesCount: sql`greatest(${coupons.usesCount} - 1, 0)` })
      .where(tenant(coupons, order.restaurantId, eq(coupons.id, couponId)));
  }
}
