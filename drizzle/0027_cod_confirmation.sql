CREATE TABLE "verified_phones" (
	"phone" text PRIMARY KEY NOT NULL,
	"first_verified_at" timestamp with time zone NOT NULL,
	"last_verified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "verified_phones_phone_format" CHECK ("verified_phones"."phone" ~ '^\+91[6-9][0-9]{9}$')
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_valid" CHECK ("orders"."status" in ('awaiting_confirmation', 'placed', 'confirmed', 'shipped', 'delivered', 'cancelled'));--> statement-breakpoint
-- Phones that already signed in with a code (a session or a spent code) count as verified.
INSERT INTO "verified_phones" ("phone", "first_verified_at", "last_verified_at")
SELECT "phone", min("at"), max("at") FROM (
  SELECT "phone", "created_at" AS "at" FROM "customer_sessions"
  UNION ALL
  SELECT "phone", "used_at" AS "at" FROM "one_time_codes" WHERE "used_at" IS NOT NULL
) AS "seen"
GROUP BY "phone"
ON CONFLICT ("phone") DO NOTHING;
