/**
 * Scrap rate list editing for admins (docs/dashboard.md): every material of every category, active
 * and retired; change a rate, add a material, retire one or bring it back. Rates are integer paise
 * per kg. Each change is one transaction with an audit row (docs/dashboard.md "Audit log", entity
 * 'scrap_material'). A retired material keeps its row (`active = false`): /ratelist and the pickup
 * form (`listRateCategories`) and `bookPickup` only take active materials, while old pickup lines
 * still point at it. Each change notifies the "rates" cache of the public pages. A material's Hindi
 * and Kannada names ('' shows the English) are set when it is added or with `setMaterialNames`.
 */
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { changedFields, recordAudit } from "~/db/audit.server";
import { notifyCacheChanged } from "~/db/cache-invalidation.server";
import type { Database } from "~/db/client.server";
import { returnedRow } from "~/db/returned-row";
import { scrapCategories, scrapMaterials } from "~/db/schema/rates";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import { csvRowsOf, csvRupees, csvYesNo } from "~/utils/csv.server";
import { keysetBatches } from "~/utils/keyset.server";
import { isUniqueViolation } from "~/utils/pg-errors";
import { type MessageValues, Refusal } from "~/utils/refusal";
import { type rateFormFields, rateFormSchema } from "./rate.schema";

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

/** Categories in display order, each with all its materials (retired too) in display order. */
export async function listRatesForAdmin(db: Database): Promise<AdminRateCategory[]> {
  const rows = await db
    .select({
      categoryId: scrapCategories.id,
      categoryName: scrapCategories.name,
      id: scrapMaterials.id,
      name: scrapMaterials.name,
      nameHi: scrapMaterials.nameHi,
      nameKn: scrapMaterials.nameKn,
      ratePaisePerKg: scrapMaterials.ratePaisePerKg,
      active: scrapMaterials.active,
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
    .select({
      id: scrapMaterials.id,
      name: scrapMaterials.name,
      nameHi: scrapMaterials.nameHi,
      nameKn: scrapMaterials.nameKn,
      ratePaisePerKg: scrapMaterials.ratePaisePerKg,
      active: scrapMaterials.active,
    })
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

/**
 * One audited edit of a material in a transaction: reads it FOR UPDATE, asks `plan` what changes
 * (null: nothing, and nothing is written), sets those columns, tells the other servers' caches
 * and records the audit row `action` with the values before and after (docs/dashboard.md).
 * @throws RateChangeError 404 unknown material.
 */
async function editMaterial(
  db: Database,
  actor: { email: string },
  materialId: number,
  plan: (
    current: LockedMaterial,
  ) => { action: string; before: MaterialColumns; after: MaterialColumns } | null,
): Promise<{ name: string; changed: boolean }> {
  return db.transaction(async (tx) => {
    const current = await lockMaterial(tx, materialId);
    const change = plan(current);
    if (!change) return { name: current.name, changed: false };
    await tx
      .update(scrapMaterials)
      .set({ ...change.after, updatedAt: new Date() })
      .where(eq(scrapMaterials.id, materialId));
    await notifyCacheChanged(tx, "rates");
    await recordAudit(tx, {
      actor,
      action: change.action,
      entity: "scrap_material",
      entityId: materialId,
      before: change.before,
      after: change.after,
      extra: { name: current.name },
    });
    return { name: current.name, changed: true };
  });
}

/**
 * Sets a material's rate (paise per kg, already checked by `rateFormSchema`) and records
 * `rate.update` with the rate before (read FOR UPDATE) and after. Nothing is written when
 * the rate is unchanged. Pickups booked earlier keep the rate stored on their lines.
 * @returns the material's name and whether anything changed.
 * @throws RateChangeError 404 unknown material.
 */
export function updateMaterialRate(
  db: Database,
  actor: { email: string },
  materialId: number,
  ratePaisePerKg: number,
): Promise<{ name: string; changed: boolean }> {
  return editMaterial(db, actor, materialId, (current) =>
    current.ratePaisePerKg === ratePaisePerKg
      ? null
      : {
          action: "rate.update",
          before: { ratePaisePerKg: current.ratePaisePerKg },
          after: { ratePaisePerKg },
        },
  );
}

/**
 * Retires (`active = false`) or brings back (`active = true`) a material and records
 * `rate.retire` / `rate.restore`. Retired materials leave /ratelist and the pickup form; old
 * pickups keep their lines.
 * @returns the material's name and whether anything changed.
 * @throws RateChangeError 404 unknown material.
 */
export function setMaterialActive(
  db: Database,
  actor: { email: string },
  materialId: number,
  active: boolean,
): Promise<{ name: string; changed: boolean }> {
  return editMaterial(db, actor, materialId, (current) =>
    current.active === active
      ? null
      : {
          action: active ? "rate.restore" : "rate.retire",
          before: { active: current.active },
          after: { active },
        },
  );
}

/** A material's names in Hindi and Kannada ('' for "show the English"). */
export interface MaterialTranslations {
  nameHi: string;
  nameKn: string;
}

/**
 * Sets a material's Hindi and Kannada names (checked by `rateFormSchema`) and records
 * `rate.rename` with the names that changed, before (read FOR UPDATE) and after. Nothing is
 * written when both are unchanged.
 * @returns the material's (English) name and whether anything changed.
 * @throws RateChangeError 404 unknown material.
 */
export function setMaterialNames(
  db: Database,
  actor: { email: string },
  materialId: number,
  names: MaterialTranslations,
): Promise<{ name: string; changed: boolean }> {
  return editMaterial(db, actor, materialId, (current) => {
    const diff = changedFields(current, { nameHi: names.nameHi, nameKn: names.nameKn });
    if (Object.keys(diff.after).length === 0) return null;
    return { action: "rate.rename", before: diff.before, after: diff.after };
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
      id: scrapMaterials.id,
      name: scrapMaterials.name,
      nameHi: scrapMaterials.nameHi,
      nameKn: scrapMaterials.nameKn,
      ratePaisePerKg: scrapMaterials.ratePaisePerKg,
      active: scrapMaterials.active,
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
 * The rates page's action (docs/dashboard.md): checks one of its four forms with
 * `rateFormSchema` (told apart by `intent`) and applies it. Nothing is written when a field
 * is refused.
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
    switch (input.intent) {
      case "update-rate": {
        const { changed } = await updateMaterialRate(db, actor, input.materialId, input.rate);
        return { ok: true, materialId: input.materialId, outcome: changed ? "rate" : "unchanged" };
      }
      case "add-material": {
        const materialId = await addMaterial(db, actor, {
          categoryId: input.categoryId,
          name: input.name,
          nameHi: input.nameHi,
          nameKn: input.nameKn,
          ratePaisePerKg: input.rate,
        });
        return { ok: true, materialId, outcome: "added" };
      }
      case "rename-material": {
        const { changed } = await setMaterialNames(db, actor, input.materialId, input);
        return {
          ok: true,
          materialId: input.materialId,
          outcome: changed ? "renamed" : "unchanged",
        };
      }
      case "retire":
      case "restore": {
        const active = input.intent === "restore";
        const { changed } = await setMaterialActive(db, actor, input.materialId, active);
        const outcome = !changed ? "unchanged" : active ? "restored" : "retired";
        return { ok: true, materialId: input.materialId, outcome };
      }
    }
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
