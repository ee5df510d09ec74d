DROP INDEX "orders_created_status_idx";--> statement-breakpoint
CREATE INDEX "orders_created_status_total_idx" ON "orders" USING btree ("created_at","status","total_paise");