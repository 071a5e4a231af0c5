ALTER TABLE "renewals" ADD COLUMN "charge_method_id" text;--> statement-breakpoint
ALTER TABLE "renewals" ADD COLUMN "charge_customer_id" text;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD COLUMN "charge_method_id" text;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD COLUMN "charge_customer_id" text;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD COLUMN "charge_tried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "region_moves" ADD COLUMN "charge_method_id" text;--> statement-breakpoint
ALTER TABLE "region_moves" ADD COLUMN "charge_customer_id" text;--> statement-breakpoint
ALTER TABLE "region_moves" ADD COLUMN "charge_tried_at" timestamp with time zone;