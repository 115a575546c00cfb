CREATE TABLE "catalogue_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_state_single_row" CHECK ("catalogue_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"multiplier" integer NOT NULL,
	"weight" numeric(10, 3) DEFAULT '0' NOT NULL,
	"large_item" boolean DEFAULT false NOT NULL,
	"restricted" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_multiplier_check" CHECK ("products"."multiplier" > 0),
	CONSTRAINT "products_weight_check" CHECK ("products"."weight" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products_stock" (
	"product_id" integer NOT NULL,
	"stock_id" integer NOT NULL,
	CONSTRAINT "products_stock_pkey" PRIMARY KEY("product_id","stock_id")
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"sheet_cost" numeric(12, 4) DEFAULT '0' NOT NULL,
	"single_cost" numeric(12, 4) DEFAULT '0' NOT NULL,
	"double_cost" numeric(12, 4) DEFAULT '0' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_costs_check" CHECK ("stock"."sheet_cost" >= 0 and "stock"."single_cost" >= 0 and "stock"."double_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_margins" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"stock_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"margin" numeric(6, 2) NOT NULL,
	CONSTRAINT "stock_margins_pair_qty_unique" UNIQUE("product_id","stock_id","qty"),
	CONSTRAINT "stock_margins_qty_check" CHECK ("stock_margins"."qty" > 0),
	CONSTRAINT "stock_margins_margin_check" CHECK ("stock_margins"."margin" >= 0 and "stock_margins"."margin" <= 1000)
);
--> statement-breakpoint
CREATE TABLE "user_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"discount" numeric(5, 2) NOT NULL,
	CONSTRAINT "user_prices_user_product_unique" UNIQUE("user_id","product_id"),
	CONSTRAINT "user_prices_discount_check" CHECK ("user_prices"."discount" >= 0 and "user_prices"."discount" <= 100)
);
--> statement-breakpoint
CREATE TABLE "user_products" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "user_products_pkey" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "products_stock" ADD CONSTRAINT "products_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products_stock" ADD CONSTRAINT "products_stock_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_margins" ADD CONSTRAINT "stock_margins_pair_fk" FOREIGN KEY ("product_id","stock_id") REFERENCES "public"."products_stock"("product_id","stock_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_prices" ADD CONSTRAINT "user_prices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_prices" ADD CONSTRAINT "user_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_products" ADD CONSTRAINT "user_products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_products" ADD CONSTRAINT "user_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_sort_idx" ON "products" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "products_stock_stock_idx" ON "products_stock" USING btree ("stock_id");--> statement-breakpoint
CREATE INDEX "stock_sort_idx" ON "stock" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "user_prices_product_idx" ON "user_prices" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "user_products_product_idx" ON "user_products" USING btree ("product_id");