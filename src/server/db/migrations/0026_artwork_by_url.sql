ALTER TABLE "order_items" ADD COLUMN "artwork_url" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "artwork_fetch_status" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "artwork_fetch_error" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "artwork_fetch_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_artwork_fetch_status_check" CHECK ("order_items"."artwork_fetch_status" in ('fetching', 'failed'));