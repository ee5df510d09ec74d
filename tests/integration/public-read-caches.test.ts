/**
 * The public read side kept in memory (docs/operations.md; db/read-cache.server.ts): the plant
 * and fertiliser lists, the rate list and the published reviews are read once, and every kind
 * of write they show drops them, so the next read sees the change: a staff product edit,
 * stock crossing zero through an order (and not a sale that leaves stock above zero), a rate
 * change, a review published or hidden. On PostgreSQL, a write committed by another server
 * (its own connection, with the NOTIFY its writer sends) drops this server's copy within 1 s.
 */
import { eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  CACHE_INVALIDATE_CHANNEL,
  startCacheInvalidationListener,
} from "~/db/cache-invalidation.server";
import { postgresPoolOf } from "~/db/client.server";
import { products } from "~/db/schema/catalogue";
import { reviews } from "~/db/schema/community";
import { scrapMaterials } from "~/db/schema/rates";
import { seedDatabase } from "~/db/seed.server";
import { listFertilisers, listPlants } from "~/features/catalogue/catalogue.server";
import { productFormValues, saveProductForm } from "~/features/catalogue/catalogue-admin.server";
import { createReview, latestReviews, reviewSummary } from "~/features/community/community.server";
import { setReviewStatus } from "~/features/community/community-admin.server";
import { placeOrder } from "~/features/orders/orders.server";
import { listRateCategories } from "~/features/rates/rates.server";
import { saveRateSheet } from "~/features/rates/rates-admin.server";
import { idempotencyKey } from "~/utils/codes.server";
import { cartWith, newShopper, productBySlug } from "../support/factories/carts-and-addresses";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const admin = { email: "admin@example.com" };
const all = { q: "", filter: "all" } as const;

/** The plant with `slug` as /plant lists it now. */
async function plantsOnPage(slug: string) {
  return (await listPlants(handle.db, all)).find((p) => p.slug === slug);
}

async function orderOf(slug: string, quantity: number) {
  const product = await productBySlug(handle.db, slug);
  const cart = await cartWith(handle.db, [{ productId: product.id, quantity }]);
  return placeOrder(handle.db, {
    ...cart,
    idempotencyKey: idempotencyKey(),
    shipping: newShopper(),
    paymentMethod: "cod",
  });
}

describe("the public lists in memory", () => {
  it("are read once: a change made behind the app's back is not seen until a write drops them", async () => {
    await seedDatabase(handle.db);
    const before = await plantsOnPage("snake-plant");
    expect(before?.name).toBe("Snake Plant");
    // SQL by hand notifies nobody: the list in memory stays (this is what makes it cheap).
    await handle.db
      .update(products)
      .set({ name: "Snake Plant (by hand)" })
      .where(eq(products.slug, "snake-plant"));
    expect((await plantsOnPage("snake-plant"))?.name).toBe("Snake Plant");
    expect(await listPlants(handle.db, all)).toBe(await listPlants(handle.db, all));
  });

  it("a staff product edit shows on /plant and /supplies at once", async () => {
    const plant = await productBySlug(handle.db, "snake-plant");
    const result = await saveProductForm(handle.db, admin, plant.id, {
      ...productFormValues(plant),
      name: "Snake Plant",
      price: "260.50",
    });
    expect(result).toMatchObject({ ok: true, changed: true });
    const shown = await plantsOnPage("snake-plant");
    expect(shown).toMatchObject({ name: "Snake Plant", pricePaise: 26_050 });

    const [fertiliser] = await listFertilisers(handle.db);
    if (!fertiliser) throw new Error("no fertilisers seeded");
    const row = (await handle.db.select().from(products).where(eq(products.id, fertiliser.id)))[0];
    if (!row) throw new Error("fertiliser vanished");
    await saveProductForm(handle.db, admin, row.id, { ...productFormValues(row), price: "81" });
    expect((await listFertilisers(handle.db))[0]?.pricePaise).toBe(8_100);
  });

  it("says only whether a plant is in stock, and an order taking the last one shows 'Out of stock'", async () => {
    const plant = await productBySlug(handle.db, "peace-lily");
    await saveProductForm(handle.db, admin, plant.id, { ...productFormValues(plant), stock: "3" });
    const shown = await plantsOnPage("peace-lily");
    expect(shown?.inStock).toBe(true);
    expect(shown).not.toHaveProperty("stock");
    const cached = await listPlants(handle.db, all);

    // 3 → 1: still in stock, no public page changes, the list in memory is kept.
    await orderOf("peace-lily", 2);
    expect(await listPlants(handle.db, all)).toBe(cached);

    // 1 → 0: crosses zero, the list is read again.
    await orderOf("peace-lily", 1);
    expect((await productBySlug(handle.db, "peace-lily")).stock).toBe(0);
    expect((await plantsOnPage("peace-lily"))?.inStock).toBe(false);
  });

  it("a rate change shows on /ratelist at once", async () => {
    const rate = async (name: string) =>
      (await listRateCategories(handle.db)).flatMap((c) => c.materials).find((m) => m.name === name)
        ?.ratePaisePerKg;
    expect(await rate("Brass")).toBe(25_000);
    const [brass] = await handle.db
      .select()
      .from(scrapMaterials)
      .where(eq(scrapMaterials.name, "Brass"));
    if (!brass) throw new Error("Brass not seeded");
    const change = { id: brass.id, field: "rate", shown: 25_000, wanted: 26_275 } as const;
    await saveRateSheet(handle.db, admin, [change]);
    expect(await rate("Brass")).toBe(26_275);
  });

  it("a review published (at once, or by staff) or hidden shows on the home page at once", async () => {
    const count = (await reviewSummary(handle.db)).count;
    await createReview(
      handle.db,
      { review: "Lovely tulsi, arrived well packed.", rating: 5, displayName: "Asha" },
      false,
    );
    expect((await latestReviews(handle.db, 10))[0]?.body).toBe(
      "Lovely tulsi, arrived well packed.",
    );
    expect((await reviewSummary(handle.db)).count).toBe(count + 1);

    await createReview(
      handle.db,
      { review: "Waiting for approval.", rating: 4, displayName: "Ravi" },
      true,
    );
    const [pending] = await handle.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.body, "Waiting for approval."));
    if (!pending) throw new Error("review not stored");
    expect((await reviewSummary(handle.db)).count).toBe(count + 1);
    await setReviewStatus(handle.db, admin, pending.id, "publish");
    expect((await latestReviews(handle.db, 10))[0]?.body).toBe("Waiting for approval.");
    expect((await reviewSummary(handle.db)).count).toBe(count + 2);
    await setReviewStatus(handle.db, admin, pending.id, "hide");
    expect((await latestReviews(handle.db, 10)).map((r) => r.id)).not.toContain(pending.id);
    expect((await reviewSummary(handle.db)).count).toBe(count + 1);
  });

  it.runIf(onPostgres)(
    "another server's edit drops this server's list within 1 s of its commit",
    async () => {
      const stop = await startCacheInvalidationListener(handle.db);
      const pool = postgresPoolOf(handle.db);
      if (!pool) throw new Error("PostgreSQL only");
      const otherServer = new pg.Client(pool.options);
      await otherServer.connect();
      try {
        const before = await plantsOnPage("tulsi");
        if (!before) throw new Error("tulsi not seeded");
        // What another server's updateProduct commits: the row and its NOTIFY, in one transaction.
        await otherServer.query("begin");
        await otherServer.query(
          "update products set price_paise = price_paise + 100 where slug = 'tulsi'",
        );
        await otherServer.query("select pg_notify($1, 'catalogue')", [CACHE_INVALIDATE_CHANNEL]);
        await otherServer.query("commit");
        const committedAt = Date.now();
        await expect
          .poll(async () => (await plantsOnPage("tulsi"))?.pricePaise, {
            timeout: 1_000,
            interval: 10,
          })
          .toBe(before.pricePaise + 100);
        console.log(
          `another server's edit showed here ${Date.now() - committedAt} ms after commit`,
        );

        // The same for the rate list.
        const ratesBefore = await listRateCategories(handle.db);
        await otherServer.query("begin");
        await otherServer.query(
          "update scrap_materials set rate_paise_per_kg = 12345 where name = 'Copper'",
        );
        await otherServer.query("select pg_notify($1, 'rates')", [CACHE_INVALIDATE_CHANNEL]);
        await otherServer.query("commit");
        expect(
          ratesBefore.flatMap((c) => c.materials).find((m) => m.name === "Copper")?.ratePaisePerKg,
        ).not.toBe(12_345);
        await expect
          .poll(
            async () =>
              (await listRateCategories(handle.db))
                .flatMap((c) => c.materials)
                .find((m) => m.name === "Copper")?.ratePaisePerKg,
            { timeout: 1_000, interval: 10 },
          )
          .toBe(12_345);
      } finally {
        await otherServer.end();
        await stop();
      }
    },
  );
});
