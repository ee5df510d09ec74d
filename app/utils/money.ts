/**
 * Money for people: amounts are integer paise everywhere (ADR 0010); they are shown in en-IN
 * rupees and typed in rupees with up to 2 decimals. Browser-safe.
 * Shown: whole rupees without decimals (₹80, ₹1,500); fractions with two (₹0.50, ₹4.50).
 * Typed: `parseRupees` in typed-numbers.ts.
 */

import type { Lang } from "~/i18n/languages";
import { formatScaled } from "./indian-number";
import { kgUnit } from "./units";

/**
 * Formats integer paise as rupees, e.g. 150000 → "₹1,500", 50 → "₹0.50", -150000 →
 * "-₹1,500": what `Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" })` prints
 * (whole rupees with no decimals, else two), without `Intl` (indian-number.ts says why).
 * @throws RangeError when `paise` is not a safe integer.
 */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = formatScaled(Math.abs(paise), 2, { fixed: paise % 100 !== 0 });
  return `${paise < 0 ? "-" : ""}₹${rupees}`;
}

/**
 * Paise as the text a rupee input shows, without ₹ or grouping: 24950 → "249.50", 25000 →
 * "250", or "250.00" with `{ fixed: true }` (always 2 decimals). `parseRupees` reads either
 * back to the same paise.
 * @throws RangeError when `paise` is not a non-negative safe integer.
 */
export function paiseToRupeesText(paise: number, options: { fixed?: boolean } = {}): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`Not an amount in paise: ${paise}`);
  }
  const rupeesPart = Math.trunc(paise / 100);
  const fraction = paise % 100;
  if (fraction === 0 && !options.fixed) return String(rupeesPart);
  return `${rupeesPart}.${String(fraction).padStart(2, "0")}`;
}

/**
 * A rate in integer paise per kg for people: 1000 → "₹10/kg" / "₹10/किलो" / "₹10/ಕೆಜಿ"
 * (docs/languages.md "Glossary": rate per kg). English by default.
 */
export function formatRatePerKg(paisePerKg: number, lang: Lang = "en"): string {
  return `${formatPaise(paisePerKg)}/${kgUnit[lang]}`;
}
