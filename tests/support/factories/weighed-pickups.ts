/**
 * Weighed pickups for tests of the customer's decision (docs/exchange.md): a pickup in
 * 'weighed' with a pending weigh sheet version, its material lines and reward plants, written
 * straight with Drizzle (the weigh-sheet form has its own tests). Needs a seeded database
 * (scrap materials and products).
 */
import { asc, eq, max } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema/catalogue";
import { weighSheetLines, weighSheetPlants, weighSheets } from "~/db/schema/exchange";
import { pickups } from "~/db/schema/pickups";
import { scrapMaterials } from "~/db/schema/rates";
import { handoverCode, humanReference, unguessableToken } from "~/utils/codes.server";
import { todayInKolkata } from "~/utils/dates";

export interface SheetOptions {
  /** grams per line, priced at the first active materials' current rates (default 12.5 kg). */
  grams?: number[];
  /** Plants picked as the reward: product id and quantity. */
  plants?: { productId: number; quantity: number }[];
  pickupChargePaise?: number;
  bonusPercent?: number;
}

export interface WeighedPickupOptions extends SheetOptions {
  reward?: "coupon" | "plants" | "money";
  handoverCode?: string | null;
  collectorId?: string | null;
}

let counter = 0;

/** The id of the first active scrap material (a seeded database has several). */
export async function firstMaterialId(db: Database): Promise<number> {
  const [material] = await db
    .select({ id: scrapMaterials.id })
    .from(scrapMaterials)
    .where(eq(scrapMaterials.active, true))
    .orderBy(asc(scrapMaterials.id))
    .limit(1);
  if (!material) throw new Error("no active scrap material");
  return material.id;
}

/**
 * A pickup in 'weighed' with weigh sheet version 1 pending, visited now, on its pickup date
 * (today in Asia/Kolkata).
 */
export async function weighedPickup(db: Database, options: WeighedPickupOptions = {}) {
  counter += 1;
  const now = new Date();
  const [pickup] = await db
    .insert(pickups)
    .values({
      reference: humanReference("PU"),
      trackingToken: unguessableToken(),
      name: `Customer ${counter}`,
      email: `customer${counter}@example.com`,
      phone: "+919845012345",
      addressLine1: "4 Residency Road",
      addressLine2: "",
      city: "Bengaluru",
      pinCode: "560025",
      pickupDate: todayInKolkata(now),
      slotStart: "11:00",
      rewardPreference: options.reward ?? "coupon",
      status: "weighed",
      collectorId: options.collectorId ?? null,
      onTheWayAt: options.handoverCode === null ? null : now,
      arrivedAt: now,
      handoverCode: options.handoverCode === undefined ? "4821" : options.handoverCode,
    })
    .returning();
  if (!pickup) throw new Error("no pickup");
  const sheet = await addSheetVersion(db, pickup.id, options);
  return { pickup, sheet, token: pickup.trackingToken };
}

/**
 * Saves the next weigh sheet version of the pickup as pending (the previous pending or disputed
 * one becomes superseded) and moves the pickup to 'weighed', as the weigh-sheet form does.
 */
export async function addSheetVersion(db: Database, pickupId: number, options: SheetOptions = {}) {
  const [pickup] = await db.select().from(pickups).where(eq(pickups.id, pickupId));
  if (!pickup) throw new Error("no pickup");
  const materials = await db
    .select()
    .from(scrapMaterials)
    .where(eq(scrapMaterials.active, true))
    .orderBy(asc(scrapMaterials.id));
  const lines = (options.grams ?? [12_500]).map((grams, i) => {
    const material = materials[i];
    if (!material) throw new Error("not enough materials");
    const amountPaise = Math.round((grams * material.ratePaisePerKg) / 1000);
    return { material, grams, amountPaise };
  });
  const plantRows = await plantLines(db, options.plants ?? []);
  const subtotal = lines.reduce((sum, line) => sum + line.amountPaise, 0);
  const charge = options.pickupChargePaise ?? 0;
  const payout = Math.max(0, subtotal - charge);
  const bonusPercent = options.bonusPercent ?? 10;
  const reward =
    pickup.rewardPreference === "money"
      ? payout
      : payout + Math.round((payout * bonusPercent) / 100);
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ version: max(weighSheets.version) })
      .from(weighSheets)
      .where(eq(weighSheets.pickupId, pickupId));
    await tx
      .update(weighSheets)
      .set({ status: "superseded" })
      .where(eq(weighSheets.pickupId, pickupId));
    const [sheet] = await tx
      .insert(weighSheets)
      .values({
        pickupId,
        version: (last?.version ?? 0) + 1,
        totalGrams: lines.reduce((sum, line) => sum + line.grams, 0),
        subtotalPaise: subtotal,
        pickupChargePaise: charge,
        payoutPaise: payout,
        bonusPercent,
        rewardValuePaise: reward,
        createdByName: "Test Collector",
      })
      .returning();
    if (!sheet) throw new Error("no sheet");
    await tx.insert(weighSheetLines).values(
      lines.map((line) => ({
        weighSheetId: sheet.id,
        materialId: line.material.id,
        materialName: line.material.name,
        grams: line.grams,
        ratePaisePerKg: line.material.ratePaisePerKg,
        amountPaise: line.amountPaise,
      })),
    );
    if (plantRows.length > 0) {
      await tx
        .insert(weighSheetPlants)
        .values(plantRows.map((plant) => ({ ...plant, weighSheetId: sheet.id })));
    }
    // The handover code is bound to the new version as saveWeighSheet binds it: a code issued
    // before any sheet keeps its digits, one bound to an earlier version is drawn again.
    const rebound =
      pickup.handoverCode === null
        ? {}
        : {
            handoverCode:
              (pickup.handoverCodeVersion ?? 0) === 0 ? pickup.handoverCode : handoverCode(),
            handoverCodeVersion: sheet.version,
            handoverFailures: 0,
          };
    await tx
      .update(pickups)
      .set({ status: "weighed", ...rebound })
      .where(eq(pickups.id, pickupId));
    return sheet;
  });
}

async function plantLines(db: Database, plants: { productId: number; quantity: number }[]) {
  const rows = [];
  for (const plant of plants) {
    const [product] = await db.select().from(products).where(eq(products.id, plant.productId));
    if (!product) throw new Error(`no product ${plant.productId}`);
    rows.push({
      productId: product.id,
      name: product.name,
      unitPricePaise: product.pricePaise,
      quantity: plant.quantity,
      lineTotalPaise: product.pricePaise * plant.quantity,
    });
  }
  return rows;
}
