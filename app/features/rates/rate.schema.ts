/**
 * The admin's rate forms on /dashboard/rates (docs/dashboard.md): the rate sheet (every
 * material's rate and Hindi and Kannada names, one Save: `rateSheetSchemas`, ADR 0031), add a
 * material, retire or bring back one. Rates are typed in ₹ per kg with at most two
 * decimals and stored as integer paise per kg; the check constraint refuses negatives, and
 * the upper bound of ₹10,000/kg is ours. A rate is read like any rupee amount (`parseRupees` in
 * app/utils/money.ts): "12", "12.5", "₹12.50", "1,200". A material's Hindi and Kannada names
 * are optional ('' shows the English name on those pages), set when adding it or
 * on the rate sheet. Messages are `dashboard.rates.*` ids (ADR 0024), rendered by
 * `fieldErrorTexts("en", issues)`. Server only (ADR 0006).
 */
import { z } from "zod";
import type { CellChange } from "~/utils/bulk-form.server";
import { UNKNOWN_ACTION } from "~/utils/intent-form";
import { parseRupees } from "~/utils/typed-numbers";

/** Highest rate, paise per kg (₹10,000/kg). */
export const MAX_RATE_PAISE_PER_KG = 1_000_000;

/** The message id of a rate that is not a rupee amount from ₹0 to ₹10,000 per kg. */
export const RATE_MESSAGE = "dashboard.rates.rateInvalid";

/** Longest material name. */
export const MATERIAL_NAME_MAX = 60;

const rate = z.string().transform((value, ctx) => {
  const parsed = parseRupees(value, { maxPaise: MAX_RATE_PAISE_PER_KG });
  if (!parsed.ok) {
    ctx.addIssue({ code: "custom", message: RATE_MESSAGE });
    return z.NEVER;
  }
  return parsed.value;
});

/** A positive integer id from a form; `message` is the id of the message when it is not one. */
const id = (message: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/, message)
    .transform(Number);

const materialId = id("dashboard.rates.materialInvalid");

/**
 * An optional translated name: trimmed, in NFC, '' for none (also when missing); `tooLong` is
 * the message id for a name over MATERIAL_NAME_MAX characters.
 */
const translatedName = (tooLong: string) =>
  z
    .string()
    .optional()
    .transform((value = "") => value.normalize("NFC").trim())
    .pipe(z.string().max(MATERIAL_NAME_MAX, tooLong));
const nameHi = translatedName("dashboard.rates.nameHiTooLong");
const nameKn = translatedName("dashboard.rates.nameKnTooLong");

export const rateFormFields = [
  "intent",
  "materialId",
  "categoryId",
  "name",
  "nameHi",
  "nameKn",
  "rate",
] as const;

/**
 * The rates page's forms besides the rate sheet (`readRateSheet`), told apart by `intent`: add a
 * material, retire one (after its confirmation step, app/utils/confirm-step.ts) or bring it back.
 */
export const rateFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("add-material"),
      categoryId: id("dashboard.rates.categoryInvalid"),
      name: z
        .string()
        .trim()
        .min(1, "dashboard.rates.nameRequired")
        .max(MATERIAL_NAME_MAX, "dashboard.rates.nameTooLong"),
      nameHi,
      nameKn,
      rate,
    }),
    z.object({ intent: z.literal("retire"), materialId }),
    z.object({ intent: z.literal("restore"), materialId }),
  ],
  { error: UNKNOWN_ACTION },
);

export type RateFormInput = z.output<typeof rateFormSchema>;

/** The fields of each material the rate sheet edits: its rate and its Hindi and Kannada names. */
export const rateSheetFields = ["rate", "nameHi", "nameKn"] as const;
export type RateSheetField = (typeof rateSheetFields)[number];

/** A cell of the rate sheet typed differently from what the page showed (rate in paise). */
export type RateSheetChange = CellChange<RateSheetField, number | string>;

/** How each cell of the rate sheet is checked: a rate like the add form's, a name likewise. */
export const rateSheetSchemas = { rate, nameHi, nameKn } as const;

/**
 * A rate sheet cell's shown value as the page wrote it: a rate in paise per kg (digits), a name
 * as it is; null for anything else.
 */
export function readShownRateCell(field: RateSheetField, text: string): number | string | null {
  if (field !== "rate") return text;
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}
