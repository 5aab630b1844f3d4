import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { dailyProductSales, dailySales } from './schema';

/*
 * The daily sales' writes (decision 084), shared by the server's upkeep, the demo seed and the benchmark's
 * bulk seed. What an order adds is the views `order_sales` and `order_product_sales` (migration 0028).
 */

/**
 * Adds (`sign` 1) or takes away (-1) the delivered sales the views show under `where` (a condition on
 * their columns: restaurant_id, day…; one order's go through `addOrderToDailySales`). Rows are written in key order, so two transactions
 * touching the same rows wait for each other instead of deadlocking, and a row already there is added to.
 */
export async function addToDailySales(db: DbOrTx, where: SQL, sign: 1 | -1 = 1): Promise<void> {
  await db.execute(sql`
    with sales as (
      insert into daily_sales as d (restaurant_id, day, delivery_type, source, method, orders, total, payments, paid)
      select restaurant_id, day, delivery_type, source, method,
        ${sign} * sum(orders), ${sign} * sum(total), ${sign} * sum(payments), ${sign} * sum(paid)
      from order_sales
      where status = 'delivered' and ${where}
      group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (restaurant_id, day, delivery_type, source, method) do update set
        orders = d.orders + excluded.orders, total = d.total + excluded.total,
        payments = d.payments + excluded.payments, paid = d.paid + excluded.paid
    )
    insert into daily_product_sales as d (restaurant_id, day, product_key, product_id, name, name_at, quantity, total)
    select restaurant_id, day, product_key, (array_agg(product_id))[1],
      (array_agg(name order by created_at desc))[1], max(created_at), ${sign} * sum(quantity), ${sign} * sum(total)
    from order_product_sales
    where status = 'delivered' and ${where}
    group by 1, 2, 3 order by 1, 2, 3
    on conflict (restaurant_id, day, product_key) do update set
      quantity = d.quantity + excluded.quantity, total = d.total + excluded.total,
      name = case when excluded.name_at >= d.name_at then excluded.name else d.name end,
      name_at = greatest(d.name_at, excluded.name_at)`);
}

/**
 * Adds (`sign` 1) or takes away (-1) what one order's delivered sale counts, through the database function
 * `mc_count_order_sales` (migration 0042): the same sums as `addToDailySales`, with the plans kept.
 */
export async function addOrderToDailySales(
  db: DbOrTx,
  order: { restaurantId: string; id: string },
  sign: 1 | -1,
): Promise<void> {
  await db.execute(orderSalesCount(order, sign));
}

/** The statement `addOrderToDailySales` runs, for a caller that sends it along with others. */
export const orderSalesCount = (order: { restaurantId: string; id: string }, sign: 1 | -1) =>
  sql`select mc_count_order_sales(${order.restaurantId}::uuid, ${order.id}::uuid, ${sign}::integer)`;

/**
 * Counts a restaurant's daily sales again from its orders: all its days, or `days` only. Added on
 * conflict, so a sale another transaction settles meanwhile is neither lost nor counted twice.
 */
export async function recountDailySales(db: DbOrTx, restaurantId: string, days?: readonly string[]): Promise<void> {
  if (days?.length === 0) return;
  const mine = (table: typeof dailySales | typeof dailyProductSales) =>
    and(sql`${table.restaurantId} = ${restaurantId}`, days ? inArray(table.day, [...days]) : undefined);
  await db.delete(dailySales).where(mine(dailySales));
  await db.delete(dailyProductSales).where(mine(dailyProductSales));
  const onDays = days
    ? sql` and day in (${sql.join(
        days.map((d) => sql`${d}::date`),
        sql`, `,
      )})`
    : sql``;
  await addToDailySales(db, sql`restaurant_id = ${restaurantId}${onDays}`);
}
