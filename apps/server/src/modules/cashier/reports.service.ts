import { anyOf } from '@meucardapio/db/any-of';
import { builtOnce } from '@meucardapio/db/built-once';
import { readTogether } from '@meucardapio/db/client';
import { withinLocalDays } from '@meucardapio/db/local-days';
import { cashRegisterHistory, cashRegisterSessions, orderItems, type orders } from '@meucardapio/db/schema';
import { PDV_HISTORY_LIMIT, PDV_TOP_PRODUCTS } from '@meucardapio/domain/cashier';
import { type ReportSale, salesCsv, summarizeSales, topProducts } from '@meucardapio/domain/cashier-report';
import type {
  Conciliation,
  DailyReport,
  SaleDetail,
  SaleListItem,
  SessionSummary,
  TodayReport,
} from '@meucardapio/domain/cashier-views';
import { localDateString } from '@meucardapio/domain/hours';
import { desc, isNull, type SQL, sql } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { daySalesBySource } from '../dashboard/dashboard.service';
import {
  closeCountsOf,
  movementsOf,
  openSessionOf,
  sessionById,
  sessionFigures,
  sessionMovements,
  toSessionView,
  totalsOf,
} from './cashier.queries';
import {
  discountByLabel,
  discountsOfOrders,
  latestPdvSales,
  paymentsOfOrders,
  pdvSaleRowsOfDay,
  saleDetail,
  toSaleListItem,
} from './sale.queries';
import { latestTableSales, tableSaleDetail, tableSaleListItem, tablesPaidOnDay } from './table-sales.queries';

/**
 * Reports, conciliation and history of PDV sales and of table accounts' payments, by the restaurant's
 * local day. A table counts as one sale per account with the parts paid that day.
 */

/** Statuses counted by the summary of today and by the detailed report (spec 3 §7). */
const REPORT_STATUSES = ['delivered', 'confirmed'];
const DETAILED_STATUSES = ['confirmed', 'preparing', 'delivered'];
const SESSIONS_LISTED = 30;

type OrderRow = typeof orders.$inferSelect;

/** The restaurant's items `where` picks, as the top products count them: written once per kind of pick. */
const itemsSold = (...where: SQL[]) =>
  builtOnce((db) =>
    db
      .select({
        productId: orderItems.productId,
        name: orderItems.name,
        quantity: orderItems.quantity,
        totalPrice: orderItems.totalPrice,
      })
      .from(orderItems)
      .where(tenant(orderItems, sql.placeholder('restaurantId'), ...where)),
  );
const itemsOfOrders = itemsSold(anyOf(orderItems.orderId, sql.placeholder('ids')));
const standingItemsOfAccounts = itemsSold(
  anyOf(orderItems.tableAccountId, sql.placeholder('ids')),
  isNull(orderItems.cancelledAt),
);

/**
 * A local day's PDV sales in `statuses`, then side by side their payments, who gave their discounts
 * and, when `items`, their items.
 */
async function pdvSalesOfDay(ctx: StaffCtx, timezone: string, date: string, statuses: string[], items: boolean) {
  const { db, restaurantId } = ctx;
  const rows = await pdvSaleRowsOfDay(db, restaurantId, statuses, timezone, date);
  const ids = rows.map((r) => r.id);
  const [payments, discounts, sold] = await readTogether(db, [
    () => paymentsOfOrders(db, restaurantId, ids),
    () => discountsOfOrders(db, restaurantId, ids),
    () => (items && ids.length > 0 ? itemsOfOrders(db, { restaurantId, ids }) : Promise.resolve([])),
  ]);
  const paymentsOf = new Map<string, typeof payments>();
  for (const payment of payments) {
    const ofSale = paymentsOf.get(payment.orderId);
    if (ofSale) ofSale.push(payment);
    else paymentsOf.set(payment.orderId, [payment]);
  }
  const sales: ReportSale[] = rows.map((o: OrderRow) => {
    const given = discounts.get(o.id);
    return {
      id: o.id,
      kind: 'pdv',
      number: o.number,
      customerName: o.customerName,
      createdAt: o.createdAt,
      total: o.total,
      discount: o.discount,
      discountBy: given ? discountByLabel(given) : null,
      status: o.status,
      paymentMethod: o.paymentMethod,
      payments: paymentsOf.get(o.id) ?? [],
    };
  });
  return { rows, sales, items: sold };
}

/** The table accounts paid on a local day and, when `items`, their standing items. */
async function tableSalesOfDay(ctx: StaffCtx, timezone: string, date: string, items: boolean) {
  const { db, restaurantId } = ctx;
  const sales = await tablesPaidOnDay(db, restaurantId, timezone, date);
  const accountIds = sales.map((s) => s.accountId);
  const sold =
    items && accountIds.length > 0 ? await standingItemsOfAccounts(db, { restaurantId, ids: accountIds }) : [];
  return { sales, items: sold };
}

/**
 * A local day's sales, the PDV's and the table accounts' (read together), newest first, and with `items`
 * what they sold. Each side waits for its own sales before its further reads, so a report waits for the
 * database twice, not once per kind of row.
 */
async function salesOfDay(ctx: StaffCtx, timezone: string, date: string, statuses: string[], items = false) {
  const [pdv, tables] = await readTogether(ctx.db, [
    () => pdvSalesOfDay(ctx, timezone, date, statuses, items),
    () => tableSalesOfDay(ctx, timezone, date, items),
  ]);
  const reportSales = [...pdv.sales, ...tables.sales].sort(
    (a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime(),
  );
  return { rows: pdv.rows, tableSales: tables.sales, reportSales, items: [...pdv.items, ...tables.items] };
}

function dayOf(ctx: StaffCtx, date: string | undefined) {
  const { timezone } = ctx.actor;
  return { timezone, date: date ?? localDateString(new Date(), timezone) };
}

/** Relatórios: today's PDV sales (delivered or ready) and table payments in the restaurant's timezone. */
export async function todayReport(ctx: StaffCtx): Promise<TodayReport> {
  const { timezone, date } = dayOf(ctx, undefined);
  const { reportSales } = await salesOfDay(ctx, timezone, date, REPORT_STATUSES);
  return { date, timezone, ...summarizeSales(reportSales, timezone) };
}

/**
 * The detailed daily report: the summary, the top 5 products and the day's sales (a table's products
 * are the standing items of the accounts paid that day).
 */
export async function dailyReport(ctx: StaffCtx, day?: string): Promise<DailyReport> {
  const { timezone, date } = dayOf(ctx, day);
  const [{ rows, tableSales, reportSales, items }, sources] = await Promise.all([
    salesOfDay(ctx, timezone, date, DETAILED_STATUSES, true),
    daySalesBySource(ctx, timezone, date),
  ]);
  return {
    date,
    timezone,
    ...summarizeSales(reportSales, timezone),
    topProducts: topProducts(items, PDV_TOP_PRODUCTS),
    sources,
    sales: newestFirst([...rows.map(toSaleListItem), ...tableSales.map(tableSaleListItem)]),
  };
}

/** The detailed report's sales as CSV, then the day's sangrias and suprimentos, with its file name. */
export async function dailyReportCsv(ctx: StaffCtx, day?: string) {
  const { timezone, date } = dayOf(ctx, day);
  const [{ reportSales }, movements] = await Promise.all([
    salesOfDay(ctx, timezone, date, DETAILED_STATUSES),
    movementsOf(ctx.db, ctx.restaurantId, withinLocalDays(cashRegisterHistory.createdAt, timezone, date)),
  ]);
  return { filename: `vendas-pdv-${date}.csv`, csv: salesCsv(reportSales, timezone, movements) };
}

/**
 * Conciliação: per payment group, what the database expects against what was counted at closing, for
 * one session (default: the open one, else the last closed).
 */
export async function conciliation(ctx: StaffCtx, sessionId?: string): Promise<Conciliation> {
  let session = sessionId ? await sessionById(ctx.db, ctx.restaurantId, sessionId) : null;
  if (sessionId && !session) throw notFound('Sessão não encontrada', 'A sessão de caixa não existe.');
  if (!session) session = await openSessionOf(ctx.db, ctx.restaurantId);
  if (!session) {
    [session] = await ctx.db
      .select()
      .from(cashRegisterSessions)
      .where(tenant(cashRegisterSessions, ctx.restaurantId))
      .orderBy(desc(cashRegisterSessions.openingDate))
      .limit(1);
  }
  if (!session) return { session: null, rows: [], counted: false, totalDifference: null, movements: [] };
  const figures = await sessionFigures(ctx.db, ctx.restaurantId, session);
  const [counts, movements] = await Promise.all([
    closeCountsOf(ctx.db, ctx.restaurantId, session.id),
    sessionMovements(ctx.db, ctx.restaurantId, session.id),
  ]);
  const counted = counts.length > 0;
  const groups = counted ? counts.map((c) => c.method) : Object.keys(figures.expected);
  const rows = groups.map((method) => {
    const stored = counts.find((c) => c.method === method);
    // Once closed, the figures stored at closing are what was reconciled.
    const expected = stored?.expected ?? figures.expected[method] ?? 0;
    const countedAmount = stored?.counted ?? 0;
    return {
      method,
      expected,
      counted: countedAmount,
      difference: stored ? stored.difference : 0,
      salesCount: figures.salesByGroup[method] ?? 0,
    };
  });
  return {
    session: toSessionView(session, totalsOf(figures)),
    rows,
    counted,
    totalDifference: session.totalDifference,
    movements,
  };
}

/** The last sessions with their closing figures and "quebra de caixa". */
export async function listSessions(ctx: StaffCtx): Promise<SessionSummary[]> {
  const rows = await ctx.db
    .select()
    .from(cashRegisterSessions)
    .where(tenant(cashRegisterSessions, ctx.restaurantId))
    .orderBy(desc(cashRegisterSessions.openingDate), desc(cashRegisterSessions.id))
    .limit(SESSIONS_LISTED);
  return rows.map((s) => ({
    id: s.id,
    status: s.status as SessionSummary['status'],
    employeeName: s.employeeName,
    openingDate: s.openingDate.toISOString(),
    closingTime: s.closingTime?.toISOString() ?? null,
    initialAmount: s.initialAmount,
    totalSales: s.totalSales,
    totalWithdrawals: s.totalWithdrawals,
    totalSupplies: s.totalSupplies,
    totalDiscounts: s.totalDiscounts,
    finalBalance: s.finalBalance,
    blind: s.blindClose,
    totalDifference: s.totalDifference,
  }));
}

const newestFirst = (sales: SaleListItem[]) => sales.sort((a, b) => b.createdAt.localeCompare(a.createdAt));

/** Histórico: the last 50 PDV sales (whatever their status) and tables paid, newest first. */
export async function saleHistory(ctx: StaffCtx): Promise<SaleListItem[]> {
  const [rows, tables] = await Promise.all([
    latestPdvSales(ctx.db, ctx.restaurantId, PDV_HISTORY_LIMIT),
    latestTableSales(ctx.db, ctx.restaurantId, PDV_HISTORY_LIMIT),
  ]);
  return newestFirst([...rows.map(toSaleListItem), ...tables.map(tableSaleListItem)]).slice(0, PDV_HISTORY_LIMIT);
}

/** A PDV sale, or a table account's payments (by the account's id). */
export async function getSale(ctx: StaffCtx, id: string): Promise<SaleDetail> {
  return (await tableSaleDetail(ctx.db, ctx.restaurantId, id)) ?? saleDetail(ctx.db, ctx.restaurantId, id);
}
