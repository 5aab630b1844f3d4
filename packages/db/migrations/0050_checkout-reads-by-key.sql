-- The checkout reads (migration 0046) look the cart's products up one key at a time: as a join, the generic
-- plan of a restaurant with a couple of thousand products could weigh a hash join over the whole menu as
-- cheaper than an index lookup per key, and read every product at each checkout. A lateral lookup with a
-- LIMIT is not folded back into a join: it runs once per key, by the primary key.
CREATE OR REPLACE FUNCTION mc_checkout_reads(restaurant_key uuid, product_keys uuid[])
RETURNS TABLE (restaurant_row json, hours_rows json, method_rows json, product_rows json, catalog_version integer)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  SELECT row_to_json(r),
    (SELECT coalesce(json_agg(h), '[]'::json) FROM restaurant_hours h WHERE h.restaurant_id = r.id),
    (SELECT coalesce(json_agg(m ORDER BY m.name), '[]'::json) FROM payment_methods m
      WHERE m.restaurant_id = r.id AND m.active),
    (SELECT coalesce(json_agg(p), '[]'::json) FROM unnest(product_keys) k
      CROSS JOIN LATERAL (SELECT * FROM products p WHERE p.id = k AND p.restaurant_id = r.id LIMIT 1) p),
    (SELECT v.version FROM catalog_versions v WHERE v.restaurant_id = r.id)
  FROM restaurants r WHERE r.id = restaurant_key;
END $$;
