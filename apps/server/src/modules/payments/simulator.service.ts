import type { DbOrTx } from '@meucardapio/db/client';
import { orderItems, orders, paymentTransactions, restaurants } from '@meucardapio/db/schema';
import { isOnlineCheckoutOrder, providerAmountDue } from '@meucardapio/domain/hosted-checkout';
import { hasPermission } from '@meucardapio/domain/permissions';
import { and, asc, eq } from 'drizzle-orm';
import type { Actor } from '../../http/context';
import { tenant } from '../../http/tenant';
import { SIMULATOR_PROVIDER } from '../../integrations/payments/simulator';
import { UUID_RE } from './payments.service';

/* What the payment simulator's pages (PAYMENTS=simulator: demo and tests) read. */

/** The order a simulator receipt is about, with its restaurant's display name. */
export async function simulatorOrder(db: DbOrTx, orderId: string | undefined) {
  if (!orderId || !UUID_RE.test(orderId)) return null;
  const [row] = await db
    .select({ order: orders, restaurantName: restaurants.name, restaurantSlug: restaurants.slug })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

/**
 * The order the simulator's checkout page and decision act on: only an order placed for an online
 * payment, and only for who placed it — the signed-in customer of a storefront order, or a cashier of
 * the same restaurant for a PDV sale (anyone else gets null, answered 404, so an order id alone never
 * approves anything). Lines and total are the order's as stored; `amount` is what the checkout charges.
 */
export async function simulatorOrderFor(db: DbOrTx, actor: Actor | null, orderId: string | undefined) {
  if (!actor) return null;
  const found = await simulatorOrder(db, orderId);
  if (!found) return null;
  const { order } = found;
  if (order.restaurantId !== actor.restaurantId) return null;
  const placedBy =
    order.deliveryType === 'pdv'
      ? actor.kind !== 'customer' && hasPermission(actor.rules, 'manage_cashier')
      : actor.kind === 'customer' && order.customerId === actor.id;
  if (!placedBy || !order.paymentStatus || !isOnlineCheckoutOrder(order)) return null;
  const items = await db
    .select({ name: orderItems.name, price: orderItems.unitPrice, quantity: orderItems.quantity })
    .from(orderItems)
    .where(tenant(orderItems, order.restaurantId, eq(orderItems.orderId, order.id)))
    .orderBy(asc(orderItems.id));
  return { ...found, items, amount: providerAmountDue(order) };
}

/** The order and restaurant an approved simulator transaction paid, for its receipt page; null if none. */
export async function simulatorReceipt(db: DbOrTx, transactionNsu: string) {
  const [tx] = await db
    .select({ orderId: paymentTransactions.orderId })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.provider, SIMULATOR_PROVIDER),
        eq(paymentTransactions.transactionId, transactionNsu),
        eq(paymentTransactions.status, 'approved'),
      ),
    )
    .limit(1);
  return tx ? simulatorOrder(db, tx.orderId) : null;
}
