import { type DbOrTx, readTogether } from '@meucardapio/db/client';
import {
  cashCloseCounts,
  cashRegisterHistory,
  cashRegisterSessions,
  cashSaleDiscounts,
  cashSalePayments,
  cashWithdrawals,
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
import type { CashMovementView, PdvPaymentMethod, SessionTotals, SessionView } from '@meucardapio/domain/cashier-views';
import {
  checkoutPaymentMethods,
  type PaymentMethodLike,
  paymentGroupLabel,
  paymentTypeOf,
  posPaymentMethods,
} from '@meucardapio/domain/payment';
import type { PixSettings } from '@meucardapio/domain/pix';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { tenant } from '../../http/tenant';
import { activePaymentMethods } from '../orders/place/place-order';

/**
 * Reads of cash sessions shared by the cashier services (a sale's own reads are in sale.queries.ts).
 * Every query is scoped by restaurant.
 */

export type SessionRow = typeof cashRegisterSessions.$inferSelect;

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
