/**
 * The dashboard's bulk forms and destructive actions (docs/dashboard.md "Bulk forms" and
 * "Destructive actions", ADR 0031), through the route modules as an admin: the rate sheet and
 * the stock sheet write only the rows typed differently, each with its audit row; one refused
 * row refuses the whole form (its message next to it, nothing written); a row changed by
 * someone else since the page was shown is refused as changed meanwhile (409), and saving again
 * replaces it knowingly. Retire, Disable and Cancel change nothing without their confirmation
 * step.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { products } from "~/db/schema/catalogue";
import { pickups } from "~/db/schema/pickups";
import { scrapMaterials } from "~/db/schema/rates";
import { orders } from "~/db/schema/shop";
import { staffUsers } from "~/db/schema/staff";
import * as catalogueRoute from "~/routes/dashboard/catalogue";
import * as orderRoute from "~/routes/dashboard/order";
import * as pickupRoute from "~/routes/dashboard/pickup";
import * as ratesRoute from "~/routes/dashboard/rates";
import * as staffRoute from "~/routes/dashboard/staff";
import { cellName, shownCellName } from "~/utils/bulk-form";
import { rateSheetForm, stockSheetForm } from "../support/factories/bulk-forms";
import { routeAnswer, routeArgs, signedInStaff } from "../support/factories/staff";
import { queryRows, testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });
let db: DatabaseHandle["db"];
let admin: { email: string; cookie: string };

beforeAll(async () => {
  db = handle.db;
  const signed = await signedInStaff(db, "admin");
  admin = { email: signed.user.email, cookie: signed.cookie };
});

const RATES = "http://localhost/dashboard/rates";
const CATALOGUE = "http://localhost/dashboard/catalogue";

/** What a refused sheet answers: its status and data. */
interface SheetAnswer {
  sheet: {
    formError: string;
    errors: Record<string, string>;
    values: Record<string, string>;
  };
}

function post<T>(
  handler: (args: never) => Promise<unknown>,
  url: string,
  form: Record<string, string>,
  params: Record<string, string> = {},
) {
  return routeAnswer<T>(() =>
    handler(routeArgs<never>(url, { cookie: admin.cookie, form, params })),
  );
}

async function auditRows(entity: string) {
  return queryRows<{ action: string; entity_id: string; actor: string; details: unknown }>(
    db,
    sql`select action, entity_id, actor, details from audit_log
        where entity = ${entity} order by id`,
  );
}

async function materials() {
  return db.select().from(scrapMaterials).orderBy(scrapMaterials.id);
}

/** Five active materials of the seeded rate list, by name. */
async function fiveMaterials() {
  const names = ["Brass", "Copper", "Aluminium", "Iron", "Newspaper and books"];
  const rows = await db.select().from(scrapMaterials).where(inArray(scrapMaterials.name, names));
  expect(rows.map((row) => row.name).sort()).toEqual([...names].sort());
  return rows;
}

describe("the rate sheet", () => {
  it("five changed rates: one Save writes those five rows with five audit rows, and no other row", async () => {
    const five = await fiveMaterials();
    const before = await materials();
    const auditBefore = (await auditRows("scrap_material")).length;
    const typed = Object.fromEntries(
      five.map((row, i) => [row.id, { rate: `${(row.ratePaisePerKg + 100 * (i + 1)) / 100}` }]),
    );
    const saved = await post(ratesRoute.action, RATES, await rateSheetForm(db, typed));
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/dashboard/rates?done=saved&rates=5&names=0");

    const after = await materials();
    for (const row of after) {
      const was = before.find((old) => old.id === row.id);
      const index = five.findIndex((changed) => changed.id === row.id);
      if (index === -1) {
        // Not typed differently: not written at all (its updated_at is as it was).
        expect(row, row.name).toEqual(was);
      } else {
        expect(row.ratePaisePerKg, row.name).toBe((was?.ratePaisePerKg ?? 0) + 100 * (index + 1));
      }
    }
    const audit = (await auditRows("scrap_material")).slice(auditBefore);
    expect(audit).toHaveLength(5);
    for (const [i, row] of five.entries()) {
      expect(audit).toContainEqual({
        action: "rate.update",
        entity_id: String(row.id),
        actor: admin.email,
        details: {
          before: { ratePaisePerKg: row.ratePaisePerKg },
          after: { ratePaisePerKg: row.ratePaisePerKg + 100 * (i + 1) },
          name: row.name,
        },
      });
    }
    const page = await ratesRoute.loader(
      routeArgs(`http://localhost${saved.location}`, { cookie: admin.cookie }),
    );
    expect(page.notice).toBe("Saved 5 new rates. The rate list and the pickup form show them now.");

    const again = await post(ratesRoute.action, RATES, await rateSheetForm(db));
    expect(again.location).toBe("/dashboard/rates?done=unchanged");
    expect(await auditRows("scrap_material")).toHaveLength(auditBefore + 5);
  });

  it("one refused rate: its message next to it, the typed values shown again, nothing written", async () => {
    const [bad, ...good] = await fiveMaterials();
    if (!bad) throw new Error("no material");
    const before = await materials();
    const auditBefore = (await auditRows("scrap_material")).length;
    const typed = {
      [bad.id]: { rate: "12.345" },
      ...Object.fromEntries(good.map((row) => [row.id, { rate: "77" }])),
    };
    const refused = await post<SheetAnswer>(
      ratesRoute.action,
      RATES,
      await rateSheetForm(db, typed),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.sheet.errors).toEqual({
      [cellName("rate", bad.id)]: "Enter a rate from ₹0 to ₹10,000 per kg, like 12 or 12.50.",
    });
    expect(refused.body.sheet.formError).toBe(
      "Nothing was saved. Correct the rows marked below, then press Save again.",
    );
    expect(refused.body.sheet.values[cellName("rate", bad.id)]).toBe("12.345");
    for (const row of good) expect(refused.body.sheet.values[cellName("rate", row.id)]).toBe("77");
    expect(await materials()).toEqual(before);
    expect(await auditRows("scrap_material")).toHaveLength(auditBefore);
  });

  it("a rate changed by someone else since the page was shown: 409 next to it, nothing written; saving again replaces it", async () => {
    const [copper, brass] = await fiveMaterials();
    if (!copper || !brass) throw new Error("no material");
    const shown = await rateSheetForm(db, {
      [copper.id]: { rate: "500" },
      [brass.id]: { rate: "301" },
    });
    // Another admin saves Copper's rate from their own page meanwhile.
    const other = await rateSheetForm(db, { [copper.id]: { rate: "450.50" } });
    expect((await post(ratesRoute.action, RATES, other)).status).toBe(302);
    const before = await materials();
    const auditBefore = (await auditRows("scrap_material")).length;

    const stale = await post<SheetAnswer>(ratesRoute.action, RATES, shown);
    expect(stale.status).toBe(409);
    expect(stale.body.sheet.formError).toMatch(/^Nothing was saved: someone changed the rows/);
    expect(stale.body.sheet.errors).toEqual({
      [cellName("rate", copper.id)]:
        "Someone changed this rate to ₹450.50 per kg meanwhile. Press Save again to replace it with yours.",
    });
    expect(await materials()).toEqual(before);
    expect(await auditRows("scrap_material")).toHaveLength(auditBefore);

    // The page shows the other admin's rate as the one shown now, and the typed one in the box.
    expect(stale.body.sheet.values[shownCellName("rate", copper.id)]).toBe("45050");
    expect(stale.body.sheet.values[cellName("rate", copper.id)]).toBe("500");
    const again = await post(ratesRoute.action, RATES, {
      intent: "save-rates",
      ...stale.body.sheet.values,
    });
    expect(again.status).toBe(302);
    const after = await materials();
    expect(after.find((row) => row.id === copper.id)?.ratePaisePerKg).toBe(50_000);
    expect(after.find((row) => row.id === brass.id)?.ratePaisePerKg).toBe(30_100);
  });

  it("names and rates in the same Save: a rate.update and a rate.rename row; a 61-character name is refused", async () => {
    const [iron] = await db.select().from(scrapMaterials).where(eq(scrapMaterials.name, "Iron"));
    if (!iron) throw new Error("no Iron");
    const auditBefore = (await auditRows("scrap_material")).length;
    const tooLong = await post<SheetAnswer>(
      ratesRoute.action,
      RATES,
      await rateSheetForm(db, { [iron.id]: { nameHi: "क".repeat(61) } }),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.sheet.errors[cellName("nameHi", iron.id)]).toMatch(
      /at most 60 characters for the Hindi name/,
    );
    const saved = await post(
      ratesRoute.action,
      RATES,
      await rateSheetForm(db, { [iron.id]: { rate: "31", nameKn: " ಕಬ್ಬಿಣ (ಗುಜರಿ) " } }),
    );
    expect(saved.location).toBe("/dashboard/rates?done=saved&rates=1&names=1");
    const audit = (await auditRows("scrap_material")).slice(auditBefore);
    expect(audit.map((row) => row.action)).toEqual(["rate.update", "rate.rename"]);
    expect(audit[1]?.details).toMatchObject({
      before: { nameKn: iron.nameKn },
      after: { nameKn: "ಕಬ್ಬಿಣ (ಗುಜರಿ)" },
    });
  });

  it("a sheet that is not the page's (a shown rate without its box, a shown rate not in paise) is refused whole", async () => {
    const [brass] = await fiveMaterials();
    if (!brass) throw new Error("no material");
    const before = await materials();
    for (const form of [
      { intent: "save-rates", [shownCellName("rate", brass.id)]: "25000" },
      {
        intent: "save-rates",
        [shownCellName("rate", brass.id)]: "250.00",
        [cellName("rate", brass.id)]: "1",
      },
    ]) {
      const refused = await post<SheetAnswer>(ratesRoute.action, RATES, form);
      expect(refused.status).toBe(400);
      expect(refused.body.sheet.formError).toBe("This page is out of date. Please reload it.");
    }
    expect(await materials()).toEqual(before);
  });
});

describe("the stock sheet", () => {
  async function stockOf(ids: readonly number[]) {
    return db
      .select({ id: products.id, stock: products.stock, updatedAt: products.updatedAt })
      .from(products)
      .where(inArray(products.id, [...ids]))
      .orderBy(products.id);
  }

  it("three changed stocks: one Save writes those three with their audit rows; a refused row or a stale one writes nothing", async () => {
    const shown = await stockSheetForm(db);
    const ids = Object.keys(shown)
      .filter((key) => key.startsWith("stock-"))
      .map((key) => Number(key.slice("stock-".length)));
    expect(ids.length).toBeGreaterThan(5);
    const [a, b, c, d] = ids as [number, number, number, number];
    const before = await stockOf(ids);
    const auditBefore = (await auditRows("product")).length;

    const refused = await post<SheetAnswer>(
      catalogueRoute.action,
      `${CATALOGUE}?kind=`,
      await stockSheetForm(db, { [a]: "7", [b]: "-1", [c]: "10001" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.sheet.errors).toEqual({
      [cellName("stock", b)]: "Enter the stock as a whole number from 0 to 10,000.",
      [cellName("stock", c)]: "Enter the stock as a whole number from 0 to 10,000.",
    });
    expect(await stockOf(ids)).toEqual(before);

    const saved = await post(
      catalogueRoute.action,
      `${CATALOGUE}?q=&done=stock&count=9`,
      await stockSheetForm(db, { [a]: "7", [b]: "0", [c]: "10000" }),
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/dashboard/catalogue?q=&done=stock&count=3");
    const after = await stockOf(ids);
    const stock = (id: number) => after.find((row) => row.id === id)?.stock;
    expect([stock(a), stock(b), stock(c)]).toEqual([7, 0, 10_000]);
    expect(after.filter((row) => ![a, b, c].includes(row.id))).toEqual(
      before.filter((row) => ![a, b, c].includes(row.id)),
    );
    const audit = (await auditRows("product")).slice(auditBefore);
    expect(audit.map((row) => [row.action, row.entity_id]).sort()).toEqual(
      [a, b, c].map((id) => ["product.update", String(id)]).sort(),
    );
    expect(audit.find((row) => row.entity_id === String(a))?.details).toMatchObject({
      after: { stock: 7 },
    });
    const page = await catalogueRoute.loader(
      routeArgs(`http://localhost${saved.location}`, { cookie: admin.cookie }),
    );
    expect(page.notice).toBe("Stock saved for 3 products.");

    // An order (or another admin) changes d's stock after the page was shown.
    const stalePage = await stockSheetForm(db, { [d]: "42", [a]: "8" });
    await db.update(products).set({ stock: 3 }).where(eq(products.id, d));
    const middle = await stockOf(ids);
    const stale = await post<SheetAnswer>(catalogueRoute.action, CATALOGUE, stalePage);
    expect(stale.status).toBe(409);
    expect(stale.body.sheet.errors).toEqual({
      [cellName("stock", d)]:
        "The stock changed to 3 meanwhile (an order, or someone else). Press Save again to replace it with yours.",
    });
    expect(stale.body.sheet.values[shownCellName("stock", d)]).toBe("3");
    expect(await stockOf(ids)).toEqual(middle);
    expect(await auditRows("product")).toHaveLength(auditBefore + 3);
  });

  it("another intent is refused and writes nothing", async () => {
    const refused = await post<SheetAnswer>(catalogueRoute.action, CATALOGUE, {
      ...(await stockSheetForm(db)),
      intent: "drop",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.sheet.formError).toBe("Unknown action.");
  });
});

describe("destructive actions", () => {
  it("Retire, Disable and Cancel without their confirmation step change nothing and lead to it; confirmed, they apply", async () => {
    const [fiber] = await db.select().from(scrapMaterials).where(eq(scrapMaterials.name, "Fiber"));
    const target = await signedInStaff(db, "staff");
    const [pickup] = await queryRows<{ id: number }>(
      db,
      sql`insert into pickups (reference, tracking_token, name, email, phone, address_line1,
        address_line2, city, pin_code, pickup_date, slot_start, reward_preference, estimate_paise)
      values ('PU-CONF01', 'tok-confirm-pickup', 'Ravi', 'ravi@example.com', '+919845012345',
        '4 Road', '', 'Bengaluru', '560025', '2026-11-23', '11:00', 'plants', 0)
      returning id`,
    );
    const [order] = await queryRows<{ id: number }>(
      db,
      sql`insert into orders (reference, tracking_token, idempotency_key, payment_method, name,
        email, phone, address, city, state, pin_code, subtotal_paise, total_paise)
      values ('OR-CONF01', 'tok-confirm-order', 'idem-confirm-order', 'cod', 'Asha',
        'asha@example.com', '+919845012345', '1 Road', 'Pune', 'Maharashtra', '411001', 100, 100)
      returning id`,
    );
    if (!fiber || !pickup || !order) throw new Error("rows missing");
    const steps: {
      handler: (args: never) => Promise<unknown>;
      url: string;
      form: Record<string, string>;
      params: Record<string, string>;
      step: string;
    }[] = [
      {
        handler: ratesRoute.action,
        url: RATES,
        form: { intent: "retire", materialId: String(fiber.id) },
        params: {},
        step: `/dashboard/rates?confirm=retire&materialId=${fiber.id}#confirm`,
      },
      {
        handler: staffRoute.action,
        url: "http://localhost/dashboard/staff",
        form: { intent: "disable", userId: target.user.id },
        params: {},
        step: `/dashboard/staff?confirm=disable&userId=${target.user.id}#confirm`,
      },
      {
        handler: orderRoute.action,
        url: `http://localhost/dashboard/orders/${order.id}`,
        form: { intent: "cancel", expectedFrom: "placed" },
        params: { id: String(order.id) },
        step: `/dashboard/orders/${order.id}?confirm=cancel#confirm`,
      },
      {
        handler: pickupRoute.action,
        url: `http://localhost/dashboard/pickups/${pickup.id}`,
        form: { intent: "cancel", expectedFrom: "requested" },
        params: { id: String(pickup.id) },
        step: `/dashboard/pickups/${pickup.id}?confirm=cancel#confirm`,
      },
    ];
    const state = async () => ({
      material: (await db.select().from(scrapMaterials).where(eq(scrapMaterials.id, fiber.id)))[0]
        ?.active,
      staff: (await db.select().from(staffUsers).where(eq(staffUsers.id, target.user.id)))[0]
        ?.banned,
      order: (await db.select().from(orders).where(eq(orders.id, order.id)))[0]?.status,
      pickup: (await db.select().from(pickups).where(eq(pickups.id, pickup.id)))[0]?.status,
      audit: (await queryRows(db, sql`select id from audit_log`)).length,
    });
    const before = await state();
    expect(before).toMatchObject({
      material: true,
      staff: false,
      order: "placed",
      pickup: "requested",
    });
    for (const { handler, url, form, params, step } of steps) {
      for (const confirm of [{}, { confirm: "" }, { confirm: "no" }] as Record<string, string>[]) {
        const answer = await post(handler, url, { ...form, ...confirm }, params);
        expect(answer, `${form.intent} ${JSON.stringify(confirm)}`).toMatchObject({
          status: 302,
          location: step,
        });
      }
    }
    expect(await state()).toEqual(before);

    // The steps themselves show what they ask about.
    const ratesStep = await ratesRoute.loader(
      routeArgs(`http://localhost${steps[0]?.step}`, { cookie: admin.cookie }),
    );
    expect(ratesStep.retiring?.name).toBe("Fiber");
    const staffStep = await staffRoute.loader(
      routeArgs(`http://localhost${steps[1]?.step}`, { cookie: admin.cookie }),
    );
    expect(staffStep.disabling?.name).toBe(target.user.email);
    const orderStep = await orderRoute.loader(
      routeArgs(`http://localhost${steps[2]?.step}`, {
        cookie: admin.cookie,
        params: { id: String(order.id) },
      }),
    );
    expect(orderStep.cancelling).toBe(true);
    const pickupStep = await pickupRoute.loader(
      routeArgs(`http://localhost${steps[3]?.step}`, {
        cookie: admin.cookie,
        params: { id: String(pickup.id) },
      }),
    );
    expect(pickupStep.cancelling).toBe(true);

    for (const { handler, url, form, params } of steps) {
      const answer = await post(handler, url, { ...form, confirm: "yes" }, params);
      expect(answer.status, form.intent).toBeLessThan(400);
    }
    expect(await state()).toEqual({
      material: false,
      staff: true,
      order: "cancelled",
      pickup: "cancelled",
      audit: before.audit + 4,
    });
    // Done: no step is offered any more.
    const retired = await ratesRoute.loader(
      routeArgs(`http://localhost${steps[0]?.step}`, { cookie: admin.cookie }),
    );
    expect(retired.retiring).toBeNull();
  });
});
