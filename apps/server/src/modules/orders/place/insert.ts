import { randomUUID } from 'node:crypto';
import { orderHistory, orderItems, orders } from '@meucardapio/db/schema';
import type { ServiceCtx } from '../../../http/context';
import { CHANNELS, type OrderChannel } from './channels';
import type { StartedPayment } from './payment';
import type { AccountRound, PricedOrder } from './place-order';
import { orderItemRows } from './pricing';

export type OrderInsert = {
  id: string;
  number: number;
  status: 'pending' | 'preparing' | 'delivered';
  request: {
    channel: OrderChannel;
    idempotencyKey: string | null;
    customer: { id: string | null; name: string; phone: string | null; email: string | null };
    placedBy: { employeeId: string | null; name: string };
    note: string | null;
    placedAt?: Date;
    source?: string;
  };
  priced: PricedOrder;
  payment: StartedPayment;
  round: AccountRound | null;
};

/**
 * Step "insert": the order, its items and its first history entry, whatever door it came by, in one
 * statement (the items' and history's keys to the order are checked once it has inserted all three).
 * The items are written whole from here, ids included, so they are answered as written.
 */
export async function insertOrder(ctx: ServiceCtx, draft: OrderInsert) {
  const { request, priced, payment } = draft;
  const { restaurant, delivery } = priced;
  const items: (typeof orderItems.$inferSelect)[] = orderItemRows(restaurant.id, draft.id, priced.lines).map((row) => ({
    ...row,
    id: randomUUID(),
    tableAccountId: draft.round?.accountId ?? null,
    cancelledAt: null,
    cancelReason: null,
    cancelledByName: null,
  }));
  const itemRows = ctx.db.$with('item_rows').as(ctx.db.insert(orderItems).values(items));
  const firstHistory = ctx.db.$with('first_history').as(
    ctx.db.insert(orderHistory).values({
      restaurantId: restaurant.id,
      orderId: draft.id,
      status: draft.status,
      employeeId: request.placedBy.employeeId,
      employeeName: request.placedBy.name,
      notes: CHANNELS[request.channel].historyNote,
      ...(request.placedAt ? { createdAt: request.placedAt } : {}),
    }),
  );
  const [order] = await ctx.db
    .with(firstHistory, itemRows)
    .insert(orders)
    .values({
      id: draft.id,
      restaurantId: restaurant.id,
      number: draft.number,
      ownerId: restaurant.ownerId,
      customerId: request.customer.id,
      customerName: request.customer.name,
      customerPhone: request.customer.phone,
      customerEmail: request.customer.email,
      deliveryType: delivery.deliveryType,
      tableNumber: delivery.tableNumber,
      ...delivery.address,
      paymentMethod: payment.label,
      paymentStatus: payment.paymentStatus,
      paymentData: payment.paymentData,
      installments: payment.installments,
      shippingOption: delivery.shippingOption ? { ...delivery.shippingOption } : null,
      note: request.note,
      couponId: priced.coupon.couponId,
      subtotal: priced.subtotal,
      deliveryFee: delivery.deliveryFee,
      discount: priced.coupon.discount,
      total: priced.total,
      status: draft.status,
      isTest: CHANNELS[request.channel].test,
      channel: request.source ?? null,
      idempotencyKey: request.idempotencyKey,
      ...(request.placedAt ? { createdAt: request.placedAt } : {}),
      tableAccountId: draft.round?.accountId ?? null,
      round: draft.round?.round ?? null,
    })
    .returning();

  return { order, items };
}
