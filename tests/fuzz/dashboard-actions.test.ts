/**
 * Property-based fuzzing of the staff side (docs/dashboard.md, "Bad input"): the login form,
 * the staff management form, the pickup and order status forms (with the weigh sheet form), the
 * rate and stock sheets, and every dashboard list and CSV export with odd query strings. No 5xx;
 * refused requests write nothing.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { pickupStatuses } from "~/db/schema/pickups";
import { orderStatuses } from "~/db/schema/shop";
import { seedDatabase } from "~/db/seed.server";
import { action as catalogueAction } from "~/routes/dashboard/catalogue";
import { action as loginAction } from "~/routes/dashboard/login";
import { action as orderAction } from "~/routes/dashboard/order";
import { action as pickupAction } from "~/routes/dashboard/pickup";
import { action as ratesAction } from "~/routes/dashboard/rates";
import { action as staffAction } from "~/routes/dashboard/staff";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { routeArgs, signedInStaff } from "../support/factories/staff";
import { createTestDatabase, queryRows } from "../support/processes/test-database";

type Loader = (args: unknown) => Promise<unknown>;
const listModules = import.meta.glob<{ loader: Loader }>([
  "../../app/routes/dashboard/{pickups,orders,registrations,reviews,audit,catalogue,messages}.tsx",
  "../../app/routes/dashboard/*-export.ts",
]);

let handle: DatabaseHandle;
let adminCookie: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  adminCookie = (await signedInStaff(handle.db, "admin")).cookie;
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

/** The HTTP status an action/loader answered with, thrown or returned. */
async function statusOf(call: () => Promise<unknown>): Promise<number> {
  try {
    const result = await call();
    if (result instanceof Response) return result.status;
    return (result as { init?: ResponseInit } | null)?.init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    const status = (thrown as { init?: ResponseInit } | null)?.init?.status;
    if (status) return status;
    throw thrown;
  }
}

const odd = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "",
    " ",
    "any",
    "placed",
    "requested",
    "2026-02-31",
    "2026-11-22",
    "99999-01-01",
    "0000-00-00",
    "-1",
    "1e12",
    "NaN",
    "PU-",
    "OR-ABC123",
    "+91 98450 12345",
    "%",
    "_",
    "'; drop table orders; --",
    '=HYPERLINK("x")',
    "\u0000",
    "a".repeat(5000),
  ),
);

async function staffRows() {
  const [row] = await queryRows<{ users: string; audit: number }>(
    handle.db,
    sql`select (select string_agg(email || role || banned::text, ',' order by email) from staff_user) as users,
      (select count(*)::int from audit_log) as audit`,
  );
  return row;
}

describe("dashboard fuzz", () => {
  it("list pages and CSV exports answer odd filters and cursors without a 5xx", async () => {
    const paths = Object.keys(listModules);
    expect(paths.length).toBeGreaterThanOrEqual(14);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.dictionary(
          fc.constantFrom(
            "status",
            "payment",
            "from",
            "to",
            "city",
            "pin",
            "q",
            "after",
            "entity",
            "entityId",
            "actor",
            "kind",
          ),
          odd,
          { maxKeys: 5 },
        ),
        async (path, params) => {
          const importer = listModules[path];
          if (!importer) throw new Error(`no module ${path}`);
          const module = await importer();
          const url = `http://localhost/dashboard/x?${new URLSearchParams(params)}`;
          const status = await statusOf(() =>
            module.loader(routeArgs(url, { cookie: adminCookie })),
          );
          expect(status).toBeLessThan(500);
          if (status === 200 && path.endsWith("-export.ts")) {
            const response = (await module.loader(
              routeArgs(url, { cookie: adminCookie }),
            )) as Response;
            await response.text();
          }
        },
      ),
      { numRuns: 2_000 },
    );
  }, 300_000);

  it("the login form never answers 5xx and never creates a session for a wrong password", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ email: odd, password: odd, redirectTo: odd }, { requiredKeys: [] }),
        async (form) => {
          resetRateLimits();
          // Failed logins make the next one wait (ADR 0026): each payload starts with none.
          await handle.db.execute(sql`delete from staff_login_throttle`);
          const before = await queryRows<{ n: number }>(
            handle.db,
            sql`select count(*)::int as n from staff_session`,
          );
          const status = await statusOf(() =>
            loginAction(routeArgs("http://localhost/dashboard/login", { form })),
          );
          expect([400, 401]).toContain(status);
          const after = await queryRows<{ n: number }>(
            handle.db,
            sql`select count(*)::int as n from staff_session`,
          );
          expect(after).toEqual(before);
        },
      ),
      { numRuns: 300 },
    );
  }, 300_000);

  it("the staff form refuses odd input with 4xx and changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            intent: fc.constantFrom("create", "disable", "enable", "reset-password", "x", ""),
            userId: odd,
            name: odd,
            email: odd,
            role: fc.oneof(odd, fc.constantFrom("admin", "staff")),
            password: fc.oneof(odd, fc.constantFrom("password", "12345678", "short")),
          },
          { requiredKeys: ["intent"] },
        ),
        async (form) => {
          const before = await staffRows();
          const status = await statusOf(() =>
            staffAction(
              routeArgs("http://localhost/dashboard/staff", { form, cookie: adminCookie }),
            ),
          );
          expect(status).toBeLessThan(500);
          if (status >= 400) expect(await staffRows()).toEqual(before);
        },
      ),
      { numRuns: 1_000 },
    );
  }, 300_000);

  it("the rate and stock sheets refuse odd cells with 4xx and write nothing", async () => {
    await seedDatabase(handle.db);
    const ids = async (table: "scrap_materials" | "products") =>
      (
        await queryRows<{ id: number }>(
          handle.db,
          sql`select id from ${sql.identifier(table)} order by id limit 3`,
        )
      ).map((row) => String(row.id));
    const [materialIds, productIds] = [await ids("scrap_materials"), await ids("products")];
    const names = [
      ...materialIds.flatMap((id) => ["rate", "nameHi", "nameKn"].map((f) => `${f}-${id}`)),
      ...productIds.map((id) => `stock-${id}`),
      "rate-999999",
      "stock-01",
    ];
    const cell = fc.oneof(odd, fc.constantFrom("12", "12.50", "0", "1,200", "10000", "1200"));
    const cells = fc.dictionary(
      fc.oneof(
        fc.constantFrom(...names),
        fc.constantFrom(...names).map((name) => `was-${name}`),
      ),
      cell,
      { maxKeys: 12 },
    );
    const snapshot = () =>
      queryRows(
        handle.db,
        sql`select (select json_agg(m order by m.id)::text from scrap_materials m) as materials,
          (select json_agg(p.stock order by p.id)::text from products p) as stock,
          (select count(*)::int from audit_log) as audit`,
      );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("rates", "catalogue"),
        fc.oneof(fc.constantFrom("save-rates", "save-stock", "retire"), odd),
        cells,
        async (page, intent, form) => {
          const before = await snapshot();
          const args = routeArgs(`http://localhost/dashboard/${page}`, {
            form: { ...form, intent },
            cookie: adminCookie,
          });
          const status = await statusOf(() =>
            page === "rates" ? ratesAction(args as never) : catalogueAction(args as never),
          );
          expect(status).toBeLessThan(500);
          if (status >= 400) expect(await snapshot()).toEqual(before);
        },
      ),
      { numRuns: 500 },
    );
  }, 300_000);

  it("the pickup and order status forms refuse odd input with 4xx and change nothing", async () => {
    await seedDatabase(handle.db);
    const [material] = await queryRows<{ id: number }>(
      handle.db,
      sql`select id from scrap_materials order by id limit 1`,
    );
    const [pickup] = await queryRows<{ id: number }>(
      handle.db,
      sql`insert into pickups (reference, tracking_token, name, email, phone, address_line1,
        address_line2, city, pin_code, pickup_date, slot_start, reward_preference, estimate_paise)
      values ('PU-FUZZ01', 'tok-fuzz-pickup', 'Ravi', 'ravi@example.com', '+919845012345',
        '4 Road', '', 'Bengaluru', '560025', '2026-11-23', '11:00', 'plants', 0)
      returning id`,
    );
    const [order] = await queryRows<{ id: number }>(
      handle.db,
      sql`insert into orders (reference, tracking_token, idempotency_key, payment_method, name,
        email, phone, address, city, state, pin_code, subtotal_paise, total_paise)
      values ('OR-FUZZ01', 'tok-fuzz-order', 'idem-fuzz-order', 'cod', 'Asha', 'asha@example.com',
        '+919845012345', '1 Road', 'Pune', 'Maharashtra', '411001', 45000, 45000)
      returning id`,
    );
    if (!material || !pickup || !order) throw new Error("fuzz rows missing");
    await handle.db.execute(
      sql`insert into pickup_items (pickup_id, material_id, rate_paise_per_kg, estimated_grams)
        values (${pickup.id}, ${material.id}, 100, 1000)`,
    );
    const kg = fc.oneof(fc.constantFrom("1", "0", "2,5", "1,000", "1,234.5", "-1", "1e3"), odd);
    const formArb = fc.record(
      {
        intent: fc.oneof(
          fc.constantFrom("confirm", "missed", "cancel", "weigh", "ship", "deliver"),
          fc.constantFrom("cash-collected", "toString", "__proto__"),
          odd,
        ),
        expectedFrom: fc.oneof(fc.constantFrom(...pickupStatuses, ...orderStatuses), odd),
        confirm: fc.oneof(fc.constant("yes"), odd),
        [`kg-${material.id}`]: kg,
        extraMaterial1: fc.oneof(fc.constant(String(material.id)), odd),
        extraKg1: kg,
        expectedVersion: fc.oneof(fc.constantFrom("0", "1", "-1", "1e3", "999999999"), odd),
        "plant-1": fc.oneof(fc.constantFrom("1", "0", "21", "-1"), odd),
        note: odd,
      },
      { requiredKeys: [] },
    );
    const snapshot = async () =>
      queryRows(
        handle.db,
        sql`select (select row_to_json(p)::text from pickups p where id = ${pickup.id}) as pickup,
          (select json_agg(i order by i.id)::text from pickup_items i where pickup_id = ${pickup.id}) as items,
          (select row_to_json(o)::text from orders o where id = ${order.id}) as "order",
          (select count(*)::int from weigh_sheets) as sheets,
          (select count(*)::int from audit_log) as audit`,
      );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("pickup", "order"),
        fc.constantFrom(...pickupStatuses),
        fc.constantFrom(...orderStatuses),
        formArb,
        async (page, pickupStatus, orderStatus, form) => {
          // Each run starts from a random status (payment unpaid, no payout).
          await handle.db.execute(
            sql`update pickups set status = ${pickupStatus}, payout_paise = null, reward_given = null where id = ${pickup.id}`,
          );
          await handle.db.execute(
            sql`update orders set status = ${orderStatus}, payment_status = 'unpaid', paid_at = null where id = ${order.id}`,
          );
          const before = await snapshot();
          const id = page === "pickup" ? pickup.id : order.id;
          const url = `http://localhost/dashboard/${page}s/${id}`;
          const fields: Record<string, string> = {};
          for (const [key, value] of Object.entries(form))
            if (value !== undefined) fields[key] = value;
          const options = { form: fields, cookie: adminCookie, params: { id: String(id) } };
          const status = await statusOf(() =>
            page === "pickup"
              ? pickupAction(routeArgs(url, options))
              : orderAction(routeArgs(url, options)),
          );
          expect(status).toBeLessThan(500);
          if (status >= 400) expect(await snapshot()).toEqual(before);
        },
      ),
      { numRuns: 1_000 },
    );
  }, 300_000);
});
