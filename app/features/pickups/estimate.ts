/**
 * The value estimate of a pickup from the rate list (docs/pickups.md): Σ rate per kg × kg,
 * in integer paise, rounded per line. Used by the page as the visitor types and by the
 * server, which stores its own figure. Browser-safe.
 */
import type { MessageRef } from "~/utils/refusal";
import { type ParseProblem, parseKilograms } from "~/utils/typed-numbers";
import { GRAMS_PER_KG } from "~/utils/units";

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
 * An estimate row's weight: integer grams, or why it was refused as an `errors.pickup.*` message
 * (ADR 0024; a zod issue's message and params in the booking schema). Browser-safe: ids only.
 */
export type EstimateKg =
  | { ok: true; value: number }
  | { ok: false; problem: ParseProblem; ref: MessageRef };

/** The message of each way a typed weight can be unreadable (units.ts's problems). */
const weightMessages: Record<Exclude<ParseProblem, "range">, string> = {
  empty: "errors.pickup.weightEmpty",
  negative: "errors.pickup.weightNegative",
  format: "errors.pickup.weightFormat",
  ambiguous: "errors.pickup.weightAmbiguous",
  decimals: "errors.pickup.weightDecimals",
};

function refused(problem: ParseProblem, id: string, values: MessageRef["values"] = {}): EstimateKg {
  return { ok: false, problem, ref: { id, values } };
}

/**
 * An estimate row's kilograms ("2", "2.5", "2,5", "0.75") to integer grams: more than 0 and
 * at most 5,000 kg, up to 3 decimals, read by `parseKilograms` (typed-numbers.ts, which has the
 * comma rule). Used by the booking schema and, for the live estimate, by the booking form. Refusals:
 * `errors.pickup.weightEmpty`, `weightNegative`, `weightFormat`, `weightAmbiguous` (`{text}`, the
 * trimmed text), `weightDecimals`, `numberTooLarge` (more than 12 whole digits),
 * `weightAboveZero`, `weightAtMost` (`{kg}`: "5,000").
 */
export function parseEstimateKg(text: string): EstimateKg {
  // Read without limits first, so the limits below name their own message.
  const parsed = parseKilograms(text, { maxGrams: Number.MAX_SAFE_INTEGER });
  if (!parsed.ok) {
    if (parsed.problem === "range") return refused("range", "errors.pickup.numberTooLarge");
    const values: MessageRef["values"] =
      parsed.problem === "ambiguous" ? { text: text.trim() } : {};
    return refused(parsed.problem, weightMessages[parsed.problem], values);
  }
  if (parsed.value < 1) return refused("range", "errors.pickup.weightAboveZero");
  if (parsed.value > MAX_KG_PER_MATERIAL * GRAMS_PER_KG) {
    return refused("range", "errors.pickup.weightAtMost", {
      kg: MAX_KG_PER_MATERIAL.toLocaleString("en-IN"),
    });
  }
  return parsed;
}
