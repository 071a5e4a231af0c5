ALTER TABLE "users" ADD COLUMN "last_locale" text;
