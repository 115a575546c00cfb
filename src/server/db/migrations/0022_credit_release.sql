ALTER TABLE "orders" ADD COLUMN "credit_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_released_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credit_released_by_users_id_fk" FOREIGN KEY ("credit_released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;