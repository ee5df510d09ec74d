/**
 * Weighing limits shared by the weigh sheet form (browser, live total) and the server's checks
 * (docs/exchange.md "The weigh sheet"): weighed kg text to grams, the largest weight of a line
 * and the largest value of a sheet. Browser-safe.
 */
import { type Parsed, parseKilograms } from "~/utils/typed-numbers";
import { GRAMS_PER_KG } from "~/utils/units";

/** Largest weight of one material on a weigh sheet, kg (docs/exchange.md "The weigh sheet"). */
export const MAX_WEIGHED_KG = 2000;
/**
 * The one cap of a weigh sheet's value, paise (₹10,00,000): its subtotal and its reward value,
 * the coupon or plant bonus included, are never above it (docs/exchange.md "The weigh sheet").
 */
export const MAX_SHEET_VALUE_PAISE = 100_000_000;

/**
 * A weight typed on the weigh sheet to integer grams: 0 (nothing of it came) to
 * 2,000 kg, up to 3 decimals, read by `parseKilograms` (typed-numbers.ts, which has the comma rule).
 */
export function parseWeighedKg(text: string): Parsed<number> {
  return parseKilograms(text, { minGrams: 0, maxGrams: MAX_WEIGHED_KG * GRAMS_PER_KG });
}
