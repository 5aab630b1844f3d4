-- A customer's open unpaid orders, counted under the restaurant's lock at every checkout, were read from
-- `orders_customer_idx`, which holds the customer's whole history: a regular with two hundred delivered
-- orders made the count visit two hundred rows while the restaurant's other orders waited. The partial
-- index holds only what the count looks for, and the count names its statuses as the index does
-- (OPEN_ORDER_STATUSES), so the plan the function keeps can use it for any customer.
CREATE INDEX "orders_open_unpaid_idx" ON "orders" USING btree ("restaurant_id","customer_id") WHERE "orders"."status" in ('pending','preparing','confirmed','out_for_delivery') and ("orders"."payment_status" is null or "orders"."payment_status" <> 'approved');
--> statement-breakpoint
DROP FUNCTION mc_lock_for_order(uuid, uuid, text[]);
--> statement-breakpoint
CREATE FUNCTION mc_lock_for_order(restaurant uuid, customer uuid)
RETURNS TABLE (next_number integer, open_unpaid integer)
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  UPDATE restaurants r SET order_seq = r.order_seq + 1 WHERE r.id = restaurant RETURNING r.order_seq INTO next_number;
  IF customer IS NOT NULL THEN
    SELECT count(*)::integer INTO open_unpaid FROM orders o
    WHERE o.restaurant_id = restaurant AND o.customer_id = customer
      AND o.status in ('pending','preparing','confirmed','out_for_delivery')
      AND (o.payment_status IS NULL OR o.payment_status <> 'approved');
  END IF;
  RETURN NEXT;
END $$;
