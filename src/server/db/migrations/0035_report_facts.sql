DROP INDEX "order_items_artwork_uploaded_idx";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sandbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An item takes its order's sandbox flag whenever it is made (or moved to another order); an order's `test` never changes after it is made (schema/orders.ts).
CREATE FUNCTION "order_item_sandbox"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."sandbox" := coalesce((SELECT "test" FROM "orders" WHERE "id" = NEW."order_id"), false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_items_sandbox" BEFORE INSERT OR UPDATE OF "order_id" ON "order_items" FOR EACH ROW EXECUTE FUNCTION "order_item_sandbox"();--> statement-breakpoint
UPDATE "order_items" i SET "sandbox" = true FROM "orders" o WHERE o."id" = i."order_id" AND o."test";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "artwork_uploaded_on" date GENERATED ALWAYS AS ((artwork_uploaded_at at time zone 'Europe/London')::date) STORED;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "preflight_failed" jsonb GENERATED ALWAYS AS (case when jsonb_typeof(preflight -> 'checks') = 'array' then jsonb_path_query_array(preflight -> 'checks', '$[*] ? (@.status == "fail").code') end) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_on" date GENERATED ALWAYS AS ((confirmed_at at time zone 'Europe/London')::date) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatched_on" date GENERATED ALWAYS AS ((dispatched_at at time zone 'Europe/London')::date) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatched_products" integer[];--> statement-breakpoint
-- The orders dispatched before their move wrote their products: each product of their items, once, ascending, as the move writes them.
UPDATE "orders" o SET "dispatched_products" = (SELECT array_agg(DISTINCT i."product_id" ORDER BY i."product_id") FROM "order_items" i WHERE i."order_id" = o."id") WHERE o."status" = 'dispatched';--> statement-breakpoint
CREATE INDEX "order_items_checked_idx" ON "order_items" USING btree ("artwork_uploaded_on","preflight_status") WHERE "order_items"."preflight_status" in ('pass', 'warn', 'fail') and not "order_items"."sandbox";--> statement-breakpoint
CREATE INDEX "order_items_failed_checks_idx" ON "order_items" USING btree ("artwork_uploaded_on","preflight_failed") WHERE "order_items"."preflight_status" = 'fail' and not "order_items"."sandbox";--> statement-breakpoint
CREATE INDEX "orders_dispatched_report_idx" ON "orders" USING btree ("dispatched_on","confirmed_on","dispatched_products") WHERE "orders"."status" = 'dispatched' and not "orders"."test" and "orders"."confirmed_at" is not null;