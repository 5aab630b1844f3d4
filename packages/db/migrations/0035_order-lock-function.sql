-- The restaurant's next order number, taken by the UPDATE that locks its row until the transaction ends
-- (decision 006), and, when the order is a customer's, how many of their orders are still open and
-- unpaid, counted once the lock is held: one round trip instead of two. A VOLATILE function runs each
-- statement with a fresh snapshot, so the count sees every order committed before the lock was granted.
-- PL/pgSQL keeps both plans per server connection, which pgbouncer's unnamed statements cannot.
CREATE FUNCTION mc_lock_for_order(restaurant uuid, customer uuid, open_statuses text[])
RETURNS TABLE (next_number integer, open_unpaid integer)
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  UPDATE restaurants r SET order_seq = r.order_seq + 1 WHERE r.id = restaurant RETURNING r.order_seq INTO next_number;
  IF customer IS NOT NULL THEN
    SELECT count(*)::integer INTO open_unpaid FROM orders o
    WHERE o.restaurant_id = restaurant AND o.customer_id = customer AND o.status = ANY(open_statuses)
      AND (o.payment_status IS NULL OR o.payment_status <> 'approved');
  END IF;
  RETURN NEXT;
END $$;
