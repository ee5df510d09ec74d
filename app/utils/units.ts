/**
 * Weights for people: stored as integer grams, shown in kg with the language's unit word.
 * Browser-safe. Reading a typed weight is typed-numbers.ts (`parseKilograms`).
 */

import type { Lang } from "~/i18n/languages";
import { formatScaled } from "./indian-number";

/** Grams in a kilogram. */
export const GRAMS_PER_KG = 1000;

/** "5,000" for 5,000,000 g: whole kg in Indian grouping, up to 3 decimals. */
function kgLabel(grams: number): string {
  return formatScaled(grams, 3);
}

/**
 * Integer grams as the text a kg input shows, with exactly 3 decimals and no grouping:
 * 2500 → "2.500", 125 → "0.125". `parseKilograms` reads it back to the same grams.
 * @throws RangeError when `grams` is not a non-negative safe integer.
 */
export function gramsToKgText(grams: number): string {
  if (!Number.isSafeInteger(grams) || grams < 0) {
    throw new RangeError(`Not a weight in grams: ${grams}`);
  }
  const whole = Math.trunc(grams / GRAMS_PER_KG);
  return `${whole}.${String(grams % GRAMS_PER_KG).padStart(3, "0")}`;
}

/**
 * The word for kilograms in each language: the glossary's one term (docs/languages.md
 * "Glossary"; app/i18n/glossary.test.ts holds every catalogue to it). English "kg", Hindi
 * "किलो", Kannada "ಕೆಜಿ" (what `Intl.NumberFormat("kn-IN", { unit: "kilogram" })` writes too).
 */
export const kgUnit: Record<Lang, string> = { en: "kg", hi: "किलो", kn: "ಕೆಜಿ" };

/**
 * Integer grams for people, in kg with the language's unit word and Indian grouping, up to 3
 * decimals: 2500 → "2.5 kg" / "2.5 किलो" / "2.5 ಕೆಜಿ", 1234500 → "1,234.5 kg". The digits are
 * what `Intl.NumberFormat` of en-IN, hi-IN and kn-IN prints (Latin digits, Indian grouping;
 * units.test.ts compares them; kn-IN's own `Intl` groups in thousands, but the site writes Indian grouping in every language), written without `Intl` for the browser's sake (indian-number.ts).
 * English by default (the dashboard's words).
 */
export function formatKg(grams: number, lang: Lang = "en"): string {
  return `${kgLabel(grams)} ${kgUnit[lang]}`;
}

/**
 * A weight in whole or decimal kg (not grams) as the number of a message's `{kg}`: 15 → "15",
 * 1250.5 → "1,250.5" (Indian grouping, as `Intl.NumberFormat` of en-IN, hi-IN and kn-IN).
 */
export function kgNumber(kg: number): string {
  return kgLabel(Math.round(kg * GRAMS_PER_KG));
}
