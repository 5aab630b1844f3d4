CREATE TABLE "catalog_versions" (
	"restaurant_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_versions" ADD CONSTRAINT "catalog_versions_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every restaurant has its version from the start; the triggers below raise it.
INSERT INTO "catalog_versions" ("restaurant_id") SELECT "id" FROM "restaurants";
--> statement-breakpoint
-- Each change that tells the instances to forget a menu (except a review's, which prices nothing) also
-- raises the version an order's lock reads; a new restaurant starts at 0. A restaurant being deleted
-- takes its version row with it (the cascade), so its products' triggers find none to raise.
CREATE OR REPLACE FUNCTION mc_notify_menu_change() RETURNS trigger AS $$
DECLARE
  rid uuid;
BEGIN
  IF TG_TABLE_NAME = 'restaurants' THEN
    rid := COALESCE(NEW.id, OLD.id);
  ELSIF TG_OP = 'DELETE' THEN
    rid := OLD.restaurant_id;
  ELSE
    rid := NEW.restaurant_id;
  END IF;
  IF TG_TABLE_NAME = 'restaurants' AND TG_OP = 'INSERT' THEN
    INSERT INTO catalog_versions (restaurant_id) VALUES (rid) ON CONFLICT DO NOTHING;
  ELSIF TG_TABLE_NAME <> 'reviews' THEN
    UPDATE catalog_versions SET version = version + 1 WHERE restaurant_id = rid;
  END IF;
  PERFORM pg_notify('mc_menu', rid::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mc_notify_product_change() RETURNS trigger AS $$
DECLARE
  stock_put_back products;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    stock_put_back := NEW;
    stock_put_back.estoque := OLD.estoque;
    stock_put_back.updated_at := OLD.updated_at;
    IF stock_put_back IS NOT DISTINCT FROM OLD THEN
      PERFORM pg_notify('mc_menu', NEW.restaurant_id::text || ' ' || NEW.id::text || ' ' || NEW.estoque::text);
      RETURN NULL;
    END IF;
  END IF;
  UPDATE catalog_versions SET version = version + 1 WHERE restaurant_id = COALESCE(NEW.restaurant_id, OLD.restaurant_id);
  PERFORM pg_notify('mc_menu', COALESCE(NEW.restaurant_id, OLD.restaurant_id)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Payment methods are not on the menu, but an order is checked against them.
CREATE FUNCTION mc_payment_methods_changed() RETURNS trigger AS $$
BEGIN
  UPDATE catalog_versions SET version = version + 1 WHERE restaurant_id = COALESCE(NEW.restaurant_id, OLD.restaurant_id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER mc_catalog_payment_methods AFTER INSERT OR UPDATE OR DELETE ON payment_methods
  FOR EACH ROW EXECUTE FUNCTION mc_payment_methods_changed();
--> statement-breakpoint
-- The checkout reads (migration 0041) with the version they were read at, in the same snapshot.
DROP FUNCTION mc_checkout_reads(uuid, uuid[]);
--> statement-breakpoint
CREATE FUNCTION mc_checkout_reads(restaurant_key uuid, product_keys uuid[])
RETURNS TABLE (restaurant_row json, hours_rows json, method_rows json, product_rows json, catalog_version integer)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  SELECT row_to_json(r),
    (SELECT coalesce(json_agg(h), '[]'::json) FROM restaurant_hours h WHERE h.restaurant_id = r.id),
    (SELECT coalesce(json_agg(m ORDER BY m.name), '[]'::json) FROM payment_methods m
      WHERE m.restaurant_id = r.id AND m.active),
    (SELECT coalesce(json_agg(p), '[]'::json) FROM unnest(product_keys) k JOIN products p ON p.id = k
      WHERE p.restaurant_id = r.id),
    (SELECT v.version FROM catalog_versions v WHERE v.restaurant_id = r.id)
  FROM restaurants r WHERE r.id = restaurant_key;
END $$;
--> statement-breakpoint
-- The order's lock (migration 0043) also answers the version its checkout reads are checked against.
DROP FUNCTION mc_lock_for_order(uuid, uuid);
--> statement-breakpoint
CREATE FUNCTION mc_lock_for_order(restaurant uuid, customer uuid)
RETURNS TABLE (next_number integer, open_unpaid integer, catalog_version integer)
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  UPDATE restaurants r SET order_seq = r.order_seq + 1 WHERE r.id = restaurant RETURNING r.order_seq INTO next_number;
  SELECT v.version INTO catalog_version FROM catalog_versions v WHERE v.restaurant_id = restaurant;
  IF customer IS NOT NULL THEN
    SELECT count(*)::integer INTO open_unpaid FROM orders o
    WHERE o.restaurant_id = restaurant AND o.customer_id = customer
      AND o.status in ('pending','preparing','confirmed','out_for_delivery')
      AND (o.payment_status IS NULL OR o.payment_status <> 'approved');
  END IF;
  RETURN NEXT;
END $$;
