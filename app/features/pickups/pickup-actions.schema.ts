/**
 * The staff's forms on a pickup's dashboard page (docs/dashboard.md): the status buttons
 * (intent confirm | missed | cancel) and the collection form (intent collected), each with
 * `expectedFrom`, the status the page showed (app/utils/intent-form.ts has the answers to a
 * missing or stale one). Weights are typed in kg (up to 3 decimals) and stored as integer
 * grams; the payout is typed in rupees and stored as integer paise. Server only (ADR 0006).
 */
import { z } from "zod";
import { pickupStatuses } from "~/db/schema/pickups";
import { firstIssuePerField } from "~/utils/form-data";
import { expectedFromField, formStrings, UNKNOWN_ACTION } from "~/utils/intent-form";
import { EXTRA_MATERIAL_ROWS, parsePayout, parseWeighedKg } from "./collection";

const expectedFrom = expectedFromField(pickupStatuses);

/** A posted pickup action; the collection's own fields are read by `parseCollectionForm`. */
export const pickupActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.enum(["confirm", "missed", "cancel"]), expectedFrom }),
    z.object({ intent: z.literal("collected"), expectedFrom }),
  ],
  { error: UNKNOWN_ACTION },
);

export type PickupAction = z.output<typeof pickupActionSchema>;

/** The status each button moves the pickup to. */
export const pickupActionTargets = {
  confirm: "confirmed",
  missed: "missed",
  cancel: "cancelled",
} as const;

// ---------------------------------------------------------------------------------------------
// The collection form

/**
 * One weight row of the collection form as typed, with the names of its fields (for the
 * messages): a material of the estimate (`kg-<materialId>`) or an added one
 * (`extraMaterial<n>` + `extraKg<n>`).
 */
const weightRow = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("estimated"),
    materialId: z.number().int().positive(),
    kgField: z.string(),
    kg: z.string().trim(),
  }),
  z.object({
    kind: z.literal("extra"),
    materialField: z.string(),
    material: z.string().trim(),
    kgField: z.string(),
    kg: z.string().trim(),
  }),
]);
type WeightRow = z.output<typeof weightRow>;

type Weight = { materialId: number; grams: number };
/** Reports a message for a field; returns undefined so a row check can `return complain(…)`. */
type Complain = (field: string, message: string) => undefined;

function estimatedWeight(
  row: Extract<WeightRow, { kind: "estimated" }>,
  complain: Complain,
): Weight | undefined {
  if (!row.kg) return complain(row.kgField, "Enter the weighed kg (0 if none was collected).");
  const grams = parseWeighedKg(row.kg);
  if (!grams.ok) return complain(row.kgField, grams.message);
  return { materialId: row.materialId, grams: grams.value };
}

function extraWeight(
  row: Extract<WeightRow, { kind: "extra" }>,
  seen: Set<number>,
  complain: Complain,
): Weight | undefined {
  if (!row.material && !row.kg) return undefined;
  if (!/^[1-9][0-9]{0,8}$/.test(row.material)) {
    return complain(row.materialField, "Choose the material.");
  }
  const materialId = Number(row.material);
  if (seen.has(materialId)) return complain(row.materialField, "This material is already listed.");
  seen.add(materialId);
  if (!row.kg) return complain(row.kgField, "Enter the weighed kg.");
  const grams = parseWeighedKg(row.kg);
  if (!grams.ok) return complain(row.kgField, grams.message);
  return { materialId, grams: grams.value };
}

/**
 * The weight rows to grams per material. An estimated material needs a weight (0 when none
 * came); an added one a material not listed yet and a weight; the total must be above 0 kg.
 * Issues are reported under the form's field names.
 */
const weights = z.array(weightRow).transform((rows, ctx) => {
  let problems = 0;
  const complain: Complain = (field, message) => {
    problems++;
    ctx.addIssue({ code: "custom", path: [field], message });
    return undefined;
  };
  const seen = new Set(rows.flatMap((row) => (row.kind === "estimated" ? [row.materialId] : [])));
  const found: Weight[] = [];
  for (const row of rows) {
    const weight =
      row.kind === "estimated" ? estimatedWeight(row, complain) : extraWeight(row, seen, complain);
    if (weight) found.push(weight);
  }
  if (problems === 0 && found.every((weight) => weight.grams === 0)) {
    complain("form", "Enter at least one weight above 0 kg, or mark the pickup missed.");
  }
  return found;
});

/** The collection form: weights, payout in rupees (empty = computed on saving), reward. */
export const collectionSchema = z
  .object({
    weights,
    payout: z
      .string()
      .trim()
      .transform((text, ctx) => {
        if (!text) return null;
        const paise = parsePayout(text);
        if (paise.ok) return paise.value;
        ctx.addIssue({ code: "custom", message: paise.message });
        return z.NEVER;
      }),
    rewardGiven: z
      .string()
      .trim()
      .min(1, "Say what was given, e.g. 3 plants, a coupon, or cash.")
      .max(200, "At most 200 characters."),
  })
  .transform(({ weights, payout, rewardGiven }) => ({
    weights,
    payoutPaise: payout,
    rewardGiven,
  }));

/** A checked collection: grams per material id, payout in paise (null = compute), reward. */
export type CollectionInput = z.output<typeof collectionSchema>;

/**
 * The collection form's fields as `collectionSchema` reads them. Field names: `kg-<materialId>`
 * for each estimated material, `extraMaterial<n>` + `extraKg<n>` (n = 1..EXTRA_MATERIAL_ROWS)
 * for added ones, `payout` in rupees, `rewardGiven`.
 */
export function collectionFormFields(form: FormData, estimatedMaterialIds: readonly number[]) {
  const fields = formStrings(form);
  const text = (key: string) => fields[key] ?? "";
  const rows: WeightRow[] = estimatedMaterialIds.map((materialId) => ({
    kind: "estimated",
    materialId,
    kgField: `kg-${materialId}`,
    kg: text(`kg-${materialId}`),
  }));
  for (let n = 1; n <= EXTRA_MATERIAL_ROWS; n++) {
    rows.push({
      kind: "extra",
      materialField: `extraMaterial${n}`,
      material: text(`extraMaterial${n}`),
      kgField: `extraKg${n}`,
      kg: text(`extraKg${n}`),
    });
  }
  return { weights: rows, payout: text("payout"), rewardGiven: text("rewardGiven") };
}

/**
 * Checks the collection form (see `collectionFormFields` for the field names).
 * @returns the input, or the first message per field keyed by field name ("form" for the
 *   whole form).
 */
export function parseCollectionForm(
  form: FormData,
  estimatedMaterialIds: readonly number[],
): { ok: true; input: CollectionInput } | { ok: false; errors: Record<string, string> } {
  const parsed = collectionSchema.safeParse(collectionFormFields(form, estimatedMaterialIds));
  if (parsed.success) return { ok: true, input: parsed.data };
  // A weight row's issue is at ["weights", field name]: keyed by the field name.
  const issues = parsed.error.issues.map((issue) =>
    issue.path[0] === "weights" ? { ...issue, path: issue.path.slice(1) } : issue,
  );
  return { ok: false, errors: firstIssuePerField(issues) };
}
