import { randomUUID } from 'node:crypto';
import { fixedColumnList } from '@meucardapio/db/fixed-sql';
import { insertJsonRows, insertRows } from '@meucardapio/db/insert-rows';
import { rowFromJson } from '@meucardapio/db/json-rows';
import { step } from '@meucardapio/db/one-trip';
import { orderHistory, orderItems, orders } from '@meucardapio/db/schema';
import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { CHANNELS, type OrderChannel } from './channels';
import type { StartedPayment } from './payment';
import type { AccountRound, PricedOrder } from './place-order';
import { orderItemRows } from './pricing';

export type OrderInsert = {
  id: string;
  number: number;
  status: 'pending' | 'preparing' | 'delivered';
  request: {
    channel: OrderChannel;
    idempotencyKey: string | null;
    customer: { id: string | null; name: string; phone: string | null; email: string | null };
    placedBy: { employeeId: string | null; name: string };
    note: string | null;
    placedAt?: Date;
    source?: string;
  };
  priced: PricedOrder;
  payment: StartedPayment;
  round: AccountRound | null;
};

type ItemRow = typeof orderItems.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

const PLACED = 'placed_order';
const PLACED_ORDER = sql`${sql.identifier(PLACED)}`;

/**
 * Step "insert": the order, its items and its first history entry, whatever door it came by (the items'
 * and history's keys to the order are checked once the statement has inserted all three). The order's
 * row as the steps of its statement know it (everything but what PostgreSQL fills in), its items,
 * written whole from here, ids included, so they are answered as written, and `relation`: the one
 * that holds the order's row as the insert wrote it, for the steps that share its statement.
 */
export function orderInsert(draft: OrderInsert) {
  const { restaurant } = draft.priced;
  const items: ItemRow[] = orderItemRows(restaurant.id, draft.id, draft.priced.lines).map((row) => ({
    ...row,
    id: randomUUID(),
    tableAccountId: draft.round?.accountId ?? null,
    cancelledAt: null,
    cancelReason: null,
    cancelledByName: null,
  }));
  const order = orderRow(draft);
  // When the order was made, if before it reached us; the transaction's time otherwise.
  const createdAt = sql`coalesce(${draft.request.placedAt?.toISOString() ?? null}::timestamptz, now())`;
  const insert = step<Record<string, unknown>>(
    [
      [PLACED, sql`insert into ${orders} ${insertRows(orders, [order], { createdAt })} returning *`],
      [
        'first_history',
        sql`insert into ${orderHistory} ${insertRows(orderHistory, [historyRow(draft)], { createdAt })}`,
      ],
      // As one JSON value: the statement's text stays the same whatever the number of items (it is kept prepared).
      ['item_rows', sql`insert into ${orderItems} ${insertJsonRows(orderItems, items)}`],
    ],
    sql`select ${filledIn(order).list} from ${PLACED_ORDER}`,
  );
  return { order, items, step: insert, relation: PLACED_ORDER };
}

/**
 * The order's row: as written, and what PostgreSQL filled in from the insert's answer, read as the query
 * builder reads it (the answer carries only that, so it is planned, written and read in a few columns).
 */
export function placedOrderRow(
  order: ReturnType<typeof orderRow>,
  answer: readonly Record<string, unknown>[],
): OrderRow {
  return { ...order, ...rowFromJson(orders, answer[0], filledIn(order).columns) } as OrderRow;
}

let filled: { columns: [string, Column][]; list: SQL } | undefined;

/**
 * The columns of the order's row that the insert leaves to PostgreSQL (its time and defaults), and their
 * list for the answer: the same for every order, so worked out once.
 */
function filledIn(order: ReturnType<typeof orderRow>) {
  if (!filled) {
    const columns = Object.entries(getTableColumns(orders)).filter(([key]) => !(key in order));
    filled = {
      columns,
      list: fixedColumnList(columns.map(([, c]) => c)),
    };
  }
  return filled;
}

function orderRow(draft: OrderInsert) {
  const { request, priced, payment } = draft;
  const { restaurant, delivery } = priced;
  return {
    id: draft.id,
    restaurantId: restaurant.id,
    number: draft.number,
    ownerId: restaurant.ownerId,
    customerId: request.customer.id,
    customerName: request.customer.name,
    customerPhone: request.customer.phone,
    customerEmail: request.customer.email,
    deliveryType: delivery.deliveryType,
    tableNumber: delivery.tableNumber,
    address: delivery.address.address,
    addressNumber: delivery.address.addressNumber,
    complement: delivery.address.complement,
    neighborhood: delivery.address.neighborhood,
    city: delivery.address.city,
    state: delivery.address.state,
    cep: delivery.address.cep,
    paymentMethod: payment.label,
    paymentStatus: payment.paymentStatus,
    paymentData: payment.paymentData,
    installments: payment.installments,
    shippingOption: delivery.shippingOption ? { ...delivery.shippingOption } : null,
    note: request.note,
    couponId: priced.coupon.couponId,
    subtotal: priced.subtotal,
    deliveryFee: delivery.deliveryFee,
    discount: priced.coupon.discount,
    total: priced.total,
    status: draft.status,
    isTest: CHANNELS[request.channel].test,
    channel: request.source ?? null,
    idempotencyKey: request.idempotencyKey,
    tableAccountId: draft.round?.accountId ?? null,
    round: draft.round?.round ?? null,
    deliveryEmployeeId: null,
  };
}

function historyRow(draft: OrderInsert) {
  return {
    restaurantId: draft.priced.restaurant.id,
    orderId: draft.id,
    status: draft.status,
    employeeId: draft.request.placedBy.employeeId,
    employeeName: draft.request.placedBy.name,
    notes: CHANNELS[draft.request.channel].historyNote,
  };
}
