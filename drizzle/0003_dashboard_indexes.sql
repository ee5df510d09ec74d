DROP INDEX "pickups_status_date_idx";--> statement-breakpoint
DROP INDEX "pickups_city_idx";--> statement-breakpoint
DROP INDEX "pickups_pin_code_idx";--> statement-breakpoint
DROP INDEX "pickups_phone_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_phone_idx";--> statement-breakpoint
CREATE INDEX "pickups_date_id_idx" ON "pickups" USING btree ("pickup_date","id");--> statement-breakpoint
CREATE INDEX "pickups_status_city_date_idx" ON "pickups" USING btree ("status",lower("city"),"pickup_date","id");--> statement-breakpoint
CREATE INDEX "pickups_status_pin_code_date_idx" ON "pickups" USING btree ("status","pin_code","pickup_date","id");--> statement-breakpoint
CREATE INDEX "pickups_name_trgm_idx" ON "pickups" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_payment_created_idx" ON "orders" USING btree ("payment_status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_payment_created_idx" ON "orders" USING btree ("status","payment_status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pickups_status_date_idx" ON "pickups" USING btree ("status","pickup_date","id");--> statement-breakpoint
CREATE INDEX "pickups_city_idx" ON "pickups" USING btree (lower("city"),"pickup_date","id");--> statement-breakpoint
CREATE INDEX "pickups_pin_code_idx" ON "pickups" USING btree ("pin_code","pickup_date","id");--> statement-breakpoint
CREATE INDEX "pickups_phone_idx" ON "pickups" USING btree ("phone","pickup_date","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("phone","created_at","id");