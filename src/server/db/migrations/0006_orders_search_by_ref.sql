DROP INDEX "orders_user_status_idx";--> statement-breakpoint
CREATE INDEX "orders_user_status_ref_idx" ON "orders" USING btree ("user_id","status","id","ref");