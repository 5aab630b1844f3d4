CREATE TABLE "money_destination_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"field" text NOT NULL,
	"old_masked" text,
	"new_masked" text,
	"changed_by_kind" text NOT NULL,
	"changed_by_id" uuid,
	"changed_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_destination_changes_field_ck" CHECK ("money_destination_changes"."field" in ('pix_key', 'provider_handle')),
	CONSTRAINT "money_destination_changes_by_ck" CHECK ("money_destination_changes"."changed_by_kind" in ('owner', 'employee'))
);
--> statement-breakpoint
ALTER TABLE "money_destination_changes" ADD CONSTRAINT "money_destination_changes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_destination_changes_restaurant_idx" ON "money_destination_changes" USING btree ("restaurant_id","created_at");