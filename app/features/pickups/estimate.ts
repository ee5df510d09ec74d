/**
 * The value estimate of a pickup from the rate list (issue 4 item 3): Σ rate per kg × kg,
 * in integer paise, rounded per line. Used by the page as the visitor types and by the
 * server, which stores its own figure.
 */
export interface EstimateLine {
  ratePaisePerKg: number;
  grams: number;
}

/** Integer paise; each line rounded to the nearest paisa. */
export function estimatePaise(lines: EstimateLine[]): number {
  return lines.reduce(
    (sum, line) => sum + Math.round((line.ratePaisePerKg * line.grams) / 1000),
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
 * Parses "2", "2.5" or "0.75" kilograms into integer grams; null when not a positive number
 * of kg with at most 3 decimals and at most 5,000 kg.
 */
export function parseKg(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (!/^\d{1,5}(\.\d{1,3})?$/.test(trimmed)) return null;
  const grams = Math.round(Number(trimmed) * 1000);
  return grams > 0 && grams <= MAX_KG_PER_MATERIAL * 1000 ? grams : null;
}
