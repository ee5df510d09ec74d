CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "coupon_redemptions_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "coupon_redemptions_amount_positive" CHECK ("coupon_redemptions"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"pickup_id" integer NOT NULL,
	"weigh_sheet_id" integer NOT NULL,
	"value_paise" integer NOT NULL,
	"balance_paise" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_pickup_id_unique" UNIQUE("pickup_id"),
	CONSTRAINT "coupons_balance_valid" CHECK ("coupons"."value_paise" >= 0 and "coupons"."balance_paise" >= 0 and "coupons"."balance_paise" <= "coupons"."value_paise"),
	CONSTRAINT "coupons_code_format" CHECK ("coupons"."code" ~ '^SS-[0-9A-Z]{4}-[0-9A-Z]{4}$')
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"pickup_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"paid_by_id" text,
	"paid_by_name" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_pickup_id_unique" UNIQUE("pickup_id"),
	CONSTRAINT "payouts_amount_nonnegative" CHECK ("payouts"."amount_paise" >= 0),
	CONSTRAINT "payouts_method_valid" CHECK ("payouts"."method" in ('upi', 'cash', 'bank_transfer'))
);
--> statement-breakpoint
CREATE TABLE "weigh_sheet_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"weigh_sheet_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"material_name" text NOT NULL,
	"grams" integer NOT NULL,
	"rate_paise_per_kg" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	CONSTRAINT "weigh_sheet_lines_material_unique" UNIQUE("weigh_sheet_id","material_id"),
	CONSTRAINT "weigh_sheet_lines_values_valid" CHECK ("weigh_sheet_lines"."grams" > 0 and "weigh_sheet_lines"."rate_paise_per_kg" >= 0 and "weigh_sheet_lines"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "weigh_sheet_plants" (
	"id" serial PRIMARY KEY NOT NULL,
	"weigh_sheet_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_paise" integer NOT NULL,
	CONSTRAINT "weigh_sheet_plants_product_unique" UNIQUE("weigh_sheet_id","product_id"),
	CONSTRAINT "weigh_sheet_plants_values_valid" CHECK ("weigh_sheet_plants"."quantity" between 1 and 100 and "weigh_sheet_plants"."line_total_paise" = "weigh_sheet_plants"."unit_price_paise" * "weigh_sheet_plants"."quantity")
);
--> statement-breakpoint
CREATE TABLE "weigh_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"pickup_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"total_grams" integer NOT NULL,
	"subtotal_paise" integer NOT NULL,
	"pickup_charge_paise" integer DEFAULT 0 NOT NULL,
	"payout_paise" integer NOT NULL,
	"bonus_percent" integer NOT NULL,
	"reward_value_paise" integer NOT NULL,
	"created_by_id" text,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"confirmed_via" text,
	"dispute_reason" text,
	"resolution_note" text,
	CONSTRAINT "weigh_sheets_pickup_version_unique" UNIQUE("pickup_id","version"),
	CONSTRAINT "weigh_sheets_status_valid" CHECK ("weigh_sheets"."status" in ('pending', 'confirmed', 'disputed', 'superseded', 'closed')),
	CONSTRAINT "weigh_sheets_amounts_valid" CHECK ("weigh_sheets"."version" >= 1 and "weigh_sheets"."total_grams" >= 0 and "weigh_sheets"."subtotal_paise" >= 0 and "weigh_sheets"."pickup_charge_paise" >= 0 and "weigh_sheets"."payout_paise" >= 0 and "weigh_sheets"."reward_value_paise" >= "weigh_sheets"."payout_paise" and "weigh_sheets"."bonus_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "pickups" DROP CONSTRAINT "pickups_status_valid";--> statement-breakpoint
ALTER TABLE "staff_user" DROP CONSTRAINT "staff_user_role_valid";--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "collector_id" text;--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "on_the_way_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "handover_code" text;--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "handover_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_pickup_id_pickups_id_fk" FOREIGN KEY ("pickup_id") REFERENCES "public"."pickups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_weigh_sheet_id_weigh_sheets_id_fk" FOREIGN KEY ("weigh_sheet_id") REFERENCES "public"."weigh_sheets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_pickup_id_pickups_id_fk" FOREIGN KEY ("pickup_id") REFERENCES "public"."pickups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_by_id_staff_user_id_fk" FOREIGN KEY ("paid_by_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weigh_sheet_lines" ADD CONSTRAINT "weigh_sheet_lines_weigh_sheet_id_weigh_sheets_id_fk" FOREIGN KEY ("weigh_sheet_id") REFERENCES "public"."weigh_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weigh_sheet_lines" ADD CONSTRAINT "weigh_sheet_lines_material_id_scrap_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."scrap_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weigh_sheet_plants" ADD CONSTRAINT "weigh_sheet_plants_weigh_sheet_id_weigh_sheets_id_fk" FOREIGN KEY ("weigh_sheet_id") REFERENCES "public"."weigh_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weigh_sheet_plants" ADD CONSTRAINT "weigh_sheet_plants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weigh_sheets" ADD CONSTRAINT "weigh_sheets_pickup_id_pickups_id_fk" FOREIGN KEY ("pickup_id") REFERENCES "public"."pickups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weigh_sheets" ADD CONSTRAINT "weigh_sheets_created_by_id_staff_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "coupons_created_idx" ON "coupons" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_paid_idx" ON "payouts" USING btree ("paid_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "weigh_sheets_one_pending_idx" ON "weigh_sheets" USING btree ("pickup_id") WHERE "weigh_sheets"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "weigh_sheets_status_idx" ON "weigh_sheets" USING btree ("status","decided_at");--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_collector_id_staff_user_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pickups_collector_date_idx" ON "pickups" USING btree ("collector_id","pickup_date","id");--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_handover_code_format" CHECK ("pickups"."handover_code" is null or "pickups"."handover_code" ~ '^[0-9]{4}$');--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_status_valid" CHECK ("pickups"."status" in ('requested', 'confirmed', 'weighed', 'disputed', 'collected', 'cancelled', 'missed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_consistent" CHECK ("orders"."discount_paise" >= 0 and "orders"."total_paise" = "orders"."subtotal_paise" - "orders"."discount_paise");--> statement-breakpoint
ALTER TABLE "staff_user" ADD CONSTRAINT "staff_user_role_valid" CHECK ("staff_user"."role" in ('admin', 'staff', 'collector'));