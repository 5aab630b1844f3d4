CREATE TABLE "daily_product_sales" (
	"restaurant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"product_key" text NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"name_at" timestamp with time zone NOT NULL,
	"quantity" integer NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "daily_product_sales_restaurant_id_day_product_key_pk" PRIMARY KEY("restaurant_id","day","product_key")
);
--> statement-breakpoint
CREATE TABLE "daily_sales" (
	"restaurant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"delivery_type" text NOT NULL,
	"source" text NOT NULL,
	"method" text NOT NULL,
	"orders" integer NOT NULL,
	"total" integer NOT NULL,
	"payments" integer NOT NULL,
	"paid" integer NOT NULL,
	CONSTRAINT "daily_sales_restaurant_id_day_delivery_type_source_method_pk" PRIMARY KEY("restaurant_id","day","delivery_type","source","method")
);
--> statement-breakpoint
ALTER TABLE "daily_product_sales" ADD CONSTRAINT "daily_product_sales_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_sales" ADD CONSTRAINT "daily_sales_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_account_payments_created_idx" ON "table_account_payments" USING btree ("restaurant_id","created_at");--> statement-breakpoint
-- What one order adds to the daily sales (decision 084): a sale is an order not cancelled, paid or paid
-- at the counter, and not a test (decision 027); its day is the restaurant's local day. The first half
-- counts the order and its total once, under its own method; the second what was paid with each method
-- (a PDV sale's split payments, else the order's method for its total). Orders still on the board are
-- here too (their status says so): reports read them live, and the tables hold the delivered ones.
CREATE VIEW "order_sales" AS
SELECT o.restaurant_id, o.id AS order_id, o.status, o.created_at,
  (o.created_at AT TIME ZONE r.timezone)::date AS day,
  o.delivery_type, coalesce(o.channel, '') AS source, coalesce(o.payment_method, '') AS method,
  1 AS orders, o.total, 0 AS payments, 0 AS paid
FROM orders o JOIN restaurants r ON r.id = o.restaurant_id
WHERE o.status <> 'cancelled' AND (o.payment_status IS NULL OR o.payment_status = 'approved') AND NOT o.is_test
UNION ALL
SELECT o.restaurant_id, o.id, o.status, o.created_at,
  (o.created_at AT TIME ZONE r.timezone)::date,
  o.delivery_type, coalesce(o.channel, ''), coalesce(p.method_name, o.payment_method, ''),
  0, 0, 1, coalesce(p.amount, o.total)
FROM orders o JOIN restaurants r ON r.id = o.restaurant_id
LEFT JOIN LATERAL (
  SELECT c.method_name, sum(c.amount)::int AS amount FROM cash_sale_payments c
  WHERE c.restaurant_id = o.restaurant_id AND c.order_id = o.id GROUP BY c.method_name
) p ON true
WHERE o.status <> 'cancelled' AND (o.payment_status IS NULL OR o.payment_status = 'approved') AND NOT o.is_test;
--> statement-breakpoint
-- The same orders' items, cancelled items (a table's, after it was sent) left out.
CREATE VIEW "order_product_sales" AS
SELECT o.restaurant_id, o.id AS order_id, o.status, o.created_at,
  (o.created_at AT TIME ZONE r.timezone)::date AS day,
  coalesce(i.product_id::text, 'name:' || i.name) AS product_key, i.product_id, i.name, i.quantity,
  i.total_price AS total
FROM orders o JOIN restaurants r ON r.id = o.restaurant_id
JOIN order_items i ON i.restaurant_id = o.restaurant_id AND i.order_id = o.id
WHERE o.status <> 'cancelled' AND (o.payment_status IS NULL OR o.payment_status = 'approved') AND NOT o.is_test
  AND i.cancelled_at IS NULL;
--> statement-breakpoint
INSERT INTO daily_sales (restaurant_id, day, delivery_type, source, method, orders, total, payments, paid)
SELECT restaurant_id, day, delivery_type, source, method, sum(orders), sum(total), sum(payments), sum(paid)
FROM order_sales WHERE status = 'delivered' GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO daily_product_sales (restaurant_id, day, product_key, product_id, name, name_at, quantity, total)
SELECT restaurant_id, day, product_key, (array_agg(product_id))[1], (array_agg(name ORDER BY created_at DESC))[1],
  max(created_at), sum(quantity), sum(total)
FROM order_product_sales WHERE status = 'delivered' GROUP BY 1, 2, 3;
