-- A WhatsApp sender's claim (notifications/whatsapp-outbox.ts, decisions 092 and 095) in a function that
-- keeps its plans: through pgbouncer's transaction mode the statement was planned at every call, about
-- as long as it ran, and a claim follows nearly every order. In one call: a row whose sender died on its
-- last attempt is marked failed; then up to `p_batch` rows due — pending and past their retry delay
-- (`p_delays_ms[attempts + 1]` after they were queued), or 'sending' with an expired lease — are claimed
-- for `p_token` until `p_lease_until`, their attempt counted, and answered oldest first with the
-- restaurant's sealed WhatsApp key.
CREATE FUNCTION mc_claim_outbox(p_at timestamptz, p_delays_ms integer[], p_token uuid, p_lease_until timestamptz,
  p_batch integer)
RETURNS TABLE (id uuid, restaurant_id uuid, order_id uuid, phone text, body text, attempts integer, api_key text)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  max_attempts integer := cardinality(p_delays_ms);
BEGIN
  UPDATE outbound_messages m
  SET status = 'failed', claim_token = NULL, lease_until = NULL, last_error = 'Envio interrompido'
  WHERE m.status = 'sending' AND m.lease_until < p_at AND m.attempts >= max_attempts;

  RETURN QUERY
  WITH claimed AS (
    UPDATE outbound_messages m
    SET status = 'sending', attempts = m.attempts + 1, claim_token = p_token, lease_until = p_lease_until
    WHERE m.id IN (
      SELECT d.id FROM outbound_messages d
      WHERE d.attempts < max_attempts
        AND ((d.status = 'pending'
              AND d.created_at + coalesce(p_delays_ms[d.attempts + 1], 0) * interval '1 millisecond' <= p_at)
          OR (d.status = 'sending' AND d.lease_until < p_at))
      ORDER BY d.created_at, d.seq
      LIMIT p_batch
      FOR UPDATE SKIP LOCKED)
    RETURNING m.id, m.restaurant_id, m.order_id, m.phone, m.body, m.attempts, m.created_at, m.seq
  )
  SELECT c.id, c.restaurant_id, c.order_id, c.phone, c.body, c.attempts,
    (SELECT s.whatsapp_api_key FROM restaurant_secrets s WHERE s.restaurant_id = c.restaurant_id)
  FROM claimed c
  ORDER BY c.created_at, c.seq;
END $$;
