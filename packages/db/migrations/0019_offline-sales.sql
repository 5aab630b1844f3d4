ALTER TABLE "cash_register_history" DROP CONSTRAINT "cash_history_operation_ck";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_estoque_ck";--> statement-breakpoint
ALTER TABLE "cash_register_history" ADD CONSTRAINT "cash_history_operation_ck" CHECK ("cash_register_history"."operation_type" in ('opening','supply','withdrawal','closing','late_sale'));