CREATE TABLE "article_versions" (
	"article_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"category" text,
	"status" text NOT NULL,
	"published_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"reason" text,
	"author_id" uuid,
	"author_email" text,
	"restored_from" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "article_versions_article_id_version_pk" PRIMARY KEY("article_id","version")
);
--> statement-breakpoint
ALTER TABLE "article_versions" ADD CONSTRAINT "article_versions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_versions" ADD CONSTRAINT "article_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "article_versions" ("article_id", "version", "title", "summary", "body", "category", "status", "published_at", "position", "sample", "author_id", "author_email", "created_at")
SELECT "id", 1, "title", "summary", "body", "category", "status", "published_at", "position", "sample", "author_id", "author_email", "updated_at" FROM "articles";
