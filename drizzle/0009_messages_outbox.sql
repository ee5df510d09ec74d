CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"template" text NOT NULL,
	"recipient" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"dedupe_key" text NOT NULL,
	"entity_type" text,
	"entity_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"provider_message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_dedupe_channel_unique" UNIQUE("dedupe_key","channel"),
	CONSTRAINT "messages_channel_valid" CHECK ("messages"."channel" in ('email', 'whatsapp')),
	CONSTRAINT "messages_status_valid" CHECK ("messages"."status" in ('pending', 'sent', 'failed', 'skipped')),
	CONSTRAINT "messages_attempts_nonnegative" CHECK ("messages"."attempts" >= 0)
);
--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("send_after","id") WHERE "messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "messages_entity_idx" ON "messages" USING btree ("entity_type","entity_id","id");--> statement-breakpoint
CREATE INDEX "messages_status_created_idx" ON "messages" USING btree ("status","created_at","id");