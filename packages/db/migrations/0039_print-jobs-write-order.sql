-- An order's tickets for one printer print in the order they were written, also when one statement
-- wrote them (see print_jobs.seq in schema/printing.ts): the agent claims by (created_at, seq).
DROP INDEX "print_jobs_due_idx";--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "print_jobs_due_idx" ON "print_jobs" USING btree ("restaurant_id","status","created_at","seq");