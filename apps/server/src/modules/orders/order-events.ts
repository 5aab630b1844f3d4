import type { DbOrTx } from '@meucardapio/db/client';
import type { orders } from '@meucardapio/db/schema';
import { isCheckoutOrder } from '@meucardapio/domain/hosted-checkout';
import type { OrderCreatedEvent, OrderUpdatedEvent } from '@meucardapio/domain/live-events';
import { isLocalPixOrder } from '@meucardapio/domain/order-pix';
import { isAwaitingPayment } from '@meucardapio/domain/order-status';
import { appendEvent, eventsStep } from '../../realtime/realtime';

type OrderRow = typeof orders.$inferSelect;

/**
 * The news of a new order, one shape whatever door it came by; the board reads `awaitingPayment` as
 * it reads its own list (a card/PIX order not paid yet is not news for the kitchen: the board rings
 * when it is paid). A PDV sale also tells the cashier screens.
 */
export function orderCreatedStep(
  order: Pick<
    OrderRow,
    | 'id'
    | 'restaurantId'
    | 'customerId'
    | 'number'
    | 'status'
    | 'deliveryType'
    | 'paymentMethod'
    | 'paymentStatus'
    | 'paymentData'
    | 'deliveryEmployeeId'
  >,
) {
  const payload: OrderCreatedEvent = {
    orderId: order.id,
    number: order.number,
    status: order.status,
    deliveryType: order.deliveryType,
    awaitingPayment: isAwaitingPayment({
      ...order,
      paymentCheckout: isCheckoutOrder(order) || isLocalPixOrder(order),
    }),
  };
  const base = { restaurantId: order.restaurantId, customerId: order.customerId };
  return eventsStep(
    [
      { ...base, type: 'order.created', permission: 'manage_orders', payload },
      ...(order.deliveryType === 'pdv'
        ? [{ ...base, type: 'cashier.sale' as const, permission: 'manage_cashier' as const, payload }]
        : []),
    ],
    { courierId: order.deliveryEmployeeId },
  );
}

/**
 * Tells the board, the kitchen and the order's customer that an order changed: one event shape for
 * every writer (status changes, cancellations, payments), so screens read the same fields everywhere.
 */
export function announceOrderUpdate(
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'restaurantId' | 'customerId' | 'number'>,
  changes: Omit<OrderUpdatedEvent, 'orderId' | 'id' | 'number'>,
) {
  return appendEvent(tx, {
    restaurantId: order.restaurantId,
    type: 'order.updated',
    permission: 'manage_orders',
    customerId: order.customerId,
    payload: { orderId: order.id, id: order.id, number: order.number, ...changes },
  });
}
