/**
 * The serial numbers of the shop's bills (docs/tax.md "Numbering"): one counter per kind of
 * document and financial year (April–March, Asia/Kolkata), advanced in the transaction that
 * issues the document, so numbers run without gaps or repeats (CGST Rules 2017, rule 46(b)).
 */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

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
