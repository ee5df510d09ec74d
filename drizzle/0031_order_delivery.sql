ALTER TABLE "orders" DROP CONSTRAINT "orders_discount_consistent";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_min_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_max_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_consistent" CHECK ("orders"."discount_paise" between 0 and "orders"."subtotal_paise" and "orders"."delivery_paise" >= 0 and "orders"."total_paise" = "orders"."subtotal_paise" - "orders"."discount_paise" + "orders"."delivery_paise");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_days_range" CHECK (("orders"."delivery_min_days" is null and "orders"."delivery_max_days" is null) or ("orders"."delivery_min_days" between 0 and 60 and "orders"."delivery_max_days" between "orders"."delivery_min_days" and 60));