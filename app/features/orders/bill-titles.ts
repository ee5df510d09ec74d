/**
 * The title each kind of document must carry (CGST Rules 2017: rule 46 "Tax Invoice", rule 49
 * "Bill of Supply", rule 46A invoice-cum-bill of supply, rule 53 "Credit Note"; docs/tax.md), as
 * the PDF and the staff pages print them. Browser-safe.
 */
import type { DocumentKind } from "~/db/schema/billing";

export const billTitles: Readonly<Record<DocumentKind, string>> = {
  tax_invoice: "Tax Invoice",
  bill_of_supply: "Bill of Supply",
  invoice_cum_bill_of_supply: "Invoice-cum-Bill of Supply",
  receipt: "Receipt",
  credit_note: "Credit Note",
};
