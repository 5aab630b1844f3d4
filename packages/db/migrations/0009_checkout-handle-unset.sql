ALTER TABLE "restaurants" ALTER COLUMN "app_client_referrer" DROP DEFAULT;--> statement-breakpoint
-- 'MeuCardapio' was the column default, never a restaurant's own checkout handle: such rows are not configured.
UPDATE "restaurants" SET "app_client_referrer" = NULL WHERE "app_client_referrer" = 'MeuCardapio';
