CREATE TABLE "delivery_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"name" text NOT NULL,
	"charge_paise" integer NOT NULL,
	"free_from_paise" integer,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"cash_on_delivery" boolean DEFAULT true NOT NULL,
	"cash_on_delivery_max_paise" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_areas_prefix_unique" UNIQUE("prefix"),
	CONSTRAINT "delivery_areas_prefix_format" CHECK ("delivery_areas"."prefix" ~ '^[1-9][0-9]{0,5}$'),
	CONSTRAINT "delivery_areas_name_length" CHECK (char_length("delivery_areas"."name") between 1 and 80),
	CONSTRAINT "delivery_areas_charge_range" CHECK ("delivery_areas"."charge_paise" between 0 and 10000000),
	CONSTRAINT "delivery_areas_free_from_range" CHECK ("delivery_areas"."free_from_paise" is null or "delivery_areas"."free_from_paise" between 0 and 100000000),
	CONSTRAINT "delivery_areas_days_range" CHECK ("delivery_areas"."min_days" between 0 and 60 and "delivery_areas"."max_days" between "delivery_areas"."min_days" and 60),
	CONSTRAINT "delivery_areas_cod_max_range" CHECK ("delivery_areas"."cash_on_delivery_max_paise" is null or "delivery_areas"."cash_on_delivery_max_paise" > 0)
);
--> statement-breakpoint
-- The cities the shop serves (docs/shop.md "Delivery areas"), so that a fresh install and an
-- existing shop keep delivering there as before: free delivery (charge 0) until staff set a
-- charge, cash on delivery without an area limit, Bengaluru (the shop's own city) in 1-3 days
-- and the others in 2-5 (the DELIVERY_DAYS_* defaults). Staff change or add areas on the dashboard.
INSERT INTO "delivery_areas" ("prefix", "name", "charge_paise", "free_from_paise", "min_days", "max_days", "cash_on_delivery", "cash_on_delivery_max_paise")
VALUES
  ('560', 'Bengaluru', 0, NULL, 1, 3, true, NULL),
  ('570', 'Mysuru', 0, NULL, 2, 5, true, NULL),
  ('500', 'Hyderabad', 0, NULL, 2, 5, true, NULL),
  ('600', 'Chennai', 0, NULL, 2, 5, true, NULL),
  ('411', 'Pune', 0, NULL, 2, 5, true, NULL)
ON CONFLICT ("prefix") DO NOTHING;
