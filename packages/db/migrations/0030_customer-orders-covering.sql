DROP INDEX "orders_customer_idx";--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("restaurant_id","customer_id","created_at","status","total");