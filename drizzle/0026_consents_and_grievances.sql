CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text,
	"email" text,
	"purpose" text NOT NULL,
	"notice_version" text NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"how" text NOT NULL,
	"client_key_hash" text,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_how" text,
	CONSTRAINT "consents_purpose_valid" CHECK ("consents"."purpose" in ('newsletter')),
	CONSTRAINT "consents_someone" CHECK ("consents"."phone" is not null or "consents"."email" is not null),
	CONSTRAINT "consents_withdrawn_how" CHECK (("consents"."withdrawn_at" is null) = ("consents"."withdrawn_how" is null))
);
--> statement-breakpoint
CREATE TABLE "grievances" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"topic" text NOT NULL,
	"details" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"client_key_hash" text,
	"received_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"note" text DEFAULT '' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	CONSTRAINT "grievances_ticket_unique" UNIQUE("ticket"),
	CONSTRAINT "grievances_someone" CHECK ("grievances"."phone" is not null or "grievances"."email" is not null),
	CONSTRAINT "grievances_topic_valid" CHECK ("grievances"."topic" in ('access', 'correct', 'erase', 'consent', 'nominate', 'service', 'other')),
	CONSTRAINT "grievances_language_valid" CHECK ("grievances"."language" in ('en', 'hi', 'kn')),
	CONSTRAINT "grievances_details_length" CHECK (char_length("grievances"."details") between 1 and 2000)
);
--> statement-breakpoint
CREATE INDEX "consents_phone_idx" ON "consents" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "consents_email_idx" ON "consents" USING btree ("email");--> statement-breakpoint
CREATE INDEX "grievances_list_idx" ON "grievances" USING btree ("resolved_at","received_at","id");--> statement-breakpoint
CREATE INDEX "grievances_unacknowledged_idx" ON "grievances" USING btree ("received_at") WHERE "grievances"."acknowledged_at" is null and "grievances"."resolved_at" is null;