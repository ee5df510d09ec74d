/**
 * Coupons spent at checkout (docs/exchange.md "Coupons"): the discount min(balance, subtotal),
 * the balance left, an order covered in full, the refusals (unknown, expired, used up, the code
 * of a pickup that is not collected) with nothing written, codes typed in lower case with
 * spaces, the per-client limit on guesses, the refund when an order is cancelled (shopper and
 * staff), a replayed form, 50 concurrent checkouts on one code, the orders CSV, and the
 * dashboard's Coupons page and its export.
 *
 * On PostgreSQL (TEST_DATABASE_URL) this file opens its own scratch database with a pool of 25
 * connections, so the concurrent checkouts really run in parallel transactions.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { auditLog } from "~/db/schema/audit";
import { products } from "~/db/schema/catalogue";
import { couponRedemptions, coupons } from "~/db/schema/exchange";
import { cartLines, orders } from "~/db/schema/shop";
import { seedDatabase } from "~/db/seed.server";
import { serializeCartCookie } from "~/features/cart/cart.server";
import { CouponRejectedError, couponRefusalIn } from "~/features/orders/coupons.server";
import { cancelOrderByToken, placeOrder, transitionOrder } from "~/features/orders/orders.server";
import { refusalText } from "~/i18n/i18n.server";
import * as checkoutRoute from "~/routes/checkout";
import * as couponsRoute from "~/routes/dashboard/coupons";
import * as couponsExport from "~/routes/dashboard/coupons-export";
import * as orderRoute from "~/routes/dashboard/order";
import * as ordersExport from "~/routes/dashboard/orders-export";
import * as orderPlacedRoute from "~/routes/order-placed";
import { idempotencyKey } from "~/utils/codes.server";
import { addDays, kolkataInstant, todayInKolkata } from "~/utils/dates";
import { resetRateLimits } from "~/utils/rate-limit.server";
import {
  cartWith,
  newShopper,
  productBySlug,
  setStock,
  shipping,
} from "../support/factories/carts-and-addresses";
import { couponBalance, daysFromNow, insertCoupon } from "../support/factories/coupons";
import { routeArgs, signedInStaff } from "../support/factories/staff";
import { createTestDatabase, queryRows } from "../support/processes/test-database";

let handle: DatabaseHandle;
let db: DatabaseHandle["db"];
let plant: { id: number; pricePaise: number };

beforeAll(async () => {
  handle = await createTestDatabase(25);
  db = handle.db;
  useDatabaseHandle(handle);
  await seedDatabase(db);
  const found = await productBySlug(db, "money-plant");
  plant = { id: found.id, pricePaise: found.pricePaise };
  await setStock(db, plant.id, 1000);
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(() => resetRateLimits());

/** A cart of `quantity` money plants and the form fields checkout would send for it. */
async function plantCart(quantity = 1) {
  return cartWith(db, [{ productId: plant.id, quantity }]);
}

async function counts() {
  const [row] = await queryRows<{ orders: number; redemptions: number; audit: number }>(
    db,
    sql`select (select count(*)::int from orders) as orders,
        (select count(*)::int from coupon_redemptions) as redemptions,
        (select count(*)::int from audit_log) as audit`,
  );
  return row;
}

/** The money plant's stock now. */
async function plantStock() {
  return (await productBySlug(db, "money-plant")).stock;
}

async function orderRow(id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

/** The code as a shopper might type it: lower case, groups apart, no hyphens. */
function typedLoosely(code: string): string {
  return ` ${code.toLowerCase().replaceAll("-", " ")} `;
}

describe("spending a coupon in placeOrder", () => {
  it("takes the whole balance when it is below the subtotal; the code is then used up", async () => {
    const coupon = await insertCoupon(db, { valuePaise: plant.pricePaise - 1234 });
    const cart = await plantCart(2);
    const order = await placeOrder(db, {
      ...cart,
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
      couponCode: coupon.code,
    });
    const row = await orderRow(order.id);
    expect(row).toMatchObject({
      subtotalPaise: 2 * plant.pricePaise,
      discountPaise: plant.pricePaise - 1234,
      totalPaise: plant.pricePaise + 1234,
      couponCode: coupon.code,
      paymentMethod: "cod",
    });
    expect(order.totalPaise).toBe(plant.pricePaise + 1234);
    expect(await couponBalance(db, coupon.id)).toBe(0);
    const redemptions = await db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon.id));
    expect(redemptions).toMatchObject([
      { orderId: order.id, amountPaise: plant.pricePaise - 1234, refundedAt: null },
    ]);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "coupon.redeemed"), eq(auditLog.entityId, String(coupon.id))));
    expect(audit?.details).toMatchObject({
      before: { balancePaise: plant.pricePaise - 1234 },
      after: { balancePaise: 0 },
    });
  });

  it("covers a whole order (total 0, cash on delivery with nothing to pay) and keeps the rest", async () => {
    const coupon = await insertCoupon(db, { valuePaise: 5 * plant.pricePaise + 50 });
    const cart = await plantCart(2);
    const order = await placeOrder(db, {
      ...cart,
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
      paymentMethod: "online",
      couponCode: coupon.code,
    });
    expect(await orderRow(order.id)).toMatchObject({
      discountPaise: 2 * plant.pricePaise,
      totalPaise: 0,
      paymentMethod: "cod",
      paymentStatus: "unpaid",
    });
    expect(await couponBalance(db, coupon.id)).toBe(3 * plant.pricePaise + 50);

    // The leftover pays the next order, down to the last paisa.
    const next = await placeOrder(db, {
      ...(await plantCart(4)),
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
      couponCode: coupon.code,
    });
    expect(await orderRow(next.id)).toMatchObject({
      subtotalPaise: 4 * plant.pricePaise,
      discountPaise: 3 * plant.pricePaise + 50,
      totalPaise: plant.pricePaise - 50,
    });
    expect(await couponBalance(db, coupon.id)).toBe(0);
  });

  it("stores a total below ₹1 as cash on delivery: Razorpay cannot charge it", async () => {
    const coupon = await insertCoupon(db, { valuePaise: plant.pricePaise - 50 });
    const order = await placeOrder(db, {
      ...(await plantCart(1)),
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
      paymentMethod: "online",
      couponCode: coupon.code,
    });
    expect(await orderRow(order.id)).toMatchObject({ totalPaise: 50, paymentMethod: "cod" });
    expect(order.paymentMethod).toBe("cod");
  });

  it("accepts the code typed in lower case with spaces (and O for 0, I or L for 1)", async () => {
    const coupon = await insertCoupon(db, { valuePaise: 10_000 });
    const typed = typedLoosely(coupon.code).replaceAll("0", "o").replaceAll("1", "l");
    const order = await placeOrder(db, {
      ...(await plantCart()),
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
      couponCode: typed,
    });
    expect(await orderRow(order.id)).toMatchObject({
      couponCode: coupon.code,
      discountPaise: 10_000,
    });
  });

  it("refuses unknown, expired, used-up and not-collected codes, writing nothing", async () => {
    const now = new Date();
    const expiryDay = addDays(todayInKolkata(now), -30);
    const expired = await insertCoupon(db, {
      valuePaise: 10_000,
      expiresAt: kolkataInstant(expiryDay, "12:00"),
    });
    // 01:30 the next day in Asia/Kolkata, still the expiry day in UTC: the date shown is India's.
    const expiredLate = await insertCoupon(db, {
      valuePaise: 10_000,
      expiresAt: new Date(`${expiryDay}T20:00:00Z`),
    });
    const dayShown = (day: string) =>
      new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
        timeZone: "UTC",
        day: "numeric",
        month: "long",
        year: "numeric",
      });
    const usedUp = await insertCoupon(db, { valuePaise: 10_000, balancePaise: 0 });
    const cancelled = await insertCoupon(db, { valuePaise: 10_000, pickupStatus: "cancelled" });
    const weighed = await insertCoupon(db, { valuePaise: 10_000, pickupStatus: "weighed" });
    const cases: [string, string][] = [
      ["SS-2222-2222", "This coupon code is not valid."],
      ["not a code", "This coupon code is not valid."],
      [expired.code, `This coupon expired on ${dayShown(expiryDay)}.`],
      [expiredLate.code, `This coupon expired on ${dayShown(addDays(expiryDay, 1))}.`],
      [usedUp.code, "This coupon has been used up."],
      [cancelled.code, "This coupon code is not valid."],
      [weighed.code, "This coupon code is not valid."],
    ];
    const cart = await plantCart(1);
    const stock = await plantStock();
    const before = await counts();
    for (const [code, message] of cases) {
      const error = await placeOrder(db, {
        ...cart,
        idempotencyKey: idempotencyKey(),
        shipping: newShopper(),
        couponCode: code,
        now,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CouponRejectedError);
      expect(error).toMatchObject({ message, status: 422, field: "couponCode" });
      // On a Hindi or Kannada page the expiry day is written with that language's month name,
      // day month year (docs/languages.md: not kn-IN's own "ಮೇ 25, 2027").
      if (code === expired.code) {
        for (const lang of ["hi", "kn"] as const) {
          const text = refusalText(lang, couponRefusalIn(lang, error as CouponRejectedError));
          const instant = new Date(`${expiryDay}T00:00:00Z`);
          const month = instant.toLocaleDateString(`${lang}-IN`, {
            timeZone: "UTC",
            month: "long",
          });
          const day = `${instant.getUTCDate()} ${month} ${instant.getUTCFullYear()}`;
          expect(text).toContain(day);
          expect(text).not.toMatch(/[A-Za-z]/);
        }
      }
    }
    expect(await counts()).toEqual(before);
    expect(await plantStock()).toBe(stock);
    expect(await db.select().from(cartLines).where(eq(cartLines.cartId, cart.cartId))).toHaveLength(
      1,
    );
    for (const coupon of [expired, cancelled]) {
      expect(await couponBalance(db, coupon.id)).toBe(10_000);
    }
  });

  it("spends a coupon once when the same form is replayed, one after another or at once", async () => {
    const coupon = await insertCoupon(db, { valuePaise: 3 * plant.pricePaise });
    const cart = await plantCart(1);
    const key = idempotencyKey();
    const input = { ...cart, idempotencyKey: key, shipping: newShopper(), couponCode: coupon.code };
    const first = await placeOrder(db, input);
    const again = await placeOrder(db, input);
    expect(again).toMatchObject({ id: first.id, replayed: true });

    const other = await plantCart(1);
    const otherKey = idempotencyKey();
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        placeOrder(db, {
          ...other,
          idempotencyKey: otherKey,
          shipping: newShopper(),
          couponCode: coupon.code,
        }),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await couponBalance(db, coupon.id)).toBe(plant.pricePaise);
    const redemptions = await db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon.id));
    expect(redemptions).toHaveLength(2);
  });
});

describe("cancelling gives the coupon back", () => {
  it("the shopper's cancel restores the balance, marks the redemption refunded, audits it", async () => {
    const coupon = await insertCoupon(db, { valuePaise: plant.pricePaise + 500 });
    const order = await placeOrder(db, {
      ...(await plantCart(1)),
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
      couponCode: coupon.code,
    });
    expect(await couponBalance(db, coupon.id)).toBe(500);
    await cancelOrderByToken(db, order.trackingToken);
    expect(await couponBalance(db, coupon.id)).toBe(plant.pricePaise + 500);
    const [redemption] = await db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, order.id));
    expect(redemption?.refundedAt).toBeInstanceOf(Date);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "coupon.refunded"), eq(auditLog.entityId, String(coupon.id))));
    expect(audit).toMatchObject({ actor: "visitor" });
    expect(audit?.details).toMatchObject({
      after: { balancePaise: plant.pricePaise + 500 },
      orderId: order.id,
      amountPaise: plant.pricePaise,
    });
    // The balance is spendable again.
    const next = await placeOrder(db, {
      ...(await plantCart(1)),
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
      couponCode: coupon.code,
    });
    expect((await orderRow(next.id)).discountPaise).toBe(plant.pricePaise);
  });

  it("staff cancelling a confirmed order refunds it once, even onto an expired coupon (which stays expired)", async () => {
    const staff = await signedInStaff(db, "staff");
    const coupon = await insertCoupon(db, { valuePaise: 2 * plant.pricePaise });
    const order = await placeOrder(db, {
      ...(await plantCart(2)),
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
      couponCode: coupon.code,
    });
    await transitionOrder(db, order.id, "confirmed", staff.user.email);
    await db
      .update(coupons)
      .set({ expiresAt: daysFromNow(-1) })
      .where(eq(coupons.id, coupon.id));
    const id = String(order.id);
    const cancel = () =>
      orderRoute.action(
        routeArgs(`http://localhost/dashboard/orders/${id}`, {
          cookie: staff.cookie,
          params: { id },
          form: { intent: "cancel", expectedFrom: "confirmed", confirm: "yes" },
        }),
      );
    const done = (await cancel()) as Response;
    expect(done.status).toBe(302);
    expect(await couponBalance(db, coupon.id)).toBe(2 * plant.pricePaise);
    expect(await cancel()).toMatchObject({ init: { status: 409 } });
    expect(await couponBalance(db, coupon.id)).toBe(2 * plant.pricePaise);
    const refunds = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "coupon.refunded"), eq(auditLog.entityId, String(coupon.id))));
    expect(refunds).toMatchObject([{ actor: staff.user.email }]);
    await expect(
      placeOrder(db, {
        ...(await plantCart(1)),
        idempotencyKey: idempotencyKey(),
        shipping: newShopper(),
        couponCode: coupon.code,
      }),
    ).rejects.toMatchObject({ problem: "expired" });
  });
});

describe("checkout page", () => {
  async function cartCookie(cartId: string) {
    return (
      (await serializeCartCookie(new Request("http://localhost/"), cartId)).split(";")[0] ?? ""
    );
  }

  function post(cookie: string, form: Record<string, string>, address = "198.51.100.20") {
    return checkoutRoute.action(
      routeArgs<Parameters<typeof checkoutRoute.action>[0]>("http://localhost/checkout", {
        cookie,
        form,
        address,
      }),
    );
  }

  type Answer = {
    data: { values: Record<string, string>; errors?: Record<string, string>; coupon?: unknown };
    init: ResponseInit | null;
  };

  it("'Apply' shows the discount without writing; the order then shows it everywhere", async () => {
    const coupon = await insertCoupon(db, { valuePaise: 15_000 });
    const cart = await plantCart(2);
    const cookie = await cartCookie(cart.cartId);
    const before = await counts();
    const applied = (await post(cookie, {
      intent: "apply",
      couponCode: typedLoosely(coupon.code),
    })) as Answer;
    expect(applied.data.coupon).toEqual({
      code: coupon.code,
      discountPaise: 15_000,
      balanceAfterPaise: 0,
    });
    expect(applied.data.values.couponCode).toBe(coupon.code);
    expect(applied.data.errors).toBeUndefined();
    expect(await counts()).toEqual(before);
    expect(await couponBalance(db, coupon.id)).toBe(15_000);

    const placed = (await post(cookie, {
      ...shipping,
      ...cart,
      idempotencyKey: idempotencyKey(),
      couponCode: typedLoosely(coupon.code),
    })) as Response;
    expect(placed.status).toBe(303);
    const token = placed.headers.get("Location")?.split("/")[2] ?? "";
    const page = await orderPlacedRoute.loader(
      routeArgs<Parameters<typeof orderPlacedRoute.loader>[0]>("http://localhost/", {
        params: { token },
      }),
    );
    expect(page).toMatchObject({
      totalPaise: 2 * plant.pricePaise - 15_000,
      discountPaise: 15_000,
      couponCode: coupon.code,
    });
  });

  it("puts each refusal next to 'Coupon code' with 422 and writes nothing", async () => {
    const usedUp = await insertCoupon(db, { valuePaise: 10_000, balancePaise: 0 });
    const cart = await plantCart(1);
    const cookie = await cartCookie(cart.cartId);
    const before = await counts();
    const placing = (await post(cookie, {
      ...shipping,
      ...cart,
      idempotencyKey: idempotencyKey(),
      couponCode: usedUp.code,
    })) as Answer;
    expect(placing.init?.status).toBe(422);
    expect(placing.data.errors).toEqual({ couponCode: "This coupon has been used up." });
    expect(placing.data.values.name).toBe(shipping.name);
    const applying = (await post(cookie, {
      intent: "apply",
      couponCode: "SS-ZZZZ-ZZZZ",
    })) as Answer;
    expect(applying.init?.status).toBe(422);
    expect(applying.data.errors).toEqual({ couponCode: "This coupon code is not valid." });
    const empty = (await post(cookie, { intent: "apply", couponCode: "  " })) as Answer;
    expect(empty.init?.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("limits wrong guesses to 10 per 10 minutes per address; right codes are not counted", async () => {
    const coupon = await insertCoupon(db, { valuePaise: 10_000 });
    const cookie = await cartCookie((await plantCart(1)).cartId);
    const address = "198.51.100.77";
    for (let i = 0; i < 5; i++) {
      const right = (await post(
        cookie,
        { intent: "apply", couponCode: coupon.code },
        address,
      )) as Answer;
      expect(right.init?.status ?? 200).toBe(200);
    }
    for (let i = 0; i < 10; i++) {
      const guess = `SS-${String(2000 + i)}-2222`;
      const wrong = (await post(cookie, { intent: "apply", couponCode: guess }, address)) as Answer;
      expect(wrong.init?.status).toBe(422);
    }
    // Now every code is refused for this address, the right one too, and placing as well.
    const blocked = (await post(
      cookie,
      { intent: "apply", couponCode: coupon.code },
      address,
    )) as Answer;
    expect(blocked.init?.status).toBe(429);
    expect(blocked.data.errors?.couponCode).toBe(
      "Too many coupon codes that are not valid. Please wait 10 minutes and try again.",
    );
    expect(new Headers(blocked.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    const cart = await plantCart(1);
    const placing = (await post(
      await cartCookie(cart.cartId),
      { ...shipping, ...cart, idempotencyKey: idempotencyKey(), couponCode: coupon.code },
      address,
    )) as Answer;
    expect(placing.init?.status).toBe(429);
    // Another address is not affected.
    const elsewhere = (await post(cookie, { intent: "apply", couponCode: coupon.code })) as Answer;
    expect(elsewhere.init?.status ?? 200).toBe(200);
    expect(await couponBalance(db, coupon.id)).toBe(10_000);
  });
});

describe("50 concurrent checkouts on one coupon", () => {
  it("never takes the balance below zero; the discounts add up to what the code held", async () => {
    // 50 plants of their own, so that no product row lock lines the orders up: only the
    // coupon's lock stands between them.
    const price = 10_000;
    const made = await db
      .insert(products)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          slug: `coupon-race-${i}`,
          kind: "plant" as const,
          name: `Race plant ${i}`,
          description: "A plant for the concurrency test.",
          pricePaise: price,
          stock: 3,
          imagePath: "/images/products/money-plant.svg",
          imageAlt: "A plant",
        })),
      )
      .returning({ id: products.id });
    const carts = [];
    for (const product of made)
      carts.push(await cartWith(db, [{ productId: product.id, quantity: 1 }]));
    const held = 10 * price + price / 2;
    const coupon = await insertCoupon(db, { valuePaise: held });
    const started = performance.now();
    const results = await Promise.allSettled(
      carts.map((cart) =>
        placeOrder(db, {
          ...cart,
          idempotencyKey: idempotencyKey(),
          shipping: newShopper(),
          couponCode: coupon.code,
        }),
      ),
    );
    const tookMs = Math.round(performance.now() - started);
    const placed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(CouponRejectedError);
      expect(reason.message).toBe("This coupon has been used up.");
    }
    const rows = await db.select().from(orders).where(eq(orders.couponCode, coupon.code));
    const discounts = rows.reduce((sum, row) => sum + row.discountPaise, 0);
    for (const row of rows) expect(row.totalPaise).toBe(row.subtotalPaise - row.discountPaise);
    expect(placed).toHaveLength(11);
    expect(rows).toHaveLength(11);
    expect(discounts).toBe(held);
    expect(await couponBalance(db, coupon.id)).toBe(0);
    const stock = await db
      .select({ stock: products.stock })
      .from(products)
      .where(
        inArray(
          products.id,
          made.map((product) => product.id),
        ),
      );
    expect(stock.reduce((sum, row) => sum + row.stock, 0)).toBe(50 * 3 - placed.length);
    console.info(
      `coupon concurrency (${handle.driver}): 50 checkouts, ${placed.length} orders placed, ` +
        `${refused.length} refused as used up, discounts ${discounts} paise of ${held} held, ` +
        `${tookMs} ms`,
    );
  });
});

describe("dashboard", () => {
  it("lists coupons newest first with filters, search, redemptions and pages; collectors get 403", async () => {
    const staff = await signedInStaff(db, "staff");
    const spent = await insertCoupon(db, { valuePaise: 2 * plant.pricePaise });
    const order = await placeOrder(db, {
      ...(await plantCart(1)),
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
      couponCode: spent.code,
    });
    const list = (query = "") =>
      couponsRoute.loader(
        routeArgs<Parameters<typeof couponsRoute.loader>[0]>(
          `http://localhost/dashboard/coupons${query}`,
          { cookie: staff.cookie },
        ),
      ) as Promise<Awaited<ReturnType<typeof couponsRoute.loader>> & { rows: unknown[] }>;
    const page = await list(`?q=${encodeURIComponent(typedLoosely(spent.code))}`);
    expect(page.rows).toMatchObject([
      {
        code: spent.code,
        issuedFor: { kind: "pickup", reference: spent.pickupReference },
        balancePaise: plant.pricePaise,
        state: "active",
        redemptions: [{ orderId: order.id, orderReference: order.reference, refunded: false }],
      },
    ]);
    expect((await list(`?q=${spent.pickupReference.toLowerCase()}`)).rows).toHaveLength(1);

    // Enough for two pages, some sharing one timestamp (ties are broken by id).
    for (let i = 0; i < 60; i++) {
      await insertCoupon(db, {
        valuePaise: 5_000,
        balancePaise: i % 3 === 0 ? 0 : 5_000,
        expiresAt: i % 4 === 0 ? daysFromNow(-2) : daysFromNow(30),
        createdAt: new Date(Date.UTC(2026, 9, 1 + Math.floor(i / 5))),
      });
    }
    const all = await queryRows<{ code: string; balance: number; expired: boolean }>(
      db,
      sql`select code, balance_paise as balance, expires_at <= now() as expired from coupons
          order by created_at desc, id desc`,
    );
    const walk = async (query: string) => {
      const codes: string[] = [];
      let next: string | null = query;
      while (next !== null) {
        const result = (await list(next)) as unknown as {
          rows: { code: string }[];
          next: string | null;
        };
        codes.push(...result.rows.map((row) => row.code));
        next = result.next;
      }
      return codes;
    };
    expect(all.length).toBeGreaterThan(50);
    expect(await walk("")).toEqual(all.map((row) => row.code));
    expect(await walk("?status=used-up")).toEqual(
      all.filter((row) => row.balance === 0).map((row) => row.code),
    );
    expect(await walk("?status=expired")).toEqual(
      all.filter((row) => row.balance > 0 && row.expired).map((row) => row.code),
    );
    expect(await walk("?status=active")).toEqual(
      all.filter((row) => row.balance > 0 && !row.expired).map((row) => row.code),
    );
    const bad = await couponsRoute.loader(
      routeArgs(`http://localhost/dashboard/coupons?status=bogus`, { cookie: staff.cookie }),
    );
    expect(bad).toMatchObject({ init: { status: 400 } });

    const collector = await signedInStaff(db, "collector");
    for (const route of [couponsRoute, couponsExport]) {
      const refused = await Promise.resolve(
        route.loader(routeArgs(`http://localhost/dashboard/coupons`, { cookie: collector.cookie })),
      ).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).status).toBe(403);
    }
  });

  it("exports coupons and orders as CSV with the discount and the code", async () => {
    const admin = await signedInStaff(db, "admin");
    const coupon = await insertCoupon(db, { valuePaise: 4_321 });
    const order = await placeOrder(db, {
      ...(await plantCart(1)),
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
      couponCode: coupon.code,
    });
    const couponsCsv = await (
      await couponsExport.loader(
        routeArgs(`http://localhost/dashboard/coupons/export?q=${coupon.code}`, {
          cookie: admin.cookie,
        }),
      )
    ).text();
    const lines = couponsCsv.trim().split(/\r?\n/);
    expect(lines[0]).toContain("Code,Issued at (IST),Issued for,Value (₹),Balance (₹)");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${coupon.code},`);
    expect(lines[1]).toContain(`,${coupon.pickupReference},43.21,0.00,`);
    expect(lines[1]).toContain(`,Used up,1,${order.reference}`);

    const ordersCsv = await (
      await ordersExport.loader(
        routeArgs(`http://localhost/dashboard/orders/export?q=${order.reference}`, {
          cookie: admin.cookie,
        }),
      )
    ).text();
    const [header, row] = ordersCsv.trim().split(/\r?\n/);
    expect(header?.endsWith("Total (₹),Discount (₹),Coupon code")).toBe(true);
    const total = ((plant.pricePaise - 4_321) / 100).toFixed(2);
    expect(row?.endsWith(`,${total},43.21,${coupon.code}`)).toBe(true);
  });
});
