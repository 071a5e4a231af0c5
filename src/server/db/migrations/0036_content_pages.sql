CREATE TABLE "content_page_versions" (
	"slug" text NOT NULL,
	"language" text NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"author_id" uuid,
	"author_email" text,
	"restored_from" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_page_versions_slug_language_version_pk" PRIMARY KEY("slug","language","version")
);
--> statement-breakpoint
ALTER TABLE "content_page_versions" ADD CONSTRAINT "content_page_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;