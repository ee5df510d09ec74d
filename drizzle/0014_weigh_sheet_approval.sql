ALTER TABLE "weigh_sheets" ADD COLUMN "approval_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "weigh_sheets" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "weigh_sheets" ADD COLUMN "approved_by_name" text;--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "handover_code_version" integer;--> statement-breakpoint
CREATE INDEX "weigh_sheets_awaiting_approval_idx" ON "weigh_sheets" USING btree ("created_at") WHERE "weigh_sheets"."approval_required" and "weigh_sheets"."approved_at" is null and "weigh_sheets"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "weigh_sheets" ADD CONSTRAINT "weigh_sheets_approval_valid" CHECK ("weigh_sheets"."approved_at" is null or "weigh_sheets"."approval_required");--> statement-breakpoint
-- A handover code issued before this migration confirms the pickup's latest sheet version (0 when none).
UPDATE "pickups" SET "handover_code_version" = coalesce((SELECT max("version") FROM "weigh_sheets" WHERE "weigh_sheets"."pickup_id" = "pickups"."id"), 0) WHERE "handover_code" IS NOT NULL;
