ALTER TABLE "users" ADD COLUMN "approval_notified_at" timestamp with time zone;--> statement-breakpoint
-- Accounts already awaiting approval are on the staff users list: the first digest tells of new ones only.
-- Taken as told when they registered, so the first digest is not held back an hour.
UPDATE "users" SET "approval_notified_at" = "created_at" WHERE "role" = 'none';
