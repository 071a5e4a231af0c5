CREATE TABLE "brand_assets" (
	"kind" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" text NOT NULL,
	"sha256" text NOT NULL,
	"bytes" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"brand" jsonb,
	"rules" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" uuid,
	CONSTRAINT "brand_settings_single_row" CHECK ("brand_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "brand_settings" ADD CONSTRAINT "brand_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;