import type { DbOrTx } from '@meucardapio/db/client';
import { appendEvent } from '../../realtime/realtime';

/**
 * Tells the board, the kitchen and the order's customer that an order changed: one event shape for
 * every writer (status changes, cancellations, payments), so screens read the same fields everywhere.
 */
export function announceOrderUpdate(
  tx: DbOrTx,
  order: { id: string; restaurantId: string; customerId: string | null; number: number },
  changes: Record<string, unknown>,
) {
  return appendEvent(tx, {
    restaurantId: order.restaurantId,
    type: 'order.updated',
    permission: 'manage_orders',
    customerId: order.customerId,
    payload: { orderId: order.id, id: order.id, number: order.number, ...changes },
  });
}
