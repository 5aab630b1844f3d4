import type { DbOrTx } from '@meucardapio/db/client';
import { marketplaceOrders, marketplaceOutbox } from '@meucardapio/db/schema';
import {
  actionsForMove,
  CANCELLATION_REASONS,
  type CancellationCode,
  type MarketplaceAction,
} from '@meucardapio/domain/marketplace';
import type { OrderStatus } from '@meucardapio/domain/order-status';
import { eq } from 'drizzle-orm';
import { tenant } from '../../../http/tenant';

/**
 * Queues the calls an ordering app is owed when staff move one of its orders, in the transaction that
 * moves it: one outbox row per order and action (the unique key), so a double click, two people at
 * once or a retry never send a call twice. The marketplace worker sends them after the commit.
 */
export async function queueMarketplaceCalls(
  tx: DbOrTx,
  order: { id: string; restaurantId: string; number: number },
  move: { from: string; to: OrderStatus } | { action: MarketplaceAction },
  reason?: CancellationCode,
): Promise<number> {
  const [link] = await tx
    .select({ connectionId: marketplaceOrders.connectionId })
    .from(marketplaceOrders)
    .where(tenant(marketplaceOrders, order.restaurantId, eq(marketplaceOrders.orderId, order.id)))
    .limit(1);
  if (!link) return 0;
  const actions = 'action' in move ? [move.action] : actionsForMove(move.from, move.to);
  const text = CANCELLATION_REASONS.find((r) => r.code === reason)?.label;
  let queued = 0;
  for (const action of actions) {
    const rows = await tx
      .insert(marketplaceOutbox)
      .values({
        restaurantId: order.restaurantId,
        connectionId: link.connectionId,
        orderId: order.id,
        action,
        body: { orderNumber: order.number, ...(reason ? { reason: { code: reason, text } } : {}) },
      })
      .onConflictDoNothing()
      .returning({ id: marketplaceOutbox.id });
    queued += rows.length;
  }
  return queued;
}
