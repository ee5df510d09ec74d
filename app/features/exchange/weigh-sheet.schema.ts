/**
 * The weigh sheet form as posted (docs/exchange.md "The weigh sheet"; field names in
 * `weighSheetFields`, weigh-sheet.ts): weighed kg per listed material (`kg-<materialId>`, up to
 * 3 decimals, empty or 0 = none of it came), materials added in the extra rows, the plants'
 * quantities of a 'plants' reward, the version the form showed, and staff's note. Weights are
 * read by `parseWeighedKg` (collection.ts: 0 to 2,000 kg) into integer grams. The server
 * (`saveWeighSheet`) checks materials, plants and versions against the database. Server only
 * (ADR 0006).
 */
import { z } from "zod";
import { fieldErrorTexts } from "~/i18n/i18n.server";
import type { Lang } from "~/i18n/languages";
import { groupIndian } from "~/utils/indian-number";
import { formStrings } from "~/utils/intent-form";
import type { MessageRef, MessageValues } from "~/utils/refusal";
import { type ParseProblem, parseKilograms } from "~/utils/typed-numbers";
import { MAX_WEIGHED_KG, parseWeighedKg } from "./collection";
import { EXTRA_WEIGH_ROWS, MAX_WEIGH_NOTE, weighSheetFields } from "./weigh-sheet";

type Weight = { materialId: number; grams: number };
/** Adds an issue on `field` with a message id and its values; always undefined. */
type Complain = (field: string, id: string, values?: MessageValues) => undefined;

/** Most plants of one kind the form takes (the server checks MAX_PLANT_QUANTITY too). */
const MAX_PLANT_FIELD = 20;

/** "2,000": the largest weight of a line as the weight messages write it. */
const MAX_KG_TEXT = groupIndian(MAX_WEIGHED_KG);

const weightProblemIds: Record<Exclude<ParseProblem, "range">, string> = {
  empty: "errors.pickup.weightEmpty",
  negative: "errors.pickup.weightNegative",
  format: "errors.pickup.weightFormat",
  ambiguous: "errors.pickup.weightAmbiguous",
  decimals: "errors.pickup.weightDecimals",
};

/**
 * A weighed kg text to grams (`parseWeighedKg`), or the refusal as a message id with its values
 * (the `errors.pickup.weight*` texts `parseKilograms` words in English).
 */
function weighedGrams(text: string): { ok: true; value: number } | { ok: false; ref: MessageRef } {
  const parsed = parseWeighedKg(text);
  if (parsed.ok) return parsed;
  if (parsed.problem === "ambiguous") {
    return { ok: false, ref: { id: weightProblemIds.ambiguous, values: { text: text.trim() } } };
  }
  if (parsed.problem !== "range") {
    return { ok: false, ref: { id: weightProblemIds[parsed.problem], values: {} } };
  }
  // Out of range: more digits than any weight ("This number is too large.") or over 2,000 kg.
  const unbounded = parseKilograms(text, { minGrams: 0, maxGrams: Number.MAX_SAFE_INTEGER });
  if (!unbounded.ok) return { ok: false, ref: { id: "errors.pickup.numberTooLarge", values: {} } };
  return { ok: false, ref: { id: "errors.pickup.weightAtMost", values: { kg: MAX_KG_TEXT } } };
}

const ID = /^[1-9][0-9]{0,8}$/;

/** One weight row as typed, with the names of its fields (for the messages). */
const weightRow = z.object({
  /** `kg-<id>` rows carry their material; extra rows a `materialField` with the chosen id. */
  materialId: z.number().int().positive().nullable(),
  materialField: z.string().nullable(),
  material: z.string().trim(),
  kgField: z.string(),
  kg: z.string().trim(),
});
type WeightRow = z.output<typeof weightRow>;

function listedWeight(row: WeightRow, materialId: number, complain: Complain) {
  if (!row.kg) return { materialId, grams: 0 };
  const grams = weighedGrams(row.kg);
  if (!grams.ok) return complain(row.kgField, grams.ref.id, grams.ref.values);
  return { materialId, grams: grams.value };
}

function extraWeight(row: WeightRow, seen: Set<number>, complain: Complain) {
  const materialField = row.materialField ?? row.kgField;
  if (!row.material && !row.kg) return undefined;
  if (!ID.test(row.material)) return complain(materialField, "collector.refusal.chooseMaterial");
  const materialId = Number(row.material);
  if (seen.has(materialId)) return complain(materialField, "collector.refusal.materialTwice");
  seen.add(materialId);
  if (!row.kg) return complain(row.kgField, "collector.refusal.enterKg");
  const grams = weighedGrams(row.kg);
  if (!grams.ok) return complain(row.kgField, grams.ref.id, grams.ref.values);
  return { materialId, grams: grams.value };
}

/** The rows to grams per material; at least one above 0 kg. Issues keyed by field name. */
const weights = z.array(weightRow).transform((rows, ctx) => {
  let problems = 0;
  const complain: Complain = (field, id, values = {}) => {
    problems++;
    ctx.addIssue({ code: "custom", path: [field], message: id, params: { ...values } });
    return undefined;
  };
  const seen = new Set(rows.flatMap((row) => (row.materialId === null ? [] : [row.materialId])));
  const found: Weight[] = [];
  for (const row of rows) {
    const weight =
      row.materialId === null
        ? extraWeight(row, seen, complain)
        : listedWeight(row, row.materialId, complain);
    if (weight) found.push(weight);
  }
  if (problems === 0 && found.every((weight) => weight.grams === 0)) {
    complain("form", "collector.refusal.noWeight");
  }
  return found;
});

/** `plant-<id>` quantities: empty or 0 = not picked, else a whole number up to 20. */
const plants = z
  .array(z.object({ field: z.string(), productId: z.number(), text: z.string() }))
  .transform((rows, ctx) =>
    rows.flatMap(({ field, productId, text }) => {
      const value = text.trim();
      if (value === "" || value === "0") return [];
      if (!/^[0-9]{1,2}$/.test(value) || Number(value) > MAX_PLANT_FIELD) {
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: "collector.refusal.plantCount",
          params: { max: MAX_PLANT_FIELD },
        });
        return [];
      }
      return [{ productId, quantity: Number(value) }];
    }),
  );

export const weighSheetFormSchema = z.object({
  weights,
  plants,
  expectedVersion: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,5})$/, "errors.pickup.pageOutOfDate")
    .transform(Number),
  note: z.string().trim().max(MAX_WEIGH_NOTE, "collector.refusal.noteTooLong"),
});

/** A checked weigh sheet form: saveWeighSheet's input and staff's note ("" for none). */
export interface WeighSheetForm {
  lines: Weight[];
  plants: { productId: number; quantity: number }[];
  expectedVersion: number;
  note: string;
}

/** The form's fields as `weighSheetFormSchema` reads them; extra rows keyed by material. */
function formFields(form: FormData) {
  const fields = formStrings(form);
  const rows: WeightRow[] = [];
  const plantRows: { field: string; productId: number; text: string }[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const kg = /^kg-([1-9][0-9]{0,8})$/.exec(key);
    if (kg) {
      rows.push({
        materialId: Number(kg[1]),
        materialField: null,
        material: "",
        kgField: key,
        kg: value,
      });
    }
    const plant = /^plant-([1-9][0-9]{0,8})$/.exec(key);
    if (plant) plantRows.push({ field: key, productId: Number(plant[1]), text: value });
  }
  for (let n = 1; n <= EXTRA_WEIGH_ROWS; n++) {
    rows.push({
      materialId: null,
      materialField: weighSheetFields.extraMaterial(n),
      material: fields[weighSheetFields.extraMaterial(n)] ?? "",
      kgField: weighSheetFields.extraKg(n),
      kg: fields[weighSheetFields.extraKg(n)] ?? "",
    });
  }
  return {
    weights: rows,
    plants: plantRows,
    expectedVersion: fields[weighSheetFields.expectedVersion] ?? "",
    note: fields[weighSheetFields.note] ?? "",
  };
}

/**
 * Checks a posted weigh sheet form (messages are catalogue ids, ADR 0024).
 * @returns the input for `saveWeighSheet` (and the note), or the first message per field keyed
 *   by the form's field name ("form" for the whole form) as text in `lang` (the staff member's
 *   language at the door, English on the staff pickup page; docs/languages.md "Staff language").
 */
export function parseWeighSheetForm(
  form: FormData,
  lang: Lang = "en",
): { ok: true; input: WeighSheetForm } | { ok: false; errors: Record<string, string> } {
  const parsed = weighSheetFormSchema.safeParse(formFields(form));
  if (parsed.success) {
    const { weights: lines, plants: picked, expectedVersion, note } = parsed.data;
    return { ok: true, input: { lines, plants: picked, expectedVersion, note } };
  }
  // A row's issue is at ["weights" | "plants", field name]: keyed by the field name.
  const issues = parsed.error.issues.map((issue) =>
    issue.path[0] === "weights" || issue.path[0] === "plants"
      ? { ...issue, path: issue.path.slice(1) }
      : issue,
  );
  return { ok: false, errors: fieldErrorTexts(lang, issues) };
}

/**
 * The server's field errors (`kg-<id>`, `material-<id>`, `plant-<id>`, `plants`, `form`) under
 * the names of the posted form's fields: a material added in extra row n answers at
 * `extraMaterial<n>` / `extraKg<n>`, a listed material's problem at its `kg-<id>` field. The
 * messages (texts or `{ id, values }` of an `ExchangeError`) are carried over as they are; the
 * first one per form field wins.
 */
export function weighSheetFormErrors<M>(
  form: FormData,
  serverErrors: Readonly<Record<string, M>>,
): Record<string, M> {
  const fields = formStrings(form);
  const extraRowOf = new Map<string, number>();
  for (let n = 1; n <= EXTRA_WEIGH_ROWS; n++) {
    const id = (fields[weighSheetFields.extraMaterial(n)] ?? "").trim();
    if (ID.test(id)) extraRowOf.set(id, n);
  }
  const errors: Record<string, M> = {};
  for (const [key, message] of Object.entries(serverErrors)) {
    const match = /^(kg|material)-(\d+)$/.exec(key);
    const row = match ? extraRowOf.get(match[2] ?? "") : undefined;
    const field =
      match && row !== undefined
        ? match[1] === "kg"
          ? weighSheetFields.extraKg(row)
          : weighSheetFields.extraMaterial(row)
        : match
          ? `kg-${match[2]}`
          : key;
    errors[field] ??= message;
  }
  return errors;
}
