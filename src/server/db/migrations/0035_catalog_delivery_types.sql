-- Decision 058: every add-on and pack says what buying it does. Saved catalog versions get the
-- delivery of the seeded items; the Discord and analytics add-ons, which nothing delivered, are
-- retired (hidden: no longer sold), and any other add-on is delivered by hand (a staff task).
UPDATE "catalog_versions" SET "catalog" = jsonb_set("catalog", '{addons}', coalesce((
  SELECT jsonb_agg(CASE
    WHEN x.a->'delivery' IS NOT NULL THEN x.a
    WHEN x.a->>'key' = 'automatic-backups' THEN x.a || '{"delivery":{"type":"panel","resource":"backups","amount":7}}'::jsonb
    WHEN x.a->>'key' = 'additional-ssd' THEN x.a || '{"delivery":{"type":"panel","resource":"disk","amount":50}}'::jsonb
    WHEN x.a->>'key' IN ('discord-integration', 'advanced-analytics') THEN x.a || '{"hidden":true,"delivery":{"type":"manual"}}'::jsonb
    ELSE x.a || '{"delivery":{"type":"manual"}}'::jsonb
  END ORDER BY x.o)
  FROM jsonb_array_elements("catalog"->'addons') WITH ORDINALITY AS x(a, o)), '[]'::jsonb))
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements("catalog"->'addons') AS y(a) WHERE y.a->'delivery' IS NULL);
--> statement-breakpoint
UPDATE "catalog_versions" SET "catalog" = jsonb_set("catalog", '{packs}', coalesce((
  SELECT jsonb_agg(CASE
    WHEN x.p->'delivery' IS NOT NULL THEN x.p
    WHEN x.p->>'id' = 'community-pack' THEN x.p || '{"delivery":{"type":"priority-support"}}'::jsonb
    ELSE x.p || '{"delivery":{"type":"manual"}}'::jsonb
  END ORDER BY x.o)
  FROM jsonb_array_elements("catalog"->'packs') WITH ORDINALITY AS x(p, o)), '[]'::jsonb))
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements("catalog"->'packs') AS y(p) WHERE y.p->'delivery' IS NULL);
