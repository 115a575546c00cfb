ALTER TABLE "users" ADD COLUMN "blind_dispatch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "blind_dispatch" boolean DEFAULT false NOT NULL;