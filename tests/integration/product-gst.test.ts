/**
 * Products carry the HSN code and GST rate their bills will print (docs/tax.md "What we sell and
 * its rate"): seeded plants are HSN 0602 at nil, the seeded packs as content/catalogue says, and
 * the database refuses an HSN code that is not 4, 6 or 8 digits and a rate above 40 %.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "~/db/schema/catalogue";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });

describe("products' HSN codes and GST rates", () => {
  it("seeds every plant as a live plant, nil, and the packs with their rates", async () => {
    const rows = await handle.db
      .select({
        slug: products.slug,
        kind: products.kind,
        hsn: products.hsnCode,
        rate: products.gstRateBp,
      })
      .from(products);
    const plants = rows.filter((row) => row.kind === "plant");
    expect(plants.length).toBeGreaterThan(0);
    expect(plants.every((row) => row.hsn === "0602" && row.rate === 0)).toBe(true);
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    expect(bySlug.get("vermicompost-40kg")).toMatchObject({ hsn: "3101", rate: 500 });
    expect(bySlug.get("dec-neemo-500ml")).toMatchObject({ hsn: "3808", rate: 500 });
    expect(bySlug.get("agni-shield-250ml")).toMatchObject({ hsn: "3808", rate: 1800 });
  });

  it("refuses an HSN code that is not 4, 6 or 8 digits, and a rate above 40 %", async () => {
    const slug = "vermicompost-1kg";
    for (const hsnCode of ["31", "31010", "3101A", "310100000"]) {
      await expect(
        handle.db.update(products).set({ hsnCode }).where(eq(products.slug, slug)),
        hsnCode,
      ).rejects.toThrow();
    }
    await expect(
      handle.db.update(products).set({ gstRateBp: 4_001 }).where(eq(products.slug, slug)),
    ).rejects.toThrow();
    const [row] = await handle.db
      .select({ hsn: products.hsnCode, rate: products.gstRateBp })
      .from(products)
      .where(eq(products.slug, slug));
    expect(row).toEqual({ hsn: "3101", rate: 500 });
  });
});
