import { type DbOrTx, readTogether } from '@meucardapio/db/client';
import {
  cashCloseCounts,
  cashRegisterHistory,
  cashRegisterSessions,
  cashSaleDiscounts,
  cashSalePayments,
  cashWithdrawals,
  orderItems,
  orders,
  tableAccountPayments,
  tableAccounts,
} from '@meucardapio/db/schema';
import {
  CASH_GROUP,
  closingBalance,
  expectedByGroup,
  usesHostedCheckout,
  usesLocalPixQr,
} from '@meucardapio/domain/cashier';
import type {
  CashMovementView,
  PdvPaymentMethod,
  SaleDetail,
  SaleDiscountView,
  SaleListItem,
  SessionTotals,
  SessionView,
} from '@meucardapio/domain/cashier-views';
import {
  checkoutPaymentMethods,
  type PaymentMethodLike,
  paymentGroupLabel,
  paymentTypeOf,
  posPaymentMethods,
} from '@meucardapio/domain/payment';
import type { PixSettings } from '@meucardapio/domain/pix';
import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { toItemView } from '../orders/order-view';
import { activePaymentMethods } from '../orders/place/place-order';

/** Reads shared by the cashier services. Every query is scoped by restaurant. */

export type SessionRow = typeof cashRegisterSessions.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export const saleNotFound = () => notFound('Venda não encontrada', 'A venda não existe ou é de outro restaurante.');

export async function openSessionOf(db: DbOrTx, restaurantId: string): Promise<SessionRow | null> {
  const [s] = await db
    .select()
    .from(cashRegisterSessions)
    .where(tenant(cashRegisterSessions, restaurantId, eq(cashRegisterSessions.status, 'open')))
    .limit(1);
  return s ?? null;
}

export async function sessionById(db: DbOrTx, restaurantId: string, id: string): Promise<SessionRow | null> {
  const [s] = await db
    .select()
    .from(cashRegisterSessions)
    .where(tenant(cashRegisterSessions, restaurantId, eq(cashRegisterSessions.id, id)))
    .limit(1);
  return s ?? null;
}

export type SessionFigures = SessionTotals & {
  /** Expected per report group (Dinheiro = the drawer). */
  expected: Record<string, number>;
  /** Sales count per report group. */
  salesByGroup: Record<string, number>;
};

/**
 * Sales, suprimentos and sangrias of a session, computed from the rows (never from running counters).
 * A table account's payments count as sales of the session they were taken in (each account once in
 * the count); the service charge of the accounts closed in it is shown apart, for the staff, and their
 * discounts count with the PDV's.
 */
export async function sessionFigures(db: DbOrTx, restaurantId: string, session: SessionRow): Promise<SessionFigures> {
  const [pdvByMethod, tableByMethod, [withdrawn], [supplied], [sales], [tableSales], [discounts], [service]] =
    await readTogether(db, [
      () =>
        db
          .select({
            methodName: cashSalePayments.methodName,
            amount: sql<number>`coalesce(sum(${cashSalePayments.amount}), 0)::int`,
            count: sql<number>`count(distinct ${cashSalePayments.orderId})::int`,
          })
          .from(cashSalePayments)
          .where(tenant(cashSalePayments, restaurantId, eq(cashSalePayments.sessionId, session.id)))
          .groupBy(cashSalePayments.methodName),
      () =>
        db
          .select({
            methodName: tableAccountPayments.methodName,
            amount: sql<number>`coalesce(sum(${tableAccountPayments.amount}), 0)::int`,
            count: sql<number>`count(distinct ${tableAccountPayments.accountId})::int`,
          })
          .from(tableAccountPayments)
          .where(tenant(tableAccountPayments, restaurantId, eq(tableAccountPayments.sessionId, session.id)))
          .groupBy(tableAccountPayments.methodName),
      () =>
        db
          .select({ total: sql<number>`coalesce(sum(${cashWithdrawals.amount}), 0)::int` })
          .from(cashWithdrawals)
          .where(tenant(cashWithdrawals, restaurantId, eq(cashWithdrawals.sessionId, session.id))),
      () =>
        db
          .select({ total: sql<number>`coalesce(sum(${cashRegisterHistory.amount}), 0)::int` })
          .from(cashRegisterHistory)
          .where(
            tenant(
              cashRegisterHistory,
              restaurantId,
              eq(cashRegisterHistory.sessionId, session.id),
              eq(cashRegisterHistory.operationType, 'supply'),
            ),
          ),
      () =>
        db
          .select({ count: sql<number>`count(distinct ${cashSalePayments.orderId})::int` })
          .from(cashSalePayments)
          .where(tenant(cashSalePayments, restaurantId, eq(cashSalePayments.sessionId, session.id))),
      () =>
        db
          .select({ count: sql<number>`count(distinct ${tableAccountPayments.accountId})::int` })
          .from(tableAccountPayments)
          .where(tenant(tableAccountPayments, restaurantId, eq(tableAccountPayments.sessionId, session.id))),
      () =>
        db
          .select({
            total: sql<number>`coalesce(sum(${cashSaleDiscounts.amount}), 0)::int`,
            count: sql<number>`count(*)::int`,
          })
          .from(cashSaleDiscounts)
          .where(tenant(cashSaleDiscounts, restaurantId, eq(cashSaleDiscounts.sessionId, session.id))),
      () =>
        db
          .select({
            total: sql<number>`coalesce(sum(${tableAccounts.serviceCharge}), 0)::int`,
            accounts: sql<number>`count(*)::int`,
            discounts: sql<number>`coalesce(sum(${tableAccounts.discount}), 0)::int`,
            discounted: sql<number>`count(*) filter (where ${tableAccounts.discount} > 0)::int`,
          })
          .from(tableAccounts)
          .where(tenant(tableAccounts, restaurantId, eq(tableAccounts.closedSessionId, session.id))),
    ]);
  const byMethod = [...pdvByMethod, ...tableByMethod];
  const tablePayments = tableByMethod.reduce((s, m) => s + m.amount, 0);
  const salesByGroup: Record<string, number> = {};
  for (const m of byMethod) {
    const g = paymentGroupLabel(m.methodName);
    salesByGroup[g] = (salesByGroup[g] ?? 0) + m.count;
  }
  const expected = expectedByGroup({
    initial: session.initialAmount,
    supplies: supplied.total,
    withdrawals: withdrawn.total,
    sales: byMethod.map((m) => ({ methodName: m.methodName, amount: m.amount })),
  });
  const cashSales = byMethod
    .filter((m) => paymentGroupLabel(m.methodName) === CASH_GROUP)
    .reduce((s, m) => s + m.amount, 0);
  return {
    totalSales: byMethod.reduce((s, m) => s + m.amount, 0),
    salesCount: sales.count + tableSales.count,
    cashSales,
    totalSupplies: supplied.total,
    totalWithdrawals: withdrawn.total,
    expectedCash: closingBalance({
      initial: session.initialAmount,
      cashSales,
      supplies: supplied.total,
      withdrawals: withdrawn.total,
    }),
    totalDiscounts: discounts.total + service.discounts,
    discountCount: discounts.count + service.discounted,
    tablePayments,
    serviceCharge: service.total,
    expected,
    salesByGroup,
  };
}

type HistoryRow = typeof cashRegisterHistory.$inferSelect;

function toMovementView(h: HistoryRow): CashMovementView {
  return {
    id: h.id,
    kind: h.operationType as CashMovementView['kind'],
    amount: h.amount,
    reason: h.notes ?? '',
    employeeName: h.employeeName,
    createdAt: h.createdAt.toISOString(),
  };
}

/** Sangrias and suprimentos, oldest first: of one session, or (with `where`) of a period. */
export async function movementsOf(db: DbOrTx, restaurantId: string, where: SQL): Promise<CashMovementView[]> {
  const rows = await db
    .select()
    .from(cashRegisterHistory)
    .where(
      tenant(
        cashRegisterHistory,
        restaurantId,
        inArray(cashRegisterHistory.operationType, ['supply', 'withdrawal']),
        where,
      ),
    )
    .orderBy(asc(cashRegisterHistory.createdAt), asc(cashRegisterHistory.id));
  return rows.map(toMovementView);
}

export const sessionMovements = (db: DbOrTx, restaurantId: string, sessionId: string) =>
  movementsOf(db, restaurantId, eq(cashRegisterHistory.sessionId, sessionId));

type DiscountRow = typeof cashSaleDiscounts.$inferSelect;

export function toDiscountView(d: DiscountRow): SaleDiscountView {
  return { amount: d.amount, givenBy: d.givenByName, approvedBy: d.approvedByName, reason: d.reason };
}

/** "Ana" or "Ana (aut. Bia)": who gave a discount, as lists and the CSV name them. */
export function discountByLabel(d: SaleDiscountView): string {
  return d.approvedBy ? `${d.givenBy} (aut. ${d.approvedBy})` : d.givenBy;
}

export async function discountsOfOrders(db: DbOrTx, restaurantId: string, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, SaleDiscountView>();
  const rows = await db
    .select()
    .from(cashSaleDiscounts)
    .where(tenant(cashSaleDiscounts, restaurantId, inArray(cashSaleDiscounts.orderId, orderIds)));
  return new Map(rows.map((d) => [d.orderId, toDiscountView(d)]));
}

export function toSessionView(s: SessionRow, totals: SessionTotals | null): SessionView {
  return {
    id: s.id,
    status: s.status as SessionView['status'],
    employeeName: s.employeeName,
    openingDate: s.openingDate.toISOString(),
    closingTime: s.closingTime?.toISOString() ?? null,
    initialAmount: s.initialAmount,
    notes: s.notes,
    totals,
  };
}

export function totalsOf(f: SessionFigures): SessionTotals {
  const { expected: _e, salesByGroup: _s, ...totals } = f;
  return totals;
}

export async function closeCountsOf(db: DbOrTx, restaurantId: string, sessionId: string) {
  return db
    .select()
    .from(cashCloseCounts)
    .where(tenant(cashCloseCounts, restaurantId, eq(cashCloseCounts.sessionId, sessionId)))
    .orderBy(asc(cashCloseCounts.method));
}

/** The methods the PDV offers (spec 3 §9: provider-enabled ones only when their name says PIX). */
export async function posMethodsOf(
  db: DbOrTx,
  restaurantId: string,
  pix: PixSettings | null,
): Promise<PdvPaymentMethod[]> {
  const rows = await activePaymentMethods(db, restaurantId);
  const methods = posPaymentMethods(checkoutPaymentMethods(rows) as PaymentMethodLike[]);
  return methods.map((m) => {
    const type = m.type ?? paymentTypeOf(m.name);
    return {
      id: m.id,
      name: m.name,
      icon: type === 'pix' ? 'pix' : type === 'cash' || m.requiresChange ? 'money' : 'card',
      requiresChange: m.requiresChange === true,
      infinitepayEnabled: usesHostedCheckout(m, pix !== null),
      maxInstallments: Math.max(1, m.maxInstallments ?? 1),
      pixQr: usesLocalPixQr(m, pix !== null),
    };
  });
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

/** PDV sales (delivery_type pdv), newest first. */
export async function pdvSaleRows(db: DbOrTx, restaurantId: string, where: SQL | undefined, limit?: number) {
  const q = db
    .select()
    .from(orders)
    .where(tenant(orders, restaurantId, eq(orders.deliveryType, 'pdv'), where))
    .orderBy(desc(orders.createdAt), desc(orders.number));
  return limit ? q.limit(limit) : q;
}

export async function paymentsOfOrders(db: DbOrTx, restaurantId: string, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(cashSalePayments)
    .where(tenant(cashSalePayments, restaurantId, inArray(cashSalePayments.orderId, orderIds)))
    .orderBy(asc(cashSalePayments.orderId), asc(cashSalePayments.position));
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
