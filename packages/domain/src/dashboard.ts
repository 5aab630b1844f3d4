import type { MethodTotal, ProductTotal } from './cashier-report';
import { WEEKDAY_LABELS } from './hours';
import { channelLabel } from './marketplace';
import { DELIVERY_TYPE_LABELS, DELIVERY_TYPES, type DeliveryType, type OrderStatus } from './order-status';
import { paymentGroupLabel } from './payment';

/**
 * The owner's dashboard on /admin (Início): what counts as a sale is decided in docs/decisions/027
 * (sales = orders not cancelled whose online payment, if any, was approved), dated by when the order
 * was placed, in the restaurant's timezone. These helpers do the calendar arithmetic and shape the
 * figures the server aggregates in SQL; the API contract is at the end.
 *
 *   GET /api/admin/dashboard?date=YYYY-MM-DD   view_reports, not cashier-only → DashboardView
 */

/** Days in the sales chart, today included. */
export const DASHBOARD_DAYS = 30;
/** Days of "the week" for the best sellers, today included. */
export const DASHBOARD_WEEK_DAYS = 7;
export const DASHBOARD_TOP_PRODUCTS = 5;

/** A calendar date 'YYYY-MM-DD' moved by whole days (no timezone involved: it is a date, not an instant). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The local dates the dashboard of `date` reads. */
export type DashboardWindow = {
  date: string;
  /** First day of the 30-day chart. */
  monthFrom: string;
  /** First day of the week of best sellers. */
  weekFrom: string;
  /** The same weekday one week before, for the hourly comparison. */
  lastWeek: string;
};

export function dashboardWindow(date: string): DashboardWindow {
  return {
    date,
    monthFrom: addDays(date, 1 - DASHBOARD_DAYS),
    weekFrom: addDays(date, 1 - DASHBOARD_WEEK_DAYS),
    lastWeek: addDays(date, -7),
  };
}

export type DayTotal = { date: string; total: number; count: number };

/** One entry per day from `from` to `to`, both included, with zero for days without sales. */
export function fillDays(rows: readonly DayTotal[], from: string, to: string): DayTotal[] {
  const byDate = new Map(rows.map((r) => [r.date, r]));
  const out: DayTotal[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const r = byDate.get(d);
    out.push({ date: d, total: r?.total ?? 0, count: r?.count ?? 0 });
  }
  return out;
}

export type HourComparison = { hour: number; today: number; lastWeek: number };

/** 24 entries (local hours 0..23): the day's sales and those of the same weekday a week before. */
export function compareHours(
  today: readonly { hour: number; total: number }[],
  lastWeek: readonly { hour: number; total: number }[],
): HourComparison[] {
  const sum = (rows: readonly { hour: number; total: number }[], hour: number) =>
    rows.filter((r) => r.hour === hour).reduce((s, r) => s + r.total, 0);
  return Array.from({ length: 24 }, (_, hour) => ({ hour, today: sum(today, hour), lastWeek: sum(lastWeek, hour) }));
}

/**
 * Payment methods as the cashier reports group them (PIX, Crédito, Débito, Dinheiro, Não informado or a
 * restaurant's own name), largest first. A sale paid two ways counts once in each group.
 */
export function groupPaymentMethods(rows: readonly { method: string | null; total: number; count: number }[]) {
  const groups = new Map<string, MethodTotal>();
  // A month's rows repeat a handful of method names: each is labelled once.
  const labels = new Map<string | null, string>();
  for (const r of rows) {
    let method = labels.get(r.method);
    if (method === undefined) {
      method = paymentGroupLabel(r.method);
      labels.set(r.method, method);
    }
    const g = groups.get(method) ?? { method, total: 0, count: 0 };
    g.total += r.total;
    g.count += r.count;
    groups.set(method, g);
  }
  return [...groups.values()].sort((a, b) => b.total - a.total || a.method.localeCompare(b.method));
}

export type ChannelTotal = { channel: DeliveryType; label: string; total: number; count: number };

/** Delivery, pickup, table and PDV, always all four and in that order. */
export function channelSplit(rows: readonly { channel: string; total: number; count: number }[]): ChannelTotal[] {
  return DELIVERY_TYPES.map((channel) => {
    const mine = rows.filter((r) => r.channel === channel);
    return {
      channel,
      label: DELIVERY_TYPE_LABELS[channel],
      total: mine.reduce((s, r) => s + r.total, 0),
      count: mine.reduce((s, r) => s + r.count, 0),
    };
  });
}

export type SourceTotal = { source: string; label: string; total: number; count: number };

/**
 * Where the sales came from: our own channels ("Próprio": storefront, PDV, tables) first, then each
 * ordering app that sold, largest first.
 */
export function sourceSplit(rows: readonly { source: string | null; total: number; count: number }[]): SourceTotal[] {
  const own = rows.filter((r) => !r.source);
  const apps = rows
    .filter((r) => r.source)
    .map((r) => ({ source: r.source as string, label: channelLabel(r.source), total: r.total, count: r.count }))
    .sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
  return [
    {
      source: 'own',
      label: channelLabel(null),
      total: own.reduce((s, r) => s + r.total, 0),
      count: own.reduce((s, r) => s + r.count, 0),
    },
    ...apps,
  ];
}

/** 'segunda passada', 'sábado passado': the same weekday a week before `date`, as the comparison names it. */
export function lastWeekLabel(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const name = WEEKDAY_LABELS[weekday].toLowerCase();
  return weekday === 0 || weekday === 6 ? `${name} passado` : `${name} passada`;
}

/** Average ticket rounded to the centavo; 0 without sales. */
export function averageTicket(total: number, count: number): number {
  return count > 0 ? Math.round(total / count) : 0;
}

/** Change from `previous` to `current` in whole percent; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous <= 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** Orders on the board now, by status; unpaid online orders are apart, as the board shows them. */
export type OpenOrders = Record<Exclude<OrderStatus, 'delivered' | 'cancelled'>, number> & {
  awaitingPayment: number;
};

export type SalesFigures = { total: number; count: number; averageTicket: number };
export type Split = { payments: MethodTotal[]; channels: ChannelTotal[]; sources: SourceTotal[] };

export type DashboardView = {
  date: string;
  timezone: string;
  /** Whether `date` is the restaurant's today (the comparison then stops at the current time). */
  isToday: boolean;
  today: SalesFigures;
  /** The same weekday a week before, up to the same time of day when `date` is today. */
  lastWeek: SalesFigures;
  openOrders: OpenOrders;
  /** The day's delivered and cancelled orders. */
  closedToday: { delivered: number; cancelled: number };
  hours: HourComparison[];
  /** The week ending on `date`. */
  topProducts: ProductTotal[];
  /** The 30 days ending on `date`. */
  days: DayTotal[];
  splits: { day: Split; month: Split };
};
