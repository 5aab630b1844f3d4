import type { DbOrTx } from '@meucardapio/db/client';
import { orders } from '@meucardapio/db/schema';
import type { CreatedOrder } from '@meucardapio/domain/checkout';
import { eq } from 'drizzle-orm';
import type { CustomerCtx } from '../../../http/context';
import { conflict } from '../../../http/errors';
import { tenant } from '../../../http/tenant';
import { customerOrderViews } from '../order-view';

/**
 * The order an earlier attempt with this Idempotency-Key created, as its answer (`replayed`), or
 * null. Inside the order transaction this must read through `tx`: PGlite has one connection.
 */
export async function replayIfSeen(
  ctx: CustomerCtx,
  db: DbOrTx,
  idempotencyKey: string | null,
): Promise<CreatedOrder | null> {
  if (!idempotencyKey) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(tenant(orders, ctx.restaurantId, eq(orders.idempotencyKey, idempotencyKey)))
    .limit(1);
  if (!row) return null;
  // Keys are per restaurant; someone else's key must not reveal their order.
  if (row.customerId !== ctx.actor.id)
    throw conflict('Pedido duplicado', 'Esta tentativa de pedido já foi usada. Recarregue a página e tente novamente.');
  const [view] = await customerOrderViews(db, ctx.restaurantId, [row]);
  const url = row.paymentData?.infinitepay_checkout;
  return { order: view, checkoutUrl: typeof url === 'string' ? url : null, replayed: true };
}
