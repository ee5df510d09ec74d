DROP INDEX "orders_created_status_idx";--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "paid_out_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pickups_payouts_to_make_idx" ON "pickups" USING btree ("collected_at","id") WHERE "pickups"."status" = 'collected' and "pickups"."reward_preference" = 'money' and "pickups"."paid_out_at" is null;--> statement-breakpoint
CREATE INDEX "orders_created_status_total_idx" ON "orders" USING btree ("created_at","status","total_paise");--> statement-breakpoint
CREATE INDEX "orders_cash_to_collect_idx" ON "orders" USING btree ("total_paise") WHERE "orders"."status" = 'shipped' and "orders"."payment_status" = 'unpaid' and "orders"."payment_method" = 'cod';--> statement-breakpoint
-- Payouts recorded before this column existed: their pickups are paid out.
UPDATE "pickups" SET "paid_out_at" = "payouts"."paid_at" FROM "payouts" WHERE "payouts"."pickup_id" = "pickups"."id";
