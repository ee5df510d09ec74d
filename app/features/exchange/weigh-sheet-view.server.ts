/**
 * Reading a pickup's weigh sheets (docs/exchange.md): every version, newest first, each with its
 * material lines and reward plants, for the customer's tracking page, the collector's page and
 * the staff history. Weights are integer grams, money integer paise, rates paise per kg.
 */
import { asc, desc, eq, inArray, max } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  type WeighSheet,
  weighSheetLines,
  weighSheetPlants,
  weighSheets,
} from "~/db/schema/exchange";

export interface WeighSheetLineView {
  materialId: number;
  materialName: string;
  grams: number;
  ratePaisePerKg: number;
  amountPaise: number;
}

export interface WeighSheetPlantView {
  productId: number;
  name: string;
  unitPricePaise: number;
  quantity: number;
  lineTotalPaise: number;
}

export type WeighSheetView = WeighSheet & {
  lines: WeighSheetLineView[];
  plants: WeighSheetPlantView[];
};

/**
 * Every weigh sheet version of the pickup, newest first (versions[0] is the current one), with
 * lines in the order they were weighed and plants in the order they were picked. Empty when the
 * pickup has no sheet (or does not exist).
 */
export async function weighSheetsOf(db: Database, pickupId: number): Promise<WeighSheetView[]> {
  const sheets = await db
    .select()
    .from(weighSheets)
    .where(eq(weighSheets.pickupId, pickupId))
    .orderBy(desc(weighSheets.version));
  if (sheets.length === 0) return [];
  const ids = sheets.map((sheet) => sheet.id);
  const lines = await db
    .select()
    .from(weighSheetLines)
    .where(inArray(weighSheetLines.weighSheetId, ids))
    .orderBy(asc(weighSheetLines.id));
  const plants = await db
    .select()
    .from(weighSheetPlants)
    .where(inArray(weighSheetPlants.weighSheetId, ids))
    .orderBy(asc(weighSheetPlants.id));
  return sheets.map((sheet) => ({
    ...sheet,
    lines: lines
      .filter((line) => line.weighSheetId === sheet.id)
      .map(({ materialId, materialName, grams, ratePaisePerKg, amountPaise }) => ({
        materialId,
        materialName,
        grams,
        ratePaisePerKg,
        amountPaise,
      })),
    plants: plants
      .filter((plant) => plant.weighSheetId === sheet.id)
      .map(({ productId, name, unitPricePaise, quantity, lineTotalPaise }) => ({
        productId,
        name,
        unitPricePaise,
        quantity,
        lineTotalPaise,
      })),
  }));
}

/** The latest weigh sheet version of the pickup, 0 when it has none (1, 2, … per pickup). */
export async function latestSheetVersion(db: Database, pickupId: number): Promise<number> {
  const [row] = await db
    .select({ version: max(weighSheets.version) })
    .from(weighSheets)
    .where(eq(weighSheets.pickupId, pickupId));
  return row?.version ?? 0;
}
