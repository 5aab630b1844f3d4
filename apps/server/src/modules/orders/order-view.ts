import { anyOf } from '@meucardapio/db/any-of';
import { builtOnce } from '@meucardapio/db/built-once';
import { type DbOrTx, readTogether } from '@meucardapio/db/client';
import {
  couriers,
  deliveryStates,
  employees,
  marketplaceOrders,
  marketplaceOutbox,
  orderHistory,
  orderItems,
  orders,
  restaurants,
  tableAccounts,
} from '@meucardapio/db/schema';
import { carrierOrderCheck, DELIVERY_KIND_LABELS, deliveryFeeParts } from '@meucardapio/domain/delivery';
import { isCheckoutOrder } from '@meucardapio/domain/hosted-checkout';
import { DEFAULT_TIMEZONE } from '@meucardapio/domain/hours';
import { failedCallText } from '@meucardapio/domain/marketplace';
import { cashChangeOf } from '@meucardapio/domain/order-display';
import { isLocalPixOrder, localPixConfirmation, pendingLocalPix } from '@meucardapio/domain/order-pix';
import { isAwaitingPayment, type OrderStatus, shortIdAdmin } from '@meucardapio/domain/order-status';
import type {
  AdminOrderView,
  CustomerOrderView,
  OrderAddressView,
  OrderDeliveryType,
  OrderItemView,
  StaffOrderItemView,
} from '@meucardapio/domain/order-views';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenant } from '../../http/tenant';
import { authorisedNoteLinks } from '../fiscal/note-links';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

type ItemFields = Pick<
  ItemRow,
  'id' | 'productId' | 'name' | 'quantity' | 'unitPrice' | 'totalPrice' | 'variation' | 'addons' | 'colors'
> &
  Pick<ItemRow, 'pizzaFlavors' | 'notes'>;
/** An item as staff see it: its cancellation too (a date, or its text when read as JSON). */
type StaffItemFields = ItemFields &
  Pick<ItemRow, 'cancelReason' | 'cancelledByName'> & { cancelledAt: Date | string | null };

export function toItemView(i: ItemFields): OrderItemView {
  return {
    id: i.id,
    productId: i.productId,
    name: i.name,
    quantity: i.quantity,
    unitPrice: i.unitPrice,
    totalPrice: i.totalPrice,
    variation: i.variation ?? null,
    addons: i.addons ?? [],
    colors: i.colors ?? [],
    pizzaFlavors: i.pizzaFlavors ?? [],
    notes: i.notes,
  };
}

export function toStaffItemView(i: StaffItemFields): StaffOrderItemView {
  return {
    ...toItemView(i),
    cancelled: i.cancelledAt ? { reason: i.cancelReason ?? '', by: i.cancelledByName ?? '' } : null,
  };
}

/** Where the order goes, as the customer gave it: the same fields in the customer's and the staff's views. */
function destinationOf(o: OrderRow): OrderAddressView {
  return {
    address: o.address,
    addressNumber: o.addressNumber,
    complement: o.complement,
    neighborhood: o.neighborhood,
    city: o.city,
    state: o.state,
    cep: o.cep,
  };
}

export function toCustomerOrderView(
  o: OrderRow,
  items: ItemRow[],
  restaurant: CustomerOrderView['restaurant'],
  fiscalNoteUrl: string | null = null,
): CustomerOrderView {
  const data = o.paymentData ?? {};
  const pendingCheckout = o.paymentStatus !== 'approved' && typeof data.infinitepay_checkout === 'string';
  return {
    id: o.id,
    number: o.number,
    restaurantId: o.restaurantId,
    restaurant,
    status: o.status,
    deliveryType: o.deliveryType,
    tableNumber: o.tableNumber,
    customerName: o.customerName,
    customerPhone: o.customerPhone,
    ...destinationOf(o),
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    paymentCheckoutVerified: o.paymentCheckoutVerified,
    installments: o.installments,
    ...cashChangeOf(data),
    checkoutUrl: pendingCheckout && o.status !== 'cancelled' ? (data.infinitepay_checkout as string) : null,
    pix: pendingLocalPix(o),
    shippingOption: o.shippingOption ?? null,
    note: o.note,
    subtotal: o.subtotal,
    deliveryFee: o.deliveryFee,
    discount: o.discount,
    total: o.total,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    items: items.map(toItemView),
    fiscalNoteUrl,
  };
}

/** Loads orders' items and restaurant in two queries and builds the customer views, keeping the order. */
export async function customerOrderViews(
  db: DbOrTx,
  restaurantId: string,
  rows: OrderRow[],
): Promise<CustomerOrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const [items, [restaurant], noteLinks] = await readTogether(db, [
    () =>
      db
        .select()
        .from(orderItems)
        .where(tenant(orderItems, restaurantId, anyOf(orderItems.orderId, ids)))
        .orderBy(asc(orderItems.orderId), asc(orderItems.name)),
    () =>
      db
        .select({
          name: restaurants.name,
          slug: restaurants.slug,
          logoUrl: restaurants.logoUrl,
          timezone: restaurants.timezone,
        })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId))
        .limit(1),
    () => authorisedNoteLinks(db, restaurantId, ids),
  ]);
  const byOrder = new Map<string, ItemRow[]>();
  for (const i of items) {
    const list = byOrder.get(i.orderId) ?? [];
    list.push(i);
    byOrder.set(i.orderId, list);
  }
  const r = restaurant ?? { name: '', slug: '', logoUrl: null, timezone: DEFAULT_TIMEZONE };
  return rows.map((o) => toCustomerOrderView(o, byOrder.get(o.id) ?? [], r, noteLinks.get(o.id) ?? null));
}

// ---------------------------------------------------------------------------------------------
// The staff's view (the board, the kitchen, a customer's history in the admin)

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const activeStates = builtOnce((db) =>
  db
    .select({ code: deliveryStates.code, name: deliveryStates.name, active: deliveryStates.active })
    .from(deliveryStates)
    .where(tenant(deliveryStates, sql.placeholder('restaurantId'), eq(deliveryStates.active, true))),
);

/** The restaurant's active delivery states: an order to one of them outside its own goes by carrier. */
export function activeStatesOf(db: DbOrTx, restaurantId: string) {
  return activeStates(db, { restaurantId });
}

/** Local or by carrier, for the restaurant's own delivery orders; an app's order travels as the app says. */
function deliveryKindOf(
  o: Pick<OrderRow, 'deliveryType' | 'state' | 'channel'>,
  isCarrier: ReturnType<typeof carrierOrderCheck>,
) {
  if (o.deliveryType !== 'delivery' || o.channel) return null;
  return isCarrier(o.state) ? DELIVERY_KIND_LABELS.carrier : DELIVERY_KIND_LABELS.local;
}

/** The app's side of a page of orders: each order's link, its latest call failed for good, its schedule. */
async function appLinks(
  db: DbOrTx,
  restaurantId: string,
  orderIds: string[],
): Promise<Map<string, NonNullable<AdminOrderView['marketplace']>>> {
  if (orderIds.length === 0) return new Map();
  const [links, failed] = await readTogether(db, [
    () =>
      db
        .select({ link: marketplaceOrders, channel: orders.channel })
        .from(marketplaceOrders)
        .innerJoin(orders, eq(orders.id, marketplaceOrders.orderId))
        .where(tenant(marketplaceOrders, restaurantId, anyOf(marketplaceOrders.orderId, orderIds))),
    () =>
      db
        .selectDistinctOn([marketplaceOutbox.orderId], {
          orderId: marketplaceOutbox.orderId,
          action: marketplaceOutbox.action,
          error: marketplaceOutbox.lastError,
          at: marketplaceOutbox.failedAt,
        })
        .from(marketplaceOutbox)
        .where(
          tenant(
            marketplaceOutbox,
            restaurantId,
            anyOf(marketplaceOutbox.orderId, orderIds),
            eq(marketplaceOutbox.status, 'failed'),
          ),
        )
        .orderBy(marketplaceOutbox.orderId, sql`${marketplaceOutbox.failedAt} desc nulls last`),
  ]);
  const failedBy = new Map(failed.map((f) => [f.orderId, f]));
  return new Map(
    links.map(({ link, channel }) => {
      const f = failedBy.get(link.orderId);
      return [
        link.orderId,
        {
          displayId: link.displayId,
          confirmBy: iso(link.confirmBy),
          cancellationRequested: link.cancellationRequested ?? null,
          failedCall: f ? { text: failedCallText(channel, f.action, f.error), at: iso(f.at) ?? '' } : null,
          schedule: link.preparationStartAt
            ? {
                start: iso(link.scheduledStart),
                end: iso(link.scheduledEnd),
                preparationStart: link.preparationStartAt.toISOString(),
                held: link.heldUntil !== null,
              }
            : null,
        },
      ];
    }),
  );
}

/** An order item as the staff's views read it, in its order's row (JSON: its dates as text). */
type ItemJson = StaffItemFields & { cancelledAt: string | null };
type HistoryJson = { status: string; employeeName: string | null; notes: string | null; createdAt: string };

/** An order's column from inside a subquery: a one-table select names its columns unqualified. */
const outer = (column: AnyPgColumn) => sql`${sql.identifier('orders')}.${sql.identifier(column.name)}`;

/** The number of the tab (comanda) an order is a round of, in a select of `orders`: a tab's round is named by it. */
export const orderTabNumber = sql<number | null>`(select a.number from ${tableAccounts} a
  where a.restaurant_id = ${outer(orders.restaurantId)} and a.id = ${outer(orders.tableAccountId)} and a.kind = 'tab')`;

/**
 * A page of orders as the staff's views read it, in one statement: each order's row carries its items
 * and history (JSON), the name of whoever took it out (an employee, or a courier without a login) and,
 * for a tab's round, the tab's number. The board's page is then one statement after the session's.
 */
export const adminOrderColumns = {
  ...getTableColumns(orders),
  itemsJson: sql<ItemJson[]>`coalesce((select json_agg(json_build_object(
      'id', i.id, 'productId', i.product_id, 'name', i.name, 'quantity', i.quantity,
      'unitPrice', i.unit_price, 'totalPrice', i.total_price, 'variation', i.variation, 'addons', i.addons,
      'colors', i.colors, 'pizzaFlavors', i.pizza_flavors, 'notes', i.notes, 'cancelledAt', i.cancelled_at,
      'cancelReason', i.cancel_reason, 'cancelledByName', i.cancelled_by_name) order by i.id)
    from ${orderItems} i where i.restaurant_id = ${outer(orders.restaurantId)} and i.order_id = ${outer(orders.id)}), '[]')`,
  historyJson: sql<HistoryJson[]>`coalesce((select json_agg(json_build_object(
      'status', h.status, 'employeeName', h.employee_name, 'notes', h.notes, 'createdAt', h.created_at)
      order by h.created_at)
    from ${orderHistory} h where h.restaurant_id = ${outer(orders.restaurantId)} and h.order_id = ${outer(orders.id)}), '[]')`,
  deliveryPersonName: sql<string | null>`case when ${outer(orders.deliveryEmployeeId)} is not null
    then (select e.name from ${employees} e
          where e.restaurant_id = ${outer(orders.restaurantId)} and e.id = ${outer(orders.deliveryEmployeeId)})
    else (select c.name from ${couriers} c where c.restaurant_id = ${outer(orders.restaurantId)} and c.id = ${outer(orders.courierId)})
    end`,
  tabNumber: orderTabNumber,
};
export type AdminOrderRow = OrderRow & {
  itemsJson: ItemJson[];
  historyJson: HistoryJson[];
  deliveryPersonName: string | null;
  tabNumber: number | null;
};

/**
 * A page of orders read with `adminOrderColumns` by `select`, alongside the restaurant's delivery states,
 * as the staff's views.
 */
export async function adminOrderPage(
  db: DbOrTx,
  restaurantId: string,
  select: (columns: typeof adminOrderColumns) => PromiseLike<AdminOrderRow[]>,
): Promise<AdminOrderView[]> {
  const [rows, states] = await readTogether(db, [
    () => select(adminOrderColumns),
    () => activeStatesOf(db, restaurantId),
  ]);
  return adminOrderViews(db, restaurantId, rows, states);
}

/** Orders read with `adminOrderColumns` as the staff's views (the delivery states read here unless given). */
export async function adminOrderViews(
  db: DbOrTx,
  restaurantId: string,
  rows: AdminOrderRow[],
  knownStates?: { code: string; name: string }[],
): Promise<AdminOrderView[]> {
  if (rows.length === 0) return [];
  const appIds = rows.filter((o) => o.channel).map((o) => o.id);
  const [states, links] = await readTogether(db, [
    () => (knownStates ? Promise.resolve(knownStates) : activeStatesOf(db, restaurantId)),
    () => appLinks(db, restaurantId, appIds),
  ]);
  const isCarrier = carrierOrderCheck(states);
  return rows.map((o) => {
    const data = o.paymentData ?? {};
    const paymentCheckout = isCheckoutOrder(o);
    return {
      id: o.id,
      shortId: shortIdAdmin(o.id),
      number: o.number,
      // The columns' check constraints keep them to these values.
      status: o.status as OrderStatus,
      deliveryType: o.deliveryType as OrderDeliveryType,
      deliveryKind: deliveryKindOf(o, isCarrier),
      customerId: o.customerId,
      customerName: o.customerName,
      customerPhone: o.customerPhone,
      customerEmail: o.customerEmail,
      tableNumber: o.tableNumber,
      round: o.round,
      tabNumber: o.tabNumber,
      ...destinationOf(o),
      paymentMethod: o.paymentMethod,
      paymentStatus: o.paymentStatus,
      paymentStatusCheckedAt: iso(o.paymentStatusCheckedAt),
      paymentCheckoutVerified: o.paymentCheckoutVerified,
      paymentCheckout,
      paymentWarning: typeof data.payment_warning === 'string' ? data.payment_warning : null,
      isTest: o.isTest,
      channel: o.channel,
      marketplace: links.get(o.id) ?? null,
      awaitingPayment: isAwaitingPayment({ ...o, paymentCheckout: paymentCheckout || isLocalPixOrder(o) }),
      localPix: isLocalPixOrder(o),
      pixConfirmation: localPixConfirmation(data),
      installments: o.installments,
      ...cashChangeOf(data),
      note: o.note,
      subtotal: o.subtotal,
      deliveryFee: o.deliveryFee,
      fees: deliveryFeeParts(o),
      discount: o.discount,
      total: o.total,
      // An employee with the Entregador profile, or a courier without a login.
      deliveryEmployee:
        o.deliveryPersonName !== null
          ? { id: (o.deliveryEmployeeId ?? o.courierId) as string, name: o.deliveryPersonName }
          : null,
      createdAt: o.createdAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
      items: o.itemsJson.map(toStaffItemView),
      history: o.historyJson.map((h) => ({
        status: h.status,
        employeeName: h.employeeName,
        notes: h.notes,
        createdAt: new Date(h.createdAt).toISOString(),
      })),
    };
  });
}
