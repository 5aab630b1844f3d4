import type { Tx } from '@meucardapio/db/client';
import { orderHistory, orderItems, orders, type restaurants } from '@meucardapio/db/schema';
import type { OrderProposal } from '@meucardapio/domain/checkout';
import type { CustomerActor } from '../../../http/context';
import { appendEvent } from '../../../realtime/realtime';
import type { AppliedCoupon } from './order-coupon';
import type { OrderDelivery } from './order-delivery';
import type { PaymentPlan } from './order-payment';
import { orderItemRows, type PricedLine } from './order-pricing';

export type OrderDraft = {
  restaurant: typeof restaurants.$inferSelect;
  customer: Pick<CustomerActor, 'id' | 'email'> & { name: string; phone: string };
  number: number;
  lines: readonly PricedLine[];
  subtotal: number;
  delivery: OrderDelivery;
  coupon: AppliedCoupon;
  total: number;
  payment: PaymentPlan;
  note: OrderProposal['note'];
  idempotencyKey: string | null;
};

/** Step "insert": the order, its items and its first history entry. */
export async function insertOrder(tx: Tx, draft: OrderDraft) {
  const { restaurant, customer, delivery, payment } = draft;
  const [order] = await tx
    .insert(orders)
    .values({
      restaurantId: restaurant.id,
      number: draft.number,
      ownerId: restaurant.ownerId,
      customerId: customer.id,
      customerName: customer.name,
      customerPhone: customer.phone,
      customerEmail: customer.email,
      deliveryType: delivery.deliveryType,
      tableNumber: delivery.tableNumber,
      ...delivery.address,
      paymentMethod: payment.method.name,
      paymentStatus: payment.paymentStatus,
      paymentData: payment.paymentData,
      installments: payment.installments,
      shippingOption: delivery.shippingOption ? { ...delivery.shippingOption } : null,
      note: draft.note,
      couponId: draft.coupon.couponId,
      subtotal: draft.subtotal,
      deliveryFee: delivery.deliveryFee,
      discount: draft.coupon.discount,
      total: draft.total,
      status: 'pending',
      idempotencyKey: draft.idempotencyKey,
    })
    .returning();

  const items = await tx
    .insert(orderItems)
    .values(orderItemRows(restaurant.id, order.id, draft.lines))
    .returning();

  await tx.insert(orderHistory).values({
    restaurantId: restaurant.id,
    orderId: order.id,
    status: 'pending',
    employeeName: customer.name,
    notes: 'Pedido realizado pelo cardápio online',
  });
  return { order, items };
}

/** The staff's live news of the order, in the same transaction. */
export async function announceOrder(tx: Tx, draft: OrderDraft, orderId: string) {
  await appendEvent(tx, {
    restaurantId: draft.restaurant.id,
    type: 'order.created',
    permission: 'manage_orders',
    customerId: draft.customer.id,
    // An unpaid card/PIX order is not news for the kitchen yet: the board rings when it is paid.
    payload: {
      orderId,
      number: draft.number,
      status: 'pending',
      total: draft.total,
      deliveryType: draft.delivery.deliveryType,
      customerName: draft.customer.name,
      awaitingPayment: draft.payment.paymentStatus === 'pending',
    },
  });
}
