import { orders } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import type { ServiceCtx } from '../../../http/context';
import { tenant } from '../../../http/tenant';

/**
 * The order an earlier attempt with this Idempotency-Key placed, or null: asked only once an attempt has
 * failed (see `placeOrder`). Keys are per restaurant and shared by every door: the door decides whether the
 * row is its own to answer.
 */
export async function orderByKey(ctx: ServiceCtx, idempotencyKey: string | null) {
  if (!idempotencyKey) return null;
  const [row] = await ctx.db
    .select()
    .from(orders)
    .where(tenant(orders, ctx.restaurantId, eq(orders.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}
