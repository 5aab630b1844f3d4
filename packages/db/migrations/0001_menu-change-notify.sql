-- Public menus are cached by each server instance; any change to what a menu shows tells every
-- instance (LISTEN mc_menu) which restaurant to forget. NOTIFY is delivered only on commit, and
-- identical payloads within one transaction are sent once.
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
  PERFORM pg_notify('mc_menu', rid::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER mc_menu_restaurants AFTER INSERT OR UPDATE OR DELETE ON restaurants
  FOR EACH ROW EXECUTE FUNCTION mc_notify_menu_change();
--> statement-breakpoint
CREATE TRIGGER mc_menu_categories AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH ROW EXECUTE FUNCTION mc_notify_menu_change();
--> statement-breakpoint
CREATE TRIGGER mc_menu_products AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION mc_notify_menu_change();
--> statement-breakpoint
CREATE TRIGGER mc_menu_hours AFTER INSERT OR UPDATE OR DELETE ON restaurant_hours
  FOR EACH ROW EXECUTE FUNCTION mc_notify_menu_change();
--> statement-breakpoint
CREATE TRIGGER mc_menu_reviews AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION mc_notify_menu_change();
