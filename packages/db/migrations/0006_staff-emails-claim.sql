-- An owner's or employee's e-mail names one staff account across the whole product. Every insert or e-mail
-- change of either claims the trimmed, lower-cased address in staff_emails inside the writing transaction;
-- its primary key refuses a second claim, also one made by a concurrent transaction (which waits, then fails).
CREATE OR REPLACE FUNCTION mc_claim_staff_email() RETURNS trigger AS $$
DECLARE
  addr text := lower(btrim(NEW.email));
BEGIN
  IF TG_OP = 'UPDATE' AND addr = lower(btrim(OLD.email)) THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'app_users' THEN
    DELETE FROM staff_emails WHERE app_user_id = NEW.id;
    INSERT INTO staff_emails (email, app_user_id) VALUES (addr, NEW.id);
  ELSE
    DELETE FROM staff_emails WHERE employee_id = NEW.id;
    INSERT INTO staff_emails (email, employee_id) VALUES (addr, NEW.id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER mc_staff_email_app_users AFTER INSERT OR UPDATE OF email ON app_users
  FOR EACH ROW EXECUTE FUNCTION mc_claim_staff_email();
--> statement-breakpoint
CREATE TRIGGER mc_staff_email_employees AFTER INSERT OR UPDATE OF email ON employees
  FOR EACH ROW EXECUTE FUNCTION mc_claim_staff_email();
--> statement-breakpoint
-- Existing accounts: owners claim first, then employees oldest first. An employee whose address was already
-- taken keeps signing in as before but holds no claim, so recovery sends that address's link to its claimant.
INSERT INTO staff_emails (email, app_user_id)
  SELECT DISTINCT ON (lower(btrim(email))) lower(btrim(email)), id FROM app_users
  ORDER BY lower(btrim(email)), created_at
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO staff_emails (email, employee_id)
  SELECT DISTINCT ON (lower(btrim(email))) lower(btrim(email)), id FROM employees
  ORDER BY lower(btrim(email)), created_at
  ON CONFLICT DO NOTHING;
