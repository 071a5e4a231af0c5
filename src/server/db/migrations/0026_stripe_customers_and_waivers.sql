ALTER TABLE "users" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "waived_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "renewals" ADD COLUMN "waived_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_stripe_customer_unique" UNIQUE("stripe_customer_id");