-- Every order takes its products' stock with an UPDATE of their rows, which told every instance to forget
-- the restaurant's cached menu: during a rush each menu was read and rendered again after every order.
-- A change of a product's stock alone (and of its updated_at) now names the product and its new stock,
-- "<restaurant id> <product id> <stock>", and an instance mends the menu it holds instead of reading it
-- again; any other change of a product still names only its restaurant. The rows are compared whole, the
-- new one with the old stock put back (every column type of products has an equality).
CREATE FUNCTION mc_notify_product_change() RETURNS trigger AS $$
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
  PERFORM pg_notify('mc_menu', COALESCE(NEW.restaurant_id, OLD.restaurant_id)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER mc_menu_products ON products;
--> statement-breakpoint
CREATE TRIGGER mc_menu_products AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION mc_notify_product_change();
