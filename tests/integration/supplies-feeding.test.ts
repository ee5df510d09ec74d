/**
 * "What to feed this plant" (docs/shop.md): each plant has a feeding group, each fertiliser its
 * care guidance (what it is for, how much, how often) and the groups it fits; /supplies?for=<plant>
 * lists the supplies that fit, in the page's language, and says why when it lists them all.
 * Admins edit both on the product's page (checked, audited, shown at once); the seed fills them
 * into a database seeded before them and never over what staff saved.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { products } from "~/db/schema/catalogue";
import { seedDatabase } from "~/db/seed.server";
import { productFormValues } from "~/features/catalogue/catalogue-admin.server";
import * as productRoute from "~/routes/dashboard/product";
import * as suppliesRoute from "~/routes/supplies";
import { plantFeedGroups, supplyCare } from "../../content/catalogue/feeding";
import { fertilisers } from "../../content/catalogue/fertilisers";
import { plants } from "../../content/catalogue/plants";
import { callRoute, errorsOf, signedInStaff, statusOf } from "../support/factories/staff";
import { queryRows, testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });
let db: DatabaseHandle["db"];
let admin: { email: string; cookie: string };

beforeAll(async () => {
  db = handle.db;
  const signed = await signedInStaff(db, "admin");
  admin = { email: signed.user.email, cookie: signed.cookie };
});

type Handler = (args: never) => Promise<unknown>;

interface SuppliesPage {
  fertilisers: {
    slug: string;
    fits: string[];
    care: { use: string; amount: string; frequency: string };
  }[];
  forText: string | null;
}

/** What /supplies (any language, any query) gives its page. */
async function suppliesAt(url: string): Promise<SuppliesPage> {
  return (await callRoute(
    suppliesRoute.loader as Handler,
    `http://localhost${url}`,
  )) as SuppliesPage;
}

async function product(slug: string) {
  const [row] = await db.select().from(products).where(eq(products.slug, slug));
  if (!row) throw new Error(`no product ${slug}`);
  return row;
}

async function auditCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log`);
  return Number(row?.n);
}

/** Posts the product form of `slug` with `change` over its saved values. */
async function saveProduct(slug: string, change: Record<string, string>) {
  const current = await product(slug);
  return callRoute(
    productRoute.action as Handler,
    `http://localhost/dashboard/catalogue/${current.id}`,
    {
      cookie: admin.cookie,
      form: { ...productFormValues(current), ...change },
      params: { id: String(current.id) },
    },
  );
}

const allSlugs = fertilisers.map((item) => item.slug);

describe("the seeded feeding groups and care guidance", () => {
  it("every seeded plant has a group and every seeded fertiliser its guidance in three languages", async () => {
    for (const plant of plants) {
      expect((await product(plant.slug)).feedGroup, plant.slug).toBe(plantFeedGroups[plant.slug]);
    }
    for (const item of fertilisers) {
      const row = await product(item.slug);
      const care = supplyCare[item.slug];
      expect(care, item.slug).toBeDefined();
      expect(row.fitsGroups).toEqual(care?.fits);
      expect([row.careUse, row.careUseHi, row.careUseKn]).toEqual([
        care?.use.en,
        care?.use.hi,
        care?.use.kn,
      ]);
      expect(row.careFrequencyKn).toBe(care?.frequency.kn);
    }
  });
});

describe("/supplies?for=<plant>", () => {
  it("lists, for a succulent in Hindi, only the supplies that fit it, with their guidance in Hindi", async () => {
    const page = await suppliesAt("/hi/supplies?for=aloe-vera");
    const fitting = allSlugs.filter((slug) => supplyCare[slug]?.fits.includes("succulent"));
    expect(page.fertilisers.map((item) => item.slug)).toEqual(fitting);
    expect(fitting.length).toBeLessThan(allSlugs.length);
    expect(page.forText).toContain("एलोवेरा");
    expect(page.forText).toContain("कैक्टस और रसीले पौधों");
    const vermicompost = page.fertilisers.find((item) => item.slug === "vermicompost-1kg");
    expect(vermicompost?.care).toEqual({
      use: supplyCare["vermicompost-1kg"]?.use.hi,
      amount: supplyCare["vermicompost-1kg"]?.amount.hi,
      frequency: supplyCare["vermicompost-1kg"]?.frequency.hi,
    });
  });

  it("lists the sprays that fit a flowering plant in Kannada, and all supplies without ?for", async () => {
    const page = await suppliesAt("/kn/supplies?for=hibiscus");
    expect(page.fertilisers.map((item) => item.slug)).toContain("agni-shield-250ml");
    expect(page.forText).toContain("ಹೂಬಿಡುವ ಗಿಡಗಳಿಗೆ");
    const plain = await suppliesAt("/kn/supplies");
    expect(plain.fertilisers.map((item) => item.slug)).toEqual(allSlugs);
    expect(plain.forText).toBeNull();
  });

  it("an unknown, malformed or inactive plant lists every supply with a sentence, never a 500", async () => {
    const inactive = await product("mint");
    await db.update(products).set({ active: false }).where(eq(products.id, inactive.id));
    try {
      for (const wanted of [
        "no-such-plant",
        "",
        "%3Cscript%3E",
        "x".repeat(5000),
        "ALOE VERA",
        "vermicompost-1kg",
        "mint",
      ]) {
        const result = await callRoute(
          suppliesRoute.loader as Handler,
          `http://localhost/supplies?for=${wanted}`,
        );
        expect(statusOf(result), wanted.slice(0, 20)).toBe(200);
        const page = result as SuppliesPage;
        expect(page.fertilisers.map((item) => item.slug)).toEqual(allSlugs);
        expect(page.forText).toBe("We could not find that plant: here are all our supplies.");
      }
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.id, inactive.id));
    }
  });
});

describe("staff edit feeding groups and care guidance", () => {
  it("a plant's new group and a supply's new fits show at once, audited", async () => {
    expect(statusOf(await saveProduct("jade-plant", { feedGroup: "edible" }))).toBe(302);
    expect(
      (await suppliesAt("/supplies?for=jade-plant")).fertilisers.map((item) => item.slug),
    ).toContain("agni-shield-250ml");
    expect(
      statusOf(
        await saveProduct("agni-shield-250ml", {
          fitsGroups: "flowering",
          careAmount: "3 ml in 1 litre of water.",
          careAmountHi: "",
        }),
      ),
    ).toBe(302);
    const page = await suppliesAt("/hi/supplies?for=jade-plant");
    expect(page.fertilisers.map((item) => item.slug)).not.toContain("agni-shield-250ml");
    // An empty Hindi text shows the English.
    const shield = (await suppliesAt("/hi/supplies?for=hibiscus")).fertilisers.find(
      (item) => item.slug === "agni-shield-250ml",
    );
    expect(shield?.care.amount).toBe("3 ml in 1 litre of water.");
    const [audit] = await queryRows<{ details: { before: object; after: object } }>(
      db,
      sql`select details from audit_log where action = 'product.update'
          and entity_id = ${String((await product("agni-shield-250ml")).id)} order by id desc limit 1`,
    );
    expect(audit?.details.after).toMatchObject({
      fitsGroups: ["flowering"],
      careAmount: "3 ml in 1 litre of water.",
    });
  });

  it("a supply that fits no group is never suggested; if none fits, the page says so and lists all", async () => {
    const fitting = allSlugs.filter((slug) => supplyCare[slug]?.fits.includes("succulent"));
    for (const slug of fitting) {
      expect(statusOf(await saveProduct(slug, { fitsGroups: "" }))).toBe(302);
    }
    const page = await suppliesAt("/supplies?for=haworthia");
    expect(page.fertilisers.map((item) => item.slug)).toEqual(allSlugs);
    expect(page.forText).toBe(
      "None of our supplies is suggested for Haworthia (Zebra Plant) yet: here are all of them.",
    );
    // A restart's seed leaves what staff saved, even empty.
    await seedDatabase(db);
    expect((await product(fitting[0] ?? "")).fitsGroups).toEqual([]);
  });

  it("refuses an unknown group, no group for a plant, a made-up fit and a too long text, writing nothing", async () => {
    const count = await auditCount();
    const before = [await product("tulsi"), await product("dec-mori-500ml")];
    const cases: [string, Record<string, string>, string, RegExp][] = [
      ["tulsi", { feedGroup: "trees" }, "feedGroup", /feeding group from the list/],
      ["tulsi", { feedGroup: "" }, "feedGroup", /feeding group of a plant/],
      ["dec-mori-500ml", { fitsGroups: "foliage,trees" }, "fitsGroups", /plant groups listed/],
      ["dec-mori-500ml", { careUseKn: "ಅ".repeat(201) }, "careUseKn", /at most 200/],
    ];
    for (const [slug, change, field, text] of cases) {
      const result = await saveProduct(slug, change);
      expect(statusOf(result), field).toBe(400);
      expect(errorsOf(result)[field], field).toMatch(text);
    }
    expect([await product("tulsi"), await product("dec-mori-500ml")]).toEqual(before);
    expect(await auditCount()).toBe(count);
  });
});

describe("the seed on a database from before feeding groups", () => {
  it("fills groups and guidance that were never set, and nothing else", async () => {
    await db.execute(sql`update products set feed_group = null where slug = 'croton'`);
    await db.execute(
      sql`update products set care_use = null, fits_groups = null, care_use_hi = ''
          where slug = 'dec-neemo-500ml'`,
    );
    const edited = await product("dec-mori-500ml");
    await seedDatabase(db);
    expect((await product("croton")).feedGroup).toBe("foliage");
    expect(await product("dec-neemo-500ml")).toMatchObject({
      careUse: supplyCare["dec-neemo-500ml"]?.use.en,
      careUseHi: supplyCare["dec-neemo-500ml"]?.use.hi,
      fitsGroups: supplyCare["dec-neemo-500ml"]?.fits,
    });
    expect(await product("dec-mori-500ml")).toEqual(edited);
  });
});
