-- A sale's stock step refuses in the statement that takes the units (catalog/stock.service.ts): when the
-- conditional UPDATE took nothing, the statement fails with the product's name and what is left, so no
-- later statement has to look and a statement may carry its transaction's COMMIT (decision 128).
-- MC409 is this application's own SQLSTATE: nothing in PostgreSQL raises it.
CREATE FUNCTION mc_stock_refused(p_restaurant uuid, p_product uuid)
RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  v_name text;
  v_left integer;
BEGIN
  SELECT name, estoque INTO v_name, v_left FROM products WHERE restaurant_id = p_restaurant AND id = p_product;
  RAISE EXCEPTION 'insufficient stock'
    USING ERRCODE = 'MC409',
          DETAIL = json_build_object('name', coalesce(v_name, 'Produto'), 'left', coalesce(v_left, 0))::text;
END $$;
