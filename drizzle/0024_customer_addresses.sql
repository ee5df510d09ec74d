CREATE TABLE "customer_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"label" text NOT NULL,
	"name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pin_code" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_addresses_phone_format" CHECK ("customer_addresses"."phone" ~ '^\+91[6-9][0-9]{9}$'),
	CONSTRAINT "customer_addresses_label_valid" CHECK ("customer_addresses"."label" in ('home', 'office', 'other')),
	CONSTRAINT "customer_addresses_pin_code_format" CHECK ("customer_addresses"."pin_code" ~ '^[1-9][0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "customer_preferences" (
	"phone" text PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_preferences_phone_format" CHECK ("customer_preferences"."phone" ~ '^\+91[6-9][0-9]{9}$'),
	CONSTRAINT "customer_preferences_language_valid" CHECK ("customer_preferences"."language" in ('en', 'hi', 'kn'))
);
--> statement-breakpoint
CREATE INDEX "customer_addresses_phone_idx" ON "customer_addresses" USING btree ("phone","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_one_default_idx" ON "customer_addresses" USING btree ("phone") WHERE "customer_addresses"."is_default";