-- What one order adds to (p_sign 1) or takes from (-1) its restaurant's daily sales, as `addToDailySales`
-- (db/daily-sales.ts) adds a range's: a PDV sale as it is made, an order as it is delivered, cancelled or
-- paid. Planned at every call as a statement (through pgbouncer each is), reading the views `order_sales`
-- and `order_product_sales` cost the primary about 1.5 ms to plan against 0.4 ms to run; a function keeps
-- its plans. Rows are written in key order, as the range's are, so the two never deadlock.
CREATE FUNCTION mc_count_order_sales(p_restaurant uuid, p_order uuid, p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_sales AS d (restaurant_id, day, delivery_type, source, method, orders, total, payments, paid)
  SELECT restaurant_id, day, delivery_type, source, method,
    p_sign * sum(orders), p_sign * sum(total), p_sign * sum(payments), p_sign * sum(paid)
  FROM order_sales
  WHERE status = 'delivered' AND restaurant_id = p_restaurant AND order_id = p_order
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (restaurant_id, day, delivery_type, source, method) DO UPDATE SET
    orders = d.orders + excluded.orders, total = d.total + excluded.total,
    payments = d.payments + excluded.payments, paid = d.paid + excluded.paid;
  INSERT INTO daily_product_sales AS d (restaurant_id, day, product_key, product_id, name, name_at, quantity, total)
  SELECT restaurant_id, day, product_key, (array_agg(product_id))[1],
    (array_agg(name ORDER BY created_at DESC))[1], max(created_at), p_sign * sum(quantity), p_sign * sum(total)
  FROM order_product_sales
  WHERE status = 'delivered' AND restaurant_id = p_restaurant AND order_id = p_order
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (restaurant_id, day, product_key) DO UPDATE SET
    quantity = d.quantity + excluded.quantity, total = d.total + excluded.total,
    name = CASE WHEN excluded.name_at >= d.name_at THEN excluded.name ELSE d.name END,
    name_at = greatest(d.name_at, excluded.name_at);
END $$;
