ALTER TABLE "order_items" ADD COLUMN "option_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "turnaround_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "choices_saved" jsonb;