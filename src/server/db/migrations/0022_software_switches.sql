CREATE TABLE "software_switches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"server_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"step" text NOT NULL,
	"from_software" text,
	"from_version" text,
	"to_software" text NOT NULL,
	"to_version" text NOT NULL,
	"backup_id" text,
	"kept_names" jsonb,
	"reinstall_asked_at" timestamp with time zone,
	"step_started_at" timestamp with time zone NOT NULL,
	"reason" text,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "software_switches_status_check" CHECK ("software_switches"."status" in ('running','rolling_back','succeeded','rolled_back','failed'))
);
--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "software" text;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "software_version" text;--> statement-breakpoint
ALTER TABLE "software_switches" ADD CONSTRAINT "software_switches_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_switches" ADD CONSTRAINT "software_switches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "software_switches_open_idx" ON "software_switches" USING btree ("server_id") WHERE "software_switches"."status" in ('running', 'rolling_back');--> statement-breakpoint
CREATE INDEX "software_switches_server_idx" ON "software_switches" USING btree ("server_id","created_at");