CREATE TABLE "delivery_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"order_id" uuid,
	"server_id" uuid,
	"item_kind" text NOT NULL,
	"item_key" text NOT NULL,
	"item_name" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text,
	"decided_by" uuid,
	"decided_by_email" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "delivery_tasks_status_check" CHECK ("delivery_tasks"."status" in ('open','done','refused')),
	CONSTRAINT "delivery_tasks_kind_check" CHECK ("delivery_tasks"."item_kind" in ('addon','pack'))
);
--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD CONSTRAINT "delivery_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD CONSTRAINT "delivery_tasks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD CONSTRAINT "delivery_tasks_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD CONSTRAINT "delivery_tasks_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_tasks_item_idx" ON "delivery_tasks" USING btree ("source_id","item_kind","item_key");--> statement-breakpoint
CREATE INDEX "delivery_tasks_status_idx" ON "delivery_tasks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "delivery_tasks_user_idx" ON "delivery_tasks" USING btree ("user_id","created_at");