-- A statement kept prepared on the server connection that runs it (db/kept-statements.ts): through
-- pgbouncer's transaction mode a client cannot know which server connection its transaction gets, so the
-- statement's text travels with each call and is prepared only where it is missing. The session setting
-- answers "already here" without reading pg_prepared_statements; a PREPARE outlives the transaction that
-- made it, while the setting may be rolled back with it, hence the second check.
CREATE FUNCTION mc_keep_prepared(p_name text, p_body text)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('mc.kept_' || p_name, true) IS DISTINCT FROM 'on' THEN
    IF NOT EXISTS (SELECT 1 FROM pg_prepared_statements WHERE name = p_name) THEN
      EXECUTE format('PREPARE %I AS %s', p_name, p_body);
    END IF;
    PERFORM set_config('mc.kept_' || p_name, 'on', false);
  END IF;
END $$;
