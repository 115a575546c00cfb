ALTER TABLE "order_items" ADD COLUMN "proof_price" integer;--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "proof_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "proof_price" integer DEFAULT 0 NOT NULL;