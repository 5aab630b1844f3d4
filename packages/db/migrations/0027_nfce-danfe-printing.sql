ALTER TABLE "print_jobs" DROP CONSTRAINT "print_jobs_kind_ck";--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_kind_ck" CHECK ("print_jobs"."kind" in ('order','kitchen','pdv_receipt','nfce_danfe','cash_closing','test'));--> statement-breakpoint
-- A printer that printed PDV receipts prints the DANFE NFC-e that now takes their place (decision 079).
UPDATE "printers" SET "routes" = "routes" || jsonb_build_object('nfceDanfe', coalesce(("routes"->>'pdvReceipt')::boolean, false)) WHERE NOT ("routes" ? 'nfceDanfe');
