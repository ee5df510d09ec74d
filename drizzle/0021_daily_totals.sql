CREATE TABLE "collected_grams_daily" (
	"collected_on" date NOT NULL,
	"material_id" integer NOT NULL,
	"grams" bigint NOT NULL,
	CONSTRAINT "collected_grams_daily_collected_on_material_id_pk" PRIMARY KEY("collected_on","material_id"),
	CONSTRAINT "collected_grams_daily_grams_valid" CHECK ("collected_grams_daily"."grams" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plants_given_daily" (
	"given_on" date PRIMARY KEY NOT NULL,
	"plants" integer NOT NULL,
	CONSTRAINT "plants_given_daily_plants_valid" CHECK ("plants_given_daily"."plants" >= 0)
);
--> statement-breakpoint
ALTER TABLE "collected_grams_daily" ADD CONSTRAINT "collected_grams_daily_material_id_scrap_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."scrap_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Sheets confirmed before the roll-up existed (the same sums as rebuildDailyTotals in
-- app/features/exchange/daily-totals.server.ts).
INSERT INTO "collected_grams_daily" ("collected_on", "material_id", "grams")
SELECT ("p"."collected_at" AT TIME ZONE 'Asia/Kolkata')::date, "l"."material_id", sum("l"."grams")
FROM "pickups" "p"
JOIN "weigh_sheets" "s" ON "s"."pickup_id" = "p"."id" AND "s"."status" = 'confirmed'
JOIN "weigh_sheet_lines" "l" ON "l"."weigh_sheet_id" = "s"."id"
WHERE "p"."collected_at" IS NOT NULL
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "plants_given_daily" ("given_on", "plants")
SELECT ("p"."collected_at" AT TIME ZONE 'Asia/Kolkata')::date, sum("w"."quantity")
FROM "pickups" "p"
JOIN "weigh_sheets" "s" ON "s"."pickup_id" = "p"."id" AND "s"."status" = 'confirmed'
JOIN "weigh_sheet_plants" "w" ON "w"."weigh_sheet_id" = "s"."id"
WHERE "p"."collected_at" IS NOT NULL AND "p"."reward_preference" = 'plants'
GROUP BY 1;
