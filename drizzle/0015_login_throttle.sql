CREATE TABLE "staff_login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_login_throttle_failures_positive" CHECK ("staff_login_throttle"."failures" > 0)
);
--> statement-breakpoint
CREATE INDEX "staff_login_throttle_last_failure_idx" ON "staff_login_throttle" USING btree ("last_failure_at");