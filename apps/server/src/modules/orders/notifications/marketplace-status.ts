import type { DbOrTx } from '@meucardapio/db/client';
import { marketplaceOrders, marketplaceOutbox } from '@meucardapio/db/schema';
import {
  appOrderMove,
  CANCELLATION_REASONS,
  type CancellationCode,
  type MarketplaceAction,
} from '@meucardapio/domain/marketplace';
import type { OrderStatus } from '@meucardapio/domain/order-status';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { tenant } from '../../../http/tenant';

/**
 * Queues the calls an ordering app is owed when staff move one of its orders, in the transaction that
 * moves it: one outbox row per order and action (the unique key), so a double click, two people at
 * once or a retry never send a call twice. The marketplace worker sends them after the commit.
 * A scheduled order accepted before its preparation starts is held out of the kitchen until then
 * (`appOrderMove`): the answer says whether the move is the order's way into the kitchen, so the
 * caller prints its tickets only then.
 */
export async function queueMarketplaceCalls(
  tx: DbOrTx,
  order: { id: string; restaurantId: string; number: number },
  move: { from: string; to: OrderStatus } | { action: MarketplaceAction },
  reason?: CancellationCode,
): Promise<{ queued: number; held: boolean }> {
  const [link] = await tx
    .select({
      connectionId: marketplaceOrders.connectionId,
      preparationStartAt: marketplaceOrders.preparationStartAt,
      heldUntil: marketplaceOrders.heldUntil,
    })
    .from(marketplaceOrders)
    .where(tenant(marketplaceOrders, order.restaurantId, eq(marketplaceOrders.orderId, order.id)))
    .limit(1);
  if (!link) return { queued: 0, held: false };
  let actions: MarketplaceAction[];
  let held = false;
  if ('action' in move) actions = [move.action];
  else {
    const plan = appOrderMove(move.from, move.to, link, new Date());
    actions = plan.actions;
    held = plan.holdUntil !== null;
    if ((plan.holdUntil?.getTime() ?? null) !== (link.heldUntil?.getTime() ?? null))
      await tx
        .update(marketplaceOrders)
        .set({ heldUntil: plan.holdUntil })
        .where(tenant(marketplaceOrders, order.restaurantId, eq(marketplaceOrders.orderId, order.id)));
  }
  return { queued: await queueCalls(tx, order, link.connectionId, actions, reason), held };
}

async function queueCalls(
  tx: DbOrTx,
  order: { id: string; restaurantId: string; number: number },
  connectionId: string,
  actions: readonly MarketplaceAction[],
  reason?: CancellationCode,
): Promise<number> {
  const text = CANCELLATION_REASONS.find((r) => r.code === reason)?.label;
  let queued = 0;
  for (const action of actions) {
    const rows = await tx
      .insert(marketplaceOutbox)
      .values({
        restaurantId: order.restaurantId,
        connectionId,
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

/**
 * A held scheduled order whose preparation time has come: the hold is released and (`tellApp`) the app
 * hears `startPreparation`. False when it was not held (released already, or moved on meanwhile).
 */
export async function releaseHeldOrder(
  tx: DbOrTx,
  order: { id: string; restaurantId: string; number: number },
  tellApp: boolean,
): Promise<boolean> {
  const [released] = await tx
    .update(marketplaceOrders)
    .set({ heldUntil: null })
    .where(
      tenant(
        marketplaceOrders,
        order.restaurantId,
        eq(marketplaceOrders.orderId, order.id),
        isNotNull(marketplaceOrders.heldUntil),
      ),
    )
    .returning({ connectionId: marketplaceOrders.connectionId });
  if (!released) return false;
  if (tellApp) await queueCalls(tx, order, released.connectionId, ['startPreparation']);
  return true;
}

/**
 * An order the app itself reports accepted (confirmed in the app's own portal) waits for its
 * preparation time as one staff accept here does.
 */
export async function holdScheduledOrder(tx: DbOrTx, order: { id: string; restaurantId: string }) {
  await tx
    .update(marketplaceOrders)
    .set({ heldUntil: marketplaceOrders.preparationStartAt })
    .where(
      tenant(
        marketplaceOrders,
        order.restaurantId,
        eq(marketplaceOrders.orderId, order.id),
        sql`${marketplaceOrders.preparationStartAt} > now()`,
      ),
    );
}
