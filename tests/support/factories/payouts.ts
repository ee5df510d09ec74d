/**
 * Pickups at the end of the exchange loop for payout, chart and impact tests, written straight
 * into the tables (docs/exchange.md): a pickup with a status, reward, payout and collection time,
 * and one weigh sheet version with lines (and plants) in a chosen state; a confirmed sheet of a
 * collected pickup is added to the daily roll-up as the confirmation does. Needs a seeded database
 * (scrap materials and products).
 */
import crypto from "node:crypto";
import { asc } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema/catalogue";
import {
  type WeighSheetStatus,
  weighSheetLines,
  weighSheetPlants,
  weighSheets,
} from "~/db/schema/exchange";
import { type PickupStatus, pickups, type rewardPreferences } from "~/db/schema/pickups";
import { scrapMaterials } from "~/db/schema/rates";
import { addConfirmedSheet } from "~/features/exchange/daily-totals.server";
import { pickupAddress } from "./carts-and-addresses";

let counter = 0;

export interface ExchangeFixture {
  reward?: (typeof rewardPreferences)[number];
  status?: PickupStatus;
  /** Paise; defaults to the lines' amount at ₹10 per kg. */
  payoutPaise?: number | null;
  collectedAt?: Date | null;
  /** The weigh sheet's state; null: no sheet. */
  sheetStatus?: WeighSheetStatus | null;
  /** Grams per line, one seeded material each. */
  lineGrams?: number[];
  /** Quantities of plants on the sheet, one seeded product each. */
  plantQuantities?: number[];
}

/**
 * A pickup (default: collected an hour ago, reward money, ₹123.45) with one weigh sheet
 * (default: confirmed, 12.5 kg + 3 kg).
 * @returns the pickup's id and reference, and the sheet's id (null without one).
 */
export async function exchangePickup(db: Database, fixture: ExchangeFixture = {}) {
  counter += 1;
  const lineGrams = fixture.lineGrams ?? [12_500, 3_000];
  const grams = lineGrams.reduce((a, b) => a + b, 0);
  const payoutPaise = fixture.payoutPaise === undefined ? 12_345 : fixture.payoutPaise;
  const collectedAt =
    fixture.collectedAt === undefined ? new Date(Date.now() - 3_600_000) : fixture.collectedAt;
  const reference = `PU-X${crypto.randomBytes(3).toString("hex").toUpperCase()}${counter}`;
  const [pickup] = await db
    .insert(pickups)
    .values({
      ...pickupAddress,
      reference,
      trackingToken: crypto.randomBytes(16).toString("hex"),
      status: fixture.status ?? "collected",
      pickupDate: "2026-01-15",
      slotStart: "10:00",
      rewardPreference: fixture.reward ?? "money",
      payoutPaise,
      collectedAt,
    })
    .returning({ id: pickups.id, reference: pickups.reference });
  if (!pickup) throw new Error("no pickup");
  const sheetStatus = fixture.sheetStatus === undefined ? "confirmed" : fixture.sheetStatus;
  if (sheetStatus === null) return { ...pickup, sheetId: null };
  const [sheet] = await db
    .insert(weighSheets)
    .values({
      pickupId: pickup.id,
      version: 1,
      status: sheetStatus,
      totalGrams: grams,
      subtotalPaise: payoutPaise ?? 0,
      payoutPaise: payoutPaise ?? 0,
      bonusPercent: 10,
      rewardValuePaise: payoutPaise ?? 0,
      createdByName: "Collector",
      decidedAt: sheetStatus === "pending" ? null : collectedAt,
    })
    .returning({ id: weighSheets.id });
  if (!sheet) throw new Error("no weigh sheet");
  const materials = await db.select().from(scrapMaterials).orderBy(asc(scrapMaterials.id));
  if (lineGrams.length > 0) {
    await db.insert(weighSheetLines).values(
      lineGrams.map((g, i) => {
        const material = materials[i];
        if (!material) throw new Error("not enough seeded materials");
        return {
          weighSheetId: sheet.id,
          materialId: material.id,
          materialName: material.name,
          grams: g,
          ratePaisePerKg: 1000,
          amountPaise: g,
        };
      }),
    );
  }
  const quantities = fixture.plantQuantities ?? [];
  if (quantities.length > 0) {
    const plants = await db.select().from(products).orderBy(asc(products.id));
    await db.insert(weighSheetPlants).values(
      quantities.map((quantity, i) => {
        const product = plants[i];
        if (!product) throw new Error("not enough seeded products");
        return {
          weighSheetId: sheet.id,
          productId: product.id,
          name: product.name,
          unitPricePaise: product.pricePaise,
          quantity,
          lineTotalPaise: product.pricePaise * quantity,
        };
      }),
    );
  }
  if (
    sheetStatus === "confirmed" &&
    collectedAt !== null &&
    (fixture.status ?? "collected") === "collected"
  ) {
    // What the confirmation adds in its transaction: the daily roll-up of confirmed sheets.
    await addConfirmedSheet(db, sheet.id, fixture.reward ?? "money", collectedAt);
  }
  return { ...pickup, sheetId: sheet.id };
}
