/**
 * Anti-automation on bookings and orders (docs/operations.md
 * "Anti-automation"): the bot loops of the security review are refused past the limits with a
 * clear message, and a refusal writes nothing (no pickup, no order, no stock change, no outbox
 * message). Through the route actions (what a visitor's browser reaches) and the feature
 * functions (for the race). PGlite by default; TEST_DATABASE_URL runs it on PostgreSQL, where
 * the concurrent requests really overlap.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { seedDatabase } from "~/db/seed.server";
import { serializeCartCookie } from "~/features/cart/cart.server";
import {
  OrderRejectedError,
  placeOrder,
  UnconfirmedCodCapError,
} from "~/features/orders/orders.server";
import { switchToCashOnDelivery } from "~/features/payments/payments.server";
import type { PickupInput } from "~/features/pickups/pickup.schema";
import { defaultPickupConfig } from "~/features/pickups/pickup-config";
import { bookPickup, OpenPickupsCapError } from "~/features/pickups/pickups.server";
import { addressAllowances } from "~/features/site/anti-automation.server";
import { siteConfig } from "~/features/site/site-config";
import * as checkoutRoute from "~/routes/checkout";
import * as orderpageRoute from "~/routes/orderpage";
import * as trackingRoute from "~/routes/pickup-tracking";
import { idempotencyKey } from "~/utils/codes.server";
import { addDays, todayInKolkata } from "~/utils/dates";
import { HONEYPOT_FIELD } from "~/utils/honeypot";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { englishText } from "~/utils/refusal";
import {
  cartWith,
  newShopper,
  productBySlug,
  setStock,
} from "../support/factories/carts-and-addresses";
import { pickupBookingForm } from "../support/factories/pickup-bookings";
import { routeArgs } from "../support/factories/staff";
import { createTestDatabase, queryRows } from "../support/processes/test-database";

let handle: DatabaseHandle;
let db: DatabaseHandle["db"];
let plant: { id: number; pricePaise: number };

beforeAll(async () => {
  handle = await createTestDatabase(10);
  db = handle.db;
  useDatabaseHandle(handle);
  await seedDatabase(db);
  const found = await productBySlug(db, "money-plant");
  plant = { id: found.id, pricePaise: found.pricePaise };
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(() => resetRateLimits());

let counter = 0;
/** A distinct 10-digit mobile number (as typed: no +91) and e-mail per call. */
function contact() {
  counter += 1;
  const n = String(counter).padStart(5, "0");
  return { phone: `81000${n}`, email: `visitor${n}@example.com` };
}

/** What the database shows a refusal did not change. */
async function counts() {
  const [row] = await queryRows<{
    pickups: number;
    orders: number;
    messages: number;
    stock: number;
  }>(
    db,
    sql`select (select count(*)::int from pickups) as pickups,
        (select count(*)::int from orders) as orders,
        (select count(*)::int from messages) as messages,
        (select stock from products where id = ${plant.id}) as stock`,
  );
  return row;
}

/** Answer of a route action: status, data, headers, whether it returned or threw. */
function answer(result: unknown) {
  if (result instanceof Response) {
    return { status: result.status, data: undefined, headers: result.headers };
  }
  const value = result as { data: Record<string, unknown>; init: ResponseInit | null };
  return {
    status: value.init?.status ?? 200,
    data: value.data,
    headers: new Headers(value.init?.headers),
  };
}

// ---- the booking form ----

/** Two days ahead (always bookable), 11 am, in the form's field names. */
function bookingForm(overrides: Record<string, string> = {}) {
  return pickupBookingForm({ ...contact(), reward: "coupon", ...overrides });
}

async function postBooking(form: Record<string, string>, address: string) {
  type Args = Parameters<typeof orderpageRoute.action>[0];
  return answer(
    await orderpageRoute.action(routeArgs<Args>("http://localhost/orderpage", { form, address })),
  );
}

async function openInSlot(date: string, time: string) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pickups
        where pickup_date = ${date} and slot_start = ${time} and status in ('requested','confirmed')`,
  );
  return row?.n ?? 0;
}

describe("the booking form", () => {
  it("refuses the review's loop: nine anonymous bookings into one slot from one address", async () => {
    const address = "198.51.100.41";
    const date = addDays(todayInKolkata(new Date()), 3);
    const allowed = addressAllowances.booking.perHour;
    expect(allowed).toBeLessThan(defaultPickupConfig.slotCapacity);
    const answers = [];
    for (let i = 0; i < 9; i++) {
      // A bot varies the name, phone and e-mail: only the address gives it away.
      const before = await counts();
      const result = await postBooking(
        bookingForm({ pickupDate: date, pickupTime: "13:00", name: `Bot ${i}` }),
        address,
      );
      answers.push(result.status);
      if (result.status === 429) {
        expect(result.data?.formError).toBe(
          englishText("errors.antiBot.bookings", { phone: siteConfig.phoneDisplay }),
        );
        expect(result.data?.formError).toContain(siteConfig.phoneDisplay);
        expect(Number(result.headers.get("Retry-After"))).toBeGreaterThan(0);
        // The entered values are kept for the form.
        expect(result.data?.values).toMatchObject({ name: `Bot ${i}` });
        expect(await counts()).toEqual(before);
      }
    }
    expect(answers).toEqual([...Array(allowed).fill(303), ...Array(9 - allowed).fill(429)]);
    expect(await openInSlot(date, "13:00")).toBe(allowed);
    // Another household (another address) still books into that slot.
    expect(
      (await postBooking(bookingForm({ pickupDate: date, pickupTime: "13:00" }), "198.51.100.42"))
        .status,
    ).toBe(303);
  });

  it("caps open pickups per phone number and per e-mail, naming the shop's phone", async () => {
    const mine = contact();
    for (let i = 0; i < 3; i++) {
      const booked = await postBooking(
        bookingForm({ ...mine, email: `home${counter}-${i}@example.com` }),
        `198.51.100.${50 + i}`,
      );
      expect(booked.status).toBe(303);
    }
    const before = await counts();
    const samePhone = await postBooking(
      bookingForm({ phone: `+91 ${mine.phone}`, email: "someone.else@example.com" }),
      "198.51.100.60",
    );
    expect(samePhone.status).toBe(409);
    expect(samePhone.data?.formError).toBe(
      `You already have 3 open pickups. Please wait for them to be collected, or call us on ${siteConfig.phoneDisplay} for bulk pickups.`,
    );
    expect(samePhone.data?.values).toMatchObject({ email: "someone.else@example.com" });
    expect(await counts()).toEqual(before);

    // Per e-mail, whatever the case it is typed in.
    const mail = contact().email;
    for (let i = 0; i < 3; i++) {
      const booked = await postBooking(bookingForm({ email: mail }), `198.51.100.${70 + i}`);
      expect(booked.status).toBe(303);
    }
    const beforeMail = await counts();
    const sameMail = await postBooking(bookingForm({ email: mail.toUpperCase() }), "198.51.100.80");
    expect(sameMail.status).toBe(409);
    expect(sameMail.data?.formError).toContain("You already have 3 open pickups.");
    expect(await counts()).toEqual(beforeMail);

    // A cancelled pickup is no longer open: the phone may book again.
    const [open] = await queryRows<{ id: number }>(
      db,
      sql`select id from pickups where phone = ${`+91${mine.phone}`} order by id limit 1`,
    );
    await db.execute(sql`update pickups set status = 'cancelled' where id = ${open?.id}`);
    expect((await postBooking(bookingForm({ phone: mine.phone }), "198.51.100.81")).status).toBe(
      303,
    );
  });

  it("books exactly one of several bookings at once for a phone one below the cap", async () => {
    const phone = `+91${contact().phone}`;
    // Each booking in a slot of its own, so the slots' locks do not serialise them.
    let slot = 0;
    const slotTimes = ["09:00", "11:00", "13:00", "15:00", "17:00"];
    const input = (email: string): PickupInput => ({
      name: "Meera Iyer",
      email,
      phone,
      addressLine1: "8 Church Street",
      addressLine2: "",
      city: "Bengaluru",
      pinCode: "560001",
      pickupDate: addDays(todayInKolkata(new Date()), 6 + Math.floor(slot / 5)),
      pickupTime: slotTimes[slot++ % 5] ?? "09:00",
      reward: "plants",
      idempotencyKey: idempotencyKey(),
      items: [],
    });
    const config = { ...defaultPickupConfig, openPickupsPerContact: 3 };
    for (let i = 0; i < 2; i++) {
      await bookPickup(db, input(contact().email), new Date(), config);
    }
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => bookPickup(db, input(contact().email), new Date(), config)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const refused of results.filter((r) => r.status === "rejected")) {
      expect(refused.reason).toBeInstanceOf(OpenPickupsCapError);
      expect(refused.reason).toMatchObject({
        id: "errors.pickup.openPickupsMany",
        values: { cap: 3 },
        field: "form",
        status: 409,
      });
    }
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pickups where phone = ${phone}`,
    );
    expect(row?.n).toBe(3);
  });

  it("refuses a filled honeypot silently and writes nothing", async () => {
    const before = await counts();
    const result = await postBooking(
      bookingForm({ [HONEYPOT_FIELD]: "https://spam.example" }),
      "198.51.100.90",
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ values: {}, errors: {}, itemErrors: {} });
    expect(result.data?.formError).toBeUndefined();
    expect(await counts()).toEqual(before);
  });
});

// ---- the tracking page's move and cancel ----

describe("moving and cancelling on the tracking page", () => {
  it("allows 20 changes an hour per address, then answers 429 with Retry-After and changes nothing", async () => {
    const booked = await postBooking(bookingForm(), "198.51.100.100");
    const token = booked.headers.get("Location")?.split("/")[2] ?? "";
    expect(token).not.toBe("");
    type Args = Parameters<typeof trackingRoute.action>[0];
    const move = async (time: string) =>
      answer(
        await trackingRoute.action(
          routeArgs<Args>(`http://localhost/pickups/${token}`, {
            form: {
              intent: "reschedule",
              pickupDate: addDays(todayInKolkata(new Date()), 5),
              pickupTime: time,
            },
            params: { token },
            address: "198.51.100.101",
          }),
        ),
      );
    const times = ["09:00", "11:00"];
    for (let i = 0; i < addressAllowances.pickupChange.perHour; i++) {
      expect((await move(times[i % 2] ?? "09:00")).status).toBe(303);
    }
    const [before] = await queryRows<{ slot_start: string }>(
      db,
      sql`select slot_start from pickups where tracking_token = ${token}`,
    );
    const refused = await move("17:00");
    expect(refused.status).toBe(429);
    expect(refused.data).toEqual({
      error: englishText("errors.antiBot.pickupChanges", { phone: siteConfig.phoneDisplay }),
      field: "form",
    });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const [after] = await queryRows<{ slot_start: string }>(
      db,
      sql`select slot_start from pickups where tracking_token = ${token}`,
    );
    expect(after).toEqual(before);
  });
});

// ---- checkout ----

async function cartCookie(cartId: string) {
  return (await serializeCartCookie(new Request("http://localhost/"), cartId)).split(";")[0] ?? "";
}

/** A new cart of `quantity` money plants and the checkout form for it. */
async function checkoutForm(
  quantity: number,
  shopper: Record<string, string>,
): Promise<{ cookie: string; form: Record<string, string> }> {
  const cart = await cartWith(db, [{ productId: plant.id, quantity }]);
  return {
    cookie: await cartCookie(cart.cartId),
    form: {
      ...shopper,
      shownLines: cart.shownLines,
      idempotencyKey: idempotencyKey(),
      paymentMethod: "cod",
    },
  };
}

async function postCheckout(cookie: string, form: Record<string, string>, address: string) {
  type Args = Parameters<typeof checkoutRoute.action>[0];
  return answer(
    await checkoutRoute.action(
      routeArgs<Args>("http://localhost/checkout", { cookie, form, address }),
    ),
  );
}

describe("checkout", () => {
  it("refuses repeated cash-on-delivery orders from one address past the limit; stock is not emptied", async () => {
    // Enough for the bot's 15 orders of 20 only if every one were placed: they would empty it.
    await setStock(db, plant.id, 300);
    const address = "198.51.100.120";
    const allowed = addressAllowances.order.perHour;
    const statuses = [];
    for (let i = 0; i < allowed + 5; i++) {
      // A bot with a new phone number and e-mail for each order: only the address gives it away.
      const { cookie, form } = await checkoutForm(20, {
        ...newShopper(),
        phone: contact().phone,
      });
      const before = await counts();
      const result = await postCheckout(cookie, form, address);
      statuses.push(result.status);
      if (result.status === 429) {
        expect(result.data?.formError).toBe(
          englishText("errors.antiBot.orders", { phone: siteConfig.phoneDisplay }),
        );
        expect(Number(result.headers.get("Retry-After"))).toBeGreaterThan(0);
        expect(result.data?.values).toMatchObject({ phone: form.phone });
        expect(await counts()).toEqual(before);
      }
    }
    expect(statuses).toEqual([...Array(allowed).fill(303), ...Array(5).fill(429)]);
    expect((await counts())?.stock).toBe(300 - 20 * allowed);
  });

  it("refuses a cash-on-delivery order from a phone holding 3 unconfirmed ones, from any address", async () => {
    await setStock(db, plant.id, 100);
    const phone = contact().phone;
    for (let i = 0; i < 3; i++) {
      const { cookie, form } = await checkoutForm(1, { ...newShopper(), phone });
      expect((await postCheckout(cookie, form, `198.51.100.${130 + i}`)).status).toBe(303);
    }
    const { cookie, form } = await checkoutForm(20, { ...newShopper(), phone: `+91-${phone}` });
    const before = await counts();
    const refused = await postCheckout(cookie, form, "198.51.100.140");
    expect(refused.status).toBe(409);
    expect(refused.data?.formError).toBe(
      `You already have 3 cash-on-delivery orders waiting for our confirmation. Please call us on ${siteConfig.phoneDisplay} to confirm your earlier orders before placing another.`,
    );
    expect(refused.data?.values).toMatchObject({ name: form.name });
    expect(await counts()).toEqual(before);

    // Once staff confirm one, the phone may order again.
    await db.execute(
      sql`update orders set status = 'confirmed' where id = (select min(id) from orders where phone = ${`+91${phone}`})`,
    );
    expect((await postCheckout(cookie, form, "198.51.100.141")).status).toBe(303);
  });

  it("refuses switching an online order to cash on delivery for a phone at the cap", async () => {
    await setStock(db, plant.id, 100);
    const phone = contact().phone;
    for (let i = 0; i < 3; i++) {
      const { cookie, form } = await checkoutForm(1, { ...newShopper(), phone });
      expect((await postCheckout(cookie, form, `198.51.100.${150 + i}`)).status).toBe(303);
    }
    // One of the three was an online order still waiting for its payment…
    const [online] = await queryRows<{ id: number; tracking_token: string }>(
      db,
      sql`update orders set payment_method = 'online', payment_status = 'pending'
          where id = (select min(id) from orders where phone = ${`+91${phone}`})
          returning id, tracking_token`,
    );
    // …so the phone could place a third cash-on-delivery order.
    const { cookie, form } = await checkoutForm(1, { ...newShopper(), phone });
    expect((await postCheckout(cookie, form, "198.51.100.160")).status).toBe(303);

    const switched = switchToCashOnDelivery(db, online?.tracking_token ?? "");
    await expect(switched).rejects.toThrow(/already has 3 cash-on-delivery orders/);
    const [after] = await queryRows<{ payment_method: string; payment_status: string }>(
      db,
      sql`select payment_method, payment_status from orders where id = ${online?.id}`,
    );
    expect(after).toEqual({ payment_method: "online", payment_status: "pending" });

    // Once staff confirm one of them, the switch goes through.
    await db.execute(
      sql`update orders set status = 'confirmed' where id = (select max(id) from orders where phone = ${`+91${phone}`})`,
    );
    await switchToCashOnDelivery(db, online?.tracking_token ?? "");
    const [done] = await queryRows<{ payment_method: string }>(
      db,
      sql`select payment_method from orders where id = ${online?.id}`,
    );
    expect(done?.payment_method).toBe("cod");
  });

  it("places exactly one of several cash-on-delivery orders at once for a phone one below the cap", async () => {
    await setStock(db, plant.id, 100);
    const phone = `+91${contact().phone}`;
    const order = async () =>
      placeOrder(db, {
        ...(await cartWith(db, [{ productId: plant.id, quantity: 1 }])),
        idempotencyKey: idempotencyKey(),
        shipping: { ...newShopper(), phone },
        paymentMethod: "cod",
        unconfirmedCodOrdersPerPhone: 3,
      });
    await order();
    await order();
    // Each order of another product, so the products' locks do not serialise them.
    const others = await queryRows<{ id: number }>(
      db,
      sql`select id from products where active order by id limit 6`,
    );
    for (const product of others) await setStock(db, product.id, 100);
    const carts = await Promise.all(
      others.map((product) => cartWith(db, [{ productId: product.id, quantity: 1 }])),
    );
    const results = await Promise.allSettled(
      carts.map((cart) =>
        placeOrder(db, {
          ...cart,
          idempotencyKey: idempotencyKey(),
          shipping: { ...newShopper(), phone },
          paymentMethod: "cod",
          unconfirmedCodOrdersPerPhone: 3,
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const refused of results.filter((r) => r.status === "rejected")) {
      expect(refused.reason).toBeInstanceOf(UnconfirmedCodCapError);
      expect(refused.reason).toBeInstanceOf(OrderRejectedError);
    }
    const [sold] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from products where id in ${sql.raw(`(${others.map((p) => p.id).join(",")})`)} and stock = 99`,
    );
    expect(sold?.n).toBe(1);
  });

  it("refuses a filled honeypot silently and writes nothing", async () => {
    const { cookie, form } = await checkoutForm(1, newShopper());
    const before = await counts();
    const result = await postCheckout(
      cookie,
      { ...form, [HONEYPOT_FIELD]: "https://spam.example" },
      "198.51.100.150",
    );
    expect(result.status).toBe(400);
    expect(result.data).toEqual({ values: {} });
    expect(await counts()).toEqual(before);
  });
});

describe("Retry-After on document responses", () => {
  it("each of the three routes forwards its action's headers", () => {
    for (const route of [orderpageRoute, checkoutRoute, trackingRoute]) {
      const merged = new Headers(
        route.headers({
          parentHeaders: new Headers(),
          loaderHeaders: new Headers(),
          actionHeaders: new Headers({ "Retry-After": "120" }),
          errorHeaders: undefined,
        } as Parameters<typeof route.headers>[0]),
      );
      expect(merged.get("Retry-After")).toBe("120");
    }
  });
});
