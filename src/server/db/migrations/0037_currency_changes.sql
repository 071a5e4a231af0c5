ALTER TABLE "plan_changes" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "region_moves" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;