-- What a storefront checkout reads before its transaction — the restaurant, its weekly hours, its active
-- payment methods (by name) and the cart's products — in one round trip whose plans are kept:
-- through pgbouncer's transaction mode each statement is unnamed and planned at every call, and these
-- reads, sent as two statements side by side, cost the primary more to plan and to answer than to run.
-- Whole rows as JSON, mapped back to the tables' shapes by the server (db/json-rows.ts), so a column
-- added to one of these tables needs no new function. Each product is found by its key: planned for
-- "= ANY(keys)", PostgreSQL crossed the keys with the restaurant's whole menu in its index.
CREATE FUNCTION mc_checkout_reads(restaurant_key uuid, product_keys uuid[])
RETURNS TABLE (restaurant_row json, hours_rows json, method_rows json, product_rows json)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  SELECT row_to_json(r),
    (SELECT coalesce(json_agg(h), '[]'::json) FROM restaurant_hours h WHERE h.restaurant_id = r.id),
    (SELECT coalesce(json_agg(m ORDER BY m.name), '[]'::json) FROM payment_methods m
      WHERE m.restaurant_id = r.id AND m.active),
    (SELECT coalesce(json_agg(p), '[]'::json) FROM unnest(product_keys) k JOIN products p ON p.id = k
      WHERE p.restaurant_id = r.id)
  FROM restaurants r WHERE r.id = restaurant_key;
END $$;
