import type { DbOrTx } from '@meucardapio/db/client';
import { addOrderToDailySales, orderSalesCount } from '@meucardapio/db/daily-sales';
import { runStep, step } from '@meucardapio/db/one-trip';
import { dailyProductSales } from '@meucardapio/db/schema';
import type { ProductTotal } from '@meucardapio/domain/cashier-report';
import { isSettledSale, type SalesRow } from '@meucardapio/domain/daily-sales';
import { eq, sql } from 'drizzle-orm';
import { tenant } from '../../http/tenant';

/*
 * Daily sales (decision 084). The tables `daily_sales` and `daily_product_sales` hold every settled sale
 * (delivered, paid, not a test) by the restaurant's local day; the views `order_sales` and
 * `order_product_sales` say what one order adds. Whoever settles an order, or changes one that is
 * settled, does it through `countSale` / `recountSale` (or `uncountSale`, the change, `countSale`) in
 * the same transaction, holding the order's row; a range is read from the tables plus the orders still
 * on the board, in one statement (one snapshot).
 */

type OrderState = { id: string; restaurantId: string; status: string; paymentStatus: string | null; isTest: boolean };

/** Counts an order just placed or just settled, if it is a settled sale (nothing is read otherwise). */
export async function countSale(db: DbOrTx, order: OrderState): Promise<void> {
  if (isSettledSale(order)) await addOrderToDailySales(db, order, 1);
}

/** What `countSale` runs for an order just placed, as a statement to send with others; null if it counts nothing. */
export function saleCountStatement(order: OrderState) {
  return isSettledSale(order) ? orderSalesCount(order, 1) : null;
}

/** Takes a settled order out before a change that the caller counts again with `countSale`. */
export async function uncountSale(db: DbOrTx, order: OrderState): Promise<void> {
  if (isSettledSale(order)) await addOrderToDailySales(db, order, -1);
}

/**
 * Runs `change` — anything that moves an order's status or payment, or its total or items — keeping the
 * daily sales right: what the order counted leaves before the change, what it counts after enters.
 * `change` answers the order's row as it ends up.
 */
export async function recountSale<T extends OrderState>(
  db: DbOrTx,
  before: OrderState,
  change: () => Promise<T>,
): Promise<T> {
  await uncountSale(db, before);
  const after = await change();
  await countSale(db, after);
  return after;
}

// For what moves days or keys under orders already counted: a new time zone, a product deleted (its
// items are then counted by name).
export { recountDailySales } from '@meucardapio/db/daily-sales';

/** The days a product's sales are counted under its id (before it is deleted, see `recountDailySales`). */
export async function daysSellingProduct(db: DbOrTx, restaurantId: string, productId: string): Promise<string[]> {
  const rows = await db
    .select({ day: dailyProductSales.day })
    .from(dailyProductSales)
    .where(tenant(dailyProductSales, restaurantId, eq(dailyProductSales.productKey, productId)));
  return rows.map((r) => r.day);
}

/** A row of `salesOfDaysStep`: sums come back as JSON numbers. */
type SalesOfDaysRow = {
  day: string;
  delivery_type: string;
  source: string;
  method: string;
  orders: number;
  total: number;
  payments: number;
  paid: number;
};

/**
 * A restaurant's sales from local day `from` to `to` (both included): the settled ones from the daily
 * sales, the orders still on the board live (`tz` is the restaurant's time zone), through the database
 * function that keeps its plan (migration 0037). A step, so a screen reads it in the same trip as its
 * other figures; `salesRows` turns its rows.
 */
export const salesOfDaysStep = (restaurantId: string, tz: string, from: string, to: string) =>
  step<SalesOfDaysRow>(
    [],
    sql`select day::text as day, delivery_type, source, method, orders, total, payments, paid
      from mc_sales_of_days(${restaurantId}::uuid, ${tz}, ${from}::date, ${to}::date)`,
  );

export const salesRows = (rows: readonly SalesOfDaysRow[]): SalesRow[] =>
  rows.map((r) => ({
    day: r.day,
    deliveryType: r.delivery_type,
    source: r.source || null,
    method: r.method || null,
    orders: Number(r.orders),
    total: Number(r.total),
    payments: Number(r.payments),
    paid: Number(r.paid),
  }));

/** `salesOfDaysStep` alone. */
export async function salesOfDays(
  db: DbOrTx,
  restaurantId: string,
  tz: string,
  from: string,
  to: string,
): Promise<SalesRow[]> {
  return salesRows(await runStep(db, salesOfDaysStep(restaurantId, tz, from, to)));
}

type BestSellerRow = { product_id: string | null; name: string; quantity: number; total: number };

/** The `limit` best sellers from local day `from` to `to`: quantity, then total, then name (migration 0037). */
export const bestSellersStep = (restaurantId: string, tz: string, from: string, to: string, limit: number) =>
  step<BestSellerRow>(
    [],
    sql`select product_id, name, quantity, total
      from mc_best_sellers(${restaurantId}::uuid, ${tz}, ${from}::date, ${to}::date, ${limit}::int)`,
  );

export const productTotals = (rows: readonly BestSellerRow[]): ProductTotal[] =>
  rows.map((r) => ({ productId: r.product_id, name: r.name, quantity: Number(r.quantity), total: Number(r.total) }));
