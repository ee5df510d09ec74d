CREATE TABLE "erasure_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone_hash" text NOT NULL,
	"reason" text NOT NULL,
	"counts" jsonb NOT NULL,
	"erased_at" timestamp with time zone NOT NULL,
	CONSTRAINT "erasure_log_reason_valid" CHECK ("erasure_log"."reason" in ('request', 'retention')),
	CONSTRAINT "erasure_log_phone_hash_format" CHECK ("erasure_log"."phone_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE INDEX "erasure_log_phone_hash_idx" ON "erasure_log" USING btree ("phone_hash","erased_at");--> statement-breakpoint
CREATE INDEX "erasure_log_erased_idx" ON "erasure_log" USING btree ("erased_at","id");