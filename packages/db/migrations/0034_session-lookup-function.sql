-- The session behind a cookie, with its restaurant and whoever it names (each person's join matches
-- only for its kind), as http/session.ts reads it on every request. A function so its plan is kept:
-- through pgbouncer's transaction mode every statement is unnamed and planned again, and planning this
-- six-table join cost eight times running it. PL/pgSQL keeps one generic plan per server connection
-- (every table is reached by its primary key, whatever the hashes), and a change to any of these tables
-- makes PostgreSQL plan it again.
CREATE FUNCTION mc_session_actors(hashes text[])
RETURNS TABLE (
  s_token_hash text, s_kind text, s_restaurant_id uuid, s_app_user_id uuid, s_employee_id uuid,
  s_customer_id uuid, s_expires_at timestamptz, s_last_seen_at timestamptz,
  r_id uuid, r_owner_id uuid, r_timezone text,
  u_id uuid, u_name text, u_email text,
  e_id uuid, e_name text, e_email text, e_active boolean, e_restaurant_id uuid,
  p_id uuid, p_name text, p_type text, p_permissions jsonb, p_active boolean, p_max_discount_percent integer,
  c_id uuid, c_name text, c_email text, c_phone text, c_restaurant_id uuid
)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  SELECT s.token_hash, s.kind, s.restaurant_id, s.app_user_id, s.employee_id, s.customer_id, s.expires_at,
    s.last_seen_at, r.id, r.owner_id, r.timezone, u.id, u.name, u.email,
    e.id, e.name, e.email, e.active, e.restaurant_id,
    p.id, p.name, p.type, p.permissions, p.active, p.max_discount_percent,
    c.id, c.name, c.email, c.phone, c.restaurant_id
  FROM sessions s
  LEFT JOIN restaurants r ON r.id = s.restaurant_id
  LEFT JOIN app_users u ON s.kind = 'owner' AND u.id = s.app_user_id
  LEFT JOIN employees e ON s.kind = 'employee' AND e.id = s.employee_id
  LEFT JOIN user_profiles p ON p.id = e.profile_id
  LEFT JOIN customers c ON s.kind = 'customer' AND c.id = s.customer_id
  WHERE s.token_hash = ANY(hashes);
END $$;
