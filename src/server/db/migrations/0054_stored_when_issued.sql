ALTER TABLE "credit_notes" ADD COLUMN "refund_days_min" integer;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "refund_days_max" integer;--> statement-breakpoint
UPDATE "credit_notes" SET "refund_days_min" = coalesce((SELECT ("rules"->>'refundDaysMin')::integer FROM "brand_settings" WHERE "id" = 1), 5), "refund_days_max" = coalesce((SELECT ("rules"->>'refundDaysMax')::integer FROM "brand_settings" WHERE "id" = 1), 7);--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "refund_days_min" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "refund_days_max" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "region_moves" ADD COLUMN "locale" text;
