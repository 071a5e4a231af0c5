ALTER TABLE "sim_panel_servers" ADD COLUMN "software" text;--> statement-breakpoint
ALTER TABLE "sim_panel_servers" ADD COLUMN "software_version" text;