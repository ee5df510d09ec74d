CREATE TABLE "product_photo_files" (
	"photo_id" integer NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "product_photo_files_photo_id_format_width_pk" PRIMARY KEY("photo_id","format","width"),
	CONSTRAINT "product_photo_files_format_valid" CHECK ("product_photo_files"."format" in ('avif', 'webp', 'jpeg'))
);
--> statement-breakpoint
CREATE TABLE "product_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_photos_size_positive" CHECK ("product_photos"."width" > 0 and "product_photos"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "claim_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"method" text,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"razorpay_payment_id" text,
	"razorpay_refund_id" text,
	"reference" text,
	"paid_by_name" text,
	"paid_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_refunds_claim_unique" UNIQUE("claim_id"),
	CONSTRAINT "claim_refunds_idempotency_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "claim_refunds_razorpay_refund_unique" UNIQUE("razorpay_refund_id"),
	CONSTRAINT "claim_refunds_amount_positive" CHECK ("claim_refunds"."amount_paise" > 0),
	CONSTRAINT "claim_refunds_status_valid" CHECK ("claim_refunds"."status" in ('pending', 'processed', 'to_pay', 'paid')),
	CONSTRAINT "claim_refunds_method_valid" CHECK ("claim_refunds"."method" is null or "claim_refunds"."method" in ('razorpay', 'upi', 'cash', 'bank_transfer')),
	CONSTRAINT "claim_refunds_online_has_payment" CHECK (("claim_refunds"."method" = 'razorpay') = ("claim_refunds"."razorpay_payment_id" is not null)),
	CONSTRAINT "claim_refunds_processed_has_refund_id" CHECK (("claim_refunds"."status" = 'processed') = ("claim_refunds"."razorpay_refund_id" is not null)),
	CONSTRAINT "claim_refunds_paid_has_method" CHECK ("claim_refunds"."status" <> 'paid' or ("claim_refunds"."method" is not null and "claim_refunds"."paid_at" is not null))
);
--> statement-breakpoint
DROP INDEX "bills_credits_bill_unique";--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "pickup_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "weigh_sheet_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "claim_id" integer;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "decided_by_name" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "decision_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "replacement_order_id" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "claim_id" integer;--> statement-breakpoint
ALTER TABLE "product_photo_files" ADD CONSTRAINT "product_photo_files_photo_id_product_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."product_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_refunds" ADD CONSTRAINT "claim_refunds_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_refunds" ADD CONSTRAINT "claim_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_photos_product_idx" ON "product_photos" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "claim_refunds_status_idx" ON "claim_refunds" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_replacement_order_id_orders_id_fk" FOREIGN KEY ("replacement_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_credits_bill_claim_unique" ON "bills" USING btree ("credits_bill_id","claim_id") WHERE "bills"."claim_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_credits_bill_unique" ON "bills" USING btree ("credits_bill_id") WHERE "bills"."claim_id" is null;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_replacement_order_unique" UNIQUE("replacement_order_id");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_claim_unique" UNIQUE("claim_id");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_claim_only_on_credit_notes" CHECK ("bills"."claim_id" is null or "bills"."kind" = 'credit_note');--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_decided_together" CHECK (("claims"."status" = 'open') = ("claims"."decided_at" is null));--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_replacement_order_when_replaced" CHECK (("claims"."status" = 'replaced') = ("claims"."replacement_order_id" is not null));--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_decision_note_length" CHECK (char_length("claims"."decision_note") <= 500);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_issued_for_one" CHECK (("coupons"."pickup_id" is not null and "coupons"."weigh_sheet_id" is not null and "coupons"."claim_id" is null) or ("coupons"."pickup_id" is null and "coupons"."weigh_sheet_id" is null and "coupons"."claim_id" is not null));