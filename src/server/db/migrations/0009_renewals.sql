CREATE TABLE "renewals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"server_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"amount_cents" integer NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"invoice_id" uuid,
	"paid_order_id" uuid,
	"provider_payment_id" text,
	"suspended_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"last_backup_id" text,
	"backup_kept_until" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "renewals_status_check" CHECK ("renewals"."status" in ('due','charging','failed','paid','terminated','cancelled')),
	CONSTRAINT "renewals_amount_check" CHECK ("renewals"."amount_cents" >= 0 and "renewals"."credit_cents" >= 0 and "renewals"."credit_cents" <= "renewals"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_paid_order_id_orders_id_fk" FOREIGN KEY ("paid_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewals_server_period_idx" ON "renewals" USING btree ("server_id","period_start");--> statement-breakpoint
CREATE INDEX "renewals_next_attempt_idx" ON "renewals" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "renewals_user_idx" ON "renewals" USING btree ("user_id","created_at");