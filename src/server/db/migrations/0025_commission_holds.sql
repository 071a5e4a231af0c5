ALTER TABLE "commissions" DROP CONSTRAINT "commissions_status_check";--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "reviewed_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commissions_status_idx" ON "commissions" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_status_check" CHECK ("commissions"."status" in ('pending', 'payable', 'requested', 'paid', 'reversed', 'held'));