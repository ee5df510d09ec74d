/**
 * The daily roll-up of confirmed weigh sheets (docs/exchange.md "Daily totals"): real
 * confirmations, some of them at once, add each sheet once to its Asia/Kolkata day, and the sums
 * equal a rebuild from the sheets themselves. On PostgreSQL (TEST_DATABASE_URL) the concurrent
 * confirmations really run side by side.
 */
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema/catalogue";
import { collectedGramsDaily, plantsGivenDaily } from "~/db/schema/exchange";
import { seedDatabase } from "~/db/seed.server";
import {
  closeDispute,
  confirmWeighSheetByToken,
  disputeWeighSheetByToken,
} from "~/features/exchange/confirmation.server";
import { rebuildDailyTotals } from "~/features/exchange/daily-totals.server";
import { kolkataInstant } from "~/utils/dates";
import { exchangeDefaults } from "~/utils/env.server";
import { weighedPickup } from "../support/factories/weighed-pickups";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
const settings = { ...exchangeDefaults };
const DAY = "2031-07-14";

beforeAll(async () => {
  await seedDatabase(handle.db);
  await handle.db.update(products).set({ stock: 1_000 });
});

async function rollUp() {
  const grams = await handle.db
    .select()
    .from(collectedGramsDaily)
    .orderBy(asc(collectedGramsDaily.collectedOn), asc(collectedGramsDaily.materialId));
  const plants = await handle.db
    .select()
    .from(plantsGivenDaily)
    .orderBy(asc(plantsGivenDaily.givenOn));
  return { grams, plants };
}

async function firstPlantId() {
  const [plant] = await handle.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.kind, "plant"))
    .orderBy(asc(products.id))
    .limit(1);
  if (!plant) throw new Error("no seeded plant");
  return plant.id;
}

describe("daily totals of confirmed weigh sheets", () => {
  it("adds each confirmed sheet once to its Asia/Kolkata day, even when confirmed at once", async () => {
    const plantId = await firstPlantId();
    // Twelve sheets of two materials; every third pickup takes 2 plants.
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        weighedPickup(handle.db, {
          reward: i % 3 === 0 ? "plants" : "coupon",
          grams: [1_000 + i, 500],
          plants: i % 3 === 0 ? [{ productId: plantId, quantity: 2 }] : [],
        }),
      ),
    );
    // 00:05 IST on DAY is 18:35 UTC the day before: it counts on DAY.
    const at = kolkataInstant(DAY, "00:05");
    await Promise.all(
      made.map((m) => confirmWeighSheetByToken(handle.db, m.token, 1, at, settings)),
    );
    // A replayed confirmation adds nothing.
    const first = made[0];
    if (!first) throw new Error("no pickup");
    await confirmWeighSheetByToken(handle.db, first.token, 1, at, settings);
    // A sheet disputed then closed without a collection is not counted.
    const closed = await weighedPickup(handle.db, { grams: [40_000] });
    await disputeWeighSheetByToken(handle.db, closed.token, 1, "Wrong weight", at);
    await closeDispute(
      handle.db,
      closed.pickup.id,
      { outcome: "cancelled", note: "Customer kept the scrap" },
      { email: "admin@example.com", name: "Admin", role: "admin" },
      at,
      settings,
    );
    // The next day at 23:50 IST: another day's row.
    const late = await weighedPickup(handle.db, { grams: [700] });
    await confirmWeighSheetByToken(
      handle.db,
      late.token,
      1,
      kolkataInstant("2031-07-15", "23:50"),
      settings,
    );

    const { grams, plants } = await rollUp();
    const onDay = grams.filter((row) => row.collectedOn === DAY);
    expect(onDay.map((row) => row.grams)).toEqual([
      12 * 1_000 + (11 * 12) / 2, // 1000 + 1001 + … + 1011
      12 * 500,
    ]);
    expect(grams.filter((row) => row.collectedOn === "2031-07-15").map((r) => r.grams)).toEqual([
      700,
    ]);
    expect(plants).toEqual([{ givenOn: DAY, plants: 4 * 2 }]);

    // A rebuild from the sheets finds the same rows.
    await rebuildDailyTotals(handle.db);
    expect(await rollUp()).toEqual({ grams, plants });
  });
});
