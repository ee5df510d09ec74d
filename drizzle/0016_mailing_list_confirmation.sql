ALTER TABLE "registrations" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "confirm_token" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "registrations_unconfirmed_idx" ON "registrations" USING btree ("confirm_sent_at") WHERE "registrations"."confirmed_at" is null;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_confirm_token_unique" UNIQUE("confirm_token");--> statement-breakpoint
-- Double opt-in (ADR 0027): everyone on the list before this migration joined under the old
-- rules and stays subscribed, confirmed as of the day they joined.
UPDATE "registrations" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
