-- A restaurant's sales and best sellers over a range of local days, as the dashboard and the cash reports
-- read them (modules/daily-sales/daily-sales.service.ts): the settled days from the daily sales (decision
-- 084), the orders still open live from the views. Functions so their plans are kept (decision 103):
-- planning the views' unions and lateral join cost more than running them, at every screen. The dates
-- become moments in the restaurant's time zone inside, so the orders are read as a range of created_at.
-- The open statuses (OPEN_ORDER_STATUSES in the domain; daily-sales.test.ts checks they agree) are written
-- out: a kept plan finds the open orders by (restaurant_id, status) only when it knows which they are.
CREATE FUNCTION mc_sales_of_days(restaurant uuid, tz text, first_day date, last_day date)
RETURNS TABLE (day date, delivery_type text, source text, method text, orders bigint, total bigint,
  payments bigint, paid bigint)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  SELECT s.day, s.delivery_type, s.source, s.method, sum(s.orders)::bigint, sum(s.total)::bigint,
    sum(s.payments)::bigint, sum(s.paid)::bigint
  FROM (
    SELECT d.day, d.delivery_type, d.source, d.method, d.orders, d.total, d.payments, d.paid FROM daily_sales d
    WHERE d.restaurant_id = restaurant AND d.day BETWEEN first_day AND last_day
    UNION ALL
    SELECT o.day, o.delivery_type, o.source, o.method, o.orders, o.total, o.payments, o.paid FROM order_sales o
    WHERE o.restaurant_id = restaurant AND o.status IN ('pending', 'preparing', 'confirmed', 'out_for_delivery')
      AND o.created_at >= (first_day::timestamp AT TIME ZONE tz)
      AND o.created_at < ((last_day + 1)::timestamp AT TIME ZONE tz)
  ) s
  GROUP BY 1, 2, 3, 4;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION mc_best_sellers(restaurant uuid, tz text, first_day date, last_day date, how_many integer)
RETURNS TABLE (product_id uuid, name text, quantity bigint, total bigint)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  SELECT (array_agg(s.product_id))[1], (array_agg(s.name ORDER BY s.name_at DESC))[1], sum(s.quantity)::bigint,
    sum(s.total)::bigint
  FROM (
    SELECT d.product_key, d.product_id, d.name, d.name_at, d.quantity, d.total FROM daily_product_sales d
    WHERE d.restaurant_id = restaurant AND d.day BETWEEN first_day AND last_day
    UNION ALL
    SELECT o.product_key, o.product_id, o.name, o.created_at, o.quantity, o.total FROM order_product_sales o
    WHERE o.restaurant_id = restaurant AND o.status IN ('pending', 'preparing', 'confirmed', 'out_for_delivery')
      AND o.created_at >= (first_day::timestamp AT TIME ZONE tz)
      AND o.created_at < ((last_day + 1)::timestamp AT TIME ZONE tz)
  ) s
  GROUP BY s.product_key
  HAVING sum(s.quantity) > 0
  ORDER BY 3 DESC, 4 DESC, 2
  LIMIT how_many;
END;
$$;
