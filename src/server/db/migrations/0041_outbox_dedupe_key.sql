ALTER TABLE "outbox_emails" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_emails_dedupe_idx" ON "outbox_emails" USING btree ("dedupe_key");