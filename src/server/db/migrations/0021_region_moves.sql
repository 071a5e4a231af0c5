CREATE TABLE "region_move_steps" (
	"move_id" uuid NOT NULL,
	"step" text NOT NULL,
	"status" text NOT NULL,
	"detail" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "region_move_steps_move_id_step_pk" PRIMARY KEY("move_id","step"),
	CONSTRAINT "region_move_steps_status_check" CHECK ("region_move_steps"."status" in ('running','done','failed','undone'))
);
--> statement-breakpoint
CREATE TABLE "region_moves" (
	"id" uuid PRIMARY KEY NOT NULL,
	"server_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"step" text,
	"from_location" text NOT NULL,
	"from_label" text NOT NULL,
	"to_location" text NOT NULL,
	"to_label" text NOT NULL,
	"old_panel_server_id" text NOT NULL,
	"old_identifier" text,
	"old_ip" text,
	"old_port" integer,
	"old_panel_url" text,
	"backup_id" text,
	"new_panel_server_id" text,
	"new_identifier" text,
	"new_ip" text,
	"new_port" integer,
	"new_panel_url" text,
	"catalog_version" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"from_cents" integer NOT NULL,
	"to_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"renewal_cents" integer,
	"renewal_lines" jsonb,
	"renewal_subtotal_cents" integer,
	"renewal_discount_cents" integer,
	"order_id" uuid,
	"invoice_id" uuid,
	"provider_payment_id" text,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "region_moves_status_check" CHECK ("region_moves"."status" in ('charging','running','rolling_back','completed','rolled_back','failed','cancelled')),
	CONSTRAINT "region_moves_step_check" CHECK ("region_moves"."step" is null or "region_moves"."step" in ('stop','backup','create','restore','switch','remove')),
	CONSTRAINT "region_moves_credit_check" CHECK ("region_moves"."credit_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_kind_check";--> statement-breakpoint
ALTER TABLE "region_move_steps" ADD CONSTRAINT "region_move_steps_move_id_region_moves_id_fk" FOREIGN KEY ("move_id") REFERENCES "public"."region_moves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_moves" ADD CONSTRAINT "region_moves_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_moves" ADD CONSTRAINT "region_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_moves" ADD CONSTRAINT "region_moves_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_moves" ADD CONSTRAINT "region_moves_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "region_moves_open_idx" ON "region_moves" USING btree ("server_id") WHERE "region_moves"."status" in ('charging','running','rolling_back');--> statement-breakpoint
CREATE INDEX "region_moves_server_idx" ON "region_moves" USING btree ("server_id","created_at");--> statement-breakpoint
CREATE INDEX "region_moves_status_idx" ON "region_moves" USING btree ("status","updated_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_check" CHECK ("orders"."kind" in ('server', 'pack', 'plan_change', 'region_move'));