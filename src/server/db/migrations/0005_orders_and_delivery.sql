CREATE TABLE "closed_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "closed_days_date_unique" UNIQUE("date")
);
--> statement-breakpoint
CREATE TABLE "delivery_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_type_id" integer NOT NULL,
	"weight_upto" integer NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "delivery_prices_type_weight_unique" UNIQUE("delivery_type_id","weight_upto"),
	CONSTRAINT "delivery_prices_weight_check" CHECK ("delivery_prices"."weight_upto" > 0),
	CONSTRAINT "delivery_prices_price_check" CHECK ("delivery_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"carrier" text NOT NULL,
	"large_item" boolean DEFAULT false NOT NULL,
	"transit_days" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_types_carrier_check" CHECK ("delivery_types"."carrier" in ('royalmail', 'courier', 'collection')),
	CONSTRAINT "delivery_types_transit_days_check" CHECK ("delivery_types"."transit_days" between 0 and 60)
);
--> statement-breakpoint
CREATE TABLE "delivery_types_countries" (
	"delivery_type_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	CONSTRAINT "delivery_types_countries_pkey" PRIMARY KEY("delivery_type_id","country_id")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" integer,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_actor_check" CHECK ("order_events"."actor" in ('customer', 'staff', 'system'))
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"stock_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"sides" text NOT NULL,
	"orientation" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"price_saved" integer,
	"artwork_name" text,
	"artwork_size" bigint,
	"artwork_key" text,
	"artwork_uploaded_at" timestamp with time zone,
	"preview_key" text,
	"preflight_status" text,
	"preflight" jsonb,
	"warnings_accepted" boolean DEFAULT false NOT NULL,
	"batch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_qty_check" CHECK ("order_items"."qty" > 0),
	CONSTRAINT "order_items_sides_check" CHECK ("order_items"."sides" in ('single', 'double')),
	CONSTRAINT "order_items_orientation_check" CHECK ("order_items"."orientation" in ('portrait', 'landscape')),
	CONSTRAINT "order_items_preflight_status_check" CHECK ("order_items"."preflight_status" in ('pending', 'pass', 'warn', 'fail'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'basket' NOT NULL,
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
	"delivery_type_id" integer,
	"delivery_cost" integer,
	"total_net" integer,
	"total_vat" integer,
	"total" integer,
	"weight" integer,
	"dispatch_due" date,
	"delivery_due" date,
	"problem_text" text,
	"notes" text DEFAULT '' NOT NULL,
	"tracking_number" text,
	"confirm_key" text,
	"confirmed_at" timestamp with time zone,
	"dispatched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('basket', 'live', 'printing', 'problem', 'dispatched', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "delivery_prices" ADD CONSTRAINT "delivery_prices_delivery_type_id_delivery_types_id_fk" FOREIGN KEY ("delivery_type_id") REFERENCES "public"."delivery_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_types_countries" ADD CONSTRAINT "delivery_types_countries_delivery_type_id_delivery_types_id_fk" FOREIGN KEY ("delivery_type_id") REFERENCES "public"."delivery_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_types_countries" ADD CONSTRAINT "delivery_types_countries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_type_id_delivery_types_id_fk" FOREIGN KEY ("delivery_type_id") REFERENCES "public"."delivery_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_types_sort_idx" ON "delivery_types" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "delivery_types_countries_country_idx" ON "delivery_types_countries" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_items_stock_idx" ON "order_items" USING btree ("stock_id");--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "orders_status_dispatch_idx" ON "orders" USING btree ("status","dispatch_due");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_confirm_key_unique" ON "orders" USING btree ("user_id","confirm_key") WHERE "orders"."confirm_key" is not null;