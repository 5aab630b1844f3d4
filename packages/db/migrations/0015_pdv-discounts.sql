CREATE TABLE "cash_sale_discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"session_id" uuid,
	"order_id" uuid NOT NULL,
	"subtotal" integer NOT NULL,
	"amount" integer NOT NULL,
	"given_by_id" uuid,
	"given_by_name" text NOT NULL,
	"approved_by_id" uuid,
	"approved_by_name" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_sale_discounts_amount_ck" CHECK ("cash_sale_discounts"."amount" > 0 and "cash_sale_discounts"."amount" <= "cash_sale_discounts"."subtotal")
);
--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "max_discount_percent" integer;--> statement-breakpoint
ALTER TABLE "cash_register_sessions" ADD COLUMN "total_discounts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_sale_discounts" ADD CONSTRAINT "cash_sale_discounts_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_sale_discounts" ADD CONSTRAINT "cash_sale_discounts_session_id_cash_register_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."cash_register_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_sale_discounts" ADD CONSTRAINT "cash_sale_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_sale_discounts" ADD CONSTRAINT "cash_sale_discounts_given_by_id_employees_id_fk" FOREIGN KEY ("given_by_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_sale_discounts" ADD CONSTRAINT "cash_sale_discounts_approved_by_id_employees_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_sale_discounts_order_uq" ON "cash_sale_discounts" USING btree ("restaurant_id","order_id");--> statement-breakpoint
CREATE INDEX "cash_sale_discounts_session_idx" ON "cash_sale_discounts" USING btree ("restaurant_id","session_id");--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_discount_ck" CHECK ("user_profiles"."max_discount_percent" is null or "user_profiles"."max_discount_percent" between 0 and 100);