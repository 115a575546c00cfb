ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(id::text || ' ' || ref || ' ' || postcode || ' ' || firstname || ' ' || lastname || ' ' || company_name || ' ' || email)) STORED;--> statement-breakpoint
CREATE INDEX "orders_status_id_idx" ON "orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "orders_status_total_idx" ON "orders" USING btree ("status","total");--> statement-breakpoint
-- Staff search orders with LIKE '%word%': a trigram index answers that on PostgreSQL;
-- on PGlite, without pg_trgm (see 0002), the search reads the stored column.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "orders_search_text_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops) WHERE "orders"."status" <> 'basket';
  END IF;
END
$$;
