import type { DbOrTx } from '@meucardapio/db/client';
import { couponRedemptions, coupons, orderHistory, orders, products, stockHistory } from '@meucardapio/db/schema';
import { checkStatusTransition, type OrderStatus } from '@meucardapio/domain/order-status';
import { returnStockEntry } from '@meucardapio/domain/stock';
import { asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../http/errors';
import { tenant } from '../../http/tenant';
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

  await restoreStock(tx, order, input.by.name);
  await restoreCouponUse(tx, order);

  const now = new Date();
  const [updated] = await tx
    .update(orders)
    .set({ status: 'cancelled', updatedAt: now })
    .where(tenant(orders, restaurantId, eq(orders.id, orderId)))
    .returning();
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

/**
 * Puts back, per product, what the order's sales took minus what was already returned (read from the
 * stock history rows of this order, so a product whose stock control changed since is still right).
 * Products in id order, as order creation takes them, so the two never wait on each other in a cycle.
 */
async function restoreStock(tx: DbOrTx, order: OrderRow, employeeName: string) {
  const held = await tx
    .select({
      productId: stockHistory.productId,
      quantity: sql<number>`sum(case when ${stockHistory.operationType} = 'sale'
        then ${stockHistory.quantityChanged} else -${stockHistory.quantityChanged} end)::int`,
    })
    .from(stockHistory)
    .where(tenant(stockHistory, order.restaurantId, eq(stockHistory.orderId, order.id)))
    .groupBy(stockHistory.productId)
    .orderBy(asc(stockHistory.productId));
  for (const { productId, quantity } of held) {
    if (!(quantity > 0)) continue;
    const [row] = await tx
      .update(products)
      .set({ estoque: sql`${products.estoque} + ${quantity}`, updatedAt: new Date() })
      .where(tenant(products, order.restaurantId, eq(products.id, productId)))
      .returning({ estoque: products.estoque });
    if (!row) continue;
    await tx.insert(stockHistory).values({
      restaurantId: order.restaurantId,
      productId,
      orderId: order.id,
      employeeName,
      ...returnStockEntry(row.estoque - quantity, quantity, order.number),
    });
  }
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
