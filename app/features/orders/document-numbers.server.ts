/**
 * Serial numbers of bills and credit notes (docs/tax.md "Numbering"; CGST Rules 2017, rule
 * 46(b): "a consecutive serial number not exceeding sixteen characters … unique for a financial
 * year", in one or more series). One series per kind of document and financial year, numbered
 * from 1 each April; written `INV/26-27/00042`.
 *
 * `allocateDocumentNumber` must run inside the transaction that issues the document: it takes
 * the series' row lock with one upsert, so concurrent issues wait for each other on any number
 * of servers, and a transaction that rolls back gives its number back (no gap, no repeat).
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type DocumentKind, documentSequences } from "~/db/schema/billing";
import { todayInKolkata } from "~/utils/dates";

/** The prefix of each series. */
export const documentPrefixes: Readonly<Record<DocumentKind, string>> = {
  tax_invoice: "INV",
  bill_of_supply: "BOS",
  invoice_cum_bill_of_supply: "IBS",
  receipt: "RCT",
  credit_note: "CN",
};

/** Rule 46(b)'s limit on a serial number's length. */
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

/**
 * The financial year (1 April – 31 March) of instant `at` in Asia/Kolkata, as "2026-27".
 */
export function financialYearOf(at: Date): string {
  const [year, month] = todayInKolkata(at).split("-").map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/**
 * `INV/26-27/00042`: the series' prefix, the financial year's short form and the number,
 * at least five digits.
 * @throws RangeError when the result would exceed 16 characters (a series past 999,999).
 */
export function formatDocumentNumber(kind: DocumentKind, financialYear: string, n: number): string {
  const number = `${documentPrefixes[kind]}/${financialYear.slice(2)}/${String(n).padStart(5, "0")}`;
  if (number.length > MAX_DOCUMENT_NUMBER_LENGTH) {
    throw new RangeError(
      `document number ${number} exceeds ${MAX_DOCUMENT_NUMBER_LENGTH} characters`,
    );
  }
  return number;
}

/**
 * The next number of `kind`'s series for the financial year of `issuedAt`, inside `tx`.
 * @returns the number as printed and its parts.
 */
export async function allocateDocumentNumber(
  tx: Database,
  kind: DocumentKind,
  issuedAt: Date,
): Promise<{ number: string; financialYear: string; serial: number }> {
  const financialYear = financialYearOf(issuedAt);
  const [row] = await tx
    .insert(documentSequences)
    .values({ kind, financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.kind, documentSequences.financialYear],
      set: { lastNumber: sql`${documentSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentSequences.lastNumber });
  if (!row) throw new Error("document_sequences: the upsert returned no row");
  const serial = row.lastNumber;
  return { number: formatDocumentNumber(kind, financialYear, serial), financialYear, serial };
}
