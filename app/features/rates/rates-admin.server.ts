/**
 * Scrap rate list editing for admins (docs/dashboard.md): every material of every category, active
 * and retired; change rates and names on the rate sheet (one Save, all or nothing: ADR 0031), add
 * a material, retire one or bring it back. Rates are integer paise per kg. Each save is one
 * transaction with an audit row per change (docs/dashboard.md "Audit log", entity
 * 'scrap_material'). A retired material keeps its row (`active = false`): /ratelist and the pickup
 * form (`listRateCategories`) and `bookPickup` only take active materials, while old pickup lines
 * still point at it. Each change notifies the "rates" cache of the public pages. A material's Hindi
 * and Kannada names ('' shows the English) are set when it is added or on the rate sheet.
 */
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import { notifyCacheChanged } from "~/db/cache-invalidation.server";
import type { Database } from "~/db/client.server";
import { returnedRow } from "~/db/returned-row";
import { scrapCategories, scrapMaterials } from "~/db/schema/rates";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import type { RefusedSheet } from "~/utils/bulk-form";
import {
  type CellConflict,
  readSheet,
  sheetChangedMeanwhile,
  sortChanges,
} from "~/utils/bulk-form.server";
import { csvRowsOf, csvRupees, csvYesNo } from "~/utils/csv.server";
import { keysetBatches } from "~/utils/keyset.server";
import { formatPaise } from "~/utils/money";
import { isUniqueViolation } from "~/utils/pg-errors";
import { type MessageRef, type MessageValues, message, Refusal } from "~/utils/refusal";
import {
  type RateSheetChange,
  type RateSheetField,
  type rateFormFields,
  rateFormSchema,
  rateSheetFields,
  rateSheetSchemas,
  readShownRateCell,
} from "./rate.schema";

export interface AdminRateCategory {
  id: number;
  name: string;
  materials: {
    id: number;
    name: string;
    nameHi: string;
    nameKn: string;
    ratePaisePerKg: number;
    active: boolean;
  }[];
}

/**
 * The columns of a material that the rates page lists, the CSV pages through and the edits read
 * (locked FOR UPDATE).
 */
const materialColumns = {
  id: scrapMaterials.id,
  name: scrapMaterials.name,
  nameHi: scrapMaterials.nameHi,
  nameKn: scrapMaterials.nameKn,
  ratePaisePerKg: scrapMaterials.ratePaisePerKg,
  active: scrapMaterials.active,
};

/** Categories in display order, each with all its materials (retired too) in display order. */
export async function listRatesForAdmin(db: Database): Promise<AdminRateCategory[]> {
  const rows = await db
    .select({
      categoryId: scrapCategories.id,
      categoryName: scrapCategories.name,
      ...materialColumns,
    })
    .from(scrapCategories)
    .leftJoin(scrapMaterials, eq(scrapMaterials.categoryId, scrapCategories.id))
    .orderBy(
      asc(scrapCategories.sortOrder),
      asc(scrapCategories.id),
      asc(scrapMaterials.sortOrder),
      asc(scrapMaterials.id),
    );
  const categories: AdminRateCategory[] = [];
  for (const row of rows) {
    let category = categories.at(-1);
    if (!category || category.id !== row.categoryId) {
      category = { id: row.categoryId, name: row.categoryName, materials: [] };
      categories.push(category);
    }
    if (row.id !== null && row.name !== null && row.ratePaisePerKg !== null) {
      category.materials.push({
        id: row.id,
        name: row.name,
        nameHi: row.nameHi ?? "",
        nameKn: row.nameKn ?? "",
        ratePaisePerKg: row.ratePaisePerKg,
        active: row.active ?? false,
      });
    }
  }
  return categories;
}

/** The rate form's fields a refused change is shown next to. */
export type RateChangeField = "materialId" | "categoryId" | "name" | "rate";

/**
 * A refused rate change: a refusal (ADR 0024) with a `dashboard.rates.*` id, the field to show
 * it next to and the HTTP status (400 by default, 404 unknown material, 409 name taken).
 */
export class RateChangeError extends Refusal {
  override name = "RateChangeError";
  declare readonly field: RateChangeField;
  constructor(
    id: string,
    field: RateChangeField,
    status: 400 | 404 | 409 = 400,
    values: MessageValues = {},
  ) {
    super(id, values, { status, field });
  }
}

async function lockMaterial(tx: Database, materialId: number) {
  const [row] = await tx
    .select(materialColumns)
    .from(scrapMaterials)
    .where(eq(scrapMaterials.id, materialId))
    .for("update");
  if (!row) throw new RateChangeError("dashboard.rates.materialNotFound", "materialId", 404);
  return row;
}

type LockedMaterial = Awaited<ReturnType<typeof lockMaterial>>;

/** The columns a staff edit of a material sets, as its audit row records them. */
type MaterialColumns = Partial<
  Pick<LockedMaterial, "ratePaisePerKg" | "active" | "nameHi" | "nameKn">
>;

/** One audited edit: its audit action and the columns it changes, before and after. */
interface MaterialEdit {
  action: string;
  before: MaterialColumns;
  after: MaterialColumns;
}

/**
 * Writes `edits` of the locked material `current` in the open transaction `tx`: one update of
 * every column they set, and one audit row per edit with the values before and after
 * (docs/dashboard.md "Audit log"). The caller tells the caches ("rates").
 */
async function writeMaterialEdits(
  tx: Database,
  actor: { email: string },
  current: LockedMaterial,
  edits: readonly MaterialEdit[],
): Promise<void> {
  await tx
    .update(scrapMaterials)
    .set(Object.assign({ updatedAt: new Date() }, ...edits.map((edit) => edit.after)))
    .where(eq(scrapMaterials.id, current.id));
  for (const edit of edits) {
    await recordAudit(tx, {
      actor,
      action: edit.action,
      entity: "scrap_material",
      entityId: current.id,
      before: edit.before,
      after: edit.after,
      extra: { name: current.name },
    });
  }
}

/**
 * Retires (`active = false`) or brings back (`active = true`) a material and records
 * `rate.retire` / `rate.restore`, in one transaction that reads it FOR UPDATE. Retired materials
 * leave /ratelist and the pickup form; old pickups keep their lines.
 * @returns the material's name and whether anything changed.
 * @throws RateChangeError 404 unknown material.
 */
export function setMaterialActive(
  db: Database,
  actor: { email: string },
  materialId: number,
  active: boolean,
): Promise<{ name: string; changed: boolean }> {
  return db.transaction(async (tx) => {
    const current = await lockMaterial(tx, materialId);
    if (current.active === active) return { name: current.name, changed: false };
    await writeMaterialEdits(tx, actor, current, [
      {
        action: active ? "rate.restore" : "rate.retire",
        before: { active: current.active },
        after: { active },
      },
    ]);
    await notifyCacheChanged(tx, "rates");
    return { name: current.name, changed: true };
  });
}

/** A material's names in Hindi and Kannada ('' for "show the English"). */
export interface MaterialTranslations {
  nameHi: string;
  nameKn: string;
}

/** The column each field of the rate sheet sets. */
const sheetColumns = { rate: "ratePaisePerKg", nameHi: "nameHi", nameKn: "nameKn" } as const;

/** A cell of the rate sheet changed meanwhile (`now` null: there is no such material). */
export type RateSheetConflict = CellConflict<RateSheetField, number | string>;

/**
 * A material's changed cells of the rate sheet as audited edits: `rate.update` for its rate,
 * `rate.rename` for its names, each with the columns before (`current`) and after.
 */
function sheetEdits(current: LockedMaterial, changes: readonly RateSheetChange[]): MaterialEdit[] {
  const edit = (action: string, cells: readonly RateSheetChange[]): MaterialEdit[] => {
    if (cells.length === 0) return [];
    const columns = cells.map((cell) => [sheetColumns[cell.field], cell.wanted] as const);
    return [
      {
        action,
        before: Object.fromEntries(columns.map(([column]) => [column, current[column]])),
        after: Object.fromEntries(columns),
      },
    ];
  };
  return [
    ...edit(
      "rate.update",
      changes.filter((change) => change.field === "rate"),
    ),
    ...edit(
      "rate.rename",
      changes.filter((change) => change.field !== "rate"),
    ),
  ];
}

/**
 * Saves the changed cells of the rate sheet (`applyRateSheet`), all or nothing (ADR 0031), in one
 * transaction: the materials are read FOR UPDATE in id order; a cell whose material no longer
 * holds the value the page showed is a conflict, and with any conflict nothing is written. A
 * cell that already holds the wanted value is skipped. Each material written gets one update,
 * a `rate.update` audit row for its rate (paise per kg before and after) and a `rate.rename`
 * row for its names; the "rates" caches are told once. Pickups booked earlier keep their rates.
 * @returns the cells written, or the conflicts.
 */
export function saveRateSheet(
  db: Database,
  actor: { email: string },
  changes: readonly RateSheetChange[],
): Promise<{ ok: true; saved: RateSheetChange[] } | { ok: false; conflicts: RateSheetConflict[] }> {
  if (changes.length === 0) return Promise.resolve({ ok: true, saved: [] });
  return db.transaction(async (tx) => {
    const ids = [...new Set(changes.map((change) => change.id))].sort((a, b) => a - b);
    const rows = await tx
      .select(materialColumns)
      .from(scrapMaterials)
      .where(inArray(scrapMaterials.id, ids))
      .orderBy(asc(scrapMaterials.id))
      .for("update");
    const byId = new Map(rows.map((row) => [row.id, row]));
    const { toSave, conflicts } = sortChanges(
      changes,
      (change) => byId.get(change.id)?.[sheetColumns[change.field]] ?? null,
    );
    if (conflicts.length > 0) return { ok: false, conflicts };
    for (const current of rows) {
      const mine = toSave.filter((change) => change.id === current.id);
      if (mine.length > 0) await writeMaterialEdits(tx, actor, current, sheetEdits(current, mine));
    }
    if (toSave.length > 0) await notifyCacheChanged(tx, "rates");
    return { ok: true, saved: toSave };
  });
}

function nameTaken(name: string) {
  return new RateChangeError("dashboard.rates.nameTaken", "name", 409, { name });
}

/**
 * Adds an active material at the end of a category and records `rate.add` with its rate
 * (paise per kg). Names are unique within a category, ignoring case.
 * @returns the new material's id.
 * @throws RateChangeError 'categoryId' unknown category, 'name' taken (409).
 */
export async function addMaterial(
  db: Database,
  actor: { email: string },
  input: {
    categoryId: number;
    name: string;
    ratePaisePerKg: number;
  } & Partial<MaterialTranslations>,
): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const [category] = await tx
        .select({ id: scrapCategories.id })
        .from(scrapCategories)
        .where(eq(scrapCategories.id, input.categoryId))
        .for("update");
      if (!category) {
        throw new RateChangeError("dashboard.rates.categoryNotFound", "categoryId");
      }
      const sameName: SQL = sql`lower(${scrapMaterials.name}) = lower(${input.name})`;
      const [existing] = await tx
        .select({ name: scrapMaterials.name })
        .from(scrapMaterials)
        .where(and(eq(scrapMaterials.categoryId, input.categoryId), sameName));
      if (existing) throw nameTaken(existing.name);
      const [last] = await tx
        .select({ sortOrder: sql<number | null>`max(${scrapMaterials.sortOrder})` })
        .from(scrapMaterials)
        .where(eq(scrapMaterials.categoryId, input.categoryId));
      const inserted = await tx
        .insert(scrapMaterials)
        .values({
          categoryId: input.categoryId,
          name: input.name,
          nameHi: input.nameHi ?? "",
          nameKn: input.nameKn ?? "",
          ratePaisePerKg: input.ratePaisePerKg,
          sortOrder: Number(last?.sortOrder ?? -1) + 1,
        })
        .returning({ id: scrapMaterials.id });
      const row = returnedRow(inserted, "Material insert");
      await notifyCacheChanged(tx, "rates");
      await recordAudit(tx, {
        actor,
        action: "rate.add",
        entity: "scrap_material",
        entityId: row.id,
        after: {
          categoryId: input.categoryId,
          name: input.name,
          nameHi: input.nameHi ?? "",
          nameKn: input.nameKn ?? "",
          ratePaisePerKg: input.ratePaisePerKg,
        },
      });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, "scrap_materials_category_name_unique")) {
      throw nameTaken(input.name);
    }
    throw error;
  }
}

/** CSV header of the rates export; the rows come from `rateExportRows`. */
export const rateExportHeader = [
  "Material ID",
  "Category",
  "Material",
  "Material (Hindi)",
  "Material (Kannada)",
  "Rate (paise per kg)",
  "Rate (₹ per kg)",
  "Active",
  "Updated at (UTC)",
] as const;

type RateSortKey = [categorySort: number, categoryId: number, materialSort: number, id: number];

/** Up to `limit` materials (retired too) after the sort key `after`, in page order. */
function rateBatch(db: Database, after: RateSortKey | null, limit: number) {
  return db
    .select({
      categorySort: scrapCategories.sortOrder,
      categoryId: scrapCategories.id,
      category: scrapCategories.name,
      materialSort: scrapMaterials.sortOrder,
      ...materialColumns,
      updatedAt: scrapMaterials.updatedAt,
    })
    .from(scrapMaterials)
    .innerJoin(scrapCategories, eq(scrapCategories.id, scrapMaterials.categoryId))
    .where(
      after
        ? sql`(${scrapCategories.sortOrder}, ${scrapCategories.id}, ${scrapMaterials.sortOrder}, ${scrapMaterials.id}) > (${after[0]}, ${after[1]}, ${after[2]}, ${after[3]})`
        : undefined,
    )
    .orderBy(
      asc(scrapCategories.sortOrder),
      asc(scrapCategories.id),
      asc(scrapMaterials.sortOrder),
      asc(scrapMaterials.id),
    )
    .limit(limit);
}

/**
 * Every material (retired too) as CSV rows in page order, fetched 1,000 at a time by keyset
 * (docs/dashboard.md). The rates page has no filters, so neither has its export.
 */
export function rateExportRows(db: Database): AsyncGenerator<readonly unknown[]> {
  const rows = keysetBatches(
    (after: RateSortKey | null, limit: number) => rateBatch(db, after, limit),
    (row): RateSortKey => [row.categorySort, row.categoryId, row.materialSort, row.id],
    1000,
  );
  return csvRowsOf(rows, (row) => [
    row.id,
    row.category,
    row.name,
    row.nameHi,
    row.nameKn,
    row.ratePaisePerKg,
    csvRupees(row.ratePaisePerKg),
    csvYesNo(row.active),
    row.updatedAt,
  ]);
}

/** What a successful rate form did, for the page's notice. */
export type RateFormOutcome = "rate" | "unchanged" | "added" | "retired" | "restored" | "renamed";

export type RateFormResult =
  | { ok: true; materialId: number; outcome: RateFormOutcome }
  | { ok: false; status: number; errors: Partial<Record<(typeof rateFormFields)[number], string>> };

/**
 * The rates page's action for its forms besides the rate sheet (docs/dashboard.md): checks the
 * add, retire or restore form with `rateFormSchema` (told apart by `intent`) and applies it.
 * Nothing is written when a field is refused.
 * @returns the material changed and what happened, or a message per field with the HTTP
 *   status (400 bad value, 404 unknown material, 409 name taken).
 */
export async function applyRateForm(
  db: Database,
  actor: { email: string },
  fields: Record<(typeof rateFormFields)[number], string>,
): Promise<RateFormResult> {
  const parsed = rateFormSchema.safeParse(fields);
  if (!parsed.success) {
    return { ok: false, status: 400, errors: fieldErrorTexts("en", parsed.error.issues) };
  }
  const input = parsed.data;
  try {
    if (input.intent === "add-material") {
      const materialId = await addMaterial(db, actor, {
        categoryId: input.categoryId,
        name: input.name,
        nameHi: input.nameHi,
        nameKn: input.nameKn,
        ratePaisePerKg: input.rate,
      });
      return { ok: true, materialId, outcome: "added" };
    }
    const active = input.intent === "restore";
    const { changed } = await setMaterialActive(db, actor, input.materialId, active);
    const outcome = !changed ? "unchanged" : active ? "restored" : "retired";
    return { ok: true, materialId: input.materialId, outcome };
  } catch (error) {
    if (error instanceof RateChangeError) {
      return {
        ok: false,
        status: error.status,
        errors: { [error.field]: refusalText("en", error) },
      };
    }
    throw error;
  }
}

/** The message of a rate sheet cell that changed meanwhile (`now` null: no such material). */
function conflictMessage(conflict: RateSheetConflict): MessageRef {
  if (conflict.now === null) return message("dashboard.rates.materialNotFound");
  if (typeof conflict.now === "number") {
    return message("dashboard.rates.rateChanged", { rate: formatPaise(conflict.now) });
  }
  return conflict.now === ""
    ? message("dashboard.rates.nameEmptied")
    : message("dashboard.rates.nameChanged", { name: conflict.now });
}

/**
 * The rate sheet's action (docs/dashboard.md "Rates", ADR 0031): reads the posted cells
 * (`readSheet` with `rateSheetSchemas`) and saves the changed ones with `saveRateSheet`, all or
 * nothing. A refused cell (a rate that is not ₹0 to ₹10,000 per kg, a name over 60 characters)
 * gets its message and 400; a cell changed meanwhile gets its message and 409, and shows again
 * with today's value as the shown one, so saving again replaces it knowingly.
 * @returns the cells written, or the refusal.
 */
export async function applyRateSheet(
  db: Database,
  actor: { email: string },
  posted: Readonly<Record<string, string>>,
): Promise<{ ok: true; saved: RateSheetChange[] } | RefusedSheet> {
  const read = readSheet(posted, rateSheetFields, rateSheetSchemas, readShownRateCell);
  if (!read.ok) return read;
  const result = await saveRateSheet(db, actor, read.changes);
  if (result.ok) return result;
  return sheetChangedMeanwhile(
    read.cells,
    result.conflicts.map((conflict) => ({
      id: conflict.change.id,
      field: conflict.change.field,
      message: conflictMessage(conflict),
      now: conflict.now === null ? null : String(conflict.now),
    })),
  );
}
