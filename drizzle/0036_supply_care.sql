ALTER TABLE "products" ADD COLUMN "feed_group" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fits_groups" text[];--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "care_use" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "care_amount" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "care_frequency" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "care_use_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "care_use_kn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "care_amount_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "care_amount_kn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "care_frequency_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "care_frequency_kn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_feed_group_valid" CHECK ("products"."feed_group" is null or "products"."feed_group" in ('foliage', 'flowering', 'succulent', 'edible'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_fits_groups_valid" CHECK ("products"."fits_groups" is null or "products"."fits_groups" <@ array['foliage', 'flowering', 'succulent', 'edible']::text[]);