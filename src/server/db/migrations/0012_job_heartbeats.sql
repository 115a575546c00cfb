ALTER TABLE "jobs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "interrupted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "job_id" bigint;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;