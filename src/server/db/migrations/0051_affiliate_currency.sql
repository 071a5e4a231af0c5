ALTER TABLE "affiliate_payouts" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "affiliate_payouts" SET "currency" = coalesce((SELECT "currency" FROM "store_settings" WHERE "id" = 1), 'usd');--> statement-breakpoint
UPDATE "commissions" SET "currency" = coalesce((SELECT "currency" FROM "store_settings" WHERE "id" = 1), 'usd');--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ALTER COLUMN "currency" SET NOT NULL;
