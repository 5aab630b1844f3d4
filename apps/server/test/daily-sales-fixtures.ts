import { sql } from 'drizzle-orm';
import type { TestApp } from './helpers';

/*
 * The daily sales against a recount from the orders themselves, written here without the views the
 * server counts with: a settled sale is a delivered order, paid or paid at the counter, not a test; its
 * day is the restaurant's local day; a PDV sale's payments split it by method; cancelled items are out.
 */

type Row = Record<string, string | number>;

const SETTLED = sql`
  select o.*, (o.created_at at time zone r.timezone)::date::text as day
  from orders o join restaurants r on r.id = o.restaurant_id
  where o.status = 'delivered' and (o.payment_status is null or o.payment_status = 'approved') and not o.is_test`;

const rows = async (t: TestApp, query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)).rows as Row[]).map((r) => JSON.stringify(r)).sort();

/**
 * What the daily sales say and what the orders say, by orders and totals, by payments and by products:
 * equal when the upkeep is right (rows the upkeep brought back to zero are left out).
 */
export async function dailySalesAndOrders(t: TestApp) {
  const stored = {
    orders: await rows(
      t,
      sql`select restaurant_id, day::text as day, delivery_type, source, sum(orders)::int as orders, sum(total)::int as total
          from daily_sales group by 1, 2, 3, 4 having sum(orders) <> 0 or sum(total) <> 0`,
    ),
    payments: await rows(
      t,
      sql`select restaurant_id, day::text as day, method, sum(payments)::int as payments, sum(paid)::int as paid
          from daily_sales group by 1, 2, 3 having sum(payments) <> 0 or sum(paid) <> 0`,
    ),
    products: await rows(
      t,
      sql`select restaurant_id, day::text as day, product_key, quantity, total
          from daily_product_sales where quantity <> 0 or total <> 0`,
    ),
  };
  const recounted = {
    orders: await rows(
      t,
      sql`select restaurant_id, day, delivery_type, coalesce(channel, '') as source, count(*)::int as orders,
            sum(total)::int as total
          from (${SETTLED}) s group by 1, 2, 3, 4`,
    ),
    payments: await rows(
      t,
      sql`select s.restaurant_id, s.day, coalesce(p.method_name, s.payment_method, '') as method,
            count(distinct s.id)::int as payments, sum(coalesce(p.amount, s.total))::int as paid
          from (${SETTLED}) s left join cash_sale_payments p on p.order_id = s.id group by 1, 2, 3`,
    ),
    products: await rows(
      t,
      sql`select s.restaurant_id, s.day, coalesce(i.product_id::text, 'name:' || i.name) as product_key,
            sum(i.quantity)::int as quantity, sum(i.total_price)::int as total
          from (${SETTLED}) s join order_items i on i.order_id = s.id
          where i.cancelled_at is null group by 1, 2, 3`,
    ),
  };
  return { stored, recounted };
}
