import type { DbOrTx } from '@meucardapio/db/client';
import { fixedSql } from '@meucardapio/db/fixed-sql';
import { orderItems, orders, outboundMessages, privacyRequests, restaurants } from '@meucardapio/db/schema';
import { formatBRL } from '@meucardapio/domain/money';
import { cashChangeOf, cashChangeText } from '@meucardapio/domain/order-display';
import { shortIdAdmin } from '@meucardapio/domain/order-status';
import { toWhatsAppNumber } from '@meucardapio/domain/phone';
import { greetingName } from '@meucardapio/domain/status-messages';
import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { tenant } from '../../../http/tenant';
import { type OutboxRow, outboxRowStep, queueOutboxRow } from './outbox-queue';

/*
 * "Recebemos seu pedido": the WhatsApp message a customer gets once per order (ARCHITECTURE §6.11).
 * It is queued in the transaction that makes it owed (the order placed, or its card/PIX payment
 * approved), so it is committed with the order and wakes the senders on commit; the worker's sweep of
 * the event log only catches an order that came by another way.
 */

export const NEW_ORDER_KIND = 'new_order';
/** How far back the sweep looks for orders left without their message. */
export const SWEEP_WINDOW_MS = 24 * 3600_000;
const SWEEP_LIMIT = 50;

type MessageOrder = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'restaurantId'
  | 'number'
  | 'customerName'
  | 'customerPhone'
  | 'total'
  | 'deliveryType'
  | 'paymentMethod'
  | 'paymentData'
>;
type MessageItem = { name: string; quantity: number };

/**
 * The message a customer receives when the restaurant gets their order: the restaurant's own texts
 * (product names, total, payment) and a plain first name; never the item or order notes, which the
 * customer types freely and the order's phone may belong to someone else (decision 045).
 */
export function newOrderMessage(
  order: Omit<MessageOrder, 'restaurantId' | 'customerPhone'>,
  items: MessageItem[],
  restaurantName: string,
): string {
  const first = greetingName(order.customerName);
  const change = cashChangeText(cashChangeOf(order.paymentData));
  const payment = [order.paymentMethod, change].filter(Boolean).join(' · ');
  const lines = [
    `Olá, ${first}! Recebemos seu pedido #${order.number} (${shortIdAdmin(order.id)}) em ${restaurantName}.`,
    '',
    ...items.map((i) => `${i.quantity}x ${i.name}`),
    '',
    `Total: ${formatBRL(order.total)}`,
    ...(payment ? [`Pagamento: ${payment}`] : []),
    'Avisaremos você a cada mudança de status. Obrigado!',
  ];
  return lines.join('\n');
}

/**
 * The orders that get the message, the one copy of the rule: not PDV sales (the customer is at the
 * counter), not an ordering app's orders (its customer hears from the app), and card/PIX orders only
 * once paid (the customer hears it when the restaurant really has the order, not for an abandoned
 * checkout); cash and pay-on-delivery orders carry no payment status.
 */
function notifiesNewOrder(): SQL {
  return and(
    ne(orders.deliveryType, 'pdv'),
    isNull(orders.channel),
    or(isNull(orders.paymentStatus), eq(orders.paymentStatus, 'approved')),
  ) as SQL;
}

/** The rule in the statement that places each order, written once. */
const NOTIFIES_NEW_ORDER = fixedSql(notifiesNewOrder());

/**
 * Orders the rule covers that have no message yet. An erased customer's orders are never among them: their
 * messages went with their data and must not come back.
 */
function missingNewOrderMessage(): SQL {
  return and(
    notifiesNewOrder(),
    sql`not exists (select 1 from ${outboundMessages} m where m.restaurant_id = ${orders.restaurantId}
        and m.order_id = ${orders.id} and m.kind = ${NEW_ORDER_KIND})`,
    sql`not exists (select 1 from ${privacyRequests} p where p.restaurant_id = ${orders.restaurantId}
        and p.customer_id = ${orders.customerId} and p.kind = 'deletion')`,
  ) as SQL;
}

function newOrderRow(order: MessageOrder, items: MessageItem[], restaurantName: string): OutboxRow {
  const phone = toWhatsAppNumber(order.customerPhone ?? '');
  return {
    restaurantId: order.restaurantId,
    orderId: order.id,
    kind: NEW_ORDER_KIND,
    phone,
    body: newOrderMessage(order, items, restaurantName),
    // Nothing to send without a phone (e.g. a table order): recorded, never attempted.
    status: phone ? 'pending' : 'failed',
    lastError: phone ? null : 'Pedido sem telefone de WhatsApp válido',
  };
}

/**
 * The message of an order just placed, queued in the statement that inserts it if the order qualifies:
 * one step of that statement, the rule checked on the order's row as written (`written`, the relation the
 * insert returns it in: the table itself shows none of that statement's rows).
 */
export function newOrderMessageStep(order: MessageOrder, items: MessageItem[], restaurantName: string, written: SQL) {
  const qualifies = sql`exists (select 1 from ${written} ${orders} where ${NOTIFIES_NEW_ORDER})`;
  return outboxRowStep(newOrderRow(order, items, restaurantName), { onlyIf: qualifies });
}

/**
 * Queues the missing messages of a restaurant's recent orders (or only `orderId`). Safe to call any
 * number of times from any instance. For one order (its card/PIX payment just approved, in that
 * transaction) the senders are woken on commit; a catch-up over the restaurant's orders, like the
 * sweep's, leaves the rows to the drain that follows it.
 */
export function enqueueNewOrderNotifications(db: DbOrTx, restaurantId: string, orderId?: string): Promise<number> {
  return queueMissing(db, restaurantId, orderId, orderId !== undefined);
}

async function queueMissing(db: DbOrTx, restaurantId: string, orderId: string | undefined, wake: boolean) {
  const since = new Date(Date.now() - SWEEP_WINDOW_MS);
  const missing = await db
    .select({
      id: orders.id,
      restaurantId: orders.restaurantId,
      number: orders.number,
      customerName: orders.customerName,
      customerPhone: orders.customerPhone,
      total: orders.total,
      deliveryType: orders.deliveryType,
      paymentMethod: orders.paymentMethod,
      paymentData: orders.paymentData,
    })
    .from(orders)
    .where(
      tenant(
        orders,
        restaurantId,
        gt(orders.createdAt, since),
        // The sweep makes up for messages never queued: an order without a phone has nothing to send,
        // and one whose customer erased their data (its messages deleted) must not get one back.
        orderId ? eq(orders.id, orderId) : isNotNull(orders.customerPhone),
        missingNewOrderMessage(),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(SWEEP_LIMIT);
  if (missing.length === 0) return 0;
  const [restaurant] = await db
    .select({ name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .limit(1);
  const items = await db
    .select({ orderId: orderItems.orderId, name: orderItems.name, quantity: orderItems.quantity })
    .from(orderItems)
    .where(
      tenant(
        orderItems,
        restaurantId,
        inArray(
          orderItems.orderId,
          missing.map((o) => o.id),
        ),
      ),
    )
    .orderBy(asc(orderItems.id));
  let inserted = 0;
  for (const o of missing) {
    const mine = items.filter((i) => i.orderId === o.id);
    if (await queueOutboxRow(db, newOrderRow(o, mine, restaurant?.name ?? ''), { wake })) inserted++;
  }
  return inserted;
}

/**
 * The sweep's part for a page of the event log: of the orders its events name, those the rule covers
 * that still have no message, in one query; each found (rare: an order that came by another way) is
 * then queued, for the drain that follows.
 */
export async function queueMissedNewOrderMessages(
  db: DbOrTx,
  named: { restaurantId: string; orderId: string }[],
): Promise<number> {
  if (named.length === 0) return 0;
  const missed = await db
    .select({ restaurantId: orders.restaurantId, id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.id, [...new Set(named.map((n) => n.orderId))]),
        inArray(orders.restaurantId, [...new Set(named.map((n) => n.restaurantId))]),
        gt(orders.createdAt, new Date(Date.now() - SWEEP_WINDOW_MS)),
        missingNewOrderMessage(),
      ),
    );
  let inserted = 0;
  for (const o of missed) inserted += await queueMissing(db, o.restaurantId, o.id, false);
  return inserted;
}
