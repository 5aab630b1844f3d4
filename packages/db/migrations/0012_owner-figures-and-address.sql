ALTER TABLE "restaurants" ALTER COLUMN "google_rating" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "compare_at_price" integer;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "address_cep" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "address_street" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "address_number" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "address_complement" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "address_neighborhood" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "address_city" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "address_state" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_compare_at_price_ck" CHECK ("products"."compare_at_price" is null or "products"."compare_at_price" > "products"."price");