ALTER TABLE "fiscal_notes" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD COLUMN "table_account_id" uuid;--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD CONSTRAINT "fiscal_notes_table_account_id_table_accounts_id_fk" FOREIGN KEY ("table_account_id") REFERENCES "public"."table_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_notes_account_uq" ON "fiscal_notes" USING btree ("restaurant_id","table_account_id");--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD CONSTRAINT "fiscal_notes_sale_ck" CHECK (num_nonnulls("fiscal_notes"."order_id", "fiscal_notes"."table_account_id") = 1);