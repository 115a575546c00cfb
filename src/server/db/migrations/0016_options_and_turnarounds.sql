CREATE TABLE "option_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "options" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_group_id" integer NOT NULL,
	"name" text NOT NULL,
	"sheet_cost" numeric(12, 4) DEFAULT '0' NOT NULL,
	"setup_cost" integer DEFAULT 0 NOT NULL,
	"production_days" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "options_costs_check" CHECK ("options"."sheet_cost" >= 0 and "options"."setup_cost" >= 0),
	CONSTRAINT "options_production_days_check" CHECK ("options"."production_days" between 0 and 30)
);
--> statement-breakpoint
CREATE TABLE "turnarounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"production_days" integer NOT NULL,
	"price_percent" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "turnarounds_production_days_check" CHECK ("turnarounds"."production_days" between 0 and 60),
	CONSTRAINT "turnarounds_price_percent_check" CHECK ("turnarounds"."price_percent" between -50 and 200),
	CONSTRAINT "turnarounds_default_active_check" CHECK ("turnarounds"."active" or not "turnarounds"."is_default")
);
--> statement-breakpoint
ALTER TABLE "option_groups" ADD CONSTRAINT "option_groups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_option_group_id_option_groups_id_fk" FOREIGN KEY ("option_group_id") REFERENCES "public"."option_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnarounds" ADD CONSTRAINT "turnarounds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "option_groups_product_idx" ON "option_groups" USING btree ("product_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "option_groups_name_unique" ON "option_groups" USING btree ("product_id",lower("name"));--> statement-breakpoint
CREATE INDEX "options_group_idx" ON "options" USING btree ("option_group_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "options_name_unique" ON "options" USING btree ("option_group_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "turnarounds_name_unique" ON "turnarounds" USING btree ("product_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "turnarounds_one_default" ON "turnarounds" USING btree ("product_id") WHERE "turnarounds"."is_default";--> statement-breakpoint
-- Every product made before turnarounds existed gets its default, "Standard", at its own production days and 0 %: prices and dispatch dates stay as they were.
INSERT INTO "turnarounds" ("product_id", "name", "production_days", "price_percent", "is_default", "active") SELECT "id", 'Standard', "production_days", 0, true, true FROM "products";
