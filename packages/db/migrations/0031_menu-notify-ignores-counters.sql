-- Every order takes its number with an UPDATE of its restaurant's row (and every NFC-e its number):
-- neither counter is shown on a menu, so those updates no longer tell every instance to forget the
-- restaurant's cached menu and page (they did, once per order).
DROP TRIGGER mc_menu_restaurants ON restaurants;
--> statement-breakpoint
CREATE TRIGGER mc_menu_restaurants AFTER INSERT OR DELETE ON restaurants
  FOR EACH ROW EXECUTE FUNCTION mc_notify_menu_change();
--> statement-breakpoint
CREATE TRIGGER mc_menu_restaurants_changed AFTER UPDATE ON restaurants
  FOR EACH ROW
  WHEN (OLD.order_seq IS NOT DISTINCT FROM NEW.order_seq AND OLD.nfce_number IS NOT DISTINCT FROM NEW.nfce_number)
  EXECUTE FUNCTION mc_notify_menu_change();
