CREATE TABLE "table_account_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"session_id" uuid,
	"method_id" text NOT NULL,
	"method_name" text NOT NULL,
	"amount" integer NOT NULL,
	"installments" integer DEFAULT 1 NOT NULL,
	"received_amount" integer,
	"change_amount" integer DEFAULT 0 NOT NULL,
	"pix_br_code" text,
	"employee_name" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_account_payments_amount_ck" CHECK ("table_account_payments"."amount" > 0 and "table_account_payments"."change_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "table_account_settings" (
	"restaurant_id" uuid PRIMARY KEY NOT NULL,
	"service_percent" integer DEFAULT 10 NOT NULL,
	"couvert_per_person" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "table_account_settings_ck" CHECK ("table_account_settings"."service_percent" between 0 and 20 and "table_account_settings"."couvert_per_person" >= 0)
);
--> statement-breakpoint
CREATE TABLE "table_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"kind" text DEFAULT 'table' NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'occupied' NOT NULL,
	"people" integer DEFAULT 1 NOT NULL,
	"service_percent" integer DEFAULT 10 NOT NULL,
	"service_removed_reason" text,
	"couvert_per_person" integer DEFAULT 0 NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"opened_by_name" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bill_requested_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by_name" text,
	"joined_into_id" uuid,
	"total" integer,
	"service_charge" integer,
	"closed_session_id" uuid,
	CONSTRAINT "table_accounts_kind_ck" CHECK ("table_accounts"."kind" in ('table','tab')),
	CONSTRAINT "table_accounts_status_ck" CHECK ("table_accounts"."status" in ('occupied','billing','closed')),
	CONSTRAINT "table_accounts_amounts_ck" CHECK ("table_accounts"."people" >= 1 and "table_accounts"."service_percent" between 0 and 20 and "table_accounts"."couvert_per_person" >= 0 and "table_accounts"."discount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "table_account_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cancelled_by_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "table_account_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "round" integer;--> statement-breakpoint
ALTER TABLE "table_account_payments" ADD CONSTRAINT "table_account_payments_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_account_payments" ADD CONSTRAINT "table_account_payments_account_id_table_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."table_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_account_payments" ADD CONSTRAINT "table_account_payments_session_id_cash_register_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."cash_register_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_account_settings" ADD CONSTRAINT "table_account_settings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_accounts" ADD CONSTRAINT "table_accounts_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_accounts" ADD CONSTRAINT "table_accounts_joined_into_id_table_accounts_id_fk" FOREIGN KEY ("joined_into_id") REFERENCES "public"."table_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_account_payments_account_idx" ON "table_account_payments" USING btree ("restaurant_id","account_id");--> statement-breakpoint
CREATE INDEX "table_account_payments_session_idx" ON "table_account_payments" USING btree ("restaurant_id","session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_account_payments_key_uq" ON "table_account_payments" USING btree ("restaurant_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "table_accounts_open_uq" ON "table_accounts" USING btree ("restaurant_id","kind","number") WHERE "table_accounts"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "table_accounts_closed_idx" ON "table_accounts" USING btree ("restaurant_id","closed_at");--> statement-breakpoint
CREATE INDEX "table_accounts_session_idx" ON "table_accounts" USING btree ("restaurant_id","closed_session_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_table_account_id_table_accounts_id_fk" FOREIGN KEY ("table_account_id") REFERENCES "public"."table_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_table_account_id_table_accounts_id_fk" FOREIGN KEY ("table_account_id") REFERENCES "public"."table_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_table_account_idx" ON "order_items" USING btree ("restaurant_id","table_account_id");--> statement-breakpoint
CREATE INDEX "orders_table_account_idx" ON "orders" USING btree ("restaurant_id","table_account_id");