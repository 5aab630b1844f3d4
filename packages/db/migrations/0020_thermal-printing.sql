CREATE TABLE "print_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_agents_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "print_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"printer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"agent_id" uuid,
	"lease_until" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"printed_at" timestamp with time zone,
	CONSTRAINT "print_jobs_status_ck" CHECK ("print_jobs"."status" in ('queued','sent','printed','failed')),
	CONSTRAINT "print_jobs_kind_ck" CHECK ("print_jobs"."kind" in ('order','kitchen','pdv_receipt','cash_closing','test'))
);
--> statement-breakpoint
CREATE TABLE "print_settings" (
	"restaurant_id" uuid PRIMARY KEY NOT NULL,
	"auto" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"connection" text NOT NULL,
	"agent_id" uuid,
	"columns" integer DEFAULT 48 NOT NULL,
	"codepage" text DEFAULT 'cp860' NOT NULL,
	"cut" boolean DEFAULT true NOT NULL,
	"drawer" boolean DEFAULT false NOT NULL,
	"routes" jsonb NOT NULL,
	"status" text DEFAULT 'unknown' NOT NULL,
	"status_message" text,
	"status_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printers_columns_ck" CHECK ("printers"."columns" in (32, 48)),
	CONSTRAINT "printers_codepage_ck" CHECK ("printers"."codepage" in ('cp860','cp850'))
);
--> statement-breakpoint
ALTER TABLE "print_agents" ADD CONSTRAINT "print_agents_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_settings" ADD CONSTRAINT "print_settings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_agent_id_print_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."print_agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_agents_restaurant_idx" ON "print_agents" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "print_jobs_due_idx" ON "print_jobs" USING btree ("restaurant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "print_jobs_order_idx" ON "print_jobs" USING btree ("restaurant_id","order_id");--> statement-breakpoint
CREATE INDEX "printers_restaurant_idx" ON "printers" USING btree ("restaurant_id","name");