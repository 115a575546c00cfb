CREATE TABLE "order_item_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"version" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_size" bigint NOT NULL,
	"source" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer,
	"decided_on_behalf" boolean DEFAULT false NOT NULL,
	"comment" text,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_item_proofs_source_check" CHECK ("order_item_proofs"."source" in ('generated', 'staff')),
	CONSTRAINT "order_item_proofs_decision_check" CHECK ("order_item_proofs"."decision" in ('approved', 'changes_requested'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "proof_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "proof_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "proof_status" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "proof_version" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "proof_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "proof_comment" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "proof_decided_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatch_basis" jsonb;--> statement-breakpoint
ALTER TABLE "order_item_proofs" ADD CONSTRAINT "order_item_proofs_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_proofs" ADD CONSTRAINT "order_item_proofs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_proofs" ADD CONSTRAINT "order_item_proofs_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_item_proofs_item_version_unique" ON "order_item_proofs" USING btree ("order_item_id","version");--> statement-breakpoint
CREATE INDEX "order_items_awaiting_proof_idx" ON "order_items" USING btree ("order_id") WHERE "order_items"."proof_requested" and "order_items"."proof_status" is distinct from 'approved';--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_proof_status_check" CHECK ("order_items"."proof_status" in ('making', 'ready', 'approved', 'changes_requested'));