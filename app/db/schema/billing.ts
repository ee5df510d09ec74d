/**
 * The serial numbers of the shop's bills (docs/tax.md "Numbering"): one counter per kind of
 * document and financial year (April–March, Asia/Kolkata), advanced in the transaction that
 * issues the document, so numbers run without gaps or repeats (CGST Rules 2017, rule 46(b)).
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { claims } from "./claims";
import { orders } from "./shop";

/** The kinds of document a sale or its reversal gets (docs/tax.md "Which document"). */
export const documentKinds = [
  "tax_invoice",
  "bill_of_supply",
  "invoice_cum_bill_of_supply",
  "receipt",
  "credit_note",
] as const;
export type DocumentKind = (typeof documentKinds)[number];

export const documentSequences = pgTable(
  "document_sequences",
  {
    kind: text("kind", { enum: documentKinds }).notNull(),
    /** "2026-27": the financial year from 1 April 2026 to 31 March 2027. */
    financialYear: text("financial_year").notNull(),
    /** The last number issued in this series; the next document gets one more. */
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.financialYear] }),
    check(
      "document_sequences_kind_valid",
      sql`${t.kind} in ('tax_invoice', 'bill_of_supply', 'invoice_cum_bill_of_supply', 'receipt', 'credit_note')`,
    ),
    check("document_sequences_year_format", sql`${t.financialYear} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check("document_sequences_last_number_positive", sql`${t.lastNumber} >= 1`),
  ],
);

/* What a bill prints (made by app/features/orders/bill-plan.ts; money in paise, rates in basis points). */

/** The shop as its settings name it (a GSTIN of '' means not registered: receipts). */
export interface ShopIdentity {
  legalName: string;
  address: string;
  state: string;
  gstin: string;
}

/** One printed line: the price includes tax; taxable + CGST + SGST + IGST = amount. */
export interface BillLine {
  name: string;
  hsnCode: string;
  quantity: number;
  unitPricePaise: number;
  rateBp: number;
  amountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface BillTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** Everything a document prints, apart from its number and date. */
export interface BillContent {
  kind: DocumentKind;
  supplier: ShopIdentity & { stateCode: string };
  buyer: {
    name: string;
    address: string;
    city: string;
    state: string;
    stateCode: string;
    pinCode: string;
    gstin: string;
  };
  /** The delivery address's State: the place of supply. */
  placeOfSupply: { state: string; stateCode: string };
  supply: "intra" | "inter";
  orderReference: string;
  orderPlacedAt: string;
  lines: BillLine[];
  totals: BillTotals;
  /** What the order's coupon paid (of the whole order), and how the rest is paid. */
  payment: { couponCode: string | null; couponPaise: number; method: "cod" | "online" };
  /** For a credit note: the document it reverses and why. */
  credits?: {
    number: string;
    issuedAt: string;
    reason: "cancelled" | "refunded" | "claim";
    /** A claim's credit note: the claim's reference (CL-…); its lines are the claimed ones. */
    claimReference?: string;
  };
}

/**
 * The shop's own particulars as its bills print them (docs/tax.md; admins edit them on
 * /dashboard/settings): one row, id 1. A GSTIN of '' means the shop is not registered, and its
 * orders get receipts without tax (CGST Act s.32(1)).
 */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: integer("id").primaryKey().default(1),
    legalName: text("legal_name").notNull(),
    /** Street, city and PIN code, as printed under the name. */
    address: text("address").notNull(),
    /** The shop's State or union territory (the checkout's list): decides CGST + SGST or IGST. */
    state: text("state").notNull(),
    gstin: text("gstin").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("shop_settings_single_row", sql`${t.id} = 1`),
    check("shop_settings_gstin_format", sql`${t.gstin} ~ '^([0-9]{2}[A-Z0-9]{13})?$'`),
    check("shop_settings_legal_name_length", sql`char_length(${t.legalName}) between 1 and 120`),
    check("shop_settings_address_length", sql`char_length(${t.address}) between 1 and 300`),
  ],
);

/**
 * The documents issued for orders (docs/tax.md): a sale's tax invoice, bill of supply,
 * invoice-cum-bill of supply or receipt, issued when the order is delivered or paid online, and
 * the credit note that reverses one. `number` comes from `document_sequences` in the same
 * transaction; `content` is everything printed (bill-plan.ts's BillContent), kept as issued, so a
 * later change of the shop's settings, a product or the order never changes a bill.
 */
export const bills = pgTable(
  "bills",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    kind: text("kind", { enum: documentKinds }).notNull(),
    /** "INV/26-27/00042": unique across every series and year (the prefix holds both). */
    number: text("number").notNull().unique("bills_number_unique"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    /** For a credit note: the bill it reverses (one credit note per bill). */
    creditsBillId: integer("credits_bill_id").references((): AnyPgColumn => bills.id),
    /** For a credit note of a claim's refund or store credit: the claim (docs/claims.md). */
    claimId: integer("claim_id").references(() => claims.id),
    content: jsonb("content").$type<BillContent>().notNull(),
    /** The document's total (paise), also in `content`: for lists and sums. */
    totalPaise: integer("total_paise").notNull(),
  },
  (t) => [
    check(
      "bills_kind_valid",
      sql`${t.kind} in ('tax_invoice', 'bill_of_supply', 'invoice_cum_bill_of_supply', 'receipt', 'credit_note')`,
    ),
    check(
      "bills_credit_note_credits_a_bill",
      sql`(${t.kind} = 'credit_note') = (${t.creditsBillId} is not null)`,
    ),
    check("bills_total_nonnegative", sql`${t.totalPaise} >= 0`),
    // One document of each kind per order, and one credit note per bill: issuing twice is a
    // no-op, also when two servers try at once.
    uniqueIndex("bills_order_kind_unique")
      .on(t.orderId, t.kind)
      .where(sql`${t.kind} <> 'credit_note'`),
    // A cancellation's credit note reverses a bill once; a claim's credits part of it, once per claim.
    uniqueIndex("bills_credits_bill_unique").on(t.creditsBillId).where(sql`${t.claimId} is null`),
    uniqueIndex("bills_credits_bill_claim_unique")
      .on(t.creditsBillId, t.claimId)
      .where(sql`${t.claimId} is not null`),
    check(
      "bills_claim_only_on_credit_notes",
      sql`${t.claimId} is null or ${t.kind} = 'credit_note'`,
    ),
    index("bills_issued_idx").on(t.issuedAt),
    index("bills_order_idx").on(t.orderId),
  ],
);

export type BillRow = typeof bills.$inferSelect;
