-- Instances keep the staff sessions their screens' reads resolve (decision 108), and must hear of every
-- change to what such a session names, besides those migration 0007 signals: a restaurant given another
-- owner or time zone (`r:<restaurant id>`), an owner's new name or e-mail (`u:<app user id>`).
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
  ELSE
    PERFORM pg_notify('mc_sessions', 'p:' || COALESCE(NEW.id, OLD.id)::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER mc_sessions_restaurant_changed AFTER UPDATE ON restaurants
  FOR EACH ROW
  WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.timezone IS DISTINCT FROM NEW.timezone)
  EXECUTE FUNCTION mc_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER mc_sessions_owner_changed AFTER UPDATE ON app_users
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION mc_notify_session_change();
