import { randomUUID } from 'node:crypto';
import { builtOnce } from '@meucardapio/db/built-once';
import type { DbOrTx } from '@meucardapio/db/client';
import { rowPlaceholders, rowValues } from '@meucardapio/db/row-placeholders';
import { orderHistory, orderItems, orders } from '@meucardapio/db/schema';
import { sql } from 'drizzle-orm';
import type { ServiceCtx } from '../../../http/context';
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

/**
 * Step "insert": the order, its items and its first history entry, whatever door it came by, in one
 * statement (the items' and history's keys to the order are checked once it has inserted all three).
 * The items are written whole from here, ids included, so they are answered as written.
 */
export async function insertOrder(ctx: ServiceCtx, draft: OrderInsert) {
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
  const history = historyRow(draft);
  const values = {
    ...rowValues(orders, order, 'o.'),
    ...rowValues(orderHistory, history, 'h.'),
    ...Object.assign({}, ...items.map((item, i) => rowValues(orderItems, item, `i${i}.`))),
    // When the order was made, if before it reached us; the transaction's time otherwise.
    placedAt: draft.request.placedAt?.toISOString() ?? null,
  };
  const [inserted] = await insertStatement(order, history, items)(ctx.db, values);
  return { order: inserted, items };
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

type Returned = (typeof orders.$inferSelect)[];
const byItemCount = new Map<number, (db: DbOrTx, values: Record<string, unknown>) => Promise<Returned>>();

/** The insert for orders of this many items, written once (its rows' keys are the same at every call). */
function insertStatement(
  order: ReturnType<typeof orderRow>,
  history: ReturnType<typeof historyRow>,
  items: readonly ItemRow[],
) {
  let statement = byItemCount.get(items.length);
  if (!statement) {
    const orderKeys = Object.keys(order) as (keyof typeof order)[];
    const historyKeys = Object.keys(history) as (keyof typeof history)[];
    const itemKeys = Object.keys(items[0] ?? {}) as (keyof ItemRow)[];
    const placedAt = sql`coalesce(${sql.placeholder('placedAt')}::timestamptz, now())`;
    statement = builtOnce((db) => {
      const itemRows = db
        .$with('item_rows')
        .as(db.insert(orderItems).values(items.map((_, i) => rowPlaceholders(itemKeys, `i${i}.`))));
      const firstHistory = db
        .$with('first_history')
        .as(db.insert(orderHistory).values({ ...rowPlaceholders(historyKeys, 'h.'), createdAt: placedAt }));
      return db
        .with(firstHistory, itemRows)
        .insert(orders)
        .values({ ...rowPlaceholders(orderKeys, 'o.'), createdAt: placedAt })
        .returning();
    });
    byItemCount.set(items.length, statement);
  }
  return statement;
}
