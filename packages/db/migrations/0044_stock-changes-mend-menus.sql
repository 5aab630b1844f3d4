-- Every order takes its products' stock with an UPDATE of their rows, which told every instance to forget
-- the restaurant's cached menu: during a rush each menu was read and rendered again after every order.
-- A change of a product's stock alone (and of its updated_at) now names the product and its new stock,
-- "<restaurant id> <product id> <stock>", and an instance mends the menu it holds instead of reading it
-- again; any other change of a product still names only its restaurant.
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
  IF TG_TABLE_NAME = 'products' AND TG_OP = 'UPDATE'
    AND (to_jsonb(OLD) - 'estoque' - 'updated_at') = (to_jsonb(NEW) - 'estoque' - 'updated_at') THEN
    PERFORM pg_notify('mc_menu', rid::text || ' ' || NEW.id::text || ' ' || NEW.estoque::text);
  ELSE
    PERFORM pg_notify('mc_menu', rid::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
