ALTER TABLE "products" ADD COLUMN "hsn_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn_code_format" CHECK ("products"."hsn_code" ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})?$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gst_rate_range" CHECK ("products"."gst_rate_bp" between 0 and 4000);--> statement-breakpoint
-- An existing shop's products get the codes and rates of docs/tax.md: every plant is a live plant
-- (HSN 0602, nil); the seeded packs by their slug. Products staff added keep '' until set.
UPDATE "products" SET "hsn_code" = '0602', "gst_rate_bp" = 0 WHERE "kind" = 'plant';--> statement-breakpoint
UPDATE "products" SET "hsn_code" = '3101', "gst_rate_bp" = 500
  WHERE "slug" IN ('vermicompost-1kg', 'vermicompost-5kg', 'vermicompost-40kg', 'vermicompost-mixture-1kg', 'vermicompost-mixture-5kg', 'dec-mori-500ml');--> statement-breakpoint
UPDATE "products" SET "hsn_code" = '3808', "gst_rate_bp" = 500 WHERE "slug" = 'dec-neemo-500ml';--> statement-breakpoint
UPDATE "products" SET "hsn_code" = '3808', "gst_rate_bp" = 1800 WHERE "slug" = 'agni-shield-250ml';
