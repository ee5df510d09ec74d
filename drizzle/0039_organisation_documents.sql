CREATE TABLE "organisation_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"site_id" integer,
	"kind" text NOT NULL,
	"month" text NOT NULL,
	"token" text NOT NULL,
	"content" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by" text NOT NULL,
	CONSTRAINT "organisation_documents_token_unique" UNIQUE("token"),
	CONSTRAINT "organisation_documents_kind_valid" CHECK ("organisation_documents"."kind" in ('statement', 'certificate')),
	CONSTRAINT "organisation_documents_month_format" CHECK ("organisation_documents"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "organisation_documents_site_for_certificates" CHECK (("organisation_documents"."kind" = 'certificate') = ("organisation_documents"."site_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "recyclers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"registration" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "recyclers_registration_unique" UNIQUE("registration"),
	CONSTRAINT "recyclers_name_length" CHECK (char_length("recyclers"."name") between 1 and 120),
	CONSTRAINT "recyclers_registration_length" CHECK (char_length("recyclers"."registration") between 3 and 60)
);
--> statement-breakpoint
ALTER TABLE "organisation_documents" ADD CONSTRAINT "organisation_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_documents" ADD CONSTRAINT "organisation_documents_site_id_organisation_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."organisation_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_documents_one_idx" ON "organisation_documents" USING btree ("organisation_id","month","kind",coalesce("site_id", 0));