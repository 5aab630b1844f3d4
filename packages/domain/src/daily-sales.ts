import type { DayTotal, Split } from './dashboard';
import { channelSplit, groupPaymentMethods, sourceSplit } from './dashboard';

/**
 * Sales over ranges of days (decision 084). The server keeps one row per restaurant, local day, delivery
 * type, source and payment method for every settled sale, and reads orders still on the board live; what
 * it reads for a range comes back as `SalesRow`s, which these helpers turn into the figures reports show.
 */

/**
 * Whether an order is in the daily sales: delivered (handed over, so nothing about it moves any more),
 * paid or to be paid at the counter, and not a staff test (decisions 027 and 044).
 */
export function isSettledSale(order: { status: string; paymentStatus: string | null; isTest: boolean }): boolean {
  return (
    order.status === 'delivered' &&
    (order.paymentStatus === null || order.paymentStatus === 'approved') &&
    !order.isTest
  );
}

/**
 * Sales of one day under one key. `orders`/`total` count each order once (under its own method);
 * `payments`/`paid` what was paid with `method` (a sale paid two ways is under both).
 */
export type SalesRow = {
  day: string;
  deliveryType: string;
  /** The ordering app; null for our own channels. */
  source: string | null;
  method: string | null;
  orders: number;
  total: number;
  payments: number;
  paid: number;
};

/** Orders and their total per day (days without sales are absent; `fillDays` adds them). */
export function salesByDay(rows: readonly SalesRow[]): DayTotal[] {
  const days = new Map<string, DayTotal>();
  for (const r of rows) {
    const d = days.get(r.day) ?? { date: r.day, total: 0, count: 0 };
    d.total += r.total;
    d.count += r.orders;
    days.set(r.day, d);
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The split of the rows by payment method, delivery type and source, as the dashboard shows it. */
export function salesSplit(rows: readonly SalesRow[]): Split {
  return {
    payments: groupPaymentMethods(
      rows.filter((r) => r.payments !== 0).map((r) => ({ method: r.method, total: r.paid, count: r.payments })),
    ),
    channels: channelSplit(rows.map((r) => ({ channel: r.deliveryType, total: r.total, count: r.orders }))),
    sources: sourceSplit(sumBySource(rows)),
  };
}

function sumBySource(rows: readonly SalesRow[]) {
  const sources = new Map<string | null, { source: string | null; total: number; count: number }>();
  for (const r of rows) {
    if (r.orders === 0 && r.total === 0) continue;
    const s = sources.get(r.source) ?? { source: r.source, total: 0, count: 0 };
    s.total += r.total;
    s.count += r.orders;
    sources.set(r.source, s);
  }
  return [...sources.values()];
}
