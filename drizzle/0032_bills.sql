CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"credits_bill_id" integer,
	"content" jsonb NOT NULL,
	"total_paise" integer NOT NULL,
	CONSTRAINT "bills_number_unique" UNIQUE("number"),
	CONSTRAINT "bills_kind_valid" CHECK ("bills"."kind" in ('tax_invoice', 'bill_of_supply', 'invoice_cum_bill_of_supply', 'receipt', 'credit_note')),
	CONSTRAINT "bills_credit_note_credits_a_bill" CHECK (("bills"."kind" = 'credit_note') = ("bills"."credits_bill_id" is not null)),
	CONSTRAINT "bills_total_nonnegative" CHECK ("bills"."total_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"state" text NOT NULL,
	"gstin" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_single_row" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_gstin_format" CHECK ("shop_settings"."gstin" ~ '^([0-9]{2}[A-Z0-9]{13})?$'),
	CONSTRAINT "shop_settings_legal_name_length" CHECK (char_length("shop_settings"."legal_name") between 1 and 120),
	CONSTRAINT "shop_settings_address_length" CHECK (char_length("shop_settings"."address") between 1 and 300)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "hsn_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "gst_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_credits_bill_id_bills_id_fk" FOREIGN KEY ("credits_bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_order_kind_unique" ON "bills" USING btree ("order_id","kind") WHERE "bills"."kind" <> 'credit_note';--> statement-breakpoint
CREATE UNIQUE INDEX "bills_credits_bill_unique" ON "bills" USING btree ("credits_bill_id");--> statement-breakpoint
CREATE INDEX "bills_issued_idx" ON "bills" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "bills_order_idx" ON "bills" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_gstin_format" CHECK ("orders"."buyer_gstin" ~ '^([0-9]{2}[A-Z0-9]{13})?$');--> statement-breakpoint
-- The shop's particulars until an admin sets them on /dashboard/settings (docs/tax.md): its brand
-- as the name, its city, Karnataka, and no GSTIN, so bills are receipts without tax.
INSERT INTO "shop_settings" ("id", "legal_name", "address", "state", "gstin")
VALUES (1, 'Scrap & Sprout', 'Bengaluru, Karnataka', 'Karnataka', '')
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
-- The lines of orders placed before products had codes take their product's as it is now.
UPDATE "order_lines" SET "hsn_code" = "products"."hsn_code", "gst_rate_bp" = "products"."gst_rate_bp"
FROM "products" WHERE "products"."id" = "order_lines"."product_id";
