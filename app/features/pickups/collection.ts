/**
 * Collection arithmetic shared by the staff collection form (browser, live payout suggestion)
 * and the server's checks (docs/dashboard.md): kg and rupee text to grams and paise, payout
 * from rates, limits. Browser-safe.
 */
import { parseRupees } from "~/utils/money";
import { GRAMS_PER_KG, type Parsed, parseKilograms } from "~/utils/units";
import { type EstimateLine, estimatePaise } from "./estimate";

/** Largest weight of one material on a weigh sheet, kg (docs/exchange.md "The weigh sheet"). */
export const MAX_WEIGHED_KG = 2000;
/** Largest payout of one pickup: ₹10,00,000 in paise. */
export const MAX_PAYOUT_PAISE = 100_000_000;

/** Number of "add a material" rows on the collection form. */
export const EXTRA_MATERIAL_ROWS = 2;

/**
 * A weighed weight typed on the collection form to integer grams: 0 (nothing of it came) to
 * 2,000 kg, up to 3 decimals, read by `parseKilograms` (units.ts, which has the comma rule).
 */
export function parseWeighedKg(text: string): Parsed<number> {
  return parseKilograms(text, { minGrams: 0, maxGrams: MAX_WEIGHED_KG * GRAMS_PER_KG });
}

/**
 * A payout typed in rupees ("450", "450.50", "₹1,200") to integer paise, at most ₹10,00,000,
 * read by `parseRupees` (money.ts).
 */
export function parsePayout(text: string): Parsed<number> {
  return parseRupees(text, { maxPaise: MAX_PAYOUT_PAISE });
}

/**
 * Suggested payout in paise: the weighed lines priced like an estimate (`estimatePaise`: Σ
 * grams × current rate per kg, each line rounded to the nearest paisa).
 */
export function suggestedPayoutPaise(weights: readonly EstimateLine[]): number {
  return estimatePaise(weights);
}
