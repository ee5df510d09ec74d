/**
 * The dashboard's bulk forms as their pages post them (app/utils/bulk-form.ts): every row's cell
 * typed as shown, with its hidden twin holding the value shown, and some cells typed otherwise.
 */
import type { Database } from "~/db/client.server";
import { listProductsForAdmin } from "~/features/catalogue/catalogue-admin.server";
import { listRatesForAdmin } from "~/features/rates/rates-admin.server";
import { cellName, shownCellName } from "~/utils/bulk-form";
import { paiseToRupeesText } from "~/utils/money";

/** What a test types into a material's row of the rate sheet. */
export interface TypedMaterial {
  rate?: string;
  nameHi?: string;
  nameKn?: string;
}

/**
 * The rate sheet of /dashboard/rates as it is shown now (every material, retired ones too),
 * with `typed` (by material id) typed over it.
 */
export async function rateSheetForm(
  db: Database,
  typed: Readonly<Record<number, TypedMaterial>> = {},
): Promise<Record<string, string>> {
  const form: Record<string, string> = { intent: "save-rates" };
  for (const category of await listRatesForAdmin(db)) {
    for (const material of category.materials) {
      const shown = {
        rate: [String(material.ratePaisePerKg), paiseToRupeesText(material.ratePaisePerKg)],
        nameHi: [material.nameHi, material.nameHi],
        nameKn: [material.nameKn, material.nameKn],
      } as const;
      for (const [field, [value, text]] of Object.entries(shown)) {
        form[shownCellName(field, material.id)] = value;
        form[cellName(field, material.id)] =
          typed[material.id]?.[field as keyof TypedMaterial] ?? text;
      }
    }
  }
  return form;
}

/**
 * The stock sheet of the first page of /dashboard/catalogue (no filter) as it is shown now, with
 * `typed` (by product id) typed over it.
 */
export async function stockSheetForm(
  db: Database,
  typed: Readonly<Record<number, string>> = {},
): Promise<Record<string, string>> {
  const form: Record<string, string> = { intent: "save-stock" };
  const { rows } = await listProductsForAdmin(db, { kind: null, q: "" }, null);
  for (const row of rows) {
    form[shownCellName("stock", row.id)] = String(row.stock);
    form[cellName("stock", row.id)] = typed[row.id] ?? String(row.stock);
  }
  return form;
}

/** The messages by input name of a refused bulk form: `data({ sheet }, …)`'s `sheet.errors`. */
export function sheetErrorsOf(result: unknown): Record<string, string> {
  return (result as { data: { sheet: { errors: Record<string, string> } } }).data.sheet.errors;
}
