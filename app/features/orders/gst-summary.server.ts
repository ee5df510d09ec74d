/**
 * The GST summary of a month for the shop's accountant (docs/tax.md "GST summary"): one CSV row
 * per document, HSN code and rate, with the buyer's State, taxable value and CGST, SGST and IGST,
 * every document issued in the month (Asia/Kolkata) in number order, credit notes with negative
 * amounts. The amounts are the bills' own (bills.content), so the export adds up to the bills.
 */
import type { Database } from "~/db/client.server";
import type { BillContent } from "~/db/schema/billing";
import { addDays, kolkataInstant, todayInKolkata } from "~/utils/dates";
import { billTitles } from "./bill-titles";
import { billsIssuedBetween } from "./bills.server";

/** "2026-11" → the instants from 1 Nov 00:00 to 1 Dec 00:00 in Asia/Kolkata; null when malformed. */
export function monthBounds(month: string): { from: Date; to: Date } | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 2017 || year > 9998) return null;
  const first = `${month}-01`;
  const next = addDays(first, 32).slice(0, 7);
  return { from: kolkataInstant(first, "00:00"), to: kolkataInstant(`${next}-01`, "00:00") };
}

/** The month of `now` in Asia/Kolkata, "2026-11". */
export function monthOf(now: Date): string {
  return todayInKolkata(now).slice(0, 7);
}

export const gstSummaryHeader = [
  "Document",
  "Type",
  "Date",
  "Order",
  "Buyer GSTIN",
  "Buyer State",
  "State code",
  "HSN",
  "Taxable value",
  "Rate %",
  "CGST",
  "SGST",
  "IGST",
  "Total",
] as const;

/**
 * Paise as a number of rupees for a CSV cell ("250.5", "-120"): a number, so a spreadsheet sums
 * it and the CSV's formula guard (which marks text starting with "-") leaves it alone.
 */
function rupeesCell(paise: number): number {
  return paise / 100;
}

/** The rows of one document: its lines summed by HSN code and rate. */
export function gstSummaryRowsOf(bill: {
  number: string;
  issuedAt: Date;
  content: BillContent;
}): (string | number)[][] {
  const sign = bill.content.kind === "credit_note" ? -1 : 1;
  const groups = new Map<string, { hsn: string; rateBp: number; sums: number[] }>();
  for (const line of bill.content.lines) {
    const key = `${line.hsnCode}|${line.rateBp}`;
    const group = groups.get(key) ?? {
      hsn: line.hsnCode,
      rateBp: line.rateBp,
      sums: [0, 0, 0, 0, 0],
    };
    const values = [
      line.taxablePaise,
      line.cgstPaise,
      line.sgstPaise,
      line.igstPaise,
      line.amountPaise,
    ];
    values.forEach((value, i) => {
      group.sums[i] = (group.sums[i] ?? 0) + value;
    });
    groups.set(key, group);
  }
  const { buyer } = bill.content;
  return [...groups.values()].map((group) => [
    bill.number,
    billTitles[bill.content.kind],
    todayInKolkata(bill.issuedAt),
    bill.content.orderReference,
    buyer.gstin,
    buyer.state,
    buyer.stateCode,
    group.hsn,
    rupeesCell(sign * (group.sums[0] ?? 0)),
    group.rateBp / 100,
    rupeesCell(sign * (group.sums[1] ?? 0)),
    rupeesCell(sign * (group.sums[2] ?? 0)),
    rupeesCell(sign * (group.sums[3] ?? 0)),
    rupeesCell(sign * (group.sums[4] ?? 0)),
  ]);
}

/** Every row of the month's documents, in the order they were issued. */
export async function* gstSummaryRows(
  db: Database,
  bounds: { from: Date; to: Date },
): AsyncGenerator<(string | number)[]> {
  for (const bill of await billsIssuedBetween(db, bounds.from, bounds.to)) {
    yield* gstSummaryRowsOf(bill);
  }
}
