/**
 * Collection arithmetic shared by the staff collection form (browser, live payout suggestion)
 * and the server's checks (issue 6 item 3): kg text to grams, payout from rates, limits.
 */

/** Largest weight of one material at collection, kg (the booking cap is 20,000 kg in total). */
export const MAX_WEIGHED_KG = 20_000;
/** Largest payout of one pickup: ₹10,00,000 in paise. */
export const MAX_PAYOUT_PAISE = 100_000_000;

/** Number of "add a material" rows on the collection form. */
export const EXTRA_MATERIAL_ROWS = 2;

/** kg text ("12", "12.5", "0.125") to grams, or an error message. */
export function kgToGrams(text: string): number | string {
  const value = text.replace(/[\s,]/g, "");
  if (value.startsWith("-")) return "A weight cannot be negative.";
  const match = /^(\d{1,6})(?:\.(\d{1,3}))?$/.exec(value);
  if (!match) return "Enter the weight in kg, e.g. 12.5 (up to 3 decimals).";
  const grams = Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
  if (grams > MAX_WEIGHED_KG * 1000) {
    return `At most ${MAX_WEIGHED_KG.toLocaleString("en-IN")} kg per material.`;
  }
  return grams;
}

/** Suggested payout in paise: Σ weighed grams × current rate (paise/kg) / 1000, rounded. */
export function suggestedPayoutPaise(
  weights: readonly { grams: number; ratePaisePerKg: number }[],
): number {
  return weights.reduce((sum, w) => sum + Math.round((w.grams * w.ratePaisePerKg) / 1000), 0);
}
