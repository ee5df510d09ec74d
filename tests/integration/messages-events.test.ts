/**
 * The outbox rows every event writes (docs/messages.md "Events", "Reminders, alerts and the
 * digest"): which template, channel, recipient, parameters, dedupe key and send_after, written
 * in the event's own transaction. Sending is the dispatcher's (its own tests).
 */
import crypto from "node:crypto";
import { and, asc, eq, like, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type Message, messages } from "~/db/schema/messages";
import { pickups } from "~/db/schema/pickups";
import { orders } from "~/db/schema/shop";
import { seedDatabase } from "~/db/seed.server";
import {
  confirmWeighSheetByToken,
  disputeWeighSheetByToken,
} from "~/features/exchange/confirmation.server";
import { markOnTheWay } from "~/features/exchange/visit.server";
import { saveWeighSheet } from "~/features/exchange/weigh-sheet.server";
import { cancelOrderByToken, placeOrder, transitionOrder } from "~/features/orders/orders.server";
import { handleRazorpayWebhook } from "~/features/payments/payments.server";
import { ensureDailyDigest } from "~/features/pickups/daily-digest.server";
import type { PickupInput } from "~/features/pickups/pickup.schema";
import { defaultPickupConfig } from "~/features/pickups/pickup-config";
import { pickupLimits } from "~/features/pickups/pickup-fields";
import {
  bookPickup,
  cancelPickupByToken,
  reschedulePickup,
} from "~/features/pickups/pickups.server";
import { changePickupStatus } from "~/features/pickups/pickups-admin.server";
import { action as bookingAction } from "~/routes/orderpage";
import { idempotencyKey } from "~/utils/codes.server";
import { exchangeDefaults, type RazorpayConfig } from "~/utils/env.server";
import {
  cartWith,
  productBySlug,
  setStock,
  shipping,
} from "../support/factories/carts-and-addresses";
import { pickupBookingForm, pickupInput } from "../support/factories/pickup-bookings";
import { routeArgs, signedInStaff } from "../support/factories/staff";
import { firstMaterialId } from "../support/factories/weighed-pickups";
import { testDatabaseForFile } from "../support/processes/test-database";

/** SHOP_ALERT_EMAIL as env() answers it in this file; each test sets it. */
const alert = vi.hoisted(() => ({ email: "shop@example.com" as string | null }));
vi.mock("~/utils/env.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/utils/env.server")>();
  return {
    ...actual,
    env: () => {
      const real = actual.env();
      return { ...real, messages: { ...real.messages, shopAlertEmail: alert.email } };
    },
  };
});

const handle = testDatabaseForFile();
// Many bookings by one phone number: the open-pickups cap per contact (docs/operations.md) is tested in
// anti-automation.test.ts, not here.
const config = { ...defaultPickupConfig, slotCapacity: 1000, openPickupsPerContact: 1000 };
const settings = { ...exchangeDefaults };
// 21 Nov 2026, 10:00 IST.
const morning = new Date("2026-11-21T04:30:00Z");
let counter = 0;

beforeAll(async () => {
  await seedDatabase(handle.db);
});
beforeEach(() => {
  alert.email = "shop@example.com";
});

function booking(overrides: Partial<PickupInput> = {}): PickupInput {
  counter += 1;
  return pickupInput({ email: `ravi${counter}@example.com`, reward: "coupon", ...overrides });
}

async function rowsOf(type: "pickup" | "order", id: number): Promise<Message[]> {
  return handle.db
    .select()
    .from(messages)
    .where(and(eq(messages.entityType, type), eq(messages.entityId, String(id))))
    .orderBy(asc(messages.id));
}

/** "template channel recipient status" for each row of `rows` with `template`. */
function summary(rows: Message[], template: string) {
  return rows
    .filter((row) => row.template === template)
    .map((row) => `${row.channel} ${row.recipient} ${row.status}`)
    .sort();
}

async function pickupById(id: number) {
  const [row] = await handle.db.select().from(pickups).where(eq(pickups.id, id));
  if (!row) throw new Error("no pickup");
  return row;
}

describe("a booking", () => {
  it("enqueues exactly one confirmation per channel with the tracking path; a replay adds nothing", async () => {
    const input = booking();
    const booked = await bookPickup(handle.db, input, morning, config);
    const rows = await rowsOf("pickup", booked.id);
    expect(summary(rows, "pickup_booked")).toEqual([
      `email ${input.email} pending`,
      "whatsapp +919845012345 pending",
    ]);
    const confirmation = rows.find((row) => row.template === "pickup_booked");
    expect(confirmation?.dedupeKey).toBe(`pickup:${booked.id}:booked`);
    expect(confirmation?.language).toBe("en");
    expect(confirmation?.params).toEqual({
      reference: booked.reference,
      name: "Ravi Kumar",
      trackingPath: `/pickups/${booked.trackingToken}`,
      pickupDate: "2026-11-23",
      slotLabel: "11 am – 1 pm",
    });
    expect(confirmation?.sendAfter.getTime()).toBeLessThanOrEqual(Date.now());

    const replay = await bookPickup(handle.db, input, morning, config);
    expect(replay).toMatchObject({ id: booked.id, replayed: true });
    expect(await rowsOf("pickup", booked.id)).toHaveLength(rows.length);
  });

  it("enqueues the evening reminder at 18:00 IST the day before and the hour reminder 1 h before the slot", async () => {
    const booked = await bookPickup(handle.db, booking(), morning, config);
    const rows = await rowsOf("pickup", booked.id);
    const evening = rows.filter((row) => row.template === "pickup_reminder_evening");
    const hour = rows.filter((row) => row.template === "pickup_reminder_hour");
    expect(evening.map((row) => row.channel).sort()).toEqual(["email", "whatsapp"]);
    expect(hour.map((row) => row.channel).sort()).toEqual(["email", "whatsapp"]);
    for (const row of evening) {
      expect(row.sendAfter.toISOString()).toBe("2026-11-22T12:30:00.000Z");
      expect(row.dedupeKey).toBe(`pickup:${booked.id}:reminder-evening:2026-11-23T11:00`);
    }
    for (const row of hour) {
      expect(row.sendAfter.toISOString()).toBe("2026-11-23T04:30:00.000Z");
      expect(row.dedupeKey).toBe(`pickup:${booked.id}:reminder-hour:2026-11-23T11:00`);
    }
  });

  it("leaves out a reminder whose time has passed at booking", async () => {
    // 22 Nov, 19:00 IST: too late for the evening reminder of a 09:00 pickup on the 23rd.
    const evening = new Date("2026-11-22T13:30:00Z");
    const late = await bookPickup(handle.db, booking({ pickupTime: "09:00" }), evening, config);
    const lateRows = await rowsOf("pickup", late.id);
    expect(lateRows.filter((r) => r.template === "pickup_reminder_evening")).toEqual([]);
    expect(
      lateRows
        .filter((r) => r.template === "pickup_reminder_hour")
        .map((r) => r.sendAfter.toISOString()),
    ).toEqual(["2026-11-23T02:30:00.000Z", "2026-11-23T02:30:00.000Z"]);

    // 23 Nov, 10:30 IST for 11:00 the same day: neither reminder, only the confirmation.
    const sameDay = await bookPickup(
      handle.db,
      booking(),
      new Date("2026-11-23T05:00:00Z"),
      config,
    );
    const templates = (await rowsOf("pickup", sameDay.id)).map((row) => row.template);
    expect(templates.filter((t) => t.startsWith("pickup_reminder"))).toEqual([]);
    expect(templates.filter((t) => t === "pickup_booked")).toHaveLength(2);
  });

  it("is accepted with the longest name and address the form takes (stored in the row)", async () => {
    const name = "N".repeat(pickupLimits.name);
    const booked = await bookPickup(
      handle.db,
      booking({ name, addressLine1: "A".repeat(pickupLimits.addressLine1) }),
      morning,
      config,
    );
    const rows = await rowsOf("pickup", booked.id);
    expect(rows.find((row) => row.template === "pickup_booked")?.params).toMatchObject({ name });
  });
});

describe("the booking form", () => {
  async function post(name: string) {
    const form = pickupBookingForm({
      name,
      email: `form${++counter}@example.com`,
      // Not the number the bookPickup calls above hold open pickups for (cap: 3 per contact).
      phone: "9845054321",
      reward: "coupon",
    });
    const result = await bookingAction(
      routeArgs<Parameters<typeof bookingAction>[0]>("http://localhost/orderpage", { form }),
    );
    const status =
      result instanceof Response
        ? result.status
        : ((result as { init?: ResponseInit | null }).init?.status ?? 200);
    const rows = await handle.db.select().from(messages).where(eq(messages.recipient, form.email));
    return { status, rows };
  }

  it("refuses a 1 MB name before anything is written; a header-like name is only data", async () => {
    const huge = await post("x".repeat(1024 * 1024));
    expect(huge.status).toBe(400);
    expect(huge.rows).toEqual([]);

    // The form takes it; it stays a template parameter (the e-mail channel never puts a name in
    // a header), and the recipients are the booking's own address and number.
    const sneaky = await post("Ravi\r\nBcc: victim@example.com");
    expect(sneaky.status).toBe(303);
    const booked = sneaky.rows.filter((row) => row.template === "pickup_booked");
    expect(booked.map((row) => row.recipient)).toEqual([
      expect.stringMatching(/^form\d+@example\.com$/),
    ]);
    expect(booked[0]?.params).toMatchObject({ name: "Ravi\r\nBcc: victim@example.com" });
  });
});

describe("a reschedule", () => {
  it("skips the old slot's reminders and enqueues the new slot's, each move its own message", async () => {
    const input = booking();
    const booked = await bookPickup(handle.db, input, morning, config);
    await reschedulePickup(handle.db, booked.trackingToken, "2026-11-24", "15:00", morning, config);
    let rows = await rowsOf("pickup", booked.id);
    const old = rows.filter((row) => row.dedupeKey.includes("2026-11-23T11:00"));
    expect(old).toHaveLength(4);
    for (const row of old) {
      expect(row).toMatchObject({ status: "skipped", lastError: "The pickup was moved." });
    }
    const pending = rows.filter(
      (row) => row.template.startsWith("pickup_reminder") && row.status === "pending",
    );
    expect(
      pending.map((row) => `${row.template} ${row.channel} ${row.sendAfter.toISOString()}`).sort(),
    ).toEqual([
      "pickup_reminder_evening email 2026-11-23T12:30:00.000Z",
      "pickup_reminder_evening whatsapp 2026-11-23T12:30:00.000Z",
      "pickup_reminder_hour email 2026-11-24T08:30:00.000Z",
      "pickup_reminder_hour whatsapp 2026-11-24T08:30:00.000Z",
    ]);
    const moved = rows.filter((row) => row.template === "pickup_rescheduled");
    expect(moved.map((row) => row.dedupeKey)).toEqual([
      `pickup:${booked.id}:rescheduled:1`,
      `pickup:${booked.id}:rescheduled:1`,
    ]);
    expect(moved[0]?.params).toMatchObject({ pickupDate: "2026-11-24", slotLabel: "3 pm – 5 pm" });

    // Back to the first slot: its reminders are pending again (new rows), the others skipped.
    await reschedulePickup(handle.db, booked.trackingToken, "2026-11-23", "11:00", morning, config);
    rows = await rowsOf("pickup", booked.id);
    expect(rows.filter((row) => row.template === "pickup_rescheduled")).toHaveLength(4);
    const due = rows.filter(
      (row) => row.template.startsWith("pickup_reminder") && row.status === "pending",
    );
    expect(due.map((row) => row.sendAfter.toISOString()).sort()).toEqual([
      "2026-11-22T12:30:00.000Z",
      "2026-11-22T12:30:00.000Z",
      "2026-11-23T04:30:00.000Z",
      "2026-11-23T04:30:00.000Z",
    ]);
    expect(due.every((row) => row.dedupeKey.endsWith("2026-11-23T11:00:move2"))).toBe(true);
  });
});

describe("cancelling, confirming, missing", () => {
  it("the visitor's cancel skips the reminders and enqueues pickup_cancelled", async () => {
    const input = booking();
    const booked = await bookPickup(handle.db, input, morning, config);
    await cancelPickupByToken(handle.db, booked.trackingToken, morning);
    const rows = await rowsOf("pickup", booked.id);
    const reminders = rows.filter((row) => row.template.startsWith("pickup_reminder"));
    expect(reminders).toHaveLength(4);
    for (const row of reminders) {
      expect(row).toMatchObject({ status: "skipped", lastError: "The pickup was cancelled." });
    }
    expect(summary(rows, "pickup_cancelled")).toEqual([
      `email ${input.email} pending`,
      "whatsapp +919845012345 pending",
    ]);
  });

  it("staff confirm (pickup_confirmed), cancel (pickup_cancelled) and mark missed (reminders skipped)", async () => {
    const confirmed = await bookPickup(handle.db, booking(), morning, config);
    await changePickupStatus(
      handle.db,
      confirmed.id,
      "confirmed",
      "staff@example.com",
      "requested",
    );
    const afterConfirm = await rowsOf("pickup", confirmed.id);
    expect(afterConfirm.filter((r) => r.template === "pickup_confirmed")).toHaveLength(2);
    expect(afterConfirm.filter((r) => r.status === "skipped")).toEqual([]);

    await changePickupStatus(
      handle.db,
      confirmed.id,
      "cancelled",
      "staff@example.com",
      "confirmed",
    );
    const afterCancel = await rowsOf("pickup", confirmed.id);
    expect(afterCancel.filter((r) => r.template === "pickup_cancelled")).toHaveLength(2);
    expect(
      afterCancel.filter((r) => r.template.startsWith("pickup_reminder")).map((r) => r.status),
    ).toEqual(["skipped", "skipped", "skipped", "skipped"]);

    const missed = await bookPickup(handle.db, booking(), morning, config);
    const before = (await rowsOf("pickup", missed.id)).length;
    await changePickupStatus(handle.db, missed.id, "missed", "staff@example.com", "requested");
    const afterMissed = await rowsOf("pickup", missed.id);
    expect(afterMissed).toHaveLength(before);
    expect(
      afterMissed.filter((r) => r.template.startsWith("pickup_reminder")).map((r) => r.lastError),
    ).toEqual(Array(4).fill("The pickup was missed."));
  });
});

describe("staff alerts", () => {
  it("go by e-mail only to SHOP_ALERT_EMAIL for a booking, with the dashboard path", async () => {
    const booked = await bookPickup(handle.db, booking(), morning, config);
    const rows = (await rowsOf("pickup", booked.id)).filter(
      (row) => row.template === "staff_new_booking",
    );
    expect(rows.map((row) => `${row.channel} ${row.recipient}`)).toEqual([
      "email shop@example.com",
    ]);
    expect(rows[0]?.params).toMatchObject({
      reference: booked.reference,
      dashboardPath: `/dashboard/pickups/${booked.id}`,
    });
  });

  it("are not written when SHOP_ALERT_EMAIL is unset; the customer's messages still are", async () => {
    alert.email = null;
    const booked = await bookPickup(handle.db, booking(), morning, config);
    const templates = (await rowsOf("pickup", booked.id)).map((row) => row.template);
    expect(templates).not.toContain("staff_new_booking");
    expect(templates.filter((t) => t === "pickup_booked")).toHaveLength(2);
    const order = await placeCodOrder();
    const orderTemplates = (await rowsOf("order", order.id)).map((row) => row.template);
    expect(orderTemplates).not.toContain("staff_new_order");
    expect(orderTemplates.filter((t) => t === "order_placed")).toHaveLength(2);
  });
});

async function placeCodOrder(key = idempotencyKey()) {
  const tulsi = await productBySlug(handle.db, "tulsi");
  await setStock(handle.db, tulsi.id, 100);
  const { cartId, shownLines } = await cartWith(handle.db, [{ productId: tulsi.id, quantity: 1 }]);
  const input = {
    cartId,
    idempotencyKey: key,
    shownLines,
    shipping,
    paymentMethod: "cod" as const,
  };
  const placed = await placeOrder(handle.db, input);
  return { ...placed, input };
}

describe("orders and payments", () => {
  it("a placed order enqueues order_placed per channel and staff_new_order; a replay adds nothing", async () => {
    const order = await placeCodOrder();
    const rows = await rowsOf("order", order.id);
    expect(summary(rows, "order_placed")).toEqual([
      "email asha@example.com pending",
      "whatsapp +919845012345 pending",
    ]);
    expect(rows.find((row) => row.template === "order_placed")?.params).toEqual({
      reference: order.reference,
      name: "Asha Rao",
      trackingPath: `/orders/${order.trackingToken}`,
      totalPaise: order.totalPaise,
      paymentMethod: "cod",
    });
    expect(summary(rows, "staff_new_order")).toEqual(["email shop@example.com pending"]);
    expect(rows.find((row) => row.template === "staff_new_order")?.params).toMatchObject({
      dashboardPath: `/dashboard/orders/${order.id}`,
    });
    const replay = await placeOrder(handle.db, order.input);
    expect(replay.replayed).toBe(true);
    expect(await rowsOf("order", order.id)).toHaveLength(rows.length);
  });

  it("each status change enqueues its message once; the shopper's cancel too", async () => {
    const order = await placeCodOrder();
    await transitionOrder(handle.db, order.id, "confirmed", "staff@example.com", "placed");
    await transitionOrder(handle.db, order.id, "shipped", "staff@example.com", "confirmed");
    await transitionOrder(handle.db, order.id, "delivered", "staff@example.com", "shipped");
    const rows = await rowsOf("order", order.id);
    for (const status of ["confirmed", "shipped", "delivered"]) {
      const of = rows.filter((row) => row.template === `order_${status}`);
      expect(of.map((row) => row.channel).sort()).toEqual(["email", "whatsapp"]);
      expect(of.every((row) => row.dedupeKey === `order:${order.id}:${status}`)).toBe(true);
    }

    const other = await placeCodOrder();
    await cancelOrderByToken(handle.db, other.trackingToken);
    const cancelled = await rowsOf("order", other.id);
    expect(summary(cancelled, "order_cancelled")).toEqual([
      "email asha@example.com pending",
      "whatsapp +919845012345 pending",
    ]);
  });

  it("a captured payment enqueues payment_received once; a failed attempt payment_failed", async () => {
    const razorpay: RazorpayConfig = {
      keyId: "rzp_test_events",
      keySecret: "events_key_secret",
      webhookSecret: "events_webhook_secret",
      apiBase: "http://127.0.0.1:9",
    };
    const tulsi = await productBySlug(handle.db, "tulsi");
    await setStock(handle.db, tulsi.id, 100);
    const { cartId, shownLines } = await cartWith(handle.db, [
      { productId: tulsi.id, quantity: 1 },
    ]);
    const order = await placeOrder(handle.db, {
      cartId,
      idempotencyKey: idempotencyKey(),
      shownLines,
      shipping,
      paymentMethod: "online",
    });
    const razorpayOrderId = `order_Ev${crypto.randomBytes(6).toString("hex")}`;
    await handle.db.update(orders).set({ razorpayOrderId }).where(eq(orders.id, order.id));
    const hook = (event: "payment.captured" | "payment.failed", paymentId: string) => {
      const body = JSON.stringify({
        event,
        payload: {
          payment: {
            entity: {
              id: paymentId,
              order_id: razorpayOrderId,
              amount: order.totalPaise,
              currency: "INR",
            },
          },
        },
      });
      const signature = crypto
        .createHmac("sha256", razorpay.webhookSecret)
        .update(body)
        .digest("hex");
      return handleRazorpayWebhook(handle.db, razorpay, {
        rawBody: Buffer.from(body),
        signature,
        eventId: null,
      });
    };
    expect((await hook("payment.failed", "pay_Fail1")).result).toBe("failed");
    await handle.db.update(orders).set({ paymentStatus: "pending" }).where(eq(orders.id, order.id));
    expect((await hook("payment.failed", "pay_Fail2")).result).toBe("failed");
    expect((await hook("payment.captured", "pay_Good1")).result).toBe("paid");
    expect((await hook("payment.captured", "pay_Good1")).result).toBe("duplicate");
    const rows = await rowsOf("order", order.id);
    expect(
      rows
        .filter((row) => row.template === "payment_failed" && row.channel === "email")
        .map((row) => row.dedupeKey),
    ).toEqual([
      `order:${order.id}:payment-failed:pay_Fail1`,
      `order:${order.id}:payment-failed:pay_Fail2`,
    ]);
    const received = rows.filter((row) => row.template === "payment_received");
    expect(received.map((row) => row.channel).sort()).toEqual(["email", "whatsapp"]);
    expect(received[0]?.params).toMatchObject({
      paymentMethod: "online",
      totalPaise: order.totalPaise,
    });
  });
});

describe("the exchange loop", () => {
  async function visitedPickup() {
    const booked = await bookPickup(handle.db, booking({ reward: "coupon" }), morning, config);
    const { user } = await signedInStaff(handle.db, "admin");
    const actor = { id: user.id, name: "Meena", role: "admin" as const, email: user.email };
    return { booked, actor };
  }

  function firstMaterial() {
    return firstMaterialId(handle.db);
  }

  it("on my way once (with the handover code), weigh sheet ready per version, collected with the coupon", async () => {
    const { booked, actor } = await visitedPickup();
    const visit = new Date("2026-11-23T05:40:00Z");
    const first = await markOnTheWay(handle.db, booked.id, actor, visit);
    await markOnTheWay(handle.db, booked.id, actor, new Date(visit.getTime() + 60_000));
    let rows = await rowsOf("pickup", booked.id);
    const onTheWay = rows.filter((row) => row.template === "collector_on_the_way");
    expect(onTheWay.map((row) => row.channel).sort()).toEqual(["email", "whatsapp"]);
    expect(onTheWay[0]?.params).toMatchObject({
      collectorName: "Meena",
      handoverCode: first.handoverCode,
    });

    const materialId = await firstMaterial();
    const options = { settings, minimumKg: 15, now: visit };
    for (const [version, grams] of [
      [0, 20_000],
      [1, 21_000],
    ] as const) {
      await saveWeighSheet(
        handle.db,
        booked.id,
        { lines: [{ materialId, grams }], plants: [], expectedVersion: version },
        actor,
        options,
      );
    }
    rows = await rowsOf("pickup", booked.id);
    const ready = rows.filter(
      (row) => row.template === "weigh_sheet_ready" && row.channel === "email",
    );
    expect(ready.map((row) => row.dedupeKey)).toEqual([
      `pickup:${booked.id}:weigh-sheet:1`,
      `pickup:${booked.id}:weigh-sheet:2`,
    ]);
    expect(ready[1]?.params).toMatchObject({ version: 2, totalGrams: 21_000 });

    const reward = await confirmWeighSheetByToken(
      handle.db,
      booked.trackingToken,
      2,
      visit,
      settings,
    );
    await confirmWeighSheetByToken(handle.db, booked.trackingToken, 2, visit, settings);
    if (reward.kind !== "coupon") throw new Error("expected a coupon");
    rows = await rowsOf("pickup", booked.id);
    const collected = rows.filter((row) => row.template === "pickup_collected");
    expect(collected.map((row) => row.channel).sort()).toEqual(["email", "whatsapp"]);
    expect(collected[0]?.params).toMatchObject({
      reward: "coupon",
      couponCode: reward.code,
      couponValuePaise: reward.valuePaise,
      couponExpiresOn: "2027-05-22",
      payoutPaise: (await pickupById(booked.id)).payoutPaise,
    });
  });

  it("a dispute alerts staff with the reason", async () => {
    const { booked, actor } = await visitedPickup();
    const materialId = await firstMaterial();
    await saveWeighSheet(
      handle.db,
      booked.id,
      { lines: [{ materialId, grams: 20_000 }], plants: [], expectedVersion: 0 },
      actor,
      { settings, minimumKg: 15, now: morning },
    );
    await disputeWeighSheetByToken(
      handle.db,
      booked.trackingToken,
      1,
      "The scale read 25 kg.",
      morning,
    );
    const rows = await rowsOf("pickup", booked.id);
    const disputes = rows.filter((row) => row.template === "staff_new_dispute");
    expect(disputes.map((row) => `${row.channel} ${row.recipient} ${row.dedupeKey}`)).toEqual([
      `email shop@example.com pickup:${booked.id}:staff-dispute:1`,
    ]);
    expect(disputes[0]?.params).toMatchObject({
      reason: "The scale read 25 kg.",
      dashboardPath: `/dashboard/pickups/${booked.id}`,
    });
  });
});

describe("the 07:00 digest", () => {
  it("is not written before 07:00 IST nor without SHOP_ALERT_EMAIL; once when called twice at once", async () => {
    const date = "2026-12-02";
    for (const time of ["09:00", "11:00", "11:00"]) {
      await bookPickup(
        handle.db,
        booking({ pickupDate: date, pickupTime: time, name: `Digest ${time}` }),
        new Date("2026-11-25T04:30:00Z"),
        config,
      );
    }
    const key = `digest:${date}`;
    const digests = () =>
      handle.db.select().from(messages).where(like(messages.dedupeKey, "digest:%"));
    // 06:59 IST on 2 Dec.
    expect(await ensureDailyDigest(handle.db, new Date("2026-12-02T01:29:00Z"), config.slots)).toBe(
      false,
    );
    alert.email = null;
    expect(await ensureDailyDigest(handle.db, new Date("2026-12-02T01:31:00Z"), config.slots)).toBe(
      false,
    );
    expect(await digests()).toEqual([]);

    alert.email = "shop@example.com";
    const at = new Date("2026-12-02T01:31:00Z");
    const results = await Promise.all([
      ensureDailyDigest(handle.db, at, config.slots),
      ensureDailyDigest(handle.db, at, config.slots),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await ensureDailyDigest(handle.db, new Date("2026-12-02T10:00:00Z"), config.slots)).toBe(
      false,
    );
    const rows = await digests();
    expect(
      rows.map((row) => `${row.template} ${row.channel} ${row.recipient} ${row.dedupeKey}`),
    ).toEqual([`staff_daily_digest email shop@example.com ${key}`]);
    expect(rows[0]?.sendAfter.toISOString()).toBe("2026-12-02T01:30:00.000Z");
    const params = rows[0]?.params as {
      date: string;
      slots: { label: string; pickups: { name: string }[] }[];
    };
    expect(params.date).toBe(date);
    expect(params.slots.map((slot) => [slot.label, slot.pickups.map((p) => p.name)])).toEqual([
      ["9 am – 11 am", ["Digest 09:00"]],
      ["11 am – 1 pm", ["Digest 11:00", "Digest 11:00"]],
    ]);
  });
});

describe("an event whose transaction fails", () => {
  it("leaves no message behind (booking and order)", async () => {
    // The staff alert is written last: refusing it rolls back the whole event.
    await handle.db.execute(sql`
      create or replace function refuse_staff_alert() returns trigger language plpgsql as $$
      begin
        if new.template in ('staff_new_booking', 'staff_new_order') then
          raise exception 'refused by the test';
        end if;
        return new;
      end $$`);
    await handle.db.execute(sql`
      create trigger refuse_staff_alert before insert on messages
      for each row execute function refuse_staff_alert()`);
    try {
      const input = booking();
      await expect(bookPickup(handle.db, input, morning, config)).rejects.toThrow();
      const left = await handle.db.select().from(pickups).where(eq(pickups.email, input.email));
      expect(left).toEqual([]);
      const orphaned = await handle.db
        .select()
        .from(messages)
        .where(eq(messages.recipient, input.email));
      expect(orphaned).toEqual([]);

      const before = await handle.db.select({ n: sql<number>`count(*)::int` }).from(messages);
      const ordersBefore = await handle.db.select({ n: sql<number>`count(*)::int` }).from(orders);
      await expect(placeCodOrder()).rejects.toThrow();
      expect(await handle.db.select({ n: sql<number>`count(*)::int` }).from(messages)).toEqual(
        before,
      );
      expect(await handle.db.select({ n: sql<number>`count(*)::int` }).from(orders)).toEqual(
        ordersBefore,
      );
    } finally {
      await handle.db.execute(sql`drop trigger refuse_staff_alert on messages`);
    }
  });
});
