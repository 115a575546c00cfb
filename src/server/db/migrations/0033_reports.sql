CREATE INDEX "order_items_artwork_uploaded_idx" ON "order_items" USING btree ("artwork_uploaded_at") WHERE "order_items"."preflight_status" is not null;--> statement-breakpoint
CREATE INDEX "orders_confirmed_at_idx" ON "orders" USING btree ("confirmed_at");--> statement-breakpoint
CREATE INDEX "orders_dispatched_at_idx" ON "orders" USING btree ("dispatched_at");