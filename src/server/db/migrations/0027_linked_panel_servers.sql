CREATE TABLE "panel_server_links" (
	"server_id" uuid PRIMARY KEY NOT NULL,
	"panel" text NOT NULL,
	"panel_server_id" text NOT NULL,
	"linked_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sim_panel_servers" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "panel_server_links" ADD CONSTRAINT "panel_server_links_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_server_links" ADD CONSTRAINT "panel_server_links_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "panel_server_links_panel_server_idx" ON "panel_server_links" USING btree ("panel","panel_server_id");