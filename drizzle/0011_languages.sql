ALTER TABLE "products" ADD COLUMN "name_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_kn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_kn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "scrap_categories" ADD COLUMN "name_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scrap_categories" ADD COLUMN "name_kn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scrap_materials" ADD COLUMN "name_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scrap_materials" ADD COLUMN "name_kn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_language_valid" CHECK ("registrations"."language" in ('en', 'hi', 'kn'));--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_language_valid" CHECK ("pickups"."language" in ('en', 'hi', 'kn'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_language_valid" CHECK ("orders"."language" in ('en', 'hi', 'kn'));