/**
 * Reading numbers people type into forms as integers of the smallest unit we store: kilograms
 * (up to 3 decimals) to integer grams, rupees (up to 2 decimals) to integer paise. Browser-safe
 * (no server code, no zod): the booking form's live estimate, the staff collection form's payout
 * suggestion and the servers' schemas all read a weight the same way. Kept apart from the
 * formatting helpers (units.ts, money.ts), which every catalogue page loads, so that only pages
 * with such a form load the parsers (docs/budgets.md, first-load JavaScript).
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

import { formatScaled } from "./indian-number";
import { formatPaise } from "./money";

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

const rupees: DecimalUnit = {
  decimals: 2,
  decimalComma: false,
  prefix: "₹",
  messages: {
    empty: "Enter an amount in rupees, e.g. 450 or 450.50.",
    negative: "An amount cannot be negative.",
    format: "Enter an amount in rupees, e.g. 450, 450.50 or 1,200.",
    decimals: "Enter at most 2 decimals (paise).",
  },
};

/**
 * Rupees typed by a person ("450", "450.5", "₹ 1,200.00", "1,23,456") to integer paise,
 * within [minPaise, maxPaise], without floating point. Rule (the module comment has the details): an
 * optional leading ₹, commas only as correctly grouped thousands separators (Indian or
 * Western), never as a decimal point (nobody writes ₹2,50 for ₹2.50, and "249,50" is refused
 * rather than read as ₹24,950), at most 2 decimals; signs, exponents and inner spaces are
 * refused. Never throws; never returns a negative or fractional number.
 */
export function parseRupees(
  text: string,
  limits: { minPaise?: number; maxPaise: number },
): Parsed<number> {
  const parsed = parseDecimalText(text, rupees);
  if (!parsed.ok) return parsed;
  const min = limits.minPaise ?? 0;
  if (parsed.value < min || parsed.value > limits.maxPaise) {
    const range =
      min === 0
        ? `Enter at most ${formatPaise(limits.maxPaise)}.`
        : `Enter an amount from ${formatPaise(min)} to ${formatPaise(limits.maxPaise)}.`;
    return { ok: false, problem: "range", message: range };
  }
  return parsed;
}
