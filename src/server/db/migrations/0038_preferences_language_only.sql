ALTER TABLE "users" ALTER COLUMN "preferences" SET DEFAULT '{"language":null}'::jsonb;--> statement-breakpoint
UPDATE "users" SET "preferences" = "preferences" - 'timezone' - 'currency';