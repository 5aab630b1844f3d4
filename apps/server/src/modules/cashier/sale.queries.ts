import { anyOf } from '@meucardapio/db/any-of';
import { builtOnce } from '@meucardapio/db/built-once';
import { type DbOrTx, readTogether } from '@meucardapio/db/client';
import { withinLocalDays } from '@meucardapio/db/local-days';
import { cashSaleDiscounts, cashSalePayments, orderItems, orders } from '@meucardapio/db/schema';
import type { SaleDetail, SaleDiscountView, SaleListItem } from '@meucardapio/domain/cashier-views';
import { paymentGroupLabel } from '@meucardapio/domain/payment';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { toItemView } from '../orders/order-view';

/**
 * Reads of PDV sales: lists, their payments and discounts, one sale's detail. Every query is scoped by
 * restaurant.
 */

type OrderRow = typeof orders.$inferSelect;

export const saleNotFound = () => notFound('Venda não encontrada', 'A venda não existe ou é de outro restaurante.');

type DiscountRow = typeof cashSaleDiscounts.$inferSelect;

export function toDiscountView(d: DiscountRow): SaleDiscountView {
  return { amount: d.amount, givenBy: d.givenByName, approvedBy: d.approvedByName, reason: d.reason };
}

/** "Ana" or "Ana (aut. Bia)": who gave a discount, as lists and the CSV name them. */
export function discountByLabel(d: SaleDiscountView): string {
  return d.approvedBy ? `${d.givenBy} (aut. ${d.approvedBy})` : d.givenBy;
}

const discountsOf = builtOnce((db) =>
  db
    .select()
    .from(cashSaleDiscounts)
    .where(
      tenant(
        cashSaleDiscounts,
        sql.placeholder('restaurantId'),
        anyOf(cashSaleDiscounts.orderId, sql.placeholder('ids')),
      ),
    ),
);

export async function discountsOfOrders(db: DbOrTx, restaurantId: string, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, SaleDiscountView>();
  const rows = await discountsOf(db, { restaurantId, ids: orderIds });
  return new Map(rows.map((d) => [d.orderId, toDiscountView(d)]));
}

export function toSaleListItem(o: OrderRow): SaleListItem {
  return {
    id: o.id,
    kind: 'pdv',
    number: o.number,
    label: null,
    customerName: o.customerName,
    createdAt: o.createdAt.toISOString(),
    total: o.total,
    discount: o.discount,
    status: o.status,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    serviceCharge: 0,
  };
}

/** PDV sales (delivery_type pdv) that `where` picks, newest first, at most `limit` (null: all of them). */
const pdvSales = (...where: SQL[]) =>
  builtOnce((db) =>
    db
      .select()
      .from(orders)
      .where(tenant(orders, sql.placeholder('restaurantId'), eq(orders.deliveryType, 'pdv'), ...where))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(sql.placeholder('limit')),
  );

// The reports and the history are read again as the cashier works: their statements are written once.
const pdvSalesOfDayRead = pdvSales(
  anyOf(orders.status, sql.placeholder('statuses')),
  withinLocalDays(orders.createdAt, sql.placeholder('timezone'), sql.placeholder('date')),
);
const latestPdvSalesRead = pdvSales();

/** A local day's PDV sales (delivery_type pdv) in `statuses`, newest first. */
export function pdvSaleRowsOfDay(db: DbOrTx, restaurantId: string, statuses: string[], timezone: string, date: string) {
  return pdvSalesOfDayRead(db, { restaurantId, statuses, timezone, date, limit: null });
}

/** The `limit` latest PDV sales, whatever their status, newest first. */
export function latestPdvSales(db: DbOrTx, restaurantId: string, limit: number) {
  return latestPdvSalesRead(db, { restaurantId, limit });
}

// A day's report names every sale of the day: the list is one parameter, and the statement is written once.
const paymentsOf = builtOnce((db) =>
  db
    .select()
    .from(cashSalePayments)
    .where(
      tenant(
        cashSalePayments,
        sql.placeholder('restaurantId'),
        anyOf(cashSalePayments.orderId, sql.placeholder('ids')),
      ),
    )
    .orderBy(asc(cashSalePayments.orderId), asc(cashSalePayments.position)),
);

export async function paymentsOfOrders(db: DbOrTx, restaurantId: string, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return paymentsOf(db, { restaurantId, ids: orderIds });
}

/** One PDV sale with its items and payments list; 404 for another restaurant's or a non-PDV order. */
export async function saleDetail(db: DbOrTx, restaurantId: string, orderId: string): Promise<SaleDetail> {
  const [o] = await db
    .select()
    .from(orders)
    .where(tenant(orders, restaurantId, eq(orders.id, orderId), eq(orders.deliveryType, 'pdv')))
    .limit(1);
  if (!o) throw saleNotFound();
  const [items, payments, discounts] = await readTogether(db, [
    () =>
      db
        .select()
        .from(orderItems)
        .where(tenant(orderItems, restaurantId, eq(orderItems.orderId, o.id))),
    () => paymentsOfOrders(db, restaurantId, [o.id]),
    () => discountsOfOrders(db, restaurantId, [o.id]),
  ]);
  return toSaleDetail(o, items, payments, discounts.get(o.id) ?? null);
}

/** A sale's payments, a PDV sale's or a table account's, as its detail lists them, and the change given back. */
export function salePaymentsView(
  rows: Pick<
    typeof cashSalePayments.$inferSelect,
    'methodId' | 'methodName' | 'amount' | 'installments' | 'receivedAmount' | 'changeAmount'
  >[],
): Pick<SaleDetail, 'payments' | 'change'> {
  return {
    payments: rows.map((p) => ({
      methodId: p.methodId,
      methodName: p.methodName,
      group: paymentGroupLabel(p.methodName),
      amount: p.amount,
      installments: p.installments,
      received: p.receivedAmount,
      change: p.changeAmount,
    })),
    change: rows.reduce((s, p) => s + p.changeAmount, 0),
  };
}

/** A sale as its detail shows it, from its rows (read back, or just written by the sale itself). */
export function toSaleDetail(
  o: OrderRow,
  items: (typeof orderItems.$inferSelect)[],
  payments: (typeof cashSalePayments.$inferSelect)[],
  discountInfo: SaleDiscountView | null,
): SaleDetail {
  const data = o.paymentData ?? {};
  const byName = [...items].sort((a, b) => names.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
  const inPosition = [...payments].sort((a, b) => a.position - b.position);
  return {
    ...toSaleListItem(o),
    subtotal: o.subtotal,
    discount: o.discount,
    couvert: 0,
    sessionId: inPosition[0]?.sessionId ?? null,
    employeeName: typeof data.employee_name === 'string' ? data.employee_name : null,
    customerCpf: typeof data.customer_cpf === 'string' ? data.customer_cpf : null,
    ...salePaymentsView(inPosition),
    pixBrCode: typeof data.pix_br_code === 'string' ? data.pix_br_code : null,
    items: byName.map(toItemView),
    discountInfo,
  };
}

/** Items by name as a person reads them, whichever collation the database has. */
const names = new Intl.Collator('pt-BR');
