import { cashSalePayments, orderItems, orders } from '@meucardapio/db/schema';
import {
  averageTicket,
  channelSplit,
  compareHours,
  DASHBOARD_TOP_PRODUCTS,
  type DashboardView,
  dashboardWindow,
  fillDays,
  groupPaymentMethods,
  type OpenOrders,
  type SalesFigures,
  type SourceTotal,
  sourceSplit,
} from '@meucardapio/domain/dashboard';
import { localParts } from '@meucardapio/domain/hours';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { ServiceCtx, StaffCtx } from '../../http/context';
import { tenant } from '../../http/tenant';
import { restaurantById } from '../../tenancy/restaurant-lookup';

/**
 * The owner's dashboard: every figure aggregated in SQL over the orders table (PDV sales are orders
 * too; their split payments come from cash_sale_payments), by the restaurant's local calendar.
 */

const OPEN_STATUSES = ['pending', 'preparing', 'confirmed', 'out_for_delivery'] as const;

/**
 * What counts as a sale (docs/decisions/027): not cancelled, and an online payment only once approved;
 * never a test order from the menu's preview (decision 044).
 */
const isSale = sql`${orders.status} <> 'cancelled' and (${orders.paymentStatus} is null or ${orders.paymentStatus} = 'approved') and not ${orders.isTest}`;

/** Sum (0 when nothing matched) and count, optionally of the rows matching `where` only. */
const sumOf = (expr: SQL, where: SQL = sql`true`) =>
  sql<number>`coalesce(sum(${expr}) filter (where ${where}), 0)`.mapWith(Number);
const countOf = (what: SQL = sql`*`, where: SQL = sql`true`) =>
  sql<number>`count(${what}) filter (where ${where})`.mapWith(Number);

/** Orders placed between the starts of two local days: [from 00:00, to + 1 day 00:00) in `tz`, index-friendly. */
function placedBetween(tz: string, from: string, to: string): SQL {
  return sql`${orders.createdAt} >= (${from}::date::timestamp at time zone ${tz}) and ${orders.createdAt} < ((${to}::date + 1)::timestamp at time zone ${tz})`;
}

const localDate = (tz: string) => sql<string>`to_char(${orders.createdAt} at time zone ${tz}, 'YYYY-MM-DD')`;

export async function dashboard(ctx: StaffCtx, requestedDate?: string): Promise<DashboardView> {
  const { restaurantId } = ctx;
  // Figures a second old are fine here: the read replica takes them when there is one.
  const db = ctx.deps.database.laggingReads();
  const { timezone: tz } = await restaurantById(db, restaurantId);
  const now = localParts(new Date(), tz);
  const date = requestedDate ?? now.date;
  const isToday = date === now.date;
  const w = dashboardWindow(date);
  const sales = (from: string, to: string) => tenant(orders, restaurantId, isSale, placedBetween(tz, from, to));
  const onDay = sql`${localDate(tz)} = ${date}`;
  // Today is compared with last week up to the same minute; a past day with the whole day.
  const beforeCutoff = isToday
    ? sql`extract(hour from ${orders.createdAt} at time zone ${tz}) * 60 + extract(minute from ${orders.createdAt} at time zone ${tz}) <= ${now.minutes}`
    : sql`true`;

  const paid = sql`coalesce(${cashSalePayments.amount}, ${orders.total})`;
  /** The day's and the 30 days' sales, split by one column of the order (how it travelled, where it came from). */
  const salesBy = (column: typeof orders.deliveryType | typeof orders.channel) =>
    db
      .select({
        key: column,
        dayTotal: sumOf(sql`${orders.total}`, onDay),
        dayCount: countOf(sql`*`, onDay),
        monthTotal: sumOf(sql`${orders.total}`),
        monthCount: countOf(),
      })
      .from(orders)
      .where(sales(w.monthFrom, date))
      .groupBy(column);

  const [days, hours, lastWeek, top, payments, channels, board, sources] = await Promise.all([
    db
      .select({ date: localDate(tz), total: sumOf(sql`${orders.total}`), count: countOf() })
      .from(orders)
      .where(sales(w.monthFrom, date))
      // By position: the same expression written twice carries different parameters.
      .groupBy(sql`1`),
    db
      .select({
        date: localDate(tz),
        hour: sql<number>`extract(hour from ${orders.createdAt} at time zone ${tz})`.mapWith(Number),
        total: sumOf(sql`${orders.total}`),
      })
      .from(orders)
      .where(and(sales(w.lastWeek, date), sql`${localDate(tz)} in (${w.lastWeek}, ${date})`))
      .groupBy(sql`1, 2`),
    db
      .select({ total: sumOf(sql`${orders.total}`), count: countOf() })
      .from(orders)
      .where(and(sales(w.lastWeek, w.lastWeek), beforeCutoff)),
    db
      .select({
        productId: sql<string | null>`(array_agg(${orderItems.productId}))[1]`,
        name: sql<string>`(array_agg(${orderItems.name} order by ${orders.createdAt} desc))[1]`,
        quantity: sumOf(sql`${orderItems.quantity}`),
        total: sumOf(sql`${orderItems.totalPrice}`),
      })
      .from(orderItems)
      .innerJoin(orders, and(eq(orders.id, orderItems.orderId), eq(orders.restaurantId, orderItems.restaurantId)))
      .where(sales(w.weekFrom, date))
      .groupBy(sql`coalesce(${orderItems.productId}::text, 'name:' || ${orderItems.name})`)
      .orderBy(sql`3 desc, 4 desc, 2`)
      .limit(DASHBOARD_TOP_PRODUCTS),
    // A PDV sale's payments list splits it; any other order has its one method for its whole total.
    db
      .select({
        method: sql<string | null>`coalesce(${cashSalePayments.methodName}, ${orders.paymentMethod})`,
        dayTotal: sumOf(paid, onDay),
        dayCount: countOf(sql`distinct ${orders.id}`, onDay),
        monthTotal: sumOf(paid),
        monthCount: countOf(sql`distinct ${orders.id}`),
      })
      .from(orders)
      .leftJoin(
        cashSalePayments,
        and(eq(cashSalePayments.orderId, orders.id), eq(cashSalePayments.restaurantId, orders.restaurantId)),
      )
      .where(sales(w.monthFrom, date))
      .groupBy(sql`1`),
    salesBy(orders.deliveryType),
    db
      .select({
        status: orders.status,
        awaitingPayment: sql<boolean>`(${orders.paymentStatus} is not null and ${orders.paymentStatus} <> 'approved')`,
        count: countOf(),
      })
      .from(orders)
      .where(
        tenant(
          orders,
          restaurantId,
          sql`(${orders.status} in ('pending', 'preparing', 'confirmed', 'out_for_delivery') or (${orders.status} in ('delivered', 'cancelled') and ${placedBetween(tz, date, date)}))`,
          sql`not ${orders.isTest}`,
        ),
      )
      .groupBy(sql`1, 2`),
    salesBy(orders.channel),
  ]);

  const daySeries = fillDays(days, w.monthFrom, date);
  const todayRow = daySeries[daySeries.length - 1];
  const figures = (total: number, count: number): SalesFigures => ({
    total,
    count,
    averageTicket: averageTicket(total, count),
  });
  const openOrders: OpenOrders = { pending: 0, preparing: 0, confirmed: 0, out_for_delivery: 0, awaitingPayment: 0 };
  const closedToday = { delivered: 0, cancelled: 0 };
  for (const row of board) {
    if (row.status === 'pending' && row.awaitingPayment) openOrders.awaitingPayment += row.count;
    else if ((OPEN_STATUSES as readonly string[]).includes(row.status))
      openOrders[row.status as (typeof OPEN_STATUSES)[number]] += row.count;
    else if (row.status === 'delivered' || row.status === 'cancelled') closedToday[row.status] += row.count;
  }

  return {
    date,
    timezone: tz,
    isToday,
    today: figures(todayRow.total, todayRow.count),
    lastWeek: figures(lastWeek[0]?.total ?? 0, lastWeek[0]?.count ?? 0),
    openOrders,
    closedToday,
    hours: compareHours(
      hours.filter((h) => h.date === date),
      hours.filter((h) => h.date === w.lastWeek),
    ),
    topProducts: top.map((p) => ({ productId: p.productId, name: p.name, quantity: p.quantity, total: p.total })),
    days: daySeries,
    splits: {
      day: {
        payments: groupPaymentMethods(
          payments.filter((p) => p.dayCount > 0).map((p) => ({ ...p, total: p.dayTotal, count: p.dayCount })),
        ),
        channels: channelSplit(channels.map((c) => ({ channel: c.key ?? '', total: c.dayTotal, count: c.dayCount }))),
        sources: sourceSplit(sources.map((c) => ({ source: c.key, total: c.dayTotal, count: c.dayCount }))),
      },
      month: {
        payments: groupPaymentMethods(payments.map((p) => ({ ...p, total: p.monthTotal, count: p.monthCount }))),
        channels: channelSplit(
          channels.map((c) => ({ channel: c.key ?? '', total: c.monthTotal, count: c.monthCount })),
        ),
        sources: sourceSplit(sources.map((c) => ({ source: c.key, total: c.monthTotal, count: c.monthCount }))),
      },
    },
  };
}

/**
 * One local day's sales of every door by where they came from — our own (storefront, PDV, tables), then
 * each ordering app — as the cash reports show them next to the PDV's own figures.
 */
export async function daySalesBySource(ctx: ServiceCtx, timezone: string, date: string): Promise<SourceTotal[]> {
  const rows = await ctx.db
    .select({ source: orders.channel, total: sumOf(sql`${orders.total}`), count: countOf() })
    .from(orders)
    .where(tenant(orders, ctx.restaurantId, isSale, placedBetween(timezone, date, date)))
    .groupBy(orders.channel);
  return sourceSplit(rows);
}
