/**
 * Property-based fuzzing of the public cart and checkout actions (docs/shop.md):
 * 10,000 random payloads each, with no cookie, a forged cookie or a real cart. No answer is a
 * 5xx (nothing throws), a refused request writes nothing, and every row stays valid.
 */

import { sql } from "drizzle-orm";
import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { seedDatabase } from "~/db/seed.server";
import { serializeCartCookie } from "~/features/cart/cart.server";
import { indianStates } from "~/features/orders/indian-states";
import { action as cartAction } from "~/routes/cart";
import { action as checkoutAction } from "~/routes/checkout";
import { cartWith, productBySlug, setStock } from "../support/factories/carts-and-addresses";
import { createTestDatabase, queryRows } from "../support/processes/test-database";
import { longString } from "./long-string";

const RUNS = 10_000;
let handle: DatabaseHandle;
let productIds: number[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDatabase(handle.db);
  useDatabaseHandle(handle);
  const rows = await queryRows<{ id: number }>(handle.db, sql`select id from products order by id`);
  productIds = rows.map((row) => Number(row.id));
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

async function snapshot() {
  const rows = await queryRows<{
    orders: number;
    order_lines: number;
    cart_items: number;
    stock: number;
  }>(
    handle.db,
    sql`select
      (select count(*)::int from orders) as orders,
      (select count(*)::int from order_lines) as order_lines,
      (select coalesce(sum(quantity), 0)::int from cart_lines) as cart_items,
      (select coalesce(sum(stock), 0)::int from products) as stock`,
  );
  return rows[0];
}

async function invariants() {
  const rows = await queryRows<{ bad: number }>(
    handle.db,
    sql`select
      (select count(*) from products where stock < 0)
    + (select count(*) from cart_lines where quantity < 1 or quantity > 20)
    + (select count(*) from orders o where total_paise <> (select coalesce(sum(line_total_paise), 0) from order_lines l where l.order_id = o.id))
    + (select count(*) from orders where pin_code !~ '^[1-9][0-9]{5}$' or phone !~ '^\\+91[6-9][0-9]{9}$')
    as bad`,
  );
  return Number(rows[0]?.bad);
}

function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  const init = (result as { init?: ResponseInit | null } | null)?.init;
  return init?.status ?? 200;
}

/** Route action arguments for a bare request (no params); typed for whichever action. */
function args<T>(request: Request): T {
  return { request, params: {}, context: new RouterContextProvider() } as unknown as T;
}

const cookieKinds = fc.constantFrom("none", "forged", "real");

async function cookieHeader(kind: string, cartId: string): Promise<Record<string, string>> {
  if (kind === "none") return {};
  if (kind === "forged")
    return { Cookie: `cart=${encodeURIComponent(btoa(JSON.stringify(cartId)))}.forged` };
  const request = new Request("http://localhost/cart");
  return { Cookie: (await serializeCartCookie(request, cartId)).split(";")[0] ?? "" };
}

const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e9",
    "1000000000",
    "abc",
    "<script>alert(1)</script>",
    "'; drop table orders; --",
    "%00",
    "\u0000",
    "a\u0000b",
    "NaN",
  ),
  longString(2000, 3000),
);

describe("cart action", () => {
  it(`answers ${RUNS} random payloads without a 5xx and keeps every row valid`, async () => {
    const { cartId } = await cartWith(handle.db, []);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          intent: fc.oneof(fc.constantFrom("add", "increment", "decrement", "remove"), oddText),
          productId: fc.oneof(fc.constantFrom(...productIds.map(String)), oddText),
          redirectTo: fc.option(
            fc.oneof(
              fc.constantFrom("/plant", "//evil.example", "https://evil.example", "/\\evil"),
              oddText,
            ),
          ),
          cookie: cookieKinds,
        }),
        async ({ intent, productId, redirectTo, cookie }) => {
          const body = new URLSearchParams({ intent, productId });
          if (redirectTo !== null) body.set("redirectTo", redirectTo);
          const before = await snapshot();
          const request = new Request("http://localhost/cart", {
            method: "POST",
            body,
            headers: await cookieHeader(cookie, cartId),
          });
          const result = await cartAction(args<Parameters<typeof cartAction>[0]>(request));
          const status = statusOf(result);
          expect(status).toBeLessThan(500);
          if (status >= 400) expect(await snapshot()).toEqual(before);
          if (result instanceof Response) {
            const location = result.headers.get("Location") ?? "";
            expect(location.startsWith("/") && !location.startsWith("//")).toBe(true);
          }
        },
      ),
      { numRuns: RUNS },
    );
    expect(await invariants()).toBe(0);
  }, 600_000);
});

describe("checkout action", () => {
  it(`answers ${RUNS} random payloads without a 5xx, writing only valid orders`, async () => {
    const plant = await productBySlug(handle.db, "tulsi");
    await setStock(handle.db, plant.id, 1_000_000);
    let cart = await cartWith(handle.db, [{ productId: plant.id, quantity: 1 }]);
    const valid = {
      name: "Asha Rao",
      email: "asha@example.com",
      phone: "9845012345",
      address: "12 MG Road",
      city: "Bengaluru",
      state: "Karnataka",
      pinCode: "560001",
    };
    let placed = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: fc.oneof(fc.constant(valid.name), oddText),
          email: fc.oneof(fc.constant(valid.email), fc.emailAddress(), oddText),
          phone: fc.oneof(fc.constantFrom(valid.phone, "+91 98450 12345", "09845012345"), oddText),
          address: fc.oneof(fc.constant(valid.address), oddText, fc.constant("x".repeat(100_000))),
          city: fc.oneof(fc.constant(valid.city), oddText),
          state: fc.oneof(fc.constantFrom(...indianStates), oddText),
          pinCode: fc.oneof(fc.constantFrom(valid.pinCode, "012345", "56000", "5600011"), oddText),
          idempotencyKey: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{22}$/), oddText),
          shownLines: fc.oneof(fc.constant("SHOWN"), fc.constant(`${plant.id}:1:1`), oddText),
          cookie: cookieKinds,
        }),
        async ({ cookie, shownLines, ...fields }) => {
          const body = new URLSearchParams({
            ...fields,
            shownLines: shownLines === "SHOWN" ? cart.shownLines : shownLines,
          });
          const before = await snapshot();
          const request = new Request("http://localhost/checkout", {
            method: "POST",
            body,
            headers: await cookieHeader(cookie, cart.cartId),
          });
          const result = await checkoutAction(args<Parameters<typeof checkoutAction>[0]>(request));
          const status = statusOf(result);
          expect(status).toBeLessThan(500);
          if (status >= 400) expect(await snapshot()).toEqual(before);
          if (status === 303) {
            placed++;
            cart = await cartWith(handle.db, [{ productId: plant.id, quantity: 1 }]);
          }
        },
      ),
      {
        numRuns: RUNS,
        // Every field valid at once is rare among random payloads (≈ 2 in 10,000): one such
        // payload always runs first, so the valid path is checked on every run.
        examples: [
          [
            {
              ...valid,
              idempotencyKey: "fuzzValidExample000001",
              shownLines: "SHOWN",
              cookie: "real",
            },
          ],
        ],
      },
    );
    expect(placed).toBeGreaterThan(0);
    expect(await invariants()).toBe(0);
  }, 600_000);
});
