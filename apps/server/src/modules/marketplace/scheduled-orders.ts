import { marketplaceOrders } from '@meucardapio/db/schema';
import { asc, lte } from 'drizzle-orm';
import type { Deps } from '../../http/context';
import { sendHeldOrderToKitchen } from '../orders/board/board.service';

/**
 * Sends accepted scheduled orders to the kitchen when their preparation starts (decision 082). Safe on
 * any number of instances: each due order is claimed with SKIP LOCKED and entered in one transaction
 * (no call to the app is made here: `startPreparation` goes through the outbox). `now` is the clock,
 * passed in so tests need not wait.
 */
export async function releaseDueScheduledOrders(deps: Pick<Deps, 'database'>, now = new Date(), max = 100) {
  let released = 0;
  for (let i = 0; i < max; i++) {
    const claimed = await deps.database.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ orderId: marketplaceOrders.orderId, restaurantId: marketplaceOrders.restaurantId })
        .from(marketplaceOrders)
        .where(lte(marketplaceOrders.heldUntil, now))
        .orderBy(asc(marketplaceOrders.heldUntil))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      return { entered: await sendHeldOrderToKitchen({ db: tx, restaurantId: due.restaurantId }, due.orderId) };
    });
    if (!claimed) break;
    if (claimed.entered) released++;
  }
  return released;
}
