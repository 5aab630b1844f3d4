ALTER TABLE "outbound_messages" DROP CONSTRAINT "outbound_messages_status_ck";--> statement-breakpoint
ALTER TABLE "stock_history" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "stock_history_order_idx" ON "stock_history" USING btree ("restaurant_id","order_id");--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_status_ck" CHECK ("outbound_messages"."status" in ('pending','sending','sent','failed'));