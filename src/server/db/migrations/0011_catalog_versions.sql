CREATE TABLE "catalog_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"catalog" jsonb NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_by_email" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalog_versions_version_check" CHECK ("catalog_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "service_price_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"server_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"catalog_version" integer NOT NULL,
	"kind" text NOT NULL,
	"old_cents" integer NOT NULL,
	"new_cents" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"notice_at" timestamp with time zone NOT NULL,
	"applies_from" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"applied_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"withdrawal_emailed_at" timestamp with time zone,
	CONSTRAINT "service_price_changes_kind_check" CHECK ("service_price_changes"."kind" in ('increase','decrease')),
	CONSTRAINT "service_price_changes_status_check" CHECK ("service_price_changes"."status" in ('scheduled','applied','withdrawn')),
	CONSTRAINT "service_price_changes_cents_check" CHECK ("service_price_changes"."old_cents" >= 0 and "service_price_changes"."new_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "catalog_version" integer;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "catalog_version" integer;--> statement-breakpoint
ALTER TABLE "renewals" ADD COLUMN "price_change_id" uuid;--> statement-breakpoint
ALTER TABLE "catalog_versions" ADD CONSTRAINT "catalog_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_price_changes" ADD CONSTRAINT "service_price_changes_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_price_changes" ADD CONSTRAINT "service_price_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_price_changes" ADD CONSTRAINT "service_price_changes_catalog_version_catalog_versions_version_fk" FOREIGN KEY ("catalog_version") REFERENCES "public"."catalog_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_price_changes_version_idx" ON "service_price_changes" USING btree ("server_id","catalog_version");--> statement-breakpoint
CREATE UNIQUE INDEX "service_price_changes_scheduled_idx" ON "service_price_changes" USING btree ("server_id") WHERE "service_price_changes"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "service_price_changes_user_idx" ON "service_price_changes" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "service_price_changes_server_idx" ON "service_price_changes" USING btree ("server_id","status","applies_from");--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_price_change_id_service_price_changes_id_fk" FOREIGN KEY ("price_change_id") REFERENCES "public"."service_price_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A database seeded before catalog versions keeps its catalog as version 1; an empty one is seeded at start.
INSERT INTO "catalog_versions" ("version", "catalog", "note", "created_at")
SELECT 1, jsonb_build_object(
  'games', (SELECT coalesce(jsonb_agg(jsonb_build_object('slug', g.slug, 'name', g.name, 'tagline', g.tagline, 'playerCap', g.player_cap, 'sort', g.sort, 'hidden', false) ORDER BY g.sort), '[]'::jsonb) FROM "games" g),
  'plans', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'game', p.game, 'name', p.name, 'ramGb', p.ram_gb, 'vcpu', p.vcpu::float8, 'diskGb', p.disk_gb, 'playerCap', g.player_cap, 'priceCents', p.price_cents, 'description', p.description, 'recommended', p.recommended, 'sort', p.sort, 'hidden', NOT p.active) ORDER BY g.sort, p.sort), '[]'::jsonb) FROM "plans" p JOIN "games" g ON g.slug = p.game),
  'addons', (SELECT coalesce(jsonb_agg(jsonb_build_object('key', a.key, 'name', a.name, 'description', a.description, 'priceCents', a.price_cents, 'maxQuantity', a.max_quantity, 'sort', a.sort, 'hidden', false) ORDER BY a.sort), '[]'::jsonb) FROM "addons" a),
  'periods', (SELECT coalesce(jsonb_agg(jsonb_build_object('value', b.value, 'label', b.label, 'months', b.months, 'discountPercent', b.discount_percent, 'sort', b.sort, 'hidden', false) ORDER BY b.sort), '[]'::jsonb) FROM "billing_periods" b),
  'locations', (SELECT coalesce(jsonb_agg(jsonb_build_object('value', l.value, 'label', l.label, 'sort', l.sort, 'hidden', false, 'capacity', NULL, 'panelLocation', NULL) ORDER BY l.sort), '[]'::jsonb) FROM "locations" l),
  'packs', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'name', u.name, 'priceCents', u.price_cents, 'tagline', u.tagline, 'highlights', u.highlights, 'features', u.features, 'sort', u.sort, 'hidden', false) ORDER BY u.sort), '[]'::jsonb) FROM "upgrade_packs" u)
), 'The catalog as it was before versions', now()
WHERE EXISTS (SELECT 1 FROM "games");
--> statement-breakpoint
UPDATE "orders" SET "catalog_version" = 1 WHERE EXISTS (SELECT 1 FROM "catalog_versions" WHERE "version" = 1);
--> statement-breakpoint
UPDATE "servers" SET "catalog_version" = 1 WHERE EXISTS (SELECT 1 FROM "catalog_versions" WHERE "version" = 1);
--> statement-breakpoint
DROP TABLE "addons" CASCADE;--> statement-breakpoint
DROP TABLE "billing_periods" CASCADE;--> statement-breakpoint
DROP TABLE "plans" CASCADE;--> statement-breakpoint
DROP TABLE "games" CASCADE;--> statement-breakpoint
DROP TABLE "locations" CASCADE;--> statement-breakpoint
DROP TABLE "upgrade_packs" CASCADE;
--> statement-breakpoint
CREATE VIEW "public"."games" AS (select g.slug, g.name, g.tagline, g."playerCap" as player_cap, g.sort, g.hidden
      from catalog_versions cv
      cross join lateral jsonb_to_recordset(cv.catalog->'games') as g(slug text, name text, tagline text, "playerCap" integer, sort integer, hidden boolean)
      where cv.version = (select max(version) from catalog_versions));--> statement-breakpoint
CREATE VIEW "public"."locations" AS (select l.value, l.label, l.sort, l.hidden
      from catalog_versions cv
      cross join lateral jsonb_to_recordset(cv.catalog->'locations') as l(value text, label text, sort integer, hidden boolean)
      where cv.version = (select max(version) from catalog_versions));