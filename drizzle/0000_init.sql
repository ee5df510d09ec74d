CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"size" text,
	"price_paise" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"image_path" text NOT NULL,
	"image_alt" text NOT NULL,
	"sunlight" text,
	"watering" text,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"usage" text,
	"plant_height" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_price_nonnegative" CHECK ("products"."price_paise" >= 0),
	CONSTRAINT "products_stock_nonnegative" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_kind_valid" CHECK ("products"."kind" in ('plant', 'fertiliser')),
	CONSTRAINT "products_usage_valid" CHECK ("products"."usage" is null or "products"."usage" in ('indoor', 'outdoor', 'both'))
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_email_unique" UNIQUE("email"),
	CONSTRAINT "registrations_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"rating" smallint NOT NULL,
	"display_name" text,
	"status" text DEFAULT 'published' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_status_valid" CHECK ("reviews"."status" in ('published', 'pending', 'hidden')),
	CONSTRAINT "reviews_body_length" CHECK (char_length("reviews"."body") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "pickup_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"pickup_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"rate_paise_per_kg" integer NOT NULL,
	"estimated_grams" integer,
	"weighed_grams" integer,
	CONSTRAINT "pickup_items_grams_positive" CHECK (("pickup_items"."estimated_grams" is null or "pickup_items"."estimated_grams" > 0) and ("pickup_items"."weighed_grams" is null or "pickup_items"."weighed_grams" >= 0))
);
--> statement-breakpoint
CREATE TABLE "pickups" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"tracking_token" text NOT NULL,
	"idempotency_key" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text NOT NULL,
	"city" text NOT NULL,
	"pin_code" text NOT NULL,
	"pickup_date" date NOT NULL,
	"slot_start" text NOT NULL,
	"reward_preference" text NOT NULL,
	"estimate_paise" integer DEFAULT 0 NOT NULL,
	"payout_paise" integer,
	"reward_given" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickups_reference_unique" UNIQUE("reference"),
	CONSTRAINT "pickups_tracking_token_unique" UNIQUE("tracking_token"),
	CONSTRAINT "pickups_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "pickups_status_valid" CHECK ("pickups"."status" in ('requested', 'confirmed', 'collected', 'cancelled', 'missed')),
	CONSTRAINT "pickups_reward_valid" CHECK ("pickups"."reward_preference" in ('plants', 'coupon', 'money')),
	CONSTRAINT "pickups_slot_format" CHECK ("pickups"."slot_start" ~ '^[0-2][0-9]:[0-5][0-9]$'),
	CONSTRAINT "pickups_pin_code_format" CHECK ("pickups"."pin_code" ~ '^[1-9][0-9]{5}$'),
	CONSTRAINT "pickups_money_nonnegative" CHECK ("pickups"."estimate_paise" >= 0 and ("pickups"."payout_paise" is null or "pickups"."payout_paise" >= 0))
);
--> statement-breakpoint
CREATE TABLE "scrap_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scrap_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "scrap_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"rate_paise_per_kg" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrap_materials_category_name_unique" UNIQUE("category_id","name"),
	CONSTRAINT "scrap_materials_rate_nonnegative" CHECK ("scrap_materials"."rate_paise_per_kg" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_cart_product_unique" UNIQUE("cart_id","product_id"),
	CONSTRAINT "cart_lines_quantity_range" CHECK ("cart_lines"."quantity" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image_path" text NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_paise" integer NOT NULL,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_total_consistent" CHECK ("order_lines"."line_total_paise" = "order_lines"."unit_price_paise" * "order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"tracking_token" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"payment_method" text DEFAULT 'cod' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pin_code" text NOT NULL,
	"subtotal_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "orders_tracking_token_unique" UNIQUE("tracking_token"),
	CONSTRAINT "orders_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "orders_status_valid" CHECK ("orders"."status" in ('placed', 'confirmed', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "orders_payment_method_valid" CHECK ("orders"."payment_method" in ('cod', 'online')),
	CONSTRAINT "orders_payment_status_valid" CHECK ("orders"."payment_status" in ('unpaid', 'pending', 'paid', 'failed')),
	CONSTRAINT "orders_totals_nonnegative" CHECK ("orders"."subtotal_paise" >= 0 and "orders"."total_paise" >= 0),
	CONSTRAINT "orders_pin_code_format" CHECK ("orders"."pin_code" ~ '^[1-9][0-9]{5}$')
);
--> statement-breakpoint
ALTER TABLE "pickup_items" ADD CONSTRAINT "pickup_items_pickup_id_pickups_id_fk" FOREIGN KEY ("pickup_id") REFERENCES "public"."pickups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_items" ADD CONSTRAINT "pickup_items_material_id_scrap_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."scrap_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrap_materials" ADD CONSTRAINT "scrap_materials_category_id_scrap_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."scrap_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_kind_active_sort_idx" ON "products" USING btree ("kind","active","sort_order");--> statement-breakpoint
CREATE INDEX "registrations_created_idx" ON "registrations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "pickup_items_pickup_idx" ON "pickup_items" USING btree ("pickup_id");--> statement-breakpoint
CREATE INDEX "pickups_date_slot_idx" ON "pickups" USING btree ("pickup_date","slot_start","status");--> statement-breakpoint
CREATE INDEX "pickups_status_date_idx" ON "pickups" USING btree ("status","pickup_date");--> statement-breakpoint
CREATE INDEX "pickups_created_idx" ON "pickups" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pickups_city_idx" ON "pickups" USING btree ("city");--> statement-breakpoint
CREATE INDEX "pickups_pin_code_idx" ON "pickups" USING btree ("pin_code");--> statement-breakpoint
CREATE INDEX "pickups_phone_idx" ON "pickups" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "scrap_materials_category_idx" ON "scrap_materials" USING btree ("category_id","active","sort_order");--> statement-breakpoint
CREATE INDEX "carts_updated_at_idx" ON "carts" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "orders_pin_code_idx" ON "orders" USING btree ("pin_code");--> statement-breakpoint
CREATE INDEX "orders_city_idx" ON "orders" USING btree ("city");