/**
 * The value estimate of a pickup from the rate list (docs/pickups.md): Σ rate per kg × kg,
 * in integer paise, rounded per line. Used by the page as the visitor types and by the
 * server, which stores its own figure. Browser-safe.
 */
import { GRAMS_PER_KG, type Parsed, parseKilograms } from "~/utils/units";

export interface EstimateLine {
  ratePaisePerKg: number;
  grams: number;
}

/** Integer paise; each line rounded to the nearest paisa. */
export function estimatePaise(lines: readonly EstimateLine[]): number {
  return lines.reduce(
    (sum, line) => sum + Math.round((line.ratePaisePerKg * line.grams) / GRAMS_PER_KG),
    0,
  );
}

/** Largest weight accepted for one material, kg. */
export const MAX_KG_PER_MATERIAL = 5000;

/**
 * Largest total weight of one booking, kg: bulk loads are arranged by phone. It also keeps
 * the estimate within the integer column (20,000 kg × ₹500/kg = 10^9 paise).
 */
export const MAX_TOTAL_KG = 20_000;

/**
 * Largest estimate of one booking: ₹10,00,000 in paise (the same ceiling as a staff payout).
 * Above it the booking is refused with an invitation to call: rates are editable up to
 * ₹10,000/kg, and 20,000 kg at such a rate would not fit the integer column.
 */
export const MAX_ESTIMATE_PAISE = 100_000_000;

/**
 * An estimate row's kilograms ("2", "2.5", "2,5", "0.75") to integer grams: more than 0 and
 * at most 5,000 kg, up to 3 decimals, read by `parseKilograms` (units.ts, which has the comma
 * rule). Used by the booking schema and, for the live estimate, by the booking form.
 */
export function parseEstimateKg(text: string): Parsed<number> {
  return parseKilograms(text, { minGrams: 1, maxGrams: MAX_KG_PER_MATERIAL * GRAMS_PER_KG });
}
