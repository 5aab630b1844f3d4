ALTER TABLE "table_accounts" ADD COLUMN "discount_given_by_name" text;--> statement-breakpoint
ALTER TABLE "table_accounts" ADD COLUMN "discount_approved_by_name" text;--> statement-breakpoint
ALTER TABLE "table_accounts" ADD COLUMN "discount_reason" text;