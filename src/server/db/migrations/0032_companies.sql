CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"logo" text,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"town" text DEFAULT '' NOT NULL,
	"county" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"country_id" integer,
	"payment_terms" text DEFAULT 'account' NOT NULL,
	"credit_limit" integer,
	"credit_days" integer DEFAULT 30 NOT NULL,
	"blind_dispatch" boolean DEFAULT false NOT NULL,
	"approval_limit" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "companies_payment_terms_check" CHECK ("companies"."payment_terms" in ('card', 'account')),
	CONSTRAINT "companies_credit_limit_check" CHECK ("companies"."credit_limit" is null or "companies"."credit_limit" >= 0),
	CONSTRAINT "companies_approval_limit_check" CHECK ("companies"."approval_limit" is null or "companies"."approval_limit" >= 0),
	CONSTRAINT "companies_credit_days_check" CHECK ("companies"."credit_days" between 0 and 365)
);--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"approval_limit" integer,
	"invited_by" integer,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invitations_role_check" CHECK ("company_invitations"."role" in ('owner', 'buyer', 'viewer')),
	CONSTRAINT "company_invitations_limit_check" CHECK ("company_invitations"."approval_limit" is null or "company_invitations"."approval_limit" >= 0)
);--> statement-breakpoint
DROP INDEX "addresses_one_default_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approval_limit" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_requested_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "company_id" integer;--> statement-breakpoint
-- Every existing account becomes the owner of a company of its own, made of its company details,
-- terms and credit; the company takes the account's id (the sequence then goes on after the last).
INSERT INTO "companies" ("id", "name", "logo", "address1", "address2", "town", "county", "postcode", "country_id", "payment_terms", "credit_limit", "credit_days", "blind_dispatch", "created_at")
  SELECT "id", "company_name", "company_logo", "address1", "address2", "town", "county", "postcode", "country_id", "payment_terms", "credit_limit", "credit_days", "blind_dispatch", "created_at" FROM "users";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('companies', 'id'), coalesce((SELECT max("id") FROM "companies"), 0) + 1, false);--> statement-breakpoint
UPDATE "users" SET "company_id" = "id", "company_role" = 'owner';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "company_id" = "users"."company_id" FROM "users" WHERE "users"."id" = "orders"."user_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
UPDATE "invoices" SET "company_id" = "users"."company_id" FROM "users" WHERE "users"."id" = "invoices"."user_id";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
UPDATE "tickets" SET "company_id" = "users"."company_id" FROM "users" WHERE "users"."id" = "tickets"."user_id";--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
UPDATE "quotes" SET "company_id" = "users"."company_id" FROM "users" WHERE "users"."id" = "quotes"."user_id";--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
UPDATE "payments" SET "company_id" = "users"."company_id" FROM "users" WHERE "users"."id" = "payments"."user_id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
UPDATE "api_keys" SET "company_id" = "users"."company_id" FROM "users" WHERE "users"."id" = "api_keys"."user_id";--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
UPDATE "webhook_endpoints" SET "company_id" = "users"."company_id" FROM "users" WHERE "users"."id" = "webhook_endpoints"."user_id";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
UPDATE "addresses" SET "company_id" = "users"."company_id" FROM "users" WHERE "users"."id" = "addresses"."user_id";--> statement-breakpoint
ALTER TABLE "addresses" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
-- An account made without a company owns a new one of its own, made of the account's company details.
CREATE FUNCTION "company_for_new_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."company_id" IS NULL THEN
    INSERT INTO "companies" ("name", "logo", "address1", "address2", "town", "county", "postcode", "country_id", "payment_terms", "credit_limit", "credit_days", "blind_dispatch")
      VALUES (NEW."company_name", NEW."company_logo", NEW."address1", NEW."address2", NEW."town", NEW."county", NEW."postcode", NEW."country_id", NEW."payment_terms", NEW."credit_limit", NEW."credit_days", NEW."blind_dispatch")
      RETURNING "id" INTO NEW."company_id";
    NEW."company_role" := 'owner';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_company" BEFORE INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "company_for_new_user"();--> statement-breakpoint
-- A row made without its company takes the company of the member who made it (columns.ts companyLink).
CREATE FUNCTION "company_of_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."company_id" IS NULL THEN
    SELECT "company_id" INTO NEW."company_id" FROM "users" WHERE "id" = NEW."user_id";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_company" BEFORE INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION "company_of_user"();--> statement-breakpoint
CREATE TRIGGER "invoices_company" BEFORE INSERT ON "invoices" FOR EACH ROW EXECUTE FUNCTION "company_of_user"();--> statement-breakpoint
CREATE TRIGGER "tickets_company" BEFORE INSERT ON "tickets" FOR EACH ROW EXECUTE FUNCTION "company_of_user"();--> statement-breakpoint
CREATE TRIGGER "quotes_company" BEFORE INSERT ON "quotes" FOR EACH ROW EXECUTE FUNCTION "company_of_user"();--> statement-breakpoint
CREATE TRIGGER "payments_company" BEFORE INSERT ON "payments" FOR EACH ROW EXECUTE FUNCTION "company_of_user"();--> statement-breakpoint
CREATE TRIGGER "api_keys_company" BEFORE INSERT ON "api_keys" FOR EACH ROW EXECUTE FUNCTION "company_of_user"();--> statement-breakpoint
CREATE TRIGGER "webhook_endpoints_company" BEFORE INSERT ON "webhook_endpoints" FOR EACH ROW EXECUTE FUNCTION "company_of_user"();--> statement-breakpoint
CREATE TRIGGER "addresses_company" BEFORE INSERT ON "addresses" FOR EACH ROW EXECUTE FUNCTION "company_of_user"();--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_logo_idx" ON "companies" USING btree ("logo") WHERE "companies"."logo" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_token_unique" ON "company_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "company_invitations_company_idx" ON "company_invitations" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_open_unique" ON "company_invitations" USING btree ("company_id",lower("email")) WHERE "company_invitations"."accepted_at" is null and "company_invitations"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_approval_requested_by_users_id_fk" FOREIGN KEY ("approval_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "orders_company_status_idx" ON "orders" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "tickets_company_idx" ON "tickets" USING btree ("company_id","last_message_at");--> statement-breakpoint
CREATE INDEX "quotes_company_idx" ON "quotes" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "payments_company_idx" ON "payments" USING btree ("company_id","received_on");--> statement-breakpoint
CREATE INDEX "api_keys_company_idx" ON "api_keys" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_company_idx" ON "webhook_endpoints" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "addresses_company_idx" ON "addresses" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_idx" ON "addresses" USING btree ("company_id") WHERE "addresses"."is_default";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_role_check" CHECK ("users"."company_role" in ('owner', 'buyer', 'viewer'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_approval_limit_check" CHECK ("users"."approval_limit" is null or "users"."approval_limit" >= 0);
