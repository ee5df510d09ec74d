/**
 * Shop tables: server-side carts, orders paid in cash on delivery or online through Razorpay,
 * and the Razorpay webhook events already handled (spec §3 Order, Cart; docs/product.md; docs/payments.md).
 * Money is integer paise. Order lines are a snapshot of the product at the time of the order.
 * Status workflows live in the orders feature module; the check constraints only bound the values.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { languages } from "../../i18n/languages";
import { products } from "./catalogue";

export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("carts_updated_at_idx").on(t.updatedAt)],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("cart_lines_cart_product_unique").on(t.cartId, t.productId),
    check("cart_lines_quantity_range", sql`${t.quantity} between 1 and 20`),
  ],
);

/**
 * 'awaiting_confirmation': a cash-on-delivery order from a phone that never confirmed a code,
 * above COD_CONFIRM_ABOVE_PAISE, waiting for the customer's code (docs/shop.md "Confirming a
 * cash-on-delivery order"); it becomes 'placed' with the code, or 'cancelled' when time runs out.
 */
export const orderStatuses = [
  "awaiting_confirmation",
  "placed",
  "confirmed",
  "shipped",
  "delivered",
  "cancelled",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const paymentMethods = ["cod", "online"] as const;
export const paymentStatuses = ["unpaid", "pending", "paid", "failed", "expired"] as const;

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /** Short human reference, e.g. OR-7K3Q9X. */
    reference: text("reference").notNull().unique(),
    /** Unguessable token (≥128 bits, base64url) for the tracking link. */
    trackingToken: text("tracking_token").notNull().unique(),
    /** Rendered into the checkout form so a retry creates one order. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** The cart the order was placed from: a replayed idempotency key must come from it. */
    cartId: uuid("cart_id"),
    status: text("status", { enum: orderStatuses }).notNull().default("placed"),
    paymentMethod: text("payment_method", { enum: paymentMethods }).notNull().default("cod"),
    paymentStatus: text("payment_status", { enum: paymentStatuses }).notNull().default("unpaid"),
    /**
     * The language of the page it was made on ('en', 'hi', 'kn'): its messages and links use it
     * (docs/languages.md).
     */
    language: text("language", { enum: languages }).notNull().default("en"),
    /** The Razorpay order created for this order's online payment (docs/payments.md). */
    razorpayOrderId: text("razorpay_order_id").unique(),
    /** The Razorpay payment that paid it, once verified (docs/payments.md). */
    razorpayPaymentId: text("razorpay_payment_id").unique(),
    /** When the online payment was confirmed. */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /**
     * When staff marked it delivered: a claim for a damaged plant may be made for CLAIM_DAYS
     * after it (docs/claims.md).
     */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** E.164, +91XXXXXXXXXX. */
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    pinCode: text("pin_code").notNull(),
    subtotalPaise: integer("subtotal_paise").notNull(),
    /**
     * Paid with a coupon code (docs/exchange.md); it pays for goods only (ADR 0042), so it is
     * at most the subtotal. total = subtotal − discount + delivery.
     */
    discountPaise: integer("discount_paise").notNull().default(0),
    /**
     * The delivery charge of the order's delivery area when it was placed (docs/shop.md
     * "Delivery areas"); 0 for free delivery and for orders placed before areas existed.
     */
    deliveryPaise: integer("delivery_paise").notNull().default(0),
    /**
     * The area's estimated delivery time in days when the order was placed; null for orders
     * placed before areas existed (they use DELIVERY_DAYS_MIN/MAX).
     */
    deliveryMinDays: integer("delivery_min_days"),
    deliveryMaxDays: integer("delivery_max_days"),
    /** The coupon code applied, as stored on the coupon (SS-XXXX-XXXX). */
    couponCode: text("coupon_code"),
    /**
     * A business buyer's GSTIN given at checkout (checked: form, state code, check character;
     * docs/tax.md "GSTIN"); '' for none. Printed on the order's bills.
     */
    buyerGstin: text("buyer_gstin").notNull().default(""),
    totalPaise: integer("total_paise").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "orders_status_valid",
      sql`${t.status} in ('awaiting_confirmation', 'placed', 'confirmed', 'shipped', 'delivered', 'cancelled')`,
    ),
    check("orders_payment_method_valid", sql`${t.paymentMethod} in ('cod', 'online')`),
    check("orders_language_valid", sql`${t.language} in ('en', 'hi', 'kn')`),
    check(
      "orders_payment_status_valid",
      sql`${t.paymentStatus} in ('unpaid', 'pending', 'paid', 'failed', 'expired')`,
    ),
    check("orders_totals_nonnegative", sql`${t.subtotalPaise} >= 0 and ${t.totalPaise} >= 0`),
    check(
      "orders_amounts_consistent",
      sql`${t.discountPaise} between 0 and ${t.subtotalPaise} and ${t.deliveryPaise} >= 0 and ${t.totalPaise} = ${t.subtotalPaise} - ${t.discountPaise} + ${t.deliveryPaise}`,
    ),
    check(
      "orders_delivery_days_range",
      sql`(${t.deliveryMinDays} is null and ${t.deliveryMaxDays} is null) or (${t.deliveryMinDays} between 0 and 60 and ${t.deliveryMaxDays} between ${t.deliveryMinDays} and 60)`,
    ),
    check("orders_pin_code_format", sql`${t.pinCode} ~ '^[1-9][0-9]{5}$'`),
    check("orders_buyer_gstin_format", sql`${t.buyerGstin} ~ '^([0-9]{2}[A-Z0-9]{13})?$'`),
    // Dashboard list (docs/dashboard.md): each filter combination is an index range scan
    // in the list's order (created_at desc, id desc), so a page costs O(log n).
    index("orders_status_created_idx").on(t.status, t.createdAt, t.id),
    index("orders_created_idx").on(t.createdAt, t.id),
    // The overview's 30-day chart counts orders per day and status, and its sales today, this
    // week and this month add up totals: both index-only range reads.
    index("orders_created_status_total_idx").on(t.createdAt, t.status, t.totalPaise),
    // The overview's cash on delivery to collect: shipped orders whose cash is not recorded,
    // counted and summed from this index alone (a short list in a live shop).
    index("orders_cash_to_collect_idx")
      .on(t.totalPaise)
      .where(
        sql`${t.status} = 'shipped' and ${t.paymentStatus} = 'unpaid' and ${t.paymentMethod} = 'cod'`,
      ),
    index("orders_payment_created_idx").on(t.paymentStatus, t.createdAt, t.id),
    index("orders_status_payment_created_idx").on(t.status, t.paymentStatus, t.createdAt, t.id),
    index("orders_phone_idx").on(t.phone, t.createdAt, t.id),
    // Name and e-mail search (ILIKE '%q%') through trigrams.
    index("orders_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("orders_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("orders_pin_code_idx").on(t.pinCode),
    index("orders_city_idx").on(t.city),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id),
    name: text("name").notNull(),
    description: text("description").notNull(),
    imagePath: text("image_path").notNull(),
    unitPricePaise: integer("unit_price_paise").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotalPaise: integer("line_total_paise").notNull(),
    /**
     * The product's HSN code and GST rate (basis points) when the order was placed: what its
     * bill prints (docs/tax.md). '' and 0 for orders placed before products had them.
     */
    hsnCode: text("hsn_code").notNull().default(""),
    gstRateBp: integer("gst_rate_bp").notNull().default(0),
  },
  (t) => [
    check("order_lines_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "order_lines_total_consistent",
      sql`${t.lineTotalPaise} = ${t.unitPricePaise} * ${t.quantity}`,
    ),
    index("order_lines_order_idx").on(t.orderId),
  ],
);

/**
 * Razorpay webhook events already handled, keyed by Razorpay's event id
 * (`X-Razorpay-Event-Id`): a replayed event finds its row and changes nothing (docs/payments.md).
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    eventId: text("event_id").primaryKey(),
    /** e.g. payment.captured, payment.failed. */
    event: text("event").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    razorpayPaymentId: text("razorpay_payment_id"),
    /** What the event did: 'paid', 'failed', or 'ignored' (e.g. a late failure after payment). */
    outcome: text("outcome").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_events_order_idx").on(t.orderId)],
);

export type Order = typeof orders.$inferSelect;
export type OrderLine = typeof orderLines.$inferSelect;
