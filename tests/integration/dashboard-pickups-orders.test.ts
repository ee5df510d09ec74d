/**
 * Staff dashboard, pickups and orders (docs/dashboard.md): filters and search, keyset
 * pages, status changes with audit rows, the weigh sheet saved from the pickup page, cash collected,
 * CSV export. Everything goes through the route modules as a `staff` (not admin) user.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { auditLog } from "~/db/schema/audit";
import { type PickupStatus, pickupItems, pickups } from "~/db/schema/pickups";
import { scrapMaterials } from "~/db/schema/rates";
import { type OrderStatus, orders } from "~/db/schema/shop";
import { seedDatabase } from "~/db/seed.server";
import { weighSheetsOf } from "~/features/exchange/weigh-sheet-view.server";
import { pickupCsvRows } from "~/features/pickups/pickups-admin.server";
import * as orderRoute from "~/routes/dashboard/order";
import * as ordersRoute from "~/routes/dashboard/orders";
import * as ordersExport from "~/routes/dashboard/orders-export";
import * as pickupRoute from "~/routes/dashboard/pickup";
import * as pickupsRoute from "~/routes/dashboard/pickups";
import * as pickupsExport from "~/routes/dashboard/pickups-export";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { pickupAddress } from "../support/factories/carts-and-addresses";
import { routeArgs, signedInStaff } from "../support/factories/staff";
import { createTestDatabase, queryRows } from "../support/processes/test-database";

let handle: DatabaseHandle;
let db: DatabaseHandle["db"];
let cookie: string;
let staffEmail: string;
let brass: { id: number; rate: number };
let copper: { id: number; rate: number };

const BASE = "http://localhost/dashboard";
const cities = ["Bengaluru", "Pune", "Mysuru"] as const;
const statuses: PickupStatus[] = ["requested", "confirmed", "collected", "cancelled", "missed"];
const HYPERLINK = '=HYPERLINK("http://evil.example","click")';

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  useDatabaseHandle(handle);
  await seedDatabase(db);
  resetRateLimits();
  const staff = await signedInStaff(db, "staff");
  cookie = staff.cookie;
  staffEmail = staff.user.email;
  const rows = await db.select().from(scrapMaterials);
  const find = (name: string) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`no material ${name}`);
    return { id: row.id, rate: row.ratePaisePerKg };
  };
  brass = find("Brass");
  copper = find("Copper");
  await insertPickups();
  await insertOrders();
});
afterAll(async () => {
  await handle?.close();
});

// 130 pickups over 10 dates (13 per date, so pages split inside a date), 3 cities,
// 5 statuses; phones and PIN codes derived from the index.
async function insertPickups() {
  const values = Array.from({ length: 130 }, (_, i) => ({
    reference: `PU-T${String(i).padStart(5, "0")}`,
    trackingToken: `tok-pickup-${i}`,
    status: statuses[i % 5] as PickupStatus,
    name: i === 7 ? HYPERLINK : i % 10 === 3 ? `Meera Iyer ${i}` : `Person ${i}`,
    email: `p${i}@example.com`,
    phone: `+9198450${String(i).padStart(5, "0")}`,
    addressLine1: `${i} Main Road`,
    addressLine2: "",
    city: cities[i % 3] as string,
    pinCode: `5600${String(10 + (i % 4))}`,
    pickupDate: `2026-11-${String(10 + (i % 10)).padStart(2, "0")}`,
    slotStart: "11:00",
    rewardPreference: "plants" as const,
    estimatePaise: 1000 + i,
  }));
  await db.insert(pickups).values(values);
}

const orderStatusesCycle: OrderStatus[] = ["placed", "confirmed", "shipped", "delivered"];

// 120 orders; several share one created_at to the microsecond, others differ by 1 µs.
async function insertOrders() {
  for (let i = 0; i < 120; i++) {
    const micro = String(i % 6 === 0 ? 0 : i).padStart(6, "0");
    const day = String(10 + (i % 5)).padStart(2, "0");
    await db.execute(sql`
      insert into orders (reference, tracking_token, idempotency_key, status, payment_method,
        payment_status, name, email, phone, address, city, state, pin_code, subtotal_paise,
        total_paise, created_at)
      values (${`OR-T${String(i).padStart(5, "0")}`}, ${`tok-order-${i}`}, ${`idem-${i}`},
        ${orderStatusesCycle[i % 4]}, ${i % 7 === 0 ? "online" : "cod"},
        ${i % 7 === 0 ? "paid" : "unpaid"},
        ${i === 5 ? HYPERLINK : i % 10 === 4 ? `Kavya Nair ${i}` : `Buyer ${i}`},
        ${`buyer${i}@${i % 2 ? "gmail.test" : "mail.test"}`},
        ${`+9197310${String(i).padStart(5, "0")}`}, '1 Road', 'Pune', 'Maharashtra', '411001',
        ${50000 + i}, ${50000 + i},
        ${`2026-11-${day} 10:00:00.${micro}+05:30`}::timestamptz)`);
  }
}

type PickupsData = Awaited<ReturnType<typeof pickupsRoute.loader>>;
type OrdersData = Awaited<ReturnType<typeof ordersRoute.loader>>;

async function pickupsPage(query: string): Promise<PickupsData> {
  return pickupsRoute.loader(routeArgs(`${BASE}/pickups${query}`, { cookie }));
}
async function ordersPage(query: string): Promise<OrdersData> {
  return ordersRoute.loader(routeArgs(`${BASE}/orders${query}`, { cookie }));
}

/** Every reference over all pages, following the "Next page" links. */
async function walkPages<T extends { rows: { reference: string }[]; next: string | null }>(
  first: string,
  load: (query: string) => Promise<T>,
): Promise<string[]> {
  const seen: string[] = [];
  let query: string | null = first;
  while (query !== null) {
    const page: T = await load(query);
    expect(page.rows.length).toBeLessThanOrEqual(50);
    seen.push(...page.rows.map((row) => row.reference));
    query = page.next;
  }
  return seen;
}

async function expectedPickupRefs(where = sql`true`): Promise<string[]> {
  const rows = await queryRows<{ reference: string }>(
    db,
    sql`select reference from pickups where ${where} order by pickup_date desc, id desc`,
  );
  return rows.map((row) => row.reference);
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r") continue;
    else if (ch === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

async function auditRows(entity: string, id: number) {
  return db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.entity} = ${entity} and ${auditLog.entityId} = ${String(id)}`)
    .orderBy(auditLog.id);
}

describe("pickups list", () => {
  it("filters by status, city (any case), PIN code and date range", async () => {
    const page = await pickupsPage("?status=confirmed&city=pune&pin=560011");
    const expected = await expectedPickupRefs(
      sql`status = 'confirmed' and city = 'Pune' and pin_code = '560011'`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(page.rows.map((r) => r.reference)).toEqual(expected);

    const range = await pickupsPage("?status=any&from=2026-11-12&to=2026-11-13");
    const inRange = await expectedPickupRefs(
      sql`pickup_date between '2026-11-12' and '2026-11-13'`,
    );
    expect(range.rows.map((r) => r.reference)).toEqual(inRange);
    expect(inRange).toHaveLength(26);
  });

  it("searches by part of the name, a phone written either way, and the reference", async () => {
    const byName = await pickupsPage("?q=meera%20IYER");
    expect(byName.rows.map((r) => r.reference)).toEqual(
      await expectedPickupRefs(sql`name like 'Meera Iyer%'`),
    );
    expect(byName.rows).toHaveLength(13);
    for (const q of ["9845000042", "%2B919845000042", "098450%2000042"]) {
      const byPhone = await pickupsPage(`?q=${q}`);
      expect(byPhone.rows.map((r) => r.reference)).toEqual(["PU-T00042"]);
    }
    const byRef = await pickupsPage("?q=pu-t00099");
    expect(byRef.rows.map((r) => r.reference)).toEqual(["PU-T00099"]);
    const wildcard = await pickupsPage("?q=%25%25%25");
    expect(wildcard.rows).toEqual([]);
    const short = await pickupsPage("?q=me");
    expect(short.problems.q).toBe("Type at least 3 characters to search.");
    expect(short.rows).toHaveLength(50);
  });

  it("ignores odd filter values with a message next to the filter, never a 500", async () => {
    const page = await pickupsPage(
      `?status=shipped&from=2026-02-31&to=yesterday&pin=12&q=${"x".repeat(10_000)}&after=%%%`,
    );
    expect(page.problems).toMatchObject({
      status: expect.stringContaining("Unknown status"),
      from: expect.stringContaining("2026-11-23"),
      to: expect.any(String),
      pin: expect.stringContaining("6-digit"),
      q: expect.stringContaining("at most 100"),
    });
    expect(page.rows).toHaveLength(50);
    expect(page.values.q.length).toBeLessThanOrEqual(100);
    const reversed = await pickupsPage("?from=2026-11-15&to=2026-11-12");
    expect(reversed.problems.to).toContain("before the start date");
    const tampered = await pickupsPage(
      `?after=${Buffer.from(JSON.stringify(["2026-99-99", 1])).toString("base64url")}`,
    );
    expect(tampered.isFirstPage).toBe(false);
    expect(tampered.rows).toHaveLength(50);
  });

  it("walks keyset pages without duplicates or gaps, keeping the filters", async () => {
    expect(await walkPages("?", pickupsPage)).toEqual(await expectedPickupRefs());
    const query = "?from=2026-11-11&to=2026-11-18&q=person";
    const filtered = await walkPages(query, pickupsPage);
    expect(filtered).toEqual(
      await expectedPickupRefs(
        sql`pickup_date between '2026-11-11' and '2026-11-18' and name ilike '%person%'`,
      ),
    );
    expect(filtered.length).toBeGreaterThan(50);
    const first = await pickupsPage(query);
    expect(first.next).toMatch(/^\?from=2026-11-11&to=2026-11-18&q=person&after=/);
    expect(first.exportHref).toBe(`/dashboard/pickups/export${query}`);
  });
});

describe("orders list", () => {
  async function expectedOrderRefs(where = sql`true`) {
    const rows = await queryRows<{ reference: string }>(
      db,
      sql`select reference from orders where ${where} order by created_at desc, id desc`,
    );
    return rows.map((row) => row.reference);
  }

  it("walks keyset pages over equal and microsecond-apart timestamps", async () => {
    expect(await walkPages("?", ordersPage)).toEqual(await expectedOrderRefs());
  });

  it("filters by status, payment status and placed date (Asia/Kolkata), and searches", async () => {
    const shippedUnpaid = await ordersPage("?status=shipped&payment=unpaid");
    expect(shippedUnpaid.rows.map((r) => r.reference)).toEqual(
      await expectedOrderRefs(sql`status = 'shipped' and payment_status = 'unpaid'`),
    );
    expect(shippedUnpaid.rows[0]).toMatchObject({ paymentMethod: "cod" });
    const day = await ordersPage("?from=2026-11-11&to=2026-11-11");
    expect(day.rows.map((r) => r.reference)).toEqual(
      await expectedOrderRefs(
        sql`created_at >= '2026-11-11T00:00+05:30' and created_at < '2026-11-12T00:00+05:30'`,
      ),
    );
    expect(day.rows).toHaveLength(24);
    expect((await ordersPage("?q=kavya")).rows).toHaveLength(12);
    expect((await ordersPage("?q=or-t00017")).rows.map((r) => r.reference)).toEqual(["OR-T00017"]);
    expect((await ordersPage("?q=9731000017")).rows.map((r) => r.reference)).toEqual(["OR-T00017"]);
    expect((await ordersPage("?q=buyer17%40GMAIL")).rows.map((r) => r.reference)).toEqual([
      "OR-T00017",
    ]);
    const odd = await ordersPage("?status=lost&payment=maybe&from=2026-13-01");
    expect(Object.keys(odd.problems).sort()).toEqual(["from", "payment", "status"]);
    expect(odd.rows).toHaveLength(50);
  });
});

describe("pickup detail and actions", () => {
  async function newPickup(status: PickupStatus, reference: string) {
    const [row] = await db
      .insert(pickups)
      .values({
        reference,
        trackingToken: `tok-${reference}`,
        status,
        ...pickupAddress,
        pickupDate: "2026-11-23",
        slotStart: "11:00",
        rewardPreference: "plants",
        estimatePaise: 250000,
      })
      .returning({ id: pickups.id });
    if (!row) throw new Error("no pickup");
    await db.insert(pickupItems).values({
      pickupId: row.id,
      materialId: brass.id,
      ratePaisePerKg: 1,
      estimatedGrams: 10000,
    });
    return row.id;
  }

  function post(id: number, form: Record<string, string>) {
    return pickupRoute.action(
      routeArgs(`${BASE}/pickups/${id}`, { cookie, form, params: { id: String(id) } }),
    );
  }

  async function snapshot(id: number) {
    const [pickup] = await db.select().from(pickups).where(eq(pickups.id, id));
    const items = await db.select().from(pickupItems).where(eq(pickupItems.pickupId, id));
    return {
      pickup,
      items,
      sheets: await weighSheetsOf(db, id),
      audit: await auditRows("pickup", id),
    };
  }

  it("answers 404 for a non-numeric or unknown id", async () => {
    for (const id of ["abc", "0", "99999999", "1e3", "99999999999"]) {
      await expect(
        pickupRoute.loader(routeArgs(`${BASE}/pickups/${id}`, { cookie, params: { id } })),
      ).rejects.toMatchObject({ init: { status: 404 } });
    }
  });

  it("confirms, then saves a weigh sheet (an added material included), with audit rows", async () => {
    const id = await newPickup("requested", "PU-C00001");
    const confirmed = await post(id, { intent: "confirm", expectedFrom: "requested" });
    expect(confirmed).toBeInstanceOf(Response);
    expect((confirmed as Response).headers.get("Location")).toBe(
      `/dashboard/pickups/${id}?done=confirmed`,
    );
    const weighed = await post(id, {
      intent: "weigh",
      expectedVersion: "0",
      [`kg-${brass.id}`]: "12.345",
      extraMaterial1: String(copper.id),
      extraKg1: "0.5",
    });
    expect((weighed as Response).status).toBe(302);
    expect((weighed as Response).headers.get("Location")).toBe(
      `/dashboard/pickups/${id}?done=weighed`,
    );
    const { pickup, sheets, audit } = await snapshot(id);
    expect(pickup).toMatchObject({ status: "weighed", payoutPaise: null, rewardGiven: null });
    // Priced at today's rate, not the rate at booking (1 paisa per kg on the estimate line).
    const brassPaise = Math.round((12_345 * brass.rate) / 1000);
    const copperPaise = Math.round((500 * copper.rate) / 1000);
    expect(sheets.map((sheet) => [sheet.version, sheet.status, sheet.payoutPaise])).toEqual([
      [1, "pending", brassPaise + copperPaise],
    ]);
    expect(
      sheets[0]?.lines.map((line) => [line.materialId, line.grams, line.ratePaisePerKg]),
    ).toEqual([
      [brass.id, 12_345, brass.rate],
      [copper.id, 500, copper.rate],
    ]);
    expect(audit.map((row) => [row.action, row.actor])).toEqual([
      ["pickup.confirmed", staffEmail],
      ["pickup.weighed", staffEmail],
    ]);
    expect(audit[1]?.details).toMatchObject({
      before: { status: "confirmed", version: 0 },
      after: { status: "weighed", version: 1 },
    });

    const detail = await pickupRoute.loader(
      routeArgs(`${BASE}/pickups/${id}?done=weighed`, { cookie, params: { id: String(id) } }),
    );
    expect(detail.notice).toBe(
      "Weigh sheet saved. The customer confirms it on their tracking page.",
    );
    expect(detail.weighing.sheets.map((sheet) => sheet.version)).toEqual([1]);
    expect(detail.history.map((entry) => entry.action)).toEqual([
      "pickup.confirmed",
      "pickup.weighed",
    ]);
  });

  it("refuses an illegal move, a weigh sheet on a closed pickup and a stale version with 409, changing nothing", async () => {
    const id = await newPickup("collected", "PU-C00003");
    const before = await snapshot(id);
    const forms: Record<string, string>[] = [
      { intent: "confirm", expectedFrom: "collected" },
      { intent: "cancel", expectedFrom: "collected", confirm: "yes" },
      { intent: "weigh", expectedVersion: "0", [`kg-${brass.id}`]: "1" },
      { intent: "missed", expectedFrom: "requested" },
    ];
    for (const form of forms) {
      const result = await post(id, form);
      expect(result).toMatchObject({ init: { status: 409 } });
    }
    expect(await snapshot(id)).toEqual(before);
    const weighed = await newPickup("confirmed", "PU-C00006");
    await post(weighed, { intent: "weigh", expectedVersion: "0", [`kg-${brass.id}`]: "1" });
    const saved = await snapshot(weighed);
    const stale = await post(weighed, {
      intent: "weigh",
      expectedVersion: "0",
      [`kg-${brass.id}`]: "2",
    });
    expect(stale).toMatchObject({
      init: { status: 409 },
      data: { error: expect.stringContaining("The weigh sheet changed meanwhile") },
    });
    expect(await snapshot(weighed)).toEqual(saved);
  });

  it("answers a missing or unknown expectedFrom or expectedVersion with 400 and a stale one with 409, writing nothing", async () => {
    const id = await newPickup("confirmed", "PU-C00005");
    const before = await snapshot(id);
    const refusals: [Record<string, string>, number, string][] = [
      // Before, a missing expectedFrom skipped the check and the change went through.
      [{ intent: "missed" }, 400, "This page is out of date. Please reload it."],
      [{ intent: "weigh", [`kg-${brass.id}`]: "1" }, 400, "Please correct the weigh sheet."],
      [
        { intent: "cancel", expectedFrom: "bogus", confirm: "yes" },
        400,
        "This page is out of date. Please reload it.",
      ],
      [
        { intent: "cancel", expectedFrom: "requested", confirm: "yes" },
        409,
        "This pickup changed meanwhile.",
      ],
      [
        { intent: "weigh", expectedVersion: "3", [`kg-${brass.id}`]: "1" },
        409,
        "The weigh sheet changed meanwhile.",
      ],
      [{ intent: "collected", expectedFrom: "confirmed" }, 400, "Unknown action."],
      [{ intent: "toString", expectedFrom: "confirmed" }, 400, "Unknown action."],
      [{ expectedFrom: "confirmed" }, 400, "Unknown action."],
    ];
    for (const [form, status, message] of refusals) {
      expect(await post(id, form)).toMatchObject({
        init: { status },
        data: { error: expect.stringContaining(message) },
      });
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it("refuses negative, absurd or malformed weights with field messages, writing nothing", async () => {
    const id = await newPickup("confirmed", "PU-C00004");
    const before = await snapshot(id);
    const cases: [Record<string, string>, string][] = [
      [{ [`kg-${brass.id}`]: "-3" }, `kg-${brass.id}`],
      [{ [`kg-${brass.id}`]: "2000.001" }, `kg-${brass.id}`],
      [{ [`kg-${brass.id}`]: "1.2345" }, `kg-${brass.id}`],
      [{ [`kg-${brass.id}`]: "1e3" }, `kg-${brass.id}`],
      [{ [`kg-${brass.id}`]: "0" }, "form"],
      [
        { [`kg-${brass.id}`]: "1", extraMaterial1: String(brass.id), extraKg1: "1" },
        "extraMaterial1",
      ],
      [{ [`kg-${brass.id}`]: "1", extraMaterial1: "987654", extraKg1: "1" }, "extraMaterial1"],
      [{ [`kg-${brass.id}`]: "1", "plant-1": "25" }, "plant-1"],
    ];
    for (const [fields, field] of cases) {
      const result = await post(id, { intent: "weigh", expectedVersion: "0", ...fields });
      expect(result).toMatchObject({ init: { status: 422 } });
      const body = (result as unknown as { data: { fieldErrors: Record<string, string> } }).data;
      expect(body.fieldErrors[field]).toBeTruthy();
    }
    expect(await snapshot(id)).toEqual(before);
  });
});

describe("order detail and actions", () => {
  async function newOrder(status: OrderStatus, paymentMethod: "cod" | "online" = "cod") {
    const n = Math.floor(Math.random() * 1e9);
    const [row] = await db
      .insert(orders)
      .values({
        reference: `OR-X${n}`,
        trackingToken: `tok-x-${n}`,
        idempotencyKey: `idem-x-${n}`,
        status,
        paymentMethod,
        paymentStatus: paymentMethod === "cod" ? "unpaid" : "pending",
        name: "Asha Rao",
        email: "asha@example.com",
        phone: "+919845012345",
        address: "12 MG Road",
        city: "Bengaluru",
        state: "Karnataka",
        pinCode: "560001",
        subtotalPaise: 45000,
        totalPaise: 45000,
      })
      .returning({ id: orders.id });
    if (!row) throw new Error("no order");
    return row.id;
  }

  function post(id: number, form: Record<string, string>) {
    return orderRoute.action(
      routeArgs(`${BASE}/orders/${id}`, { cookie, form, params: { id: String(id) } }),
    );
  }
  async function read(id: number) {
    const [order] = await db.select().from(orders).where(eq(orders.id, id));
    return { order, audit: await auditRows("order", id) };
  }

  it("confirms, ships and delivers through the workflow, then records the cash", async () => {
    const id = await newOrder("placed");
    for (const [intent, from] of [
      ["confirm", "placed"],
      ["ship", "confirmed"],
      ["deliver", "shipped"],
    ] as const) {
      const result = await post(id, { intent, expectedFrom: from });
      expect((result as Response).status).toBe(302);
    }
    const paid = await post(id, { intent: "cash-collected", expectedFrom: "delivered" });
    expect((paid as Response).headers.get("Location")).toBe(`/dashboard/orders/${id}?done=paid`);
    const { order, audit } = await read(id);
    expect(order).toMatchObject({ status: "delivered", paymentStatus: "paid" });
    expect(audit.map((row) => [row.action, row.actor])).toEqual([
      ["order.confirmed", staffEmail],
      ["order.shipped", staffEmail],
      ["order.delivered", staffEmail],
      ["order.cash_collected", staffEmail],
    ]);
    expect(audit[3]?.details).toMatchObject({
      before: { paymentStatus: "unpaid" },
      after: { paymentStatus: "paid" },
    });
    const again = await post(id, { intent: "cash-collected", expectedFrom: "delivered" });
    expect(again).toMatchObject({ init: { status: 409 } });
    const detail = await orderRoute.loader(
      routeArgs(`${BASE}/orders/${id}`, { cookie, params: { id: String(id) } }),
    );
    expect(detail.history).toHaveLength(4);
    expect(detail.cashCollectable).toBe(false);
  });

  it("refuses illegal moves, stale pages and cash on the wrong orders, changing nothing", async () => {
    const delivered = await newOrder("delivered");
    const placed = await newOrder("placed");
    const online = await newOrder("shipped", "online");
    const before = await Promise.all([delivered, placed, online].map(read));
    const refusals: [number, Record<string, string>, number][] = [
      [delivered, { intent: "confirm", expectedFrom: "delivered" }, 409],
      [delivered, { intent: "cancel", expectedFrom: "delivered", confirm: "yes" }, 409],
      [placed, { intent: "ship", expectedFrom: "placed" }, 409],
      [placed, { intent: "confirm", expectedFrom: "confirmed" }, 409],
      [placed, { intent: "cash-collected", expectedFrom: "placed" }, 409],
      [online, { intent: "cash-collected", expectedFrom: "shipped" }, 409],
      [placed, { intent: "confirm", expectedFrom: "bogus" }, 400],
      [placed, { intent: "toString", expectedFrom: "placed" }, 400],
    ];
    for (const [id, form, status] of refusals) {
      expect(await post(id, form)).toMatchObject({ init: { status } });
    }
    expect(await Promise.all([delivered, placed, online].map(read))).toEqual(before);
  });
});

describe("status forms: one answer on both detail pages", () => {
  it("a missing expectedFrom is 400 and a stale one 409 on the pickup and the order page", async () => {
    const [pickup] = await db
      .select({ id: pickups.id })
      .from(pickups)
      .where(eq(pickups.status, "requested"))
      .limit(1);
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.status, "placed"))
      .limit(1);
    if (!pickup || !order) throw new Error("no pickup or order to change");
    const postTo =
      (route: typeof pickupRoute | typeof orderRoute, path: string, id: number) =>
      (form: Record<string, string>) =>
        route.action(
          routeArgs(`${BASE}/${path}/${id}`, { cookie, form, params: { id: String(id) } }),
        );
    const pages = [
      { post: postTo(pickupRoute, "pickups", pickup.id), stale: "confirmed" },
      { post: postTo(orderRoute, "orders", order.id), stale: "confirmed" },
    ];
    const auditBefore = await queryRows(db, sql`select count(*)::int as n from audit_log`);
    for (const page of pages) {
      expect(await page.post({ intent: "confirm" })).toMatchObject({
        init: { status: 400 },
        data: { error: "This page is out of date. Please reload it." },
      });
      expect(await page.post({ intent: "confirm", expectedFrom: page.stale })).toMatchObject({
        init: { status: 409 },
      });
      expect(await page.post({ intent: "bogus", expectedFrom: page.stale })).toMatchObject({
        init: { status: 400 },
        data: { error: "Unknown action." },
      });
    }
    expect(await queryRows(db, sql`select count(*)::int as n from audit_log`)).toEqual(auditBefore);
  });
});

describe("CSV export", () => {
  async function csvOf(response: Response) {
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    return parseCsv(await response.text());
  }

  it("exports exactly the filtered pickups, formulas neutralised, in keyset batches", async () => {
    const response = await pickupsExport.loader(
      routeArgs(`${BASE}/pickups/export?status=cancelled&city=Bengaluru`, { cookie }),
    );
    const [header, ...rows] = await csvOf(response);
    expect(header).toContain("Estimate (₹)");
    expect(rows.map((row) => row[0])).toEqual(
      await expectedPickupRefs(sql`status = 'cancelled' and city = 'Bengaluru'`),
    );
    const all = parseCsv(
      await (await pickupsExport.loader(routeArgs(`${BASE}/pickups/export`, { cookie }))).text(),
    );
    const injected = all.find((row) => row[0] === "PU-T00007");
    expect(injected?.[4]).toBe(`'${HYPERLINK}`);
    expect(injected?.[12]).toBe("10.07");

    const batched: string[] = [];
    for await (const row of pickupCsvRows(db, { status: "requested" }, 7)) {
      batched.push(String(row[0]));
    }
    expect(batched).toEqual(await expectedPickupRefs(sql`status = 'requested'`));
  });

  it("exports exactly the filtered orders with rupee amounts and IST times", async () => {
    const response = await ordersExport.loader(
      routeArgs(`${BASE}/orders/export?payment=paid&from=2026-11-10&to=2026-11-12`, { cookie }),
    );
    const [, ...rows] = await csvOf(response);
    const expected = await queryRows<{ reference: string }>(
      db,
      sql`select reference from orders where payment_status = 'paid'
          and created_at >= '2026-11-10T00:00+05:30' and created_at < '2026-11-13T00:00+05:30'
          order by created_at desc, id desc`,
    );
    expect(rows.map((row) => row[0])).toEqual(expected.map((row) => row.reference));
    const all = parseCsv(
      await (await ordersExport.loader(routeArgs(`${BASE}/orders/export`, { cookie }))).text(),
    );
    const injected = all.find((row) => row[0] === "OR-T00005");
    expect(injected?.[5]).toBe(`'${HYPERLINK}`);
    expect(injected?.[1]).toBe("2026-11-10 10:00");
    expect(injected?.[13]).toBe("500.05");
  });
});

describe("order detail: online payment (docs/payments.md)", () => {
  it("shows the payment method, status, Razorpay ids, the webhook events and a refund warning", async () => {
    const [order] = await db
      .execute<{ id: number }>(sql`
      insert into orders (reference, tracking_token, idempotency_key, status, payment_method,
        payment_status, razorpay_order_id, razorpay_payment_id, paid_at, name, email, phone,
        address, city, state, pin_code, subtotal_paise, total_paise)
      values ('OR-PAYTST', 'tok-pay-1', 'idem-pay-1', 'cancelled', 'online', 'paid',
        'order_TEST123', 'pay_TEST456', now(), 'Payer', 'payer@mail.test', '+919731099999',
        '1 Road', 'Pune', 'Maharashtra', '411001', 12000, 12000)
      returning id`)
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
    const id = String(order?.id);
    await db.execute(sql`
      insert into payment_events (event_id, event, order_id, razorpay_payment_id, outcome)
      values ('evt_1', 'payment.captured', ${Number(id)}, 'pay_TEST456', 'paid')`);
    const data = await orderRoute.loader(
      routeArgs(`${BASE}/orders/${id}`, { cookie, params: { id } }),
    );
    expect(data.order.razorpayPaymentId).toBe("pay_TEST456");
    expect(data.order.razorpayOrderId).toBe("order_TEST123");
    expect(data.paidAt).not.toBeNull();
    expect(data.payments).toMatchObject([
      { event: "payment.captured", outcome: "paid", razorpayPaymentId: "pay_TEST456" },
    ]);
    expect(data.needsRefund).toBe(true);
  });
});
