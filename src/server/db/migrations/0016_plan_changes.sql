CREATE TABLE "plan_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"server_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"from_plan_id" text NOT NULL,
	"from_plan_name" text NOT NULL,
	"from_addons" jsonb NOT NULL,
	"from_ram_gb" integer NOT NULL,
	"from_disk_gb" integer NOT NULL,
	"to_plan_id" text NOT NULL,
	"to_plan_name" text NOT NULL,
	"to_addons" jsonb NOT NULL,
	"to_ram_gb" integer NOT NULL,
	"to_vcpu" numeric(4, 1) NOT NULL,
	"to_disk_gb" integer NOT NULL,
	"to_player_cap" integer NOT NULL,
	"catalog_version" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"from_cents" integer NOT NULL,
	"to_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"gross_cents" integer,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"renewal_cents" integer NOT NULL,
	"renewal_lines" jsonb NOT NULL,
	"renewal_subtotal_cents" integer NOT NULL,
	"renewal_discount_cents" integer NOT NULL,
	"order_id" uuid,
	"invoice_id" uuid,
	"provider_payment_id" text,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "plan_changes_kind_check" CHECK ("plan_changes"."kind" in ('upgrade','downgrade')),
	CONSTRAINT "plan_changes_status_check" CHECK ("plan_changes"."status" in ('awaiting_payment','charging','paid','completed','failed','refunded','scheduled','applying','cancelled')),
	CONSTRAINT "plan_changes_amount_check" CHECK ("plan_changes"."amount_cents" >= 0 and "plan_changes"."credit_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_kind_check";--> statement-breakpoint
DROP INDEX "service_price_changes_version_idx";--> statement-breakpoint
ALTER TABLE "service_price_changes" ADD COLUMN "plan_change_id" uuid;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_changes_open_idx" ON "plan_changes" USING btree ("server_id") WHERE "plan_changes"."status" in ('awaiting_payment','charging','paid','scheduled','applying');--> statement-breakpoint
CREATE UNIQUE INDEX "plan_changes_order_idx" ON "plan_changes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "plan_changes_user_idx" ON "plan_changes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_changes_status_idx" ON "plan_changes" USING btree ("status","period_end");--> statement-breakpoint
ALTER TABLE "service_price_changes" ADD CONSTRAINT "service_price_changes_plan_change_id_plan_changes_id_fk" FOREIGN KEY ("plan_change_id") REFERENCES "public"."plan_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_price_changes_version_idx" ON "service_price_changes" USING btree ("server_id","catalog_version") WHERE "service_price_changes"."plan_change_id" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_check" CHECK ("orders"."kind" in ('server', 'pack', 'plan_change'));