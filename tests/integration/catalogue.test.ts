import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifyCacheChanged } from "~/db/cache-invalidation.server";
import type { DatabaseHandle } from "~/db/client.server";
import { products } from "~/db/schema/catalogue";
import { scrapMaterials } from "~/db/schema/rates";
import { seedDatabase } from "~/db/seed.server";
import { listFertilisers, listPlants } from "~/features/catalogue/catalogue.server";
import { listRateCategories } from "~/features/rates/rates.server";
import { createTestDatabase } from "../support/processes/test-database";

let handle: DatabaseHandle;
let firstSeed: Awaited<ReturnType<typeof seedDatabase>>;

beforeAll(async () => {
  handle = await createTestDatabase();
  firstSeed = await seedDatabase(handle.db);
});
afterAll(async () => {
  await handle?.close();
});

describe("seed", () => {
  it("loads the rate list of spec §9: 5 categories, 29 materials, exact rates in paise/kg", async () => {
    expect(firstSeed.categoriesInserted).toBe(5);
    expect(firstSeed.materialsInserted).toBe(29);
    const categories = await listRateCategories(handle.db);
    expect(categories.map((c) => c.name)).toEqual([
      "Paper",
      "Plastic",
      "Metal",
      "E-waste",
      "Others",
    ]);
    const rate = (name: string) =>
      categories.flatMap((c) => c.materials).find((m) => m.name === name)?.ratePaisePerKg;
    expect(rate("Beer Bottles")).toBe(50);
    expect(rate("Rough paper")).toBe(0);
    expect(rate("HPP/Water/Oil Cover")).toBe(0);
    expect(rate("Fiber")).toBe(450);
    expect(rate("Brass")).toBe(25000);
    expect(rate("Fridge")).toBe(50000);
  });

  it("loads the 8 fertilisers exactly as specified", async () => {
    const items = await listFertilisers(handle.db);
    expect(items.map((f) => [f.name, f.size, f.pricePaise])).toEqual([
      ["Vermicompost", "1kg", 8000],
      ["Vermicompost", "5kg", 25000],
      ["Vermicompost", "40kg", 150000],
      ["Vermicompost Mixture", "1kg", 15000],
      ["Vermicompost Mixture", "5kg", 45000],
      ["Dec-Neemo", "500ml", 15000],
      ["Dec-Mori", "500ml", 17000],
      ["Agni Shield", "250ml", 25000],
    ]);
  });

  it("loads about 35 plants priced ₹50 to ₹310 with care details and art", async () => {
    const plants = await listPlants(handle.db, { q: "", filter: "all" });
    expect(plants.length).toBeGreaterThanOrEqual(30);
    for (const plant of plants) {
      expect(plant.pricePaise).toBeGreaterThanOrEqual(5000);
      expect(plant.pricePaise).toBeLessThanOrEqual(31000);
      expect(plant.sunlight && plant.watering && plant.usage).toBeTruthy();
      expect(plant.imagePath).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/);
      expect(plant.imageAlt?.length ?? 0).toBeGreaterThan(10);
    }
    expect(Math.min(...plants.map((p) => p.pricePaise))).toBe(5000);
    expect(Math.max(...plants.map((p) => p.pricePaise))).toBe(31000);
  });

  it("inserts nothing on a second run and keeps what staff changed", async () => {
    await handle.db
      .update(products)
      .set({ pricePaise: 9900 })
      .where(eq(products.slug, "vermicompost-1kg"));
    const again = await seedDatabase(handle.db);
    expect(again).toEqual({ productsInserted: 0, categoriesInserted: 0, materialsInserted: 0 });
    const [row] = await handle.db
      .select({ pricePaise: products.pricePaise })
      .from(products)
      .where(eq(products.slug, "vermicompost-1kg"));
    expect(row?.pricePaise).toBe(9900);
    await handle.db
      .update(products)
      .set({ pricePaise: 8000 })
      .where(eq(products.slug, "vermicompost-1kg"));
  });
});

describe("listPlants", () => {
  it("Indoor and Outdoor both include plants for both uses; All is their union", async () => {
    const all = await listPlants(handle.db, { q: "", filter: "all" });
    const indoor = await listPlants(handle.db, { q: "", filter: "indoor" });
    const outdoor = await listPlants(handle.db, { q: "", filter: "outdoor" });
    expect(indoor.every((p) => p.usage === "indoor" || p.usage === "both")).toBe(true);
    expect(outdoor.every((p) => p.usage === "outdoor" || p.usage === "both")).toBe(true);
    expect(indoor.some((p) => p.usage === "both")).toBe(true);
    const union = new Set([...indoor, ...outdoor].map((p) => p.id));
    expect(union.size).toBe(all.length);
  });

  it("searches name, description and features case-insensitively", async () => {
    const all = await listPlants(handle.db, { q: "", filter: "all" });
    const sample = all[0];
    if (!sample) throw new Error("no plants seeded");
    const byName = await listPlants(handle.db, { q: sample.name.toUpperCase(), filter: "all" });
    expect(byName.map((p) => p.id)).toContain(sample.id);
    const feature = sample.features[0];
    if (feature) {
      const byFeature = await listPlants(handle.db, { q: feature.toLowerCase(), filter: "all" });
      expect(byFeature.map((p) => p.id)).toContain(sample.id);
    }
  });

  it("treats LIKE wildcards in the search as plain text", async () => {
    expect(await listPlants(handle.db, { q: "%", filter: "all" })).toEqual([]);
    expect(await listPlants(handle.db, { q: "_", filter: "all" })).toEqual([]);
    expect(await listPlants(handle.db, { q: "'; drop table products; --", filter: "all" })).toEqual(
      [],
    );
  });

  it("hides inactive products", async () => {
    const [first] = await listPlants(handle.db, { q: "", filter: "all" });
    if (!first) throw new Error("no plants seeded");
    await handle.db.update(products).set({ active: false }).where(eq(products.id, first.id));
    // SQL by hand notifies no cache; the app's writers do (tests/integration/public-read-caches.test.ts).
    await notifyCacheChanged(handle.db, "catalogue");
    const after = await listPlants(handle.db, { q: "", filter: "all" });
    expect(after.map((p) => p.id)).not.toContain(first.id);
    await handle.db.update(products).set({ active: true }).where(eq(products.id, first.id));
    await notifyCacheChanged(handle.db, "catalogue");
  });
});

describe("listRateCategories", () => {
  it("leaves out a retired material and shows a changed rate at once", async () => {
    const [beer] = await handle.db
      .select()
      .from(scrapMaterials)
      .where(eq(scrapMaterials.name, "Beer Bottles"));
    if (!beer) throw new Error("Beer Bottles not seeded");
    await handle.db
      .update(scrapMaterials)
      .set({ ratePaisePerKg: 75 })
      .where(eq(scrapMaterials.id, beer.id));
    // SQL by hand notifies no cache; the app's writers do (rates-admin.server.ts).
    await notifyCacheChanged(handle.db, "rates");
    let others = (await listRateCategories(handle.db)).find((c) => c.slug === "others");
    expect(others?.materials.find((m) => m.id === beer.id)?.ratePaisePerKg).toBe(75);
    await handle.db
      .update(scrapMaterials)
      .set({ active: false })
      .where(eq(scrapMaterials.id, beer.id));
    await notifyCacheChanged(handle.db, "rates");
    others = (await listRateCategories(handle.db)).find((c) => c.slug === "others");
    expect(others?.materials.map((m) => m.name)).toEqual(["Mix waste", "Battery", "Tyre"]);
  });

  it("refuses a negative rate or negative stock at the database", async () => {
    await expect(
      handle.db
        .update(scrapMaterials)
        .set({ ratePaisePerKg: -1 })
        .where(eq(scrapMaterials.name, "Iron")),
    ).rejects.toThrow();
    await expect(
      handle.db.update(products).set({ stock: -1 }).where(eq(products.slug, "vermicompost-1kg")),
    ).rejects.toThrow();
  });
});
