CREATE TABLE "quote_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"stock_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"stock_name" text NOT NULL,
	"qty" integer NOT NULL,
	"sides" text NOT NULL,
	"orientation" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"option_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"turnaround_id" integer,
	"choices" jsonb NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "quote_items_qty_check" CHECK ("quote_items"."qty" > 0),
	CONSTRAINT "quote_items_sides_check" CHECK ("quote_items"."sides" in ('single', 'double')),
	CONSTRAINT "quote_items_orientation_check" CHECK ("quote_items"."orientation" in ('portrait', 'landscape'))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"telephone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"town" text DEFAULT '' NOT NULL,
	"county" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"country_id" integer,
	"country_name" text DEFAULT '' NOT NULL,
	"delivery_type_id" integer,
	"delivery_type_name" text NOT NULL,
	"delivery_cost" integer NOT NULL,
	"total_net" integer NOT NULL,
	"total_vat" integer NOT NULL,
	"total" integer NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"valid_until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "quote_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "quoted_price" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "quoted_until" date;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_delivery_type_id_delivery_types_id_fk" FOREIGN KEY ("delivery_type_id") REFERENCES "public"."delivery_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_items_quote_idx" ON "quote_items" USING btree ("quote_id","id");--> statement-breakpoint
CREATE INDEX "quote_items_product_idx" ON "quote_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "quote_items_stock_idx" ON "quote_items" USING btree ("stock_id");--> statement-breakpoint
CREATE INDEX "quotes_user_idx" ON "quotes" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_quote_idx" ON "order_items" USING btree ("quote_id") WHERE "order_items"."quote_id" is not null;