CREATE TABLE "organisation_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"pin_code" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"frequency" text NOT NULL,
	"weekday" integer NOT NULL,
	"slot_start" text NOT NULL,
	"starts_on" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_sites_frequency_valid" CHECK ("organisation_sites"."frequency" in ('weekly', 'fortnightly', 'monthly')),
	CONSTRAINT "organisation_sites_weekday_range" CHECK ("organisation_sites"."weekday" between 1 and 7),
	CONSTRAINT "organisation_sites_slot_format" CHECK ("organisation_sites"."slot_start" ~ '^[0-2][0-9]:[0-5][0-9]$'),
	CONSTRAINT "organisation_sites_pin_code_format" CHECK ("organisation_sites"."pin_code" ~ '^[1-9][0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_email" text NOT NULL,
	"reward" text NOT NULL,
	"payout_details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "organisations_lead_id_unique" UNIQUE("lead_id"),
	CONSTRAINT "organisations_kind_valid" CHECK ("organisations"."kind" in ('office', 'housing_society', 'school', 'shop')),
	CONSTRAINT "organisations_reward_valid" CHECK ("organisations"."reward" in ('money', 'coupon')),
	CONSTRAINT "organisations_payout_details" CHECK (("organisations"."reward" = 'money') = (char_length("organisations"."payout_details") between 1 and 200))
);
--> statement-breakpoint
CREATE TABLE "site_pickup_dates" (
	"site_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"outcome" text NOT NULL,
	"pickup_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_pickup_dates_site_id_due_date_pk" PRIMARY KEY("site_id","due_date"),
	CONSTRAINT "site_pickup_dates_outcome_valid" CHECK ("site_pickup_dates"."outcome" in ('booked', 'moved', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "organisation_sites" ADD CONSTRAINT "organisation_sites_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_pickup_dates" ADD CONSTRAINT "site_pickup_dates_site_id_organisation_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."organisation_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_pickup_dates" ADD CONSTRAINT "site_pickup_dates_pickup_id_pickups_id_fk" FOREIGN KEY ("pickup_id") REFERENCES "public"."pickups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_sites_organisation_idx" ON "organisation_sites" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE INDEX "organisations_name_idx" ON "organisations" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "site_pickup_dates_pickup_idx" ON "site_pickup_dates" USING btree ("pickup_id");