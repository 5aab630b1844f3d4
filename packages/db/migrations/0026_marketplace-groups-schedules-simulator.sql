CREATE TABLE "marketplace_sim_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"display_id" text NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_sim_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"seq" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketplace_sim_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"connection_id" uuid NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_sim_states" (
	"connection_id" uuid PRIMARY KEY NOT NULL,
	"last_made_at" timestamp with time zone DEFAULT now() NOT NULL,
	"made" integer DEFAULT 0 NOT NULL,
	"refuse_next_call" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketplace_connections" ADD COLUMN "credential_group" text;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "scheduled_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "scheduled_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "preparation_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketplace_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "latitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "longitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "marketplace_sim_calls" ADD CONSTRAINT "marketplace_sim_calls_connection_id_marketplace_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."marketplace_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_sim_events" ADD CONSTRAINT "marketplace_sim_events_connection_id_marketplace_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."marketplace_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_sim_orders" ADD CONSTRAINT "marketplace_sim_orders_connection_id_marketplace_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."marketplace_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_sim_states" ADD CONSTRAINT "marketplace_sim_states_connection_id_marketplace_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."marketplace_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_sim_calls_connection_idx" ON "marketplace_sim_calls" USING btree ("connection_id","id");--> statement-breakpoint
CREATE INDEX "marketplace_sim_events_pending_idx" ON "marketplace_sim_events" USING btree ("connection_id","seq") WHERE "marketplace_sim_events"."acked_at" is null;--> statement-breakpoint
CREATE INDEX "marketplace_sim_orders_connection_idx" ON "marketplace_sim_orders" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "marketplace_connections_group_idx" ON "marketplace_connections" USING btree ("credential_group");--> statement-breakpoint
CREATE INDEX "marketplace_orders_held_idx" ON "marketplace_orders" USING btree ("held_until") WHERE "marketplace_orders"."held_until" is not null;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_coordinates_ck" CHECK (("restaurants"."latitude" is null) = ("restaurants"."longitude" is null) and ("restaurants"."latitude" is null or ("restaurants"."latitude" between -90 and 90 and "restaurants"."longitude" between -180 and 180)));