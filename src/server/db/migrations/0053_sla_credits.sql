CREATE TABLE "sla_credits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"server_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"server_name" text NOT NULL,
	"component" text NOT NULL,
	"uptime_percent" text NOT NULL,
	"fee_cents" integer NOT NULL,
	"credit_percent" integer NOT NULL,
	"computed_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"ledger_entry_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sla_credits_amount_check" CHECK ("sla_credits"."amount_cents" > 0 and "sla_credits"."amount_cents" <= "sla_credits"."computed_cents")
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_kind_check";--> statement-breakpoint
ALTER TABLE "sla_credits" ADD CONSTRAINT "sla_credits_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_credits" ADD CONSTRAINT "sla_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_credits" ADD CONSTRAINT "sla_credits_ledger_entry_id_credit_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."credit_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_credits" ADD CONSTRAINT "sla_credits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sla_credits_server_month_idx" ON "sla_credits" USING btree ("server_id","month");--> statement-breakpoint
CREATE INDEX "sla_credits_user_idx" ON "sla_credits" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_kind_check" CHECK ("credit_ledger"."kind" in ('affiliate_credit','refund_credit','staff_adjustment','credit_applied','sla_credit'));