CREATE TABLE "closed_dates" (
	"day" date PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"closed_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closed_dates_reason_length" CHECK (char_length("closed_dates"."reason") between 1 and 80)
);
