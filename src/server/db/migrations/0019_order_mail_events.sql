ALTER TABLE "mail_outbox" ADD COLUMN "order_event_id" bigint;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "mail" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_order_event_id_order_events_id_fk" FOREIGN KEY ("order_event_id") REFERENCES "public"."order_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_order_event_unique" ON "mail_outbox" USING btree ("order_event_id");