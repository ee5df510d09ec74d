/**
 * Catalogue and rates editing by admins (docs/dashboard.md): changes reach the public
 * lists at once, each writes one audit row with the values before and after, bad input is
 * refused next to its field with nothing written, staff without the admin role get 403, and
 * the catalogue CSV neutralises formulas.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { products } from "~/db/schema/catalogue";
import { scrapMaterials } from "~/db/schema/rates";
import { listPlants } from "~/features/catalogue/catalogue.server";
import { productFormValues } from "~/features/catalogue/catalogue-admin.server";
import { defaultPickupConfig } from "~/features/pickups/pickup-config";
import {
  bookPickup,
  getPickupByToken,
  PickupRejectedError,
} from "~/features/pickups/pickups.server";
import { listRateCategories } from "~/features/rates/rates.server";
import * as catalogueRoute from "~/routes/dashboard/catalogue";
import * as catalogueExport from "~/routes/dashboard/catalogue-export";
import * as productRoute from "~/routes/dashboard/product";
import * as ratesRoute from "~/routes/dashboard/rates";
import * as ratesExport from "~/routes/dashboard/rates-export";
import * as plantRoute from "~/routes/plant";
import * as ratelistRoute from "~/routes/ratelist";
import { idempotencyKey } from "~/utils/codes.server";
import { rateSheetForm, sheetErrorsOf } from "../support/factories/bulk-forms";
import { pickupAddress } from "../support/factories/carts-and-addresses";
import { callRoute, errorsOf, signedInStaff, statusOf } from "../support/factories/staff";
import { queryRows, testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });
let db: DatabaseHandle["db"];
let admin: { email: string; cookie: string };
let staffCookie: string;

beforeAll(async () => {
  db = handle.db;
  const signedAdmin = await signedInStaff(db, "admin");
  admin = { email: signedAdmin.user.email, cookie: signedAdmin.cookie };
  staffCookie = (await signedInStaff(db, "staff")).cookie;
});

type Handler = (args: never) => Promise<unknown>;

const asAdmin = (form?: Record<string, string>, params?: Record<string, string>) => ({
  cookie: admin.cookie,
  form,
  params,
});

async function auditCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log`);
  return Number(row?.n);
}

async function lastAudit(entity: string, entityId: number) {
  const rows = await queryRows<{ actor: string; action: string; details: Record<string, unknown> }>(
    db,
    sql`select actor, action, details from audit_log
        where entity = ${entity} and entity_id = ${String(entityId)} order by id desc limit 1`,
  );
  return rows[0];
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

async function publicRate(name: string) {
  const categories = await listRateCategories(db);
  return categories.flatMap((c) => c.materials).find((m) => m.name === name)?.ratePaisePerKg;
}

describe("product editing", () => {
  it("a new price shows on /plant at once and the audit row holds the paise before and after", async () => {
    const before = await product("snake-plant");
    expect(before.pricePaise).toBe(25_000);
    const url = `http://localhost/dashboard/catalogue/${before.id}`;
    const form = { ...productFormValues(before), price: "260.50" };
    const result = await callRoute(
      productRoute.action as Handler,
      url,
      asAdmin(form, { id: String(before.id) }),
    );
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe(`${url.slice(16)}?saved=1`);

    const plants = await listPlants(db, { filter: "all", q: "" });
    expect(plants.find((p) => p.slug === "snake-plant")?.pricePaise).toBe(26_050);
    const page = (await callRoute(plantRoute.loader as Handler, "http://localhost/plant", {})) as {
      plants: { slug: string; pricePaise: number }[];
    };
    expect(page.plants.find((p) => p.slug === "snake-plant")?.pricePaise).toBe(26_050);

    const audit = await lastAudit("product", before.id);
    expect(audit).toMatchObject({
      actor: admin.email,
      action: "product.update",
      details: { before: { pricePaise: 25_000 }, after: { pricePaise: 26_050 } },
    });
  });

  it("saving the form unchanged writes nothing", async () => {
    const current = await product("peace-lily");
    const count = await auditCount();
    const result = await callRoute(
      productRoute.action as Handler,
      `http://localhost/dashboard/catalogue/${current.id}`,
      asAdmin(productFormValues(current), { id: String(current.id) }),
    );
    expect((result as Response).headers.get("Location")).toMatch(/\?saved=0$/);
    expect(await auditCount()).toBe(count);
    expect((await product("peace-lily")).updatedAt).toEqual(current.updatedAt);
  });

  it("creates a product; a taken web address name is refused next to its field", async () => {
    const form = {
      ...productFormValues(await product("tulsi")),
      slug: "",
      name: "Holy Basil Large",
      price: "199",
      stock: "5",
    };
    const created = await callRoute(
      productRoute.action as Handler,
      "http://localhost/dashboard/catalogue/new",
      asAdmin(form),
    );
    expect(statusOf(created)).toBe(302);
    const row = await product("holy-basil-large");
    expect(row).toMatchObject({ pricePaise: 19_900, stock: 5, kind: "plant", active: true });
    expect((await lastAudit("product", row.id))?.action).toBe("product.create");

    const count = await auditCount();
    const again = await callRoute(
      productRoute.action as Handler,
      "http://localhost/dashboard/catalogue/new",
      asAdmin({ ...form, slug: "holy-basil-large" }),
    );
    expect(statusOf(again)).toBe(400);
    expect(errorsOf(again).slug).toMatch(/already uses this web address name/);
    expect(await auditCount()).toBe(count);
  });

  it("refuses a negative price, 1e3, three decimals, ₹0, a 10^12 or -1 stock and a missing image, writing nothing", async () => {
    const current = await product("money-plant");
    const url = `http://localhost/dashboard/catalogue/${current.id}`;
    const valid = productFormValues(current);
    const count = await auditCount();
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ price: "-5" }, "price", /like 249 or 249\.50/],
      [{ price: "1e3" }, "price", /like 249 or 249\.50/],
      [{ price: "249.505" }, "price", /like 249 or 249\.50/],
      [{ price: "0" }, "price", /from ₹1 to ₹1,00,000/],
      [{ price: "100000.01" }, "price", /from ₹1 to ₹1,00,000/],
      [{ stock: "1000000000000" }, "stock", /whole number from 0 to 10,000/],
      [{ stock: "-1" }, "stock", /whole number from 0 to 10,000/],
      [{ stock: "2.5" }, "stock", /whole number from 0 to 10,000/],
      [{ kind: "tree" }, "kind", /plant or fertiliser/],
      [{ usage: "" }, "usage", /indoor, outdoor or both/],
      [{ name: "  " }, "name", /name/],
      [{ imagePath: "/images/../server.js" }, "imagePath", /under \/images\//],
      [{ imagePath: "/images/products/nothing-here.svg" }, "imagePath", /no image at this path/],
    ];
    for (const [change, field, message] of cases) {
      const result = await callRoute(
        productRoute.action as Handler,
        url,
        asAdmin({ ...valid, ...change }, { id: String(current.id) }),
      );
      expect(statusOf(result), JSON.stringify(change)).toBe(400);
      expect(errorsOf(result)[field], JSON.stringify(change)).toMatch(message);
      expect((result as { data: { values: Record<string, string> } }).data.values).toMatchObject(
        change,
      );
    }
    expect(await product("money-plant")).toEqual(current);
    expect(await auditCount()).toBe(count);
  });

  it("an empty new-product form gets every message at once and writes nothing", async () => {
    const count = await auditCount();
    const result = await callRoute(
      productRoute.action as Handler,
      "http://localhost/dashboard/catalogue/new",
      asAdmin({ kind: "plant" }),
    );
    expect(statusOf(result)).toBe(400);
    expect(Object.keys(errorsOf(result)).sort()).toEqual(
      [
        "description",
        "feedGroup",
        "gstRate",
        "imageAlt",
        "imagePath",
        "name",
        "price",
        "slug",
        "stock",
        "usage",
      ].sort(),
    );
    expect(await auditCount()).toBe(count);
  });

  it("an unknown or malformed product id is a 404, not a 500", async () => {
    for (const id of ["999999", "abc", "1e3", "99999999999"]) {
      const url = `http://localhost/dashboard/catalogue/${id}`;
      expect(
        statusOf(await callRoute(productRoute.loader as Handler, url, asAdmin(undefined, { id }))),
      ).toBe(404);
      const post = await callRoute(
        productRoute.action as Handler,
        url,
        asAdmin(productFormValues(await product("tulsi")), { id }),
      );
      expect(statusOf(post)).toBe(404);
    }
  });
});

describe("catalogue list and CSV", () => {
  it("lists inactive products too, filters by kind and name, and neutralises '@SUM(1)' in the CSV", async () => {
    const form = {
      ...productFormValues(await product("vermicompost-1kg")),
      slug: "sum-trap",
      name: "@SUM(1)",
      active: "",
    };
    const created = await callRoute(
      productRoute.action as Handler,
      "http://localhost/dashboard/catalogue/new",
      asAdmin(form),
    );
    expect(statusOf(created)).toBe(302);

    const list = (await callRoute(
      catalogueRoute.loader as Handler,
      "http://localhost/dashboard/catalogue?kind=fertiliser&q=sum",
      asAdmin(),
    )) as { rows: { name: string; active: boolean; kind: string }[] };
    expect(list.rows).toEqual([expect.objectContaining({ name: "@SUM(1)", active: false })]);

    const plants = (await callRoute(
      catalogueRoute.loader as Handler,
      "http://localhost/dashboard/catalogue?kind=plant&q=%25",
      asAdmin(),
    )) as { rows: { kind: string }[] };
    expect(plants.rows).toEqual([]);

    const response = (await callRoute(
      catalogueExport.loader as Handler,
      "http://localhost/dashboard/catalogue/export?kind=fertiliser&q=SUM",
      asAdmin(),
    )) as Response;
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",'@SUM(1),sum-trap,fertiliser,");
    expect(lines[1]).not.toMatch(/,@SUM/);
  });

  it("pages through the whole catalogue by keyset without repeats; odd filters are ignored", async () => {
    const [total] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from products`,
    );
    const seen: number[] = [];
    let url: string | null = "http://localhost/dashboard/catalogue?kind=odd&after=garbage";
    while (url) {
      const page = (await callRoute(catalogueRoute.loader as Handler, url, asAdmin())) as {
        rows: { id: number }[];
        nextHref: string | null;
      };
      seen.push(...page.rows.map((r) => r.id));
      url = page.nextHref ? `http://localhost${page.nextHref}` : null;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(Number(total?.n));
  });
});

describe("rate editing", () => {
  it("a new rate shows on /ratelist at once and the audit row holds the paise before and after", async () => {
    const brass = await material("Brass");
    expect(brass.ratePaisePerKg).toBe(25_000);
    const result = await callRoute(
      ratesRoute.action as Handler,
      "http://localhost/dashboard/rates",
      asAdmin(await rateSheetForm(db, { [brass.id]: { rate: "262.75" } })),
    );
    expect(statusOf(result)).toBe(302);
    expect(await publicRate("Brass")).toBe(26_275);
    const page = (await callRoute(
      ratelistRoute.loader as Handler,
      "http://localhost/ratelist",
      {},
    )) as {
      categories: { materials: { name: string; ratePaisePerKg: number }[] }[];
    };
    expect(
      page.categories.flatMap((c) => c.materials).find((m) => m.name === "Brass")?.ratePaisePerKg,
    ).toBe(26_275);
    expect(await lastAudit("scrap_material", brass.id)).toMatchObject({
      actor: admin.email,
      action: "rate.update",
      details: { before: { ratePaisePerKg: 25_000 }, after: { ratePaisePerKg: 26_275 } },
    });
    const location = (result as Response).headers.get("Location") ?? "";
    const after = (await callRoute(
      ratesRoute.loader as Handler,
      `http://localhost${location}`,
      asAdmin(),
    )) as { notice: string };
    expect(after.notice).toBe("Brass: the rate is now ₹262.75 per kg.");
  });

  it("refuses ₹10,000.01, 12.345, -1, 1e3 and empty, writing nothing", async () => {
    const copper = await material("Copper");
    const count = await auditCount();
    for (const rate of ["10000.01", "12.345", "-1", "1e3", "", "₹ 12.5.0"]) {
      const result = await callRoute(
        ratesRoute.action as Handler,
        "http://localhost/dashboard/rates",
        asAdmin(await rateSheetForm(db, { [copper.id]: { rate } })),
      );
      expect(statusOf(result), rate).toBe(400);
      expect(sheetErrorsOf(result)).toEqual({
        [`rate-${copper.id}`]: "Enter a rate from ₹0 to ₹10,000 per kg, like 12 or 12.50.",
      });
    }
    const top = await callRoute(
      ratesRoute.action as Handler,
      "http://localhost/dashboard/rates",
      asAdmin({ intent: "add-material", categoryId: "1", name: "Gold leaf", rate: "10000.01" }),
    );
    expect(errorsOf(top).rate).toMatch(/from ₹0 to ₹10,000/);
    expect(await material("Copper")).toEqual(copper);
    expect(await auditCount()).toBe(count);
    const unknown = await callRoute(
      ratesRoute.action as Handler,
      "http://localhost/dashboard/rates",
      asAdmin({ intent: "save-rates", "rate-999999": "5", "was-rate-999999": "400" }),
    );
    expect(statusOf(unknown)).toBe(409);
    const unknownRestore = await callRoute(
      ratesRoute.action as Handler,
      "http://localhost/dashboard/rates",
      asAdmin({ intent: "restore", materialId: "999999" }),
    );
    expect(statusOf(unknownRestore)).toBe(404);
    const odd = await callRoute(
      ratesRoute.action as Handler,
      "http://localhost/dashboard/rates",
      asAdmin({ intent: "drop-table", materialId: "1" }),
    );
    expect(statusOf(odd)).toBe(400);
    expect(await auditCount()).toBe(count);
  });

  it("retiring takes a material off the public list and the booking form, keeps old pickups, and it can come back", async () => {
    const fiber = await material("Fiber");
    const morning = new Date("2026-11-21T04:30:00Z");
    const booking = () => ({
      ...pickupAddress,
      pickupDate: "2026-11-23",
      pickupTime: "11:00",
      reward: "plants" as const,
      idempotencyKey: idempotencyKey(),
      items: [{ materialId: fiber.id, grams: 2000 }],
    });
    const earlier = await bookPickup(db, booking(), morning, defaultPickupConfig);

    const retire = await callRoute(
      ratesRoute.action as Handler,
      "http://localhost/dashboard/rates",
      asAdmin({ intent: "retire", materialId: String(fiber.id), confirm: "yes" }),
    );
    expect(statusOf(retire)).toBe(302);
    expect(await publicRate("Fiber")).toBeUndefined();
    await expect(bookPickup(db, booking(), morning, defaultPickupConfig)).rejects.toBeInstanceOf(
      PickupRejectedError,
    );
    const old = await getPickupByToken(db, earlier.trackingToken);
    expect(old?.items.map((i) => [i.material, i.ratePaisePerKg])).toEqual([["Fiber", 450]]);
    expect(await lastAudit("scrap_material", fiber.id)).toMatchObject({
      action: "rate.retire",
      details: { before: { active: true }, after: { active: false } },
    });
    const admins = (await callRoute(
      ratesRoute.loader as Handler,
      "http://localhost/dashboard/rates",
      asAdmin(),
    )) as { categories: { materials: { name: string; active: boolean }[] }[] };
    expect(admins.categories.flatMap((c) => c.materials).find((m) => m.name === "Fiber")).toEqual(
      expect.objectContaining({ active: false }),
    );

    await callRoute(
      ratesRoute.action as Handler,
      "http://localhost/dashboard/rates",
      asAdmin({ intent: "restore", materialId: String(fiber.id) }),
    );
    expect(await publicRate("Fiber")).toBe(450);
  });

  it("adds a material to a category once; the same name again is refused next to the name", async () => {
    const categories = await listRateCategories(db);
    const metal = categories.find((c) => c.name === "Metal");
    const [category] = await queryRows<{ id: number }>(
      db,
      sql`select id from scrap_categories where slug = ${metal?.slug ?? ""}`,
    );
    const form = { intent: "add-material", categoryId: String(category?.id), rate: "41.5" };
    const added = await callRoute(
      ratesRoute.action as Handler,
      "http://localhost/dashboard/rates",
      asAdmin({ ...form, name: "Stainless steel" }),
    );
    expect(statusOf(added)).toBe(302);
    expect(await publicRate("Stainless steel")).toBe(4150);
    const listed = (await listRateCategories(db)).find((c) => c.name === "Metal");
    expect(listed?.materials.at(-1)?.name).toBe("Stainless steel");

    const count = await auditCount();
    const again = await callRoute(
      ratesRoute.action as Handler,
      "http://localhost/dashboard/rates",
      asAdmin({ ...form, name: "STAINLESS STEEL" }),
    );
    expect(statusOf(again)).toBe(409);
    expect(errorsOf(again).name).toMatch(/already has a material called Stainless steel/);
    const badCategory = await callRoute(
      ratesRoute.action as Handler,
      "http://localhost/dashboard/rates",
      asAdmin({ ...form, categoryId: "999999", name: "Tin" }),
    );
    expect(errorsOf(badCategory).categoryId).toMatch(/category/);
    expect(await auditCount()).toBe(count);
  });

  it("exports every material, retired ones too, as CSV", async () => {
    const response = (await callRoute(
      ratesExport.loader as Handler,
      "http://localhost/dashboard/rates/export",
      asAdmin(),
    )) as Response;
    const lines = (await response.text()).trim().split("\r\n");
    const [materials] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from scrap_materials`,
    );
    expect(lines).toHaveLength(Number(materials?.n) + 1);
    expect(lines.find((line) => line.includes(",Beer Bottles,"))).toMatch(/,50,0\.50,yes,/);
  });
});

describe("admin only", () => {
  it("a staff member without the admin role gets 403 from every loader and action", async () => {
    const id = String((await product("tulsi")).id);
    const calls: [Handler, string, Record<string, string>?][] = [
      [catalogueRoute.loader as Handler, "/dashboard/catalogue"],
      [catalogueExport.loader as Handler, "/dashboard/catalogue/export"],
      [productRoute.loader as Handler, "/dashboard/catalogue/new"],
      [productRoute.loader as Handler, `/dashboard/catalogue/${id}`, { id }],
      [productRoute.action as Handler, "/dashboard/catalogue/new"],
      [productRoute.action as Handler, `/dashboard/catalogue/${id}`, { id }],
      [ratesRoute.loader as Handler, "/dashboard/rates"],
      [ratesRoute.action as Handler, "/dashboard/rates"],
      [ratesExport.loader as Handler, "/dashboard/rates/export"],
    ];
    const count = await auditCount();
    const brass = await material("Brass");
    for (const [handler, path, params] of calls) {
      const isAction = handler === productRoute.action || handler === ratesRoute.action;
      const form = isAction
        ? { intent: "save-rates", [`rate-${brass.id}`]: "1", [`was-rate-${brass.id}`]: "25000" }
        : undefined;
      const result = await callRoute(handler, `http://localhost${path}`, {
        cookie: staffCookie,
        form,
        params,
      });
      expect(statusOf(result), path).toBe(403);
    }
    expect(await auditCount()).toBe(count);
    expect(await material("Brass")).toEqual(brass);
  });
});
