-- One customer's messages go out in the order they were queued, also when they share a moment (see
-- outbound_messages.seq in schema/infra.ts): the sender claims by (created_at, seq).
DROP INDEX "outbound_messages_due_idx";--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "outbound_messages_due_idx" ON "outbound_messages" USING btree ("created_at","seq") WHERE "outbound_messages"."status" in ('pending', 'sending');