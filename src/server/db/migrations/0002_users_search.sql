ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(firstname || ' ' || lastname || ' ' || company_name || ' ' || email || ' ' || postcode || ' ' || town)) STORED;--> statement-breakpoint
-- The staff users list searches search_text with LIKE '%word%': a trigram index answers
-- that on PostgreSQL, where pg_trgm is a trusted extension the database owner may create. PGlite
-- (the embedded default) has it only as a bundle the app does not load: there the extension and
-- its index are skipped and the search reads the stored column, which is fine at that scale.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available; the staff user search runs without its trigram index';
END
$$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops) WHERE "users"."deleted_at" is null;
  END IF;
END
$$;
