CREATE TABLE "panel_nodes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"panel" text NOT NULL,
	"panel_node_id" text NOT NULL,
	"name" text NOT NULL,
	"location" text,
	"panel_location" text,
	"fqdn" text,
	"memory_mb" integer NOT NULL,
	"disk_mb" integer NOT NULL,
	"server_limit" integer,
	"maintenance" boolean DEFAULT false NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_restart_schedules" (
	"server_id" uuid PRIMARY KEY NOT NULL,
	"restart_at" text NOT NULL,
	"last_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_usage_samples" (
	"server_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu_percent" real NOT NULL,
	"memory_bytes" bigint NOT NULL,
	CONSTRAINT "server_usage_samples_server_id_at_pk" PRIMARY KEY("server_id","at")
);
--> statement-breakpoint
ALTER TABLE "server_restart_schedules" ADD CONSTRAINT "server_restart_schedules_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_usage_samples" ADD CONSTRAINT "server_usage_samples_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "panel_nodes_panel_node_idx" ON "panel_nodes" USING btree ("panel","panel_node_id");--> statement-breakpoint
CREATE INDEX "server_usage_samples_at_idx" ON "server_usage_samples" USING btree ("at");