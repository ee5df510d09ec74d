/**
 * Dashboard overview, registrations, reviews and audit log (docs/dashboard.md), through
 * the route loaders and actions with a real staff session, on a freshly migrated database.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "~/db/audit.server";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { auditLog } from "~/db/schema/audit";
import { registrations, reviews } from "~/db/schema/community";
import { pickups } from "~/db/schema/pickups";
import { orders } from "~/db/schema/shop";
import { createReview, latestReviews } from "~/features/community/community.server";
import { listRegistrations } from "~/features/community/community-admin.server";
import { getOverview } from "~/features/overview/overview.server";
import { pickupConfigFromEnv } from "~/features/pickups/pickup-config";
import { activePickupStatuses } from "~/features/pickups/pickup-status";

import * as auditRoute from "~/routes/dashboard/audit";
import * as auditExport from "~/routes/dashboard/audit-export";
import * as overviewRoute from "~/routes/dashboard/overview";
import * as registrationsRoute from "~/routes/dashboard/registrations";
import * as registrationsExport from "~/routes/dashboard/registrations-export";
import * as reviewsRoute from "~/routes/dashboard/reviews";
import * as reviewsExport from "~/routes/dashboard/reviews-export";
import { addDays, kolkataInstant, todayInKolkata } from "~/utils/dates";
import { orderRow, pickupRow } from "../support/factories/overview-rows";
import { routeArgs, signedInStaff } from "../support/factories/staff";
import { createTestDatabase, queryRows } from "../support/processes/test-database";

const overviewPickupRules = {
  slots: pickupConfigFromEnv().slots,
  activeStatuses: activePickupStatuses,
};

let handle: DatabaseHandle;
let cookie: string;
let staffEmail: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  const staff = await signedInStaff(handle.db, "staff");
  cookie = staff.cookie;
  staffEmail = staff.user.email;
});
afterAll(async () => {
  await handle?.close();
});

/** What a loader or action returned: its data and HTTP status (`data()` or a plain object). */
function unwrap<T>(result: unknown): { status: number; body: T } {
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const wrapped = result as { data: T; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  }
  return { status: 200, body: result as T };
}

/** A minimal RFC 4180 reader for the exports (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const input = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && input[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe("overview", () => {
  // 20:00 UTC is 01:30 the next day in Asia/Kolkata: the business day is 16 March.
  const now = new Date("2030-03-15T20:00:00Z");
  const today = todayInKolkata(now);

  beforeAll(async () => {
    expect(today).toBe("2030-03-16");
    await handle.db
      .insert(pickups)
      .values([
        pickupRow(today, "09:00", "requested"),
        pickupRow(today, "11:00", "confirmed"),
        pickupRow(today, "09:00", "cancelled"),
        pickupRow(addDays(today, 1), "13:00", "requested"),
        pickupRow(addDays(today, 7), "17:00", "confirmed"),
        pickupRow(addDays(today, 8), "17:00", "requested"),
        pickupRow(addDays(today, -29), "09:00", "collected"),
        pickupRow(addDays(today, -30), "09:00", "collected"),
      ]);
    const chartStart = kolkataInstant(addDays(today, -29), "00:00");
    await handle.db
      .insert(orders)
      .values([
        orderRow(new Date(now.getTime() - 60 * 60 * 1000), "placed"),
        orderRow(chartStart, "confirmed"),
        orderRow(new Date(chartStart.getTime() - 1), "delivered"),
        orderRow(new Date(now.getTime() - 31 * 24 * 60 * 60 * 1000), "placed"),
      ]);
  });

  it("counts today's and upcoming pickups by slot, in Asia/Kolkata days", async () => {
    const o = await getOverview(handle.db, { ...overviewPickupRules, now });
    expect(o.today).toBe("2030-03-16");
    const slot = (start: string) => o.slots.findIndex((s) => s.start === start);
    expect(o.todayActivePerSlot[slot("09:00")]).toBe(1);
    expect(o.todayActivePerSlot[slot("11:00")]).toBe(1);
    expect(o.todayActivePerSlot.reduce((a, b) => a + b, 0)).toBe(2);
    expect(o.upcoming.map((d) => d.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(today, i + 1)),
    );
    expect(o.upcoming[0]?.activePerSlot[slot("13:00")]).toBe(1);
    expect(o.upcoming[0]?.pickups.map((p) => p.slotStart)).toEqual(["13:00"]);
    expect(o.upcoming[6]?.activeTotal).toBe(1);
    expect(o.upcoming.reduce((sum, d) => sum + d.activeTotal, 0)).toBe(2);
    expect(o.pickupStatusCounts).toEqual({
      requested: 2,
      confirmed: 2,
      weighed: 0,
      disputed: 0,
      collected: 1,
      cancelled: 1,
      missed: 0,
    });
  });

  it("lists orders to confirm and to ship (all time, oldest first) and counts the last 30 days", async () => {
    const o = await getOverview(handle.db, { ...overviewPickupRules, now });
    expect(o.toConfirm.count).toBe(2);
    expect(o.toConfirm.oldest).toHaveLength(2);
    expect(o.toConfirm.oldest[0]?.createdAt.getTime()).toBe(
      now.getTime() - 31 * 24 * 60 * 60 * 1000,
    );
    expect(o.toShip.count).toBe(1);
    expect(o.orderStatusCounts).toEqual({
      awaiting_confirmation: 0,
      placed: 1,
      confirmed: 1,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
    });
  });

  it("charts 30 days ending today; an order 31 days ago and a pickup 30 days ago are outside", async () => {
    const o = await getOverview(handle.db, { ...overviewPickupRules, now });
    expect(o.chart).toHaveLength(30);
    expect(o.chart[0]?.date).toBe(addDays(today, -29));
    expect(o.chart[29]?.date).toBe(today);
    expect(o.chart[29]).toEqual({ date: today, pickups: 3, orders: 1, collectedGrams: 0 });
    expect(o.chart[0]).toEqual({
      date: addDays(today, -29),
      pickups: 1,
      orders: 1,
      collectedGrams: 0,
    });
    expect(o.chart.reduce((s, p) => s + p.orders, 0)).toBe(2);
    expect(o.chart.reduce((s, p) => s + p.pickups, 0)).toBe(4);
  });

  it("the page loads for a staff member and links to the detail pages", async () => {
    const before = todayInKolkata(new Date());
    const result = await overviewRoute.loader(
      routeArgs<Parameters<typeof overviewRoute.loader>[0]>("http://localhost/dashboard", {
        cookie,
      }),
    );
    expect(result.chart).toHaveLength(30);
    // The loader reads the clock itself: its today is the day before or after the request.
    expect([before, todayInKolkata(new Date())]).toContain(result.today);
  });
});

describe("reviews: hide and publish", () => {
  async function act(form: Record<string, string>) {
    return unwrap<{ ok: boolean; message: string }>(
      await reviewsRoute.action(
        routeArgs<Parameters<typeof reviewsRoute.action>[0]>("http://localhost/dashboard/reviews", {
          cookie,
          form,
        }),
      ),
    );
  }
  async function statusOf(id: number) {
    const [row] = await handle.db
      .select({ status: reviews.status })
      .from(reviews)
      .where(eq(reviews.id, id));
    return row?.status;
  }
  async function reviewAudit(id: number) {
    return handle.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'review' and ${auditLog.entityId} = ${String(id)}`)
      .orderBy(auditLog.id);
  }

  it("hiding writes the audit row and takes the review off the home page; publishing brings it back", async () => {
    await createReview(
      handle.db,
      { review: "Lovely plants", rating: 5, displayName: "Asha" },
      false,
    );
    const [created] = await handle.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.body, "Lovely plants"));
    const id = created?.id ?? 0;
    expect((await latestReviews(handle.db)).map((r) => r.id)).toContain(id);

    const hidden = await act({ intent: "hide", reviewId: String(id), from: "published" });
    expect(hidden).toEqual({
      status: 200,
      body: { ok: true, message: `Review #${id} is now hidden.` },
    });
    expect(await statusOf(id)).toBe("hidden");
    expect((await latestReviews(handle.db)).map((r) => r.id)).not.toContain(id);
    const [entry] = await reviewAudit(id);
    expect(entry).toMatchObject({
      actor: staffEmail,
      action: "review.hide",
      details: { before: { status: "published" }, after: { status: "hidden" } },
    });

    const published = await act({ intent: "publish", reviewId: String(id), from: "hidden" });
    expect(published.status).toBe(200);
    expect(await statusOf(id)).toBe("published");
    expect((await latestReviews(handle.db)).map((r) => r.id)).toContain(id);
    const entries = await reviewAudit(id);
    expect(entries.map((e) => e.action)).toEqual(["review.hide", "review.publish"]);
  });

  it("a stale form (409), an unknown review (404) and a bad intent (400) change nothing", async () => {
    await createReview(handle.db, { review: "Pending one", rating: 4, displayName: "" }, true);
    const [created] = await handle.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.body, "Pending one"));
    const id = created?.id ?? 0;
    const before = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from audit_log`,
    );

    const stale = await act({ intent: "hide", reviewId: String(id), from: "published" });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed meanwhile/);
    const already = await act({ intent: "publish", reviewId: String(id), from: "" });
    expect(already.status).toBe(200);
    const again = await act({ intent: "publish", reviewId: String(id), from: "" });
    expect(again).toMatchObject({ status: 409, body: { ok: false } });
    expect((await act({ intent: "hide", reviewId: "99999999" })).status).toBe(404);
    expect((await act({ intent: "delete", reviewId: String(id) })).status).toBe(400);
    expect((await act({ intent: "hide", reviewId: "1e400" })).status).toBe(400);
    expect((await act({ intent: "hide", reviewId: String(id), from: "gone" })).status).toBe(400);

    expect(await statusOf(id)).toBe("published");
    const after = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from audit_log`,
    );
    expect(Number(after[0]?.n)).toBe(Number(before[0]?.n) + 1);
  });

  it("the list filters by status and the export holds the same rows", async () => {
    await createReview(handle.db, { review: "=1+1 great", rating: 3, displayName: "Ravi" }, true);
    const list = unwrap<{ rows: { body: string; status: string }[] }>(
      await reviewsRoute.loader(
        routeArgs<Parameters<typeof reviewsRoute.loader>[0]>(
          "http://localhost/dashboard/reviews?status=pending",
          { cookie },
        ),
      ),
    );
    expect(list.body.rows.map((r) => r.body)).toEqual(["=1+1 great"]);
    const response = (await reviewsExport.loader(
      routeArgs<Parameters<typeof reviewsExport.loader>[0]>(
        "http://localhost/dashboard/reviews/export?status=pending",
        { cookie },
      ),
    )) as Response;
    const rows = parseCsv(await response.text());
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[3]).toBe("'=1+1 great");
    const bad = unwrap(
      await reviewsRoute.loader(
        routeArgs<Parameters<typeof reviewsRoute.loader>[0]>(
          "http://localhost/dashboard/reviews?status=deleted",
          { cookie },
        ),
      ),
    );
    expect(bad.status).toBe(400);
  });
});

describe("registrations", () => {
  const base = Date.parse("2030-01-01T00:00:00Z");

  beforeAll(async () => {
    // 120 people called Meera, one microsecond apart, with some sharing a timestamp: a cursor
    // rounded to milliseconds, or one without the id tie-break, would skip or repeat rows.
    for (let i = 0; i < 120; i++) {
      const micros = Math.floor(i / 3);
      await handle.db.execute(sql`
        insert into registrations (name, email, phone, unsubscribe_token, created_at)
        values (${`Meera ${String(i).padStart(3, "0")}`}, ${`meera${i}@example.com`},
          ${`+9198450${String(10000 + i).slice(-5)}`}, ${`token-meera-${i}`},
          timestamptz '2030-01-01 00:00:00+00' + ${micros}::int * interval '1 microsecond')`);
    }
    await handle.db.insert(registrations).values([
      {
        name: "=cmd|' /C calc'!A0",
        email: "calc@example.com",
        phone: "+919000000001",
        unsubscribeToken: "token-calc",
        confirmedAt: new Date(base + 1000),
        createdAt: new Date(base + 1000),
      },
      {
        name: "Other person",
        email: "other@example.com",
        phone: "+919000000002",
        unsubscribeToken: "token-other",
        unsubscribedAt: new Date(base + 3000),
        confirmedAt: new Date(base + 2000),
        createdAt: new Date(base + 2000),
      },
    ]);
  });

  type ListData = {
    rows: { id: number; name: string; subscribed: boolean }[];
    next: string | null;
  };
  async function page(url: string) {
    return unwrap<ListData>(
      await registrationsRoute.loader(
        routeArgs<Parameters<typeof registrationsRoute.loader>[0]>(`http://localhost${url}`, {
          cookie,
        }),
      ),
    ).body;
  }

  it("searches by name and pages with keyset links: no row twice, none missing", async () => {
    const first = await page("/dashboard/registrations?q=meera");
    expect(first.rows).toHaveLength(50);
    expect(first.next).toMatch(/^\/dashboard\/registrations\?q=meera&after=/);
    const second = await page(first.next ?? "");
    const third = await page(second.next ?? "");
    expect(third.next).toBeNull();
    const seen = [...first.rows, ...second.rows, ...third.rows].map((r) => r.name);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    const expected = await queryRows<{ name: string }>(
      handle.db,
      sql`select name from registrations where name ilike '%meera%' order by created_at desc, id desc`,
    );
    expect(seen).toEqual(expected.map((r) => r.name));
  });

  it("finds a registration by e-mail or by a phone number typed with spaces", async () => {
    expect(
      (await page("/dashboard/registrations?q=CALC%40example")).rows.map((r) => r.name),
    ).toEqual(["=cmd|' /C calc'!A0"]);
    expect((await page("/dashboard/registrations?q=90000%2000002")).rows).toMatchObject([
      { name: "Other person", subscribed: false },
    ]);
    expect((await page("/dashboard/registrations?q=%25")).rows).toHaveLength(0);
  });

  it("exports exactly the filtered rows, with a formula-like name neutralised", async () => {
    const calc = (await registrationsExport.loader(
      routeArgs<Parameters<typeof registrationsExport.loader>[0]>(
        "http://localhost/dashboard/registrations/export?q=calc",
        { cookie },
      ),
    )) as Response;
    expect(calc.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const rows = parseCsv(await calc.text());
    expect(rows[0]).toEqual(["Name", "Email", "Contact", "Subscribed", "Joined (Asia/Kolkata)"]);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
      ["'=cmd|' /C calc'!A0", "calc@example.com", "'+919000000001", "yes"],
    ]);

    const meera = (await registrationsExport.loader(
      routeArgs<Parameters<typeof registrationsExport.loader>[0]>(
        "http://localhost/dashboard/registrations/export?q=meera",
        { cookie },
      ),
    )) as Response;
    const names = parseCsv(await meera.text())
      .slice(1)
      .map((r) => r[0]);
    const listed = await listRegistrations(handle.db, { q: "meera" }, null, 1000);
    expect(names).toEqual(listed.rows.map((r) => r.name));
    expect(names).toHaveLength(120);

    const tooLong = (await registrationsExport.loader(
      routeArgs<Parameters<typeof registrationsExport.loader>[0]>(
        `http://localhost/dashboard/registrations/export?q=${"x".repeat(101)}`,
        { cookie },
      ),
    )) as Response;
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toBe("Search with at most 100 characters.");
  });
});

describe("audit log", () => {
  beforeAll(async () => {
    const actor = { email: "lead@staff.example" };
    await recordAudit(handle.db, {
      actor,
      action: "product.update",
      entity: "product",
      entityId: 7,
      before: { pricePaise: 25000, stock: 4 },
      after: { pricePaise: 27550, stock: 3 },
    });
    await handle.db.insert(auditLog).values([
      {
        actor: "visitor",
        action: "order.cancelled",
        entity: "order",
        entityId: "42",
        details: { from: "placed", to: "cancelled" },
        createdAt: new Date("2030-02-10T20:00:00Z"),
      },
      {
        actor: "lead@staff.example",
        action: "order.confirmed",
        entity: "order",
        entityId: "43",
        details: { from: "placed", to: "confirmed" },
        createdAt: new Date("2030-02-11T10:00:00Z"),
      },
    ]);
  });

  type AuditData = {
    rows: {
      actor: string;
      entity: string;
      entityId: string;
      changes: string[];
      href: string | null;
    }[];
    next: string | null;
    errors: Record<string, string>;
  };
  async function audit(query: string) {
    return unwrap<AuditData>(
      await auditRoute.loader(
        routeArgs<Parameters<typeof auditRoute.loader>[0]>(
          `http://localhost/dashboard/audit${query}`,
          { cookie },
        ),
      ),
    );
  }

  it("filters by entity, with readable before → after and links to the record", async () => {
    const { body } = await audit("?entity=order");
    expect(body.rows.length).toBeGreaterThanOrEqual(2);
    expect(new Set(body.rows.map((r) => r.entity))).toEqual(new Set(["order"]));
    expect(body.rows.find((r) => r.entityId === "42")).toMatchObject({
      changes: ["placed → cancelled"],
      href: "/dashboard/orders/42",
    });
    const product = (await audit("?entity=product&entityId=7")).body.rows;
    expect(product).toHaveLength(1);
    expect(product[0]?.href).toBe("/dashboard/catalogue/7");
    // jsonb keeps its own key order, so compare the lines as a set.
    expect([...(product[0]?.changes ?? [])].sort()).toEqual([
      "price: ₹250 → ₹275.50",
      "stock: 4 → 3",
    ]);
  });

  it("filters by actor and by Asia/Kolkata dates, newest first", async () => {
    const byActor = (await audit("?actor=LEAD%40staff.example")).body.rows;
    expect(byActor.map((r) => r.entityId)).toEqual(["43", "7"]);
    // 2030-02-10T20:00Z is 11 Feb 01:30 in Asia/Kolkata.
    const day = (await audit("?from=2030-02-11&to=2030-02-11")).body.rows;
    expect(day.map((r) => r.entityId)).toEqual(["43", "42"]);
    const tenth = (await audit("?entity=order&from=2030-02-10&to=2030-02-10")).body.rows;
    expect(tenth).toHaveLength(0);
  });

  it("refuses odd filters with a message (page 400, export 400) and exports what it lists", async () => {
    const bad = await audit("?entity=bogus&from=2030-02-31");
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      entity: "Choose one of the listed kinds.",
      from: "Enter a date as YYYY-MM-DD.",
    });
    const reversed = await audit("?from=2030-02-12&to=2030-02-11");
    expect(reversed.body.errors.to).toBe("The end date must be on or after the start date.");
    const badExport = (await auditExport.loader(
      routeArgs<Parameters<typeof auditExport.loader>[0]>(
        "http://localhost/dashboard/audit/export?entity=bogus",
        { cookie },
      ),
    )) as Response;
    expect(badExport.status).toBe(400);

    const csv = (await auditExport.loader(
      routeArgs<Parameters<typeof auditExport.loader>[0]>(
        "http://localhost/dashboard/audit/export?entity=order",
        { cookie },
      ),
    )) as Response;
    const rows = parseCsv(await csv.text());
    const listed = (await audit("?entity=order")).body.rows;
    expect(rows.slice(1).map((r) => r[4])).toEqual(listed.map((r) => r.entityId));
    expect(rows.slice(1).every((r) => r[3] === "order")).toBe(true);
  });
});
