CREATE TABLE "kitchen_settings" (
	"restaurant_id" uuid PRIMARY KEY NOT NULL,
	"warn_minutes" integer DEFAULT 15 NOT NULL,
	"late_minutes" integer DEFAULT 25 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kitchen_settings_minutes_ck" CHECK ("kitchen_settings"."warn_minutes" >= 1 and "kitchen_settings"."late_minutes" > "kitchen_settings"."warn_minutes")
);
--> statement-breakpoint
CREATE TABLE "kitchen_stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "station_id" uuid;--> statement-breakpoint
ALTER TABLE "kitchen_settings" ADD CONSTRAINT "kitchen_settings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_stations" ADD CONSTRAINT "kitchen_stations_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kitchen_stations_restaurant_idx" ON "kitchen_stations" USING btree ("restaurant_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_stations_name_uq" ON "kitchen_stations" USING btree ("restaurant_id",lower("name"));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_station_id_kitchen_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."kitchen_stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The kitchen display has a permission of its own: kitchen profiles (templates and restaurants' copies) get it.
UPDATE "default_profile_types" SET "permissions" = "permissions" || '{"manage_kitchen": true}'::jsonb WHERE "type" = 'kitchen';--> statement-breakpoint
UPDATE "user_profiles" SET "permissions" = "permissions" || '{"manage_kitchen": true}'::jsonb WHERE "type" = 'kitchen';
