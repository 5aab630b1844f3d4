import { withinLocalDays } from '@meucardapio/db/local-days';
import { inOneTrip, step } from '@meucardapio/db/one-trip';
import { orders } from '@meucardapio/db/schema';
import { salesByDay, salesSplit } from '@meucardapio/domain/daily-sales';
import {
  averageTicket,
  compareHours,
  DASHBOARD_TOP_PRODUCTS,
  type DashboardView,
  dashboardWindow,
  fillDays,
  type OpenOrders,
  type SalesFigures,
  type SourceTotal,
} from '@meucardapio/domain/dashboard';
import { localParts } from '@meucardapio/domain/hours';
import { and, or, type SQL, sql } from 'drizzle-orm';
import type { ServiceCtx, StaffCtx } from '../../http/context';
import { tenant } from '../../http/tenant';
import {
  bestSellersStep,
  productTotals,
  salesOfDays,
  salesOfDaysStep,
  salesRows,
} from '../daily-sales/daily-sales.service';

/**
 * The owner's dashboard, by the restaurant's local calendar. Whole days (the 30 days' chart and splits,
 * the week's best sellers, a past day's comparison) come from the daily sales (decision 084); the
 * hours of two days, today's comparison up to this minute and the board's counts from the orders.
 */

const OPEN_STATUSES = ['pending', 'preparing', 'confirmed', 'out_for_delivery'] as const;

/**
 * What counts as a sale (docs/decisions/027): not cancelled, and an online payment only once approved;
 * never a test order from the menu's preview (decision 044).
 */
const isSale = sql`${orders.status} <> 'cancelled' and (${orders.paymentStatus} is null or ${orders.paymentStatus} = 'approved') and not ${orders.isTest}`;

/** Sum, 0 when nothing matched. */
const sumOf = (expr: SQL) => sql`coalesce(sum(${expr}), 0)`;

const localDate = (tz: string) => sql<string>`to_char(${orders.createdAt} at time zone ${tz}, 'YYYY-MM-DD')`;

export async function dashboard(ctx: StaffCtx, requestedDate?: string): Promise<DashboardView> {
  const { restaurantId } = ctx;
  // Figures a second old are fine here: the read replica takes them when there is one.
  const db = ctx.deps.database.laggingReads();
  const tz = ctx.actor.timezone;
  const now = localParts(new Date(), tz);
  const date = requestedDate ?? now.date;
  const isToday = date === now.date;
  const w = dashboardWindow(date);
  const placed = (...days: SQL[]) => tenant(orders, restaurantId, isSale, or(...days));
  // Today is compared with last week up to the same minute; a past day with the whole day.
  const beforeNow = sql`extract(hour from ${orders.createdAt} at time zone ${tz}) * 60 + extract(minute from ${orders.createdAt} at time zone ${tz}) <= ${now.minutes}`;

  // One statement: on a busy machine a screen waits once for the database, not for the slowest of five.
  const trip = await inOneTrip(db, {
    sales: salesOfDaysStep(restaurantId, tz, w.monthFrom, date),
    hours: step<{ date: string; hour: number; total: number }>(
      [],
      sql`select ${localDate(tz)} as date, extract(hour from ${orders.createdAt} at time zone ${tz})::int as hour,
        ${sumOf(sql`${orders.total}`)} as total
      from ${orders}
      where ${placed(withinLocalDays(orders.createdAt, tz, w.lastWeek), withinLocalDays(orders.createdAt, tz, date))}
      group by 1, 2`,
    ),
    // Today is compared with last week up to the same minute: a part of a day, read from its orders.
    ...(isToday
      ? {
          lastWeekToNow: step<{ total: number; count: number }>(
            [],
            sql`select ${sumOf(sql`${orders.total}`)} as total, count(*) as count from ${orders}
            where ${and(placed(withinLocalDays(orders.createdAt, tz, w.lastWeek)), beforeNow)}`,
          ),
        }
      : {}),
    top: bestSellersStep(restaurantId, tz, w.weekFrom, date, DASHBOARD_TOP_PRODUCTS),
    board: step<{ status: string; awaiting_payment: boolean; count: number }>(
      [],
      sql`select ${orders.status} as status,
        (${orders.paymentStatus} is not null and ${orders.paymentStatus} <> 'approved') as awaiting_payment,
        count(*) as count
      from ${orders}
      where ${tenant(
        orders,
        restaurantId,
        sql`(${orders.status} in ('pending', 'preparing', 'confirmed', 'out_for_delivery') or (${orders.status} in ('delivered', 'cancelled') and ${withinLocalDays(orders.createdAt, tz, date)}))`,
        sql`not ${orders.isTest}`,
      )}
      group by 1, 2`,
    ),
  });
  const sales = salesRows(trip.sales);
  const hours = trip.hours.map((h) => ({ date: h.date, hour: Number(h.hour), total: Number(h.total) }));
  const lastWeekToNow = trip.lastWeekToNow?.[0];
  const top = productTotals(trip.top);

  const daySeries = fillDays(salesByDay(sales), w.monthFrom, date);
  const ofDay = sales.filter((r) => r.day === date);
  const todayRow = daySeries[daySeries.length - 1];
  const figures = (total: number, count: number): SalesFigures => ({
    total,
    count,
    averageTicket: averageTicket(total, count),
  });
  const openOrders: OpenOrders = { pending: 0, preparing: 0, confirmed: 0, out_for_delivery: 0, awaitingPayment: 0 };
  const closedToday = { delivered: 0, cancelled: 0 };
  for (const row of trip.board) {
    const count = Number(row.count);
    if (row.status === 'pending' && row.awaiting_payment) openOrders.awaitingPayment += count;
    else if ((OPEN_STATUSES as readonly string[]).includes(row.status))
      openOrders[row.status as (typeof OPEN_STATUSES)[number]] += count;
    else if (row.status === 'delivered' || row.status === 'cancelled') closedToday[row.status] += count;
  }

  return {
    date,
    timezone: tz,
    isToday,
    today: figures(todayRow.total, todayRow.count),
    lastWeek: trip.lastWeekToNow
      ? figures(Number(lastWeekToNow?.total ?? 0), Number(lastWeekToNow?.count ?? 0))
      : figures(
          daySeries.find((d) => d.date === w.lastWeek)?.total ?? 0,
          daySeries.find((d) => d.date === w.lastWeek)?.count ?? 0,
        ),
    openOrders,
    closedToday,
    hours: compareHours(
      hours.filter((h) => h.date === date),
      hours.filter((h) => h.date === w.lastWeek),
    ),
    topProducts: top,
    days: daySeries,
    splits: { day: salesSplit(ofDay), month: salesSplit(sales) },
  };
}

/**
 * One local day's sales of every door by where they came from — our own (storefront, PDV, tables), then
 * each ordering app — as the cash reports show them next to the PDV's own figures.
 */
export async function daySalesBySource(ctx: ServiceCtx, timezone: string, date: string): Promise<SourceTotal[]> {
  return salesSplit(await salesOfDays(ctx.db, ctx.restaurantId, timezone, date, date)).sources;
}
