ALTER TABLE "email_tokens" ADD COLUMN "password_fingerprint" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_details" ADD COLUMN "vat_id_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_details" ADD COLUMN "vat_id_consultation" text;--> statement-breakpoint
ALTER TABLE "billing_details" ADD COLUMN "vat_id_verified_by" text;--> statement-breakpoint
ALTER TABLE "billing_details" ADD COLUMN "vat_id_check_error" text;--> statement-breakpoint
ALTER TABLE "billing_details" ADD COLUMN "vat_id_attempted_at" timestamp with time zone;--> statement-breakpoint
-- ADMIN_EMAILS used to grant admin at sign-up; only a verified address keeps it now (it is granted again at verification).
UPDATE "users" SET "role" = 'customer' WHERE "role" = 'admin' AND "email_verified_at" IS NULL;
