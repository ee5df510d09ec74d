CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"driver" text NOT NULL,
	"file" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backups_kind_valid" CHECK ("backups"."kind" in ('nightly', 'manual')),
	CONSTRAINT "backups_size_nonnegative" CHECK ("backups"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE TABLE "scheduled_runs" (
	"job" text NOT NULL,
	"window_key" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"claimed_by" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"detail" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "scheduled_runs_job_window_key_pk" PRIMARY KEY("job","window_key"),
	CONSTRAINT "scheduled_runs_status_valid" CHECK ("scheduled_runs"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "staff_setup_token" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_setup_token_single" CHECK ("staff_setup_token"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_valid";--> statement-breakpoint
CREATE INDEX "backups_finished_idx" ON "backups" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "scheduled_runs_job_started_idx" ON "scheduled_runs" USING btree ("job","started_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_valid" CHECK ("orders"."payment_status" in ('unpaid', 'pending', 'paid', 'failed', 'expired'));