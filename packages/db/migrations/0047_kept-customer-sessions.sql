-- A customer's order may be placed on the session its instance kept (decision 126): the order's lock
-- (migration 0046) tells, in the same round trip, whether that session still holds.
DROP FUNCTION mc_lock_for_order(uuid, uuid);
--> statement-breakpoint
CREATE FUNCTION mc_lock_for_order(restaurant uuid, customer uuid, kept_session text)
RETURNS TABLE (next_number integer, open_unpaid integer, catalog_version integer, session_holds boolean)
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
  IF kept_session IS NOT NULL THEN
    session_holds := EXISTS (
      SELECT 1 FROM sessions s
      WHERE s.token_hash = kept_session AND s.restaurant_id = restaurant AND s.expires_at > now()
    );
  END IF;
  RETURN NEXT;
END $$;
--> statement-breakpoint
-- Kept customer sessions hear of their customer's new name, e-mail or phone (`c:<customer id>`); a
-- deleted customer's sessions go with it, each announced as `s:` (migration 0007).
CREATE OR REPLACE FUNCTION mc_notify_session_change() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('mc_sessions', 's:' || OLD.token_hash);
  ELSIF TG_TABLE_NAME = 'employees' THEN
    PERFORM pg_notify('mc_sessions', 'e:' || COALESCE(NEW.id, OLD.id)::text);
  ELSIF TG_TABLE_NAME = 'restaurants' THEN
    PERFORM pg_notify('mc_sessions', 'r:' || NEW.id::text);
  ELSIF TG_TABLE_NAME = 'app_users' THEN
    PERFORM pg_notify('mc_sessions', 'u:' || NEW.id::text);
  ELSIF TG_TABLE_NAME = 'customers' THEN
    PERFORM pg_notify('mc_sessions', 'c:' || NEW.id::text);
  ELSE
    PERFORM pg_notify('mc_sessions', 'p:' || COALESCE(NEW.id, OLD.id)::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER mc_sessions_customer_changed AFTER UPDATE ON customers
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email OR OLD.phone IS DISTINCT FROM NEW.phone)
  EXECUTE FUNCTION mc_notify_session_change();
