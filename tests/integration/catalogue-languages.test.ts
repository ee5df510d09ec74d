/**
 * Product and material names in Hindi and Kannada (docs/languages.md; a search in either script): the
 * /hi and /kn pages list them, falling back to the English where a translation is empty;
 * `/hi/plant?q=तुलसी` finds Tulsi and `?q=tulsi` still does; admins edit them on the catalogue
 * and rates pages (saved, checked, audited, shown at once); the seed fills them into a
 * database seeded before them without overwriting an admin's edits. The same for a plant's
 * care details (sunlight, watering, features, height; migration 0012).
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { products } from "~/db/schema/catalogue";
import { scrapCategories, scrapMaterials } from "~/db/schema/rates";
import { seedDatabase } from "~/db/seed.server";
import { serializeCartCookie } from "~/features/cart/cart.server";
import { productFormValues } from "~/features/catalogue/catalogue-admin.server";
import * as cartRoute from "~/routes/cart";
import * as catalogueExport from "~/routes/dashboard/catalogue-export";
import * as productRoute from "~/routes/dashboard/product";
import * as ratesRoute from "~/routes/dashboard/rates";
import * as ratesExport from "~/routes/dashboard/rates-export";
import * as orderRoute from "~/routes/orderpage";
import * as plantRoute from "~/routes/plant";
import * as ratelistRoute from "~/routes/ratelist";
import * as suppliesRoute from "~/routes/supplies";
import { plants as seededPlants } from "../../content/catalogue/plants";
import { careTextTranslations } from "../../content/catalogue/translations";
import { rateSheetForm, sheetErrorsOf } from "../support/factories/bulk-forms";
import { cartWith } from "../support/factories/carts-and-addresses";
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

type Card = {
  slug: string;
  name: string;
  description: string;
  sunlight: string | null;
  watering: string | null;
  features: string[];
  plantHeight: string | null;
};

/** One plant's card on a /plant URL. */
async function cardAt(url: string, slug: string): Promise<Card | undefined> {
  return (await plantsAt(url)).find((plant) => plant.slug === slug);
}

/** The plant cards of a /plant URL (any language), as its loader gives them to the page. */
async function plantsAt(url: string): Promise<Card[]> {
  return (
    (await callRoute(plantRoute.loader as Handler, `http://localhost${url}`)) as { plants: Card[] }
  ).plants;
}

async function slugsAt(url: string): Promise<string[]> {
  return (await plantsAt(url)).map((plant) => plant.slug);
}

type RateCategory = { name: string; materials: { id: number; name: string }[] };

async function ratesAt(url: string): Promise<RateCategory[]> {
  return (
    (await callRoute(ratelistRoute.loader as Handler, `http://localhost${url}`)) as {
      categories: RateCategory[];
    }
  ).categories;
}

async function product(slug: string) {
  const [row] = await db.select().from(products).where(eq(products.slug, slug));
  if (!row) throw new Error(`no product ${slug}`);
  return row;
}

async function material(name: string) {
  const [row] = await db.select().from(scrapMaterials).where(eq(scrapMaterials.name, name));
  if (!row) throw new Error(`no material ${name}`);
  return row;
}

async function lastAudit(entity: string, entityId: number) {
  const rows = await queryRows<{ action: string; details: Record<string, unknown> }>(
    db,
    sql`select action, details from audit_log
        where entity = ${entity} and entity_id = ${String(entityId)} order by id desc limit 1`,
  );
  return rows[0];
}

async function auditCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log`);
  return Number(row?.n);
}

const asAdmin = (form?: Record<string, string>, params?: Record<string, string>) => ({
  cookie: admin.cookie,
  form,
  params,
});

/**
 * Posts the product form of `slug` once per case, with the case's fields changed: each is
 * refused with 400 and one error, next to its field, matching its message; the product and the
 * audit log are as before.
 */
async function expectEachRefusedNextToItsField(
  slug: string,
  cases: [change: Record<string, string>, field: string, message: RegExp][],
) {
  const current = await product(slug);
  const url = `http://localhost/dashboard/catalogue/${current.id}`;
  const count = await auditCount();
  for (const [change, field, message] of cases) {
    const result = await callRoute(
      productRoute.action as Handler,
      url,
      asAdmin({ ...productFormValues(current), ...change }, { id: String(current.id) }),
    );
    expect(statusOf(result), field).toBe(400);
    expect(errorsOf(result)[field], field).toMatch(message);
    expect(Object.keys(errorsOf(result)), field).toEqual([field]);
  }
  expect(await product(slug)).toEqual(current);
  expect(await auditCount()).toBe(count);
}

describe("public lists in Hindi and Kannada", () => {
  it("every seeded plant, category and material has a Hindi and a Kannada name, every product a description", async () => {
    const all = await db.select().from(products);
    const plants = all.filter((p) => p.kind === "plant");
    expect(plants.filter((p) => !p.nameHi || !p.nameKn).map((p) => p.slug)).toEqual([]);
    expect(all.filter((p) => !p.descriptionHi || !p.descriptionKn).map((p) => p.slug)).toEqual([]);
    const materials = await db.select().from(scrapMaterials);
    expect(materials.filter((m) => !m.nameHi || !m.nameKn).map((m) => m.name)).toEqual([]);
    const categories = await db.select().from(scrapCategories);
    expect(categories.filter((c) => !c.nameHi || !c.nameKn).map((c) => c.slug)).toEqual([]);
  });

  it("/hi/plant and /kn/plant show the translated names and descriptions; /plant stays English", async () => {
    const tulsi = (url: string) => plantsAt(url).then((all) => all.find((p) => p.slug === "tulsi"));
    expect(await tulsi("/plant")).toMatchObject({ name: "Tulsi (Holy Basil)" });
    expect(await tulsi("/hi/plant")).toMatchObject({ name: "तुलसी" });
    expect((await tulsi("/hi/plant"))?.description).toMatch(/^कई भारतीय घरों में/);
    expect(await tulsi("/kn/plant")).toMatchObject({ name: "ತುಳಸಿ" });
    const money = (await plantsAt("/hi/plant")).find((p) => p.slug === "money-plant");
    expect(money?.name).toBe("मनी प्लांट");
  });

  it("every seeded sunlight, watering and feature text has a Hindi and a Kannada translation", async () => {
    const texts = seededPlants.flatMap((p) => [p.sunlight, p.watering, ...p.features]);
    expect(texts.filter((text) => !careTextTranslations[text])).toEqual([]);
    const rows = (await db.select().from(products)).filter((p) => p.kind === "plant");
    const missing = rows.filter(
      (p) =>
        !p.sunlightHi ||
        !p.sunlightKn ||
        !p.wateringHi ||
        !p.wateringKn ||
        p.featuresHi.length !== p.features.length ||
        p.featuresKn.length !== p.features.length ||
        (p.plantHeight !== null && (!p.plantHeightHi || !p.plantHeightKn)),
    );
    expect(missing.map((p) => p.slug)).toEqual([]);
  });

  it("/hi/plant and /kn/plant cards show the care details translated; /plant stays English", async () => {
    expect(await cardAt("/plant", "tulsi")).toMatchObject({
      sunlight: "Full sun, at least 4-5 hours",
      watering: "Daily in summer; every 2 days in winter",
      features: ["Fragrant leaves", "Used in pooja", "Used in herbal tea"],
      plantHeight: "20–30 cm",
    });
    expect(await cardAt("/hi/plant", "tulsi")).toMatchObject({
      sunlight: "पूरी धूप, कम से कम 4-5 घंटे",
      watering: "गर्मी में रोज़; सर्दी में हर 2 दिन में",
      features: ["ख़ुशबूदार पत्तियाँ", "पूजा में काम आता है", "हर्बल चाय में काम आता है"].map((f) =>
        f.normalize("NFC"),
      ),
      plantHeight: "20–30 सेमी",
    });
    expect(await cardAt("/kn/plant", "tulsi")).toMatchObject({
      sunlight: "ಪೂರ್ಣ ಬಿಸಿಲು, ಕನಿಷ್ಠ 4-5 ಗಂಟೆ",
      watering: "ಬೇಸಿಗೆಯಲ್ಲಿ ಪ್ರತಿದಿನ; ಚಳಿಗಾಲದಲ್ಲಿ 2 ದಿನಕ್ಕೊಮ್ಮೆ",
      features: ["ಪರಿಮಳದ ಎಲೆಗಳು", "ಪೂಜೆಗೆ ಬಳಸುತ್ತಾರೆ", "ಹರ್ಬಲ್ ಟೀಗೆ ಬಳಸುತ್ತಾರೆ"],
      plantHeight: "20–30 ಸೆಂ.ಮೀ",
    });
    expect((await cardAt("/hi/plant", "rubber-plant"))?.sunlight).toBe(
      "तेज़ लेकिन सीधी धूप नहीं".normalize("NFC"),
    );
    expect((await cardAt("/kn/plant", "rubber-plant"))?.sunlight).toBe(
      "ಪ್ರಕಾಶಮಾನವಾದ ಆದರೆ ನೇರವಲ್ಲದ ಬೆಳಕು",
    );
  });

  it("an empty translation shows the English name and description", async () => {
    const brand = (
      (await callRoute(suppliesRoute.loader as Handler, "http://localhost/hi/supplies")) as {
        fertilisers: Card[];
      }
    ).fertilisers.find((item) => item.slug === "dec-neemo-500ml");
    // A brand name stays as printed (nameHi ''), the description is in Hindi.
    expect(brand?.name).toBe("Dec-Neemo");
    expect(brand?.description).toMatch(/नीम/);
  });

  it("the rate list and the pickup form's materials come in the page's language", async () => {
    const hindi = await ratesAt("/hi/ratelist");
    expect(hindi.map((c) => c.name)).toEqual(["कागज़", "प्लास्टिक", "धातु", "ई-कचरा", "अन्य"]);
    expect(hindi[0]?.materials[0]?.name).toBe("अख़बार और किताबें");
    const kannada = await ratesAt("/kn/ratelist");
    expect(kannada.find((c) => c.name === "ಲೋಹ")?.materials[0]?.name).toBe("ಕಬ್ಬಿಣ");
    expect((await ratesAt("/ratelist"))[0]?.materials[0]?.name).toBe("Newspaper and books");
    // The same material ids in every language: a booking posts ids, not names.
    const ids = (list: RateCategory[]) => list.flatMap((c) => c.materials.map((m) => m.id));
    expect(ids(kannada)).toEqual(ids(hindi));

    const form = (await callRoute(
      orderRoute.loader as Handler,
      "http://localhost/kn/orderpage",
    )) as {
      categories: RateCategory[];
    };
    expect(form.categories[2]?.materials[0]?.name).toBe("ಕಬ್ಬಿಣ");
  });

  it("the cart shows a product's name in the page's language", async () => {
    const { cartId } = await cartWith(db, [
      { productId: (await product("tulsi")).id, quantity: 1 },
    ]);
    const cookie = (await serializeCartCookie(new Request("http://localhost/"), cartId)).split(
      ";",
    )[0];
    // The loader answers data() with its Set-Cookie (the delivery PIN code check).
    const cartAt = async (url: string) =>
      (
        (await callRoute(cartRoute.loader as Handler, `http://localhost${url}`, { cookie })) as {
          data: { cart: { lines: { name: string }[] } };
        }
      ).data.cart.lines.map((line) => line.name);
    expect(await cartAt("/cart")).toEqual(["Tulsi (Holy Basil)"]);
    expect(await cartAt("/hi/cart")).toEqual(["तुलसी"]);
    expect(await cartAt("/kn/cart")).toEqual(["ತುಳಸಿ"]);
  });
});

describe("search in Hindi and Kannada", () => {
  it("q=तुलसी finds Tulsi on /hi/plant, q=tulsi still does, and ತುಳಸಿ finds it on /kn/plant", async () => {
    expect(await slugsAt(`/hi/plant?q=${encodeURIComponent("तुलसी")}`)).toEqual(["tulsi"]);
    expect(await slugsAt("/hi/plant?q=tulsi")).toContain("tulsi");
    expect(await slugsAt("/hi/plant?q=TULSI")).toContain("tulsi");
    expect(await slugsAt(`/kn/plant?q=${encodeURIComponent("ತುಳಸಿ")}`)).toEqual(["tulsi"]);
    expect(await slugsAt("/kn/plant?q=tulsi")).toContain("tulsi");
    // The English page keeps its search; the filter still applies in Hindi.
    expect(await slugsAt("/plant?q=tulsi")).toContain("tulsi");
    expect(await slugsAt(`/hi/plant?q=${encodeURIComponent("तुलसी")}&filter=indoor`)).toEqual(
      (await slugsAt("/plant?q=tulsi&filter=indoor")).filter((slug) => slug === "tulsi"),
    );
  });

  it("matches Hindi descriptions, ignores a missing nukta, and keeps wildcards literal", async () => {
    // गुड़हल typed without the nukta (गुडहल), as many keyboards do.
    expect(await slugsAt(`/hi/plant?q=${encodeURIComponent("गुडहल")}`)).toEqual(["hibiscus"]);
    expect(await slugsAt(`/hi/plant?q=${encodeURIComponent("पकौड़ों")}`)).toEqual(["ajwain"]);
    expect(await slugsAt("/hi/plant?q=%25")).toEqual([]);
    expect(await slugsAt("/kn/plant?q=_")).toEqual([]);
    // Names are searched in all three languages on every page (docs/shop.md "Search").
    expect(await slugsAt(`/plant?q=${encodeURIComponent("ದಾಸವಾಳ")}`)).toEqual(["hibiscus"]);
  });
});

describe("search in the translated features", () => {
  it("finds a plant by a Hindi or Kannada feature (nukta optional), only on that language's page", async () => {
    // "Pet friendly" (spider plant, areca palm), in no description.
    const petFriendly = await slugsAt("/plant?q=pet%20friendly");
    expect(petFriendly).toEqual(["spider-plant", "areca-palm"]);
    expect(await slugsAt(`/hi/plant?q=${encodeURIComponent("पालतू जानवरों")}`)).toEqual(petFriendly);
    expect(await slugsAt(`/kn/plant?q=${encodeURIComponent("ಸಾಕುಪ್ರಾಣಿ")}`)).toEqual(petFriendly);
    // Peace lily: "पानी चाहिए तो ख़ुद बता देता है", typed without the nukta.
    expect(await slugsAt(`/hi/plant?q=${encodeURIComponent("खुद बता")}`)).toEqual(["peace-lily"]);
    expect(await slugsAt(`/plant?q=${encodeURIComponent("पालतू")}`)).toEqual([]);
    expect(await slugsAt(`/kn/plant?q=${encodeURIComponent("पालतू")}`)).toEqual([]);
    // English features still match on every page.
    expect(await slugsAt("/hi/plant?q=pet%20friendly")).toContain("spider-plant");
  });
});

describe("admin editing of the translations", () => {
  it("saves the Hindi and Kannada name and description, audits them and shows them at once", async () => {
    const before = await product("snake-plant");
    const url = `http://localhost/dashboard/catalogue/${before.id}`;
    const form = {
      ...productFormValues(before),
      nameHi: "  सांप वाला पौधा  ",
      nameKn: "",
      descriptionHi: "नई हिंदी जानकारी।",
    };
    expect(productFormValues(before)).toMatchObject({ nameHi: "स्नेक प्लांट" });
    const result = await callRoute(
      productRoute.action as Handler,
      url,
      asAdmin(form, { id: String(before.id) }),
    );
    expect(statusOf(result)).toBe(302);
    expect(await product("snake-plant")).toMatchObject({
      nameHi: "सांप वाला पौधा",
      nameKn: "",
      descriptionHi: "नई हिंदी जानकारी।",
      descriptionKn: before.descriptionKn,
    });
    expect(await lastAudit("product", before.id)).toMatchObject({
      action: "product.update",
      details: {
        before: { nameHi: "स्नेक प्लांट", nameKn: "ಸ್ನೇಕ್ ಪ್ಲಾಂಟ್" },
        after: { nameHi: "सांप वाला पौधा", nameKn: "" },
      },
    });
    const hindi = (await plantsAt("/hi/plant")).find((p) => p.slug === "snake-plant");
    expect(hindi).toMatchObject({ name: "सांप वाला पौधा", description: "नई हिंदी जानकारी।" });
    // Emptied: the Kannada page shows the English name again.
    const kannada = (await plantsAt("/kn/plant")).find((p) => p.slug === "snake-plant");
    expect(kannada?.name).toBe("Snake Plant");
    expect(await slugsAt(`/hi/plant?q=${encodeURIComponent("सांप")}`)).toEqual(["snake-plant"]);

    const page = (await callRoute(
      productRoute.loader as Handler,
      url,
      asAdmin(undefined, { id: String(before.id) }),
    )) as {
      values: Record<string, string>;
    };
    expect(page.values).toMatchObject({ nameHi: "सांप वाला पौधा", nameKn: "" });
  });

  it("refuses a 101-character name or a 2,001-character description next to its field, writing nothing", async () => {
    await expectEachRefusedNextToItsField("money-plant", [
      [{ nameHi: "क".repeat(101) }, "nameHi", /Hindi name can be at most 100 characters/],
      [{ nameKn: "ಕ".repeat(101) }, "nameKn", /Kannada name can be at most 100 characters/],
      [
        { descriptionHi: "क".repeat(2001) },
        "descriptionHi",
        /Hindi description can be at most 2000/,
      ],
      [
        { descriptionKn: "ಕ".repeat(2001) },
        "descriptionKn",
        /Kannada description can be at most 2000/,
      ],
    ]);
  });

  it("saves a plant's care details in Hindi and Kannada, audits them and shows them at once; empty shows the English", async () => {
    const before = await product("peace-lily");
    const url = `http://localhost/dashboard/catalogue/${before.id}`;
    expect(productFormValues(before)).toMatchObject({
      sunlightHi: "मध्यम रोशनी; सीधी धूप नहीं",
      featuresKn: "ಗಾಳಿ ಶುದ್ಧೀಕರಿಸುವ ಗಿಡ\nಬಿಳಿ ಹೂವುಗಳು\nನೀರು ಬೇಕಾದಾಗ ತಾನೇ ತೋರಿಸುತ್ತದೆ\nನೆರಳಿನಲ್ಲೂ ಬೆಳೆಯುತ್ತದೆ",
    });
    const form = {
      ...productFormValues(before),
      sunlightHi: "  खिड़की के पास, धूप से दूर  ",
      wateringKn: "",
      plantHeightHi: "30–40 सेमी (गमले समेत)",
      featuresHi: "सफ़ेद फूल\nछाँव में भी ठीक, कम देखभाल",
      featuresKn: "",
    };
    const result = await callRoute(
      productRoute.action as Handler,
      url,
      asAdmin(form, { id: String(before.id) }),
    );
    expect(statusOf(result)).toBe(302);
    const featuresHi = ["सफ़ेद फूल", "छाँव में भी ठीक", "कम देखभाल"].map((f) => f.normalize("NFC"));
    expect(await product("peace-lily")).toMatchObject({
      sunlightHi: "खिड़की के पास, धूप से दूर".normalize("NFC"),
      sunlightKn: before.sunlightKn,
      wateringKn: "",
      plantHeightHi: "30–40 सेमी (गमले समेत)",
      featuresHi,
      featuresKn: [],
    });
    expect(await lastAudit("product", before.id)).toMatchObject({
      action: "product.update",
      details: {
        before: { sunlightHi: before.sunlightHi, featuresKn: before.featuresKn },
        after: { sunlightHi: "खिड़की के पास, धूप से दूर".normalize("NFC"), featuresHi, featuresKn: [] },
      },
    });
    expect(await cardAt("/hi/plant", "peace-lily")).toMatchObject({
      sunlight: "खिड़की के पास, धूप से दूर".normalize("NFC"),
      plantHeight: "30–40 सेमी (गमले समेत)",
      features: featuresHi,
    });
    // Emptied in Kannada: the English watering and features, the rest still in Kannada.
    expect(await cardAt("/kn/plant", "peace-lily")).toMatchObject({
      sunlight: before.sunlightKn,
      watering: "Twice a week; keep the soil lightly moist",
      features: ["Air purifying", "White flowers", "Shows when it needs water", "Shade tolerant"],
      plantHeight: "30–40 ಸೆಂ.ಮೀ",
    });
    const page = (await callRoute(
      productRoute.loader as Handler,
      url,
      asAdmin(undefined, { id: String(before.id) }),
    )) as { values: Record<string, string> };
    expect(page.values).toMatchObject({
      featuresHi: featuresHi.join("\n"),
      featuresKn: "",
      wateringKn: "",
    });
  });

  it("refuses care details over the English limits next to their field, writing nothing", async () => {
    await expectEachRefusedNextToItsField("aloe-vera", [
      [{ sunlightHi: "क".repeat(201) }, "sunlightHi", /Sunlight \(Hindi\) can be at most 200/],
      [{ wateringKn: "ಕ".repeat(201) }, "wateringKn", /Watering \(Kannada\) can be at most 200/],
      [{ plantHeightKn: "ಕ".repeat(41) }, "plantHeightKn", /Height \(Kannada\) can be at most 40/],
      [
        { featuresHi: Array.from({ length: 11 }, (_, i) => `फूल ${i}`).join("\n") },
        "featuresHi",
        /List at most 10 features/,
      ],
      [{ featuresKn: "ಕ".repeat(61) }, "featuresKn", /Keep each feature under 60 characters/],
      [{ featuresKn: "ಕ".repeat(501) }, "featuresKn", /Features \(Kannada\) can be at most 500/],
    ]);
  });

  it("a new product is created with its translations", async () => {
    const form = {
      ...productFormValues(await product("mint")),
      slug: "",
      name: "Mint Large",
      nameHi: "पुदीना (बड़ा)",
      nameKn: "ಪುದೀನ (ದೊಡ್ಡದು)",
    };
    const created = await callRoute(
      productRoute.action as Handler,
      "http://localhost/dashboard/catalogue/new",
      asAdmin(form),
    );
    expect(statusOf(created)).toBe(302);
    expect(await product("mint-large")).toMatchObject({
      nameHi: "पुदीना (बड़ा)",
      nameKn: "ಪುದೀನ (ದೊಡ್ಡದು)",
    });
  });

  it("rates: saves a material's Hindi and Kannada names, audits them, shows them at once, and refuses 61 characters", async () => {
    const iron = await material("Iron");
    const rename = async (names: { nameHi: string; nameKn: string }) =>
      callRoute(
        ratesRoute.action as Handler,
        "http://localhost/dashboard/rates",
        asAdmin(await rateSheetForm(db, { [iron.id]: names })),
      );
    const saved = await rename({ nameHi: "लोहा (भंगार)", nameKn: "" });
    expect(statusOf(saved)).toBe(302);
    expect((saved as Response).headers.get("Location")).toBe(
      `/dashboard/rates?done=renamed&material=${iron.id}`,
    );
    expect(await material("Iron")).toMatchObject({ nameHi: "लोहा (भंगार)", nameKn: "" });
    expect(await lastAudit("scrap_material", iron.id)).toMatchObject({
      action: "rate.rename",
      details: {
        before: { nameHi: "लोहा", nameKn: "ಕಬ್ಬಿಣ" },
        after: { nameHi: "लोहा (भंगार)", nameKn: "" },
      },
    });
    const hindiMetal = (await ratesAt("/hi/ratelist")).find((c) => c.name === "धातु");
    expect(hindiMetal?.materials[0]?.name).toBe("लोहा (भंगार)");
    const kannadaMetal = (await ratesAt("/kn/ratelist")).find((c) => c.name === "ಲೋಹ");
    expect(kannadaMetal?.materials[0]?.name).toBe("Iron");

    const count = await auditCount();
    const unchanged = await rename({ nameHi: "लोहा (भंगार)", nameKn: "" });
    expect((unchanged as Response).headers.get("Location")).toMatch(/done=unchanged/);
    const tooLong = await rename({ nameHi: "क".repeat(61), nameKn: "" });
    expect(statusOf(tooLong)).toBe(400);
    expect(sheetErrorsOf(tooLong)[`nameHi-${iron.id}`]).toMatch(
      /at most 60 characters for the Hindi name/,
    );
    const unknown = await callRoute(
      ratesRoute.action as Handler,
      "http://localhost/dashboard/rates",
      asAdmin({ intent: "save-rates", "nameHi-999999": "x", "was-nameHi-999999": "" }),
    );
    expect(statusOf(unknown)).toBe(409);
    expect(await auditCount()).toBe(count);
    expect(await material("Iron")).toMatchObject({ nameHi: "लोहा (भंगार)" });
  });

  it("rates: a new material can be added with its translated names", async () => {
    const [metal] = await db
      .select({ id: scrapCategories.id })
      .from(scrapCategories)
      .where(eq(scrapCategories.slug, "metal"));
    const added = await callRoute(
      ratesRoute.action as Handler,
      "http://localhost/dashboard/rates",
      asAdmin({
        intent: "add-material",
        categoryId: String(metal?.id),
        name: "Lead",
        nameHi: "सीसा",
        nameKn: "ಸೀಸ",
        rate: "90",
      }),
    );
    expect(statusOf(added)).toBe(302);
    const kannada = (await ratesAt("/kn/ratelist")).find((c) => c.name === "ಲೋಹ");
    expect(kannada?.materials.at(-1)?.name).toBe("ಸೀಸ");
  });
});

describe("CSV exports", () => {
  it("the catalogue and rates CSVs carry the Hindi and Kannada names", async () => {
    const csv = async (handler: Handler, url: string): Promise<string[]> => {
      const response = (await callRoute(handler, url, asAdmin())) as Response;
      const text = await response.text();
      return text
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
    };
    const catalogue = await csv(
      catalogueExport.loader as Handler,
      "http://localhost/dashboard/catalogue/export?q=Tulsi",
    );
    expect(catalogue[0]).toMatch(/,Name \(Hindi\),Name \(Kannada\)$/);
    expect(catalogue[1]).toMatch(/,तुलसी,ತುಳಸಿ$/);
    const rates = await csv(
      ratesExport.loader as Handler,
      "http://localhost/dashboard/rates/export",
    );
    expect(rates[0]).toContain("Material,Material (Hindi),Material (Kannada),");
    expect(rates.find((line) => line.includes(",Brass,"))).toContain(",Brass,पीतल,ಹಿತ್ತಾಳೆ,");
  });
});

describe("seeding translations into a database seeded before them", () => {
  it("fills empty translations of seeded rows, keeps an admin's, and skips renamed rows", async () => {
    // As a database seeded before migration 0011: every translation ''.
    await db.update(products).set({
      nameHi: "",
      nameKn: "",
      descriptionHi: "",
      descriptionKn: "",
      sunlightHi: "",
      sunlightKn: "",
      wateringHi: "",
      wateringKn: "",
      plantHeightHi: "",
      plantHeightKn: "",
      featuresHi: [],
      featuresKn: [],
    });
    await db.update(scrapCategories).set({ nameHi: "", nameKn: "" });
    await db.update(scrapMaterials).set({ nameHi: "", nameKn: "" });
    // An admin's translation, and an English name an admin changed.
    await db.update(products).set({ nameHi: "मेरा गुलाब" }).where(eq(products.slug, "desi-rose"));
    await db.update(products).set({ name: "Jade" }).where(eq(products.slug, "jade-plant"));
    // Care details: an admin's Hindi sunlight and Kannada features, an English watering and
    // feature list an admin changed.
    await db
      .update(products)
      .set({ sunlightHi: "मेरी धूप", featuresKn: ["ನನ್ನ ಗಿಡ"] })
      .where(eq(products.slug, "desi-rose"));
    await db
      .update(products)
      .set({ watering: "Every morning", features: ["Mine"] })
      .where(eq(products.slug, "mint"));

    expect(await seedDatabase(db)).toEqual({
      productsInserted: 0,
      categoriesInserted: 0,
      materialsInserted: 0,
    });
    expect(await product("tulsi")).toMatchObject({
      nameHi: "तुलसी",
      nameKn: "ತುಳಸಿ",
      descriptionKn: expect.stringMatching(/ತುಳಸಿ/),
    });
    expect(await product("desi-rose")).toMatchObject({ nameHi: "मेरा गुलाब", nameKn: "" });
    expect(await product("tulsi")).toMatchObject({
      sunlightHi: "पूरी धूप, कम से कम 4-5 घंटे",
      wateringKn: "ಬೇಸಿಗೆಯಲ್ಲಿ ಪ್ರತಿದಿನ; ಚಳಿಗಾಲದಲ್ಲಿ 2 ದಿನಕ್ಕೊಮ್ಮೆ",
      plantHeightHi: "20–30 सेमी",
      plantHeightKn: "20–30 ಸೆಂ.ಮೀ",
      featuresHi: ["ख़ुशबूदार पत्तियाँ", "पूजा में काम आता है", "हर्बल चाय में काम आता है"].map((f) =>
        f.normalize("NFC"),
      ),
      featuresKn: ["ಪರಿಮಳದ ಎಲೆಗಳು", "ಪೂಜೆಗೆ ಬಳಸುತ್ತಾರೆ", "ಹರ್ಬಲ್ ಟೀಗೆ ಬಳಸುತ್ತಾರೆ"],
    });
    // The admin's translations stay (and the other language of that text stays empty); the
    // texts of this row that nobody touched are filled.
    const rose = await product("desi-rose");
    expect(rose).toMatchObject({
      sunlightHi: "मेरी धूप",
      sunlightKn: "",
      featuresHi: [],
      featuresKn: ["ನನ್ನ ಗಿಡ"],
    });
    expect(rose.wateringHi).not.toBe("");
    // Changed English: its translation is not filled, the others are.
    const mint = await product("mint");
    expect(mint).toMatchObject({ wateringHi: "", wateringKn: "", featuresHi: [], featuresKn: [] });
    expect(mint.sunlightKn).not.toBe("");
    expect(await product("jade-plant")).toMatchObject({
      nameHi: "",
      descriptionHi: expect.stringMatching(/सकुलेंट/),
    });
    expect(await material("Newspaper and books")).toMatchObject({
      nameHi: "अख़बार और किताबें".normalize("NFC"),
      nameKn: "ದಿನಪತ್ರಿಕೆ ಮತ್ತು ಪುಸ್ತಕಗಳು",
    });
    const [paper] = await db
      .select()
      .from(scrapCategories)
      .where(eq(scrapCategories.slug, "paper"));
    expect(paper).toMatchObject({ nameHi: "कागज़".normalize("NFC"), nameKn: "ಕಾಗದ" });

    // A second run changes nothing.
    const snapshot = await db.select().from(products).orderBy(products.id);
    await seedDatabase(db);
    expect(await db.select().from(products).orderBy(products.id)).toEqual(snapshot);
  });
});
