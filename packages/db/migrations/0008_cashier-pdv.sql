CREATE TABLE "cash_close_counts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"method" text NOT NULL,
	"expected" integer NOT NULL,
	"counted" integer NOT NULL,
	"difference" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_sale_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"session_id" uuid,
	"order_id" uuid NOT NULL,
	"method_id" text NOT NULL,
	"method_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"installments" integer DEFAULT 1 NOT NULL,
	"received_amount" integer,
	"change_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_sale_payments_amount_ck" CHECK ("cash_sale_payments"."amount" > 0 and "cash_sale_payments"."change_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cash_register_sessions" ADD COLUMN "total_supplies" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_register_sessions" ADD COLUMN "cash_sales" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_register_sessions" ADD COLUMN "blind_close" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_register_sessions" ADD COLUMN "counted_denominations" jsonb;--> statement-breakpoint
ALTER TABLE "cash_register_sessions" ADD COLUMN "total_difference" integer;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "pix_key" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "pix_key_type" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "pix_merchant_name" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "pix_merchant_city" text;--> statement-breakpoint
ALTER TABLE "cash_close_counts" ADD CONSTRAINT "cash_close_counts_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_close_counts" ADD CONSTRAINT "cash_close_counts_session_id_cash_register_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."cash_register_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_sale_payments" ADD CONSTRAINT "cash_sale_payments_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_sale_payments" ADD CONSTRAINT "cash_sale_payments_session_id_cash_register_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."cash_register_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_sale_payments" ADD CONSTRAINT "cash_sale_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_close_counts_uq" ON "cash_close_counts" USING btree ("restaurant_id","session_id","method");--> statement-breakpoint
CREATE INDEX "cash_sale_payments_session_idx" ON "cash_sale_payments" USING btree ("restaurant_id","session_id");--> statement-breakpoint
CREATE INDEX "cash_sale_payments_order_idx" ON "cash_sale_payments" USING btree ("restaurant_id","order_id");