ALTER TABLE "activity_log" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "message_values" jsonb;