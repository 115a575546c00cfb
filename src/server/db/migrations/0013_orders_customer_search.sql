-- The customer's "All orders" search: the postcode rides in the customer's index beside the reference,
-- the days orders were confirmed are indexed per customer (the date range), and an order's items
-- carry their product in the index a search by product looks at.
DROP INDEX "orders_user_status_ref_idx";--> statement-breakpoint
DROP INDEX "order_items_order_idx";--> statement-breakpoint
CREATE INDEX "orders_user_status_search_idx" ON "orders" USING btree ("user_id","status","id","ref","postcode");--> statement-breakpoint
CREATE INDEX "orders_user_confirmed_idx" ON "orders" USING btree ("user_id","confirmed_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","id","product_id");