import { orderHistory, orderItems, orders } from '@meucardapio/db/schema';
import { checkCancelReason } from '@meucardapio/domain/table-accounts';
import { eq, isNull, sql } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { returnOrderStock } from '../catalog/stock.service';
import { countSale, uncountSale } from '../daily-sales/daily-sales.service';
import { announceOrderUpdate } from '../orders/order-events';
import { enqueueCancelledItem } from '../printing/print-jobs.service';
import { assertOperation, change } from './account-rows';

/**
 * Cancels an item already sent: out of the bill and of its round's total, with the reason; the kitchen
 * sees it struck out on its screen (an `order.updated`) and, with printers set up, gets a cancellation
 * ticket at its station. A product that controls stock gets its units back: a cancelled line is not
 * sold, and what the kitchen already made is a loss the owner records as one.
 */
export async function cancelItem(ctx: StaffCtx, itemId: string, rawReason: string | null | undefined) {
  const reason = checkCancelReason(rawReason);
  if (!reason.ok) throw badRequest(reason.title, reason.description ?? '', reason.code);
  const [item] = await ctx.db
    .select()
    .from(orderItems)
    .where(tenant(orderItems, ctx.restaurantId, eq(orderItems.id, itemId)))
    .limit(1);
  if (!item?.tableAccountId) throw notFound('Item não encontrado', 'O item não está em uma conta de mesa.');
  return change(ctx, item.tableAccountId, async (tx, a) => {
    assertOperation(a, 'cancel_item');
    const by = tx.actor.name;
    // A round already delivered is in the day's sales: it leaves them, and comes back without the item.
    const [round] = await tx.db
      .select()
      .from(orders)
      .where(tenant(orders, tx.restaurantId, eq(orders.id, item.orderId)))
      .for('update');
    await uncountSale(tx.db, round);
    const [cancelled] = await tx.db
      .update(orderItems)
      .set({ cancelledAt: new Date(), cancelReason: reason.reason, cancelledByName: by })
      .where(
        tenant(
          orderItems,
          tx.restaurantId,
          eq(orderItems.id, itemId),
          isNull(orderItems.cancelledAt),
          eq(orderItems.tableAccountId, a.id),
        ),
      )
      .returning();
    if (!cancelled) throw conflict('Item já cancelado', 'Recarregue a conta para ver o estado atual.');
    const [order] = await tx.db
      .update(orders)
      .set({
        subtotal: sql`greatest(${orders.subtotal} - ${cancelled.totalPrice}, 0)`,
        total: sql`greatest(${orders.total} - ${cancelled.totalPrice}, 0)`,
        updatedAt: new Date(),
      })
      .where(tenant(orders, tx.restaurantId, eq(orders.id, cancelled.orderId)))
      .returning();
    await countSale(tx.db, order);
    if (cancelled.productId)
      await returnOrderStock(tx.db, tx.restaurantId, order, by, {
        productId: cancelled.productId,
        quantity: cancelled.quantity,
      });
    await tx.db.insert(orderHistory).values({
      restaurantId: tx.restaurantId,
      orderId: order.id,
      status: order.status,
      employeeId: tx.actor.kind === 'employee' ? tx.actor.id : null,
      employeeName: by,
      notes: `Item cancelado: ${cancelled.quantity}× ${cancelled.name} — ${reason.reason}`,
    });
    await enqueueCancelledItem(tx.db, tx.restaurantId, cancelled.id, { reason: reason.reason, by });
    await announceOrderUpdate(tx.db, order, { status: order.status });
    return null;
  });
}
