/**
 * Reading numbers people type into forms as integers of the smallest unit we store: kilograms
 * (up to 3 decimals) to integer grams here, rupees (up to 2 decimals) to integer paise in
 * money.ts. Browser-safe (no server code, no zod): the booking form's live estimate, the staff
 * collection form's payout suggestion and the servers' schemas all read a weight the same way.
 *
 * The comma rule, written once for every form (pinned in units.test.ts):
 * - Commas between thousands are accepted when they group correctly, Indian style
 *   ("1,23,456.5") or Western style ("123,456.5"); they are dropped.
 * - A decimal comma is accepted where it cannot be a thousands separator: a single comma, no
 *   dot, followed by 1 or 2 digits ("2,5" is 2.5 kg; "2,50" is 2.5 kg).
 * - A single comma followed by exactly 3 digits and no dot ("1,000", "12,500") is refused as
 *   ambiguous, with a message asking for a dot or no comma: read one way it is 1,000 times
 *   the other, and a weight or a payout must never be silently multiplied by 1,000.
 * - Anything else with a comma (a comma after the dot, badly grouped commas) is refused.
 * Why: Indian users type a decimal comma now and then, and thousands separators often; the
 * rule reads every text that has one sensible meaning and refuses the others instead of
 * guessing. Refused too: a sign (negatives get their own message), exponents ("1e3"), "NaN",
 * "Infinity", a bare ".5" or "5.", inner spaces, and more decimals than the unit has, even
 * trailing zeros ("2.5000": the scale shows grams, so a fourth decimal is a typing mistake).
 */

import type { Lang } from "~/i18n/languages";
import { formatScaled } from "./indian-number";

/** Why a text was refused: `range` is a number in shape but outside the allowed limits. */
export type ParseProblem = "empty" | "negative" | "format" | "ambiguous" | "decimals" | "range";

/** The answer of a parser: the integer value, or a message for the person who typed it. */
export type Parsed<T> =
  | { ok: true; value: T }
  | { ok: false; problem: ParseProblem; message: string };

/** How a unit reads its text: its decimals, and the words of its messages. */
export interface DecimalUnit {
  /** Decimals of the typed unit that make one stored unit: 3 for kg → g, 2 for ₹ → paise. */
  decimals: number;
  /** Whether a decimal comma ("2,5") is read (kg); rupees take commas as grouping only. */
  decimalComma: boolean;
  /** An optional prefix to drop, e.g. "₹". */
  prefix?: string;
  messages: {
    empty: string;
    negative: string;
    format: string;
    /** For a decimal-comma unit: "1,000" could be read two ways. */
    ambiguous?: (text: string) => string;
    decimals: string;
  };
}

/** Largest number of whole-unit digits read (keeps every result a safe integer). */
const MAX_WHOLE_DIGITS = 12;

const WESTERN_GROUPS = /^\d{1,3}(?:,\d{3})+$/;
const INDIAN_GROUPS = /^\d{1,2}(?:,\d{2})*,\d{3}$/;

function fail<T>(problem: ParseProblem, message: string): Parsed<T> {
  return { ok: false, problem, message };
}

/** The text with grouping commas dropped and a decimal comma made a dot, or a problem. */
function withoutCommas(text: string, unit: DecimalUnit): Parsed<string> {
  if (!text.includes(",")) return { ok: true, value: text };
  const dot = text.indexOf(".");
  const whole = dot === -1 ? text : text.slice(0, dot);
  const rest = dot === -1 ? "" : text.slice(dot);
  if (rest.includes(",")) return fail("format", unit.messages.format);
  const commas = whole.split(",").length - 1;
  if (unit.decimalComma && dot === -1 && commas === 1) {
    const [before = "", after = ""] = whole.split(",");
    if (/^\d+$/.test(before) && /^\d{1,2}$/.test(after)) {
      return { ok: true, value: `${before}.${after}` };
    }
    if (/^\d+$/.test(before) && /^\d{3}$/.test(after)) {
      return fail("ambiguous", unit.messages.ambiguous?.(text) ?? unit.messages.format);
    }
  }
  if (WESTERN_GROUPS.test(whole) || INDIAN_GROUPS.test(whole)) {
    return { ok: true, value: whole.replaceAll(",", "") + rest };
  }
  return fail("format", unit.messages.format);
}

/**
 * Reads a non-negative decimal text as an integer count of the unit's smallest part, without
 * floating point ("2.5" with 3 decimals → 2500). Trims the text; see the module comment for
 * the comma rule and everything refused. Limits are the caller's (`parseKilograms`,
 * `parseRupees` add them).
 */
export function parseDecimalText(text: string, unit: DecimalUnit): Parsed<number> {
  let value = text.trim();
  if (unit.prefix && value.startsWith(unit.prefix)) {
    value = value.slice(unit.prefix.length).trimStart();
  }
  if (value === "") return fail("empty", unit.messages.empty);
  if (/^[-−–]/.test(value)) return fail("negative", unit.messages.negative);
  const normalised = withoutCommas(value, unit);
  if (!normalised.ok) return normalised;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(normalised.value);
  if (!match) return fail("format", unit.messages.format);
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > unit.decimals) return fail("decimals", unit.messages.decimals);
  const digits = whole.replace(/^0+(?=\d)/, "");
  if (digits.length > MAX_WHOLE_DIGITS) {
    return fail("range", "This number is too large.");
  }
  return {
    ok: true,
    value: Number(digits) * 10 ** unit.decimals + Number(fraction.padEnd(unit.decimals, "0")),
  };
}

/** Grams in a kilogram. */
export const GRAMS_PER_KG = 1000;

const kilograms: DecimalUnit = {
  decimals: 3,
  decimalComma: true,
  messages: {
    empty: "Enter the weight in kg, e.g. 12.5.",
    negative: "A weight cannot be negative.",
    format: "Enter the weight in kg, e.g. 12.5 or 1,250.5.",
    ambiguous: (text) =>
      `Is “${text}” kg a decimal or thousands? Write it with a dot for decimals (e.g. 1.5) or without the comma (e.g. 1500).`,
    decimals: "Enter the weight with at most 3 decimals (grams).",
  },
};

/** "5,000" for 5,000,000 g: whole kg in Indian grouping, up to 3 decimals. */
function kgLabel(grams: number): string {
  return formatScaled(grams, 3);
}

/**
 * Kilograms typed by a person ("12", "12.5", "0.125", "2,5", "1,234.5") to integer grams,
 * within [minGrams, maxGrams] (a weight of 0 kg is allowed when minGrams is 0).
 * Comma rule and refusals: see the module comment. Never returns a negative or fractional
 * number, never throws.
 */
export function parseKilograms(
  text: string,
  limits: { minGrams?: number; maxGrams: number },
): Parsed<number> {
  const parsed = parseDecimalText(text, kilograms);
  if (!parsed.ok) return parsed;
  const min = limits.minGrams ?? 0;
  if (parsed.value < min) {
    return fail(
      "range",
      min === 1 ? "Enter a weight above 0 kg." : `Enter at least ${kgLabel(min)} kg.`,
    );
  }
  if (parsed.value > limits.maxGrams) {
    return fail("range", `Enter at most ${kgLabel(limits.maxGrams)} kg.`);
  }
  return parsed;
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
