CREATE TABLE "fiscal_note_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"note_id" uuid NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"ambiente" text NOT NULL,
	"serie" integer NOT NULL,
	"numero" integer NOT NULL,
	"emission" integer DEFAULT 1 NOT NULL,
	"referencia" text NOT NULL,
	"buyer_cpf" text,
	"total" integer NOT NULL,
	"provider_id" text,
	"chave" text,
	"protocolo" text,
	"xml" text,
	"qr_code_url" text,
	"consulta_url" text,
	"sefaz_code" integer,
	"sefaz_reason" text,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_token" text,
	"lease_until" timestamp with time zone,
	"cancel_justificativa" text,
	"issued_at" timestamp with time zone,
	"authorized_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_notes_status_ck" CHECK ("fiscal_notes"."status" in ('queued','processing','authorized','rejected','denied','cancelling','cancelled')),
	CONSTRAINT "fiscal_notes_ambiente_ck" CHECK ("fiscal_notes"."ambiente" in ('homologacao','producao'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cfop" text;--> statement-breakpoint
ALTER TABLE "restaurant_secrets" ADD COLUMN "nfce_csc_token" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "nfce_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "nfce_ambiente" text DEFAULT 'homologacao' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "nfce_crt" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "nfce_csc_id" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "nfce_serie" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "nfce_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "nfce_pdv_mode" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "nfce_storefront_mode" text DEFAULT 'never' NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_note_history" ADD CONSTRAINT "fiscal_note_history_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_note_history" ADD CONSTRAINT "fiscal_note_history_note_id_fiscal_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."fiscal_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD CONSTRAINT "fiscal_notes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD CONSTRAINT "fiscal_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fiscal_note_history_note_idx" ON "fiscal_note_history" USING btree ("restaurant_id","note_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_notes_order_uq" ON "fiscal_notes" USING btree ("restaurant_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_notes_number_uq" ON "fiscal_notes" USING btree ("restaurant_id","ambiente","serie","numero");--> statement-breakpoint
CREATE INDEX "fiscal_notes_restaurant_idx" ON "fiscal_notes" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "fiscal_notes_status_idx" ON "fiscal_notes" USING btree ("restaurant_id","status");--> statement-breakpoint
CREATE INDEX "fiscal_notes_chave_idx" ON "fiscal_notes" USING btree ("restaurant_id","chave");--> statement-breakpoint
CREATE INDEX "fiscal_notes_due_idx" ON "fiscal_notes" USING btree ("next_attempt_at") WHERE "fiscal_notes"."status" in ('queued','processing','cancelling');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cfop_ck" CHECK ("products"."cfop" is null or "products"."cfop" in ('5101','5102','5405'));--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_nfce_ambiente_ck" CHECK ("restaurants"."nfce_ambiente" in ('homologacao','producao'));--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_nfce_crt_ck" CHECK ("restaurants"."nfce_crt" between 1 and 4);--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_nfce_serie_ck" CHECK ("restaurants"."nfce_serie" between 0 and 999);--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_nfce_pdv_mode_ck" CHECK ("restaurants"."nfce_pdv_mode" in ('automatic','on_request'));--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_nfce_storefront_mode_ck" CHECK ("restaurants"."nfce_storefront_mode" in ('on_delivery','on_payment','never'));