ALTER TABLE "products" ADD COLUMN "trim_width_mm" integer DEFAULT 210 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "trim_height_mm" integer DEFAULT 297 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "bleed_mm" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "production_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_check" CHECK ("products"."trim_width_mm" between 10 and 2000 and "products"."trim_height_mm" between 10 and 2000 and "products"."bleed_mm" between 0 and 20);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_production_days_check" CHECK ("products"."production_days" between 0 and 60);