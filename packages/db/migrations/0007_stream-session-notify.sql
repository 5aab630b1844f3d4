-- Open event streams check their session again at once when it may have ended or changed, on every
-- instance (LISTEN mc_sessions): a deleted session row (logout, password change, expiry), an employee
-- deactivated, moved or given another profile or password, a profile whose permissions, name or state
-- changed. Rows deleted by a cascade fire the trigger too.
CREATE OR REPLACE FUNCTION mc_notify_session_change() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('mc_sessions', 's:' || OLD.token_hash);
  ELSIF TG_TABLE_NAME = 'employees' THEN
    PERFORM pg_notify('mc_sessions', 'e:' || COALESCE(NEW.id, OLD.id)::text);
  ELSE
    PERFORM pg_notify('mc_sessions', 'p:' || COALESCE(NEW.id, OLD.id)::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER mc_sessions_deleted AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION mc_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER mc_sessions_employee_changed AFTER UPDATE ON employees
  FOR EACH ROW
  WHEN (OLD.active IS DISTINCT FROM NEW.active
    OR OLD.profile_id IS DISTINCT FROM NEW.profile_id
    OR OLD.password_hash IS DISTINCT FROM NEW.password_hash
    OR OLD.restaurant_id IS DISTINCT FROM NEW.restaurant_id)
  EXECUTE FUNCTION mc_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER mc_sessions_profile_changed AFTER UPDATE ON user_profiles
  FOR EACH ROW
  WHEN (OLD.active IS DISTINCT FROM NEW.active
    OR OLD.permissions IS DISTINCT FROM NEW.permissions
    OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.type IS DISTINCT FROM NEW.type)
  EXECUTE FUNCTION mc_notify_session_change();
