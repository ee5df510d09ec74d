/**
 * The daily roll-up of confirmed weigh sheets (docs/exchange.md "Daily totals", ADR 0036):
 * `collected_grams_daily` (Σ grams per rate-list material per Asia/Kolkata day of collection) and
 * `plants_given_daily` (Σ plants handed over on 'plants' pickups per day). The dashboard's month
 * and 30-day figures read these few hundred rows instead of every sheet of the month.
 *
 * A confirmed sheet never changes and a collected pickup never leaves 'collected'
 * (pickup-status.ts), so the roll-up only grows: `addConfirmedSheet` adds one sheet in the
 * transaction that confirms it. Concurrent confirmations of one day add to the same rows with
 * `insert … on conflict do update` (row locks, taken in material order, so two of them cannot
 * deadlock), and the sums stay exact on several servers.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  collectedGramsDaily,
  plantsGivenDaily,
  weighSheetLines,
  weighSheetPlants,
} from "~/db/schema/exchange";
import type { rewardPreferences } from "~/db/schema/pickups";
import { todayInKolkata } from "~/utils/dates";

/**
 * Adds weigh sheet `sheetId`, confirmed at `collectedAt` (the pickup's `collected_at`), to the
 * roll-up of that instant's Asia/Kolkata day: its lines' grams per material, and its plants when
 * the pickup's reward is plants. Call it inside the confirming transaction, once per sheet.
 * Throws only what the database throws.
 */
export async function addConfirmedSheet(
  tx: Database,
  sheetId: number,
  reward: (typeof rewardPreferences)[number],
  collectedAt: Date,
): Promise<void> {
  const day = todayInKolkata(collectedAt);
  const lines = await tx
    .select({ materialId: weighSheetLines.materialId, grams: weighSheetLines.grams })
    .from(weighSheetLines)
    .where(eq(weighSheetLines.weighSheetId, sheetId))
    .orderBy(asc(weighSheetLines.materialId));
  if (lines.length > 0) {
    await tx
      .insert(collectedGramsDaily)
      .values(lines.map((line) => ({ collectedOn: day, ...line })))
      .onConflictDoUpdate({
        target: [collectedGramsDaily.collectedOn, collectedGramsDaily.materialId],
        set: { grams: sql`${collectedGramsDaily.grams} + excluded.grams` },
      });
  }
  if (reward !== "plants") return;
  const [given] = await tx
    .select({ plants: sql<number>`coalesce(sum(${weighSheetPlants.quantity}), 0)::int` })
    .from(weighSheetPlants)
    .where(eq(weighSheetPlants.weighSheetId, sheetId));
  const plants = Number(given?.plants ?? 0);
  if (plants === 0) return;
  await tx
    .insert(plantsGivenDaily)
    .values({ givenOn: day, plants })
    .onConflictDoUpdate({
      target: plantsGivenDaily.givenOn,
      set: { plants: sql`${plantsGivenDaily.plants} + excluded.plants` },
    });
}

/**
 * Recomputes the whole roll-up from the confirmed sheets (the sums the migration that created it
 * wrote, drizzle/0021_daily_totals.sql), in one transaction: a repair after rows were written
 * outside `addConfirmedSheet` (a data import, the benchmark's generated data). Reads every
 * confirmed sheet: seconds at a million pickups. Throws only what the database throws.
 */
export async function rebuildDailyTotals(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(collectedGramsDaily);
    await tx.delete(plantsGivenDaily);
    await tx.execute(sql`
      insert into collected_grams_daily (collected_on, material_id, grams)
      select (p.collected_at at time zone 'Asia/Kolkata')::date, l.material_id, sum(l.grams)
      from pickups p
      join weigh_sheets s on s.pickup_id = p.id and s.status = 'confirmed'
      join weigh_sheet_lines l on l.weigh_sheet_id = s.id
      where p.collected_at is not null
      group by 1, 2`);
    await tx.execute(sql`
      insert into plants_given_daily (given_on, plants)
      select (p.collected_at at time zone 'Asia/Kolkata')::date, sum(w.quantity)
      from pickups p
      join weigh_sheets s on s.pickup_id = p.id and s.status = 'confirmed'
      join weigh_sheet_plants w on w.weigh_sheet_id = s.id
      where p.collected_at is not null and p.reward_preference = 'plants'
      group by 1`);
  });
}
