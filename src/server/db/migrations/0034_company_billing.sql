-- The company holds the billing: its name, logo, terms, credit and blind-dispatch default were copied
-- to "companies" when every account got one (0032); the account's own copies go now.
-- An account made without a company owns a new one made of its address (its name, terms and logo are
-- the company's: registration and staff set them on the company they make).
CREATE OR REPLACE FUNCTION "company_for_new_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."company_id" IS NULL THEN
    INSERT INTO "companies" ("address1", "address2", "town", "county", "postcode", "country_id")
      VALUES (NEW."address1", NEW."address2", NEW."town", NEW."county", NEW."postcode", NEW."country_id")
      RETURNING "id" INTO NEW."company_id";
    NEW."company_role" := 'owner';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_payment_terms_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_credit_limit_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_credit_days_check";--> statement-breakpoint
DROP INDEX "users_company_logo_idx";--> statement-breakpoint
ALTER TABLE "users" drop column "search_text";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(firstname || ' ' || lastname || ' ' || email || ' ' || postcode || ' ' || town)) STORED;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "company_name";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "company_logo";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "payment_terms";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "credit_limit";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "credit_days";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "blind_dispatch";--> statement-breakpoint
-- The trigram indexes exist where pg_trgm does (PostgreSQL; not PGlite): see 0002. Dropping
-- search_text dropped its index; the company's name is searched too now.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops) WHERE "users"."deleted_at" is null;
    CREATE INDEX IF NOT EXISTS "companies_name_trgm_idx" ON "companies" USING gin (lower("name") gin_trgm_ops);
  END IF;
END
$$;
