/**
 * GST on a bill (docs/tax.md): which documents an order gets, and each line's tax taken out of
 * its tax-inclusive price. Pure and browser-safe; money in integer paise, rates in basis points
 * (500 = 5 %).
 *
 * Sources, as docs/tax.md gives them: CGST Act 2017 s.31–32 and CGST Rules 2017 rules 46, 46A and
 * 49 (which document); IGST Act 2017 s.10(1)(ca) and Circular 209/3/2024-GST (the place of
 * supply is the delivery address's State); prices shown include every tax (Legal Metrology).
 */
import type { DocumentKind } from "~/db/schema/billing";

/** Intra-State (CGST + SGST, each half the rate) or inter-State (IGST at the full rate). */
export type Supply = "intra" | "inter";

/** The supply between the shop's State and the delivery address's State (the place of supply). */
export function supplyBetween(shopState: string, deliveryState: string): Supply {
  return shopState === deliveryState ? "intra" : "inter";
}

/** One line's price split into taxable value and tax; the parts add up to the price exactly. */
export interface TaxedAmount {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** round(n / d) half up, in integers (n ≥ 0, d > 0). */
function divideRounded(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/**
 * The tax inside a tax-inclusive `pricePaise` at `rateBp`: intra-State, CGST = SGST =
 * round(P × (r/2) / (10000 + r)) and taxable = P − CGST − SGST; inter-State, IGST =
 * round(P × r / (10000 + r)) and taxable = P − IGST (docs/tax.md "Rounding"). A nil rate is all
 * taxable value.
 * @throws RangeError for a price that is not whole paise ≥ 0 or a rate outside 0–10000 bp.
 */
export function taxInsidePrice(pricePaise: number, rateBp: number, supply: Supply): TaxedAmount {
  if (!Number.isInteger(pricePaise) || pricePaise < 0) {
    throw new RangeError(`pricePaise must be whole paise ≥ 0, got ${pricePaise}`);
  }
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000) {
    throw new RangeError(`rateBp must be 0–10000, got ${rateBp}`);
  }
  if (supply === "intra") {
    const half = divideRounded(pricePaise * rateBp, 2 * (10_000 + rateBp));
    return { taxablePaise: pricePaise - 2 * half, cgstPaise: half, sgstPaise: half, igstPaise: 0 };
  }
  const igst = divideRounded(pricePaise * rateBp, 10_000 + rateBp);
  return { taxablePaise: pricePaise - igst, cgstPaise: 0, sgstPaise: 0, igstPaise: igst };
}

/** A document to issue and the indexes of the order's lines it carries. */
export interface PlannedDocument {
  kind: DocumentKind;
  lines: number[];
}

/**
 * The documents an order gets (docs/tax.md "Which document"), from its lines' rates:
 * - the shop has no GSTIN: one receipt (it may not charge tax: CGST Act s.32(1));
 * - only nil-rated lines: one bill of supply (rule 49); only taxed lines: one tax invoice
 *   (rule 46);
 * - both, to a buyer without a GSTIN: one invoice-cum-bill of supply (rule 46A); to a buyer with
 *   one, a tax invoice for the taxed lines and a bill of supply for the others.
 * @throws RangeError for an order without lines.
 */
export function documentsFor(
  lineRatesBp: readonly number[],
  { shopRegistered, buyerRegistered }: { shopRegistered: boolean; buyerRegistered: boolean },
): PlannedDocument[] {
  if (lineRatesBp.length === 0) throw new RangeError("an order without lines gets no document");
  const all = lineRatesBp.map((_, i) => i);
  if (!shopRegistered) return [{ kind: "receipt", lines: all }];
  const taxed = all.filter((i) => (lineRatesBp[i] ?? 0) > 0);
  const nil = all.filter((i) => (lineRatesBp[i] ?? 0) === 0);
  if (taxed.length === 0) return [{ kind: "bill_of_supply", lines: all }];
  if (nil.length === 0) return [{ kind: "tax_invoice", lines: all }];
  if (!buyerRegistered) return [{ kind: "invoice_cum_bill_of_supply", lines: all }];
  return [
    { kind: "tax_invoice", lines: taxed },
    { kind: "bill_of_supply", lines: nil },
  ];
}
