CREATE TABLE "customer_order_totals" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"orders" integer NOT NULL,
	"spent" bigint NOT NULL,
	"last_order_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_order_totals" ADD CONSTRAINT "customer_order_totals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_totals" ADD CONSTRAINT "customer_order_totals_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_order_totals_restaurant_idx" ON "customer_order_totals" USING btree ("restaurant_id");--> statement-breakpoint
-- What one order adds to its customer's row, taken away and added again when its customer, status or
-- total changes, or taken away when it is deleted (the latest order is then read again).
CREATE FUNCTION mc_customer_order_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.customer_id IS NOT NULL THEN
    UPDATE customer_order_totals
    SET orders = orders - 1,
        spent = spent - CASE WHEN OLD.status <> 'cancelled' THEN OLD.total ELSE 0 END
    WHERE customer_id = OLD.customer_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.customer_id IS NOT NULL THEN
    INSERT INTO customer_order_totals AS t (customer_id, restaurant_id, orders, spent, last_order_at)
    VALUES (NEW.customer_id, NEW.restaurant_id, 1,
      CASE WHEN NEW.status <> 'cancelled' THEN NEW.total ELSE 0 END, NEW.created_at)
    ON CONFLICT (customer_id) DO UPDATE
    SET orders = t.orders + 1, spent = t.spent + excluded.spent,
        last_order_at = greatest(t.last_order_at, excluded.last_order_at);
  END IF;
  IF OLD.customer_id IS NOT NULL AND (TG_OP = 'DELETE' OR OLD.customer_id IS DISTINCT FROM NEW.customer_id) THEN
    UPDATE customer_order_totals
    SET last_order_at = (SELECT max(o.created_at) FROM orders o
      WHERE o.restaurant_id = OLD.restaurant_id AND o.customer_id = OLD.customer_id)
    WHERE customer_id = OLD.customer_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mc_customer_order_totals_added AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION mc_customer_order_totals();
--> statement-breakpoint
CREATE TRIGGER mc_customer_order_totals_changed AFTER UPDATE OF customer_id, status, total ON orders
  FOR EACH ROW
  WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.total <> NEW.total
    OR (OLD.status = 'cancelled') <> (NEW.status = 'cancelled'))
  EXECUTE FUNCTION mc_customer_order_totals();
--> statement-breakpoint
INSERT INTO customer_order_totals (customer_id, restaurant_id, orders, spent, last_order_at)
SELECT customer_id, restaurant_id, count(*), coalesce(sum(total) FILTER (WHERE status <> 'cancelled'), 0),
  max(created_at)
FROM orders WHERE customer_id IS NOT NULL
GROUP BY customer_id, restaurant_id;
