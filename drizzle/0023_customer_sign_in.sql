CREATE TABLE "customer_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_sessions_phone_format" CHECK ("customer_sessions"."phone" ~ '^\+91[6-9][0-9]{9}$')
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "one_time_codes_phone_purpose_unique" UNIQUE("phone","purpose"),
	CONSTRAINT "one_time_codes_purpose_valid" CHECK ("one_time_codes"."purpose" in ('sign_in', 'cod_confirm')),
	CONSTRAINT "one_time_codes_phone_format" CHECK ("one_time_codes"."phone" ~ '^\+91[6-9][0-9]{9}$'),
	CONSTRAINT "one_time_codes_attempts_range" CHECK ("one_time_codes"."attempts" between 0 and 5)
);
--> statement-breakpoint
CREATE INDEX "customer_sessions_phone_idx" ON "customer_sessions" USING btree ("phone");