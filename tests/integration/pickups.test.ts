import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { auditLog } from "~/db/schema/audit";
import { seedDatabase } from "~/db/seed.server";
import type { PickupInput } from "~/features/pickups/pickup.schema";
import { defaultPickupConfig, type PickupConfig } from "~/features/pickups/pickup-config";
import {
  bookPickup,
  cancelPickupByToken,
  getPickupByToken,
  getSlotAvailability,
  PickupRejectedError,
  reschedulePickup,
} from "~/features/pickups/pickups.server";
import { changePickupStatus, PickupAdminError } from "~/features/pickups/pickups-admin.server";
import { refusalText } from "~/i18n/i18n.server";
import { action as trackingAction } from "~/routes/pickup-tracking";
import { describeAuditDetails } from "~/utils/audit-log.server";
import { Refusal } from "~/utils/refusal";
import { pickupInput } from "../support/factories/pickup-bookings";
import { routeArgs } from "../support/factories/staff";
import { createTestDatabase, queryRows } from "../support/processes/test-database";

let handle: DatabaseHandle;
let db: DatabaseHandle["db"];
let materials: Map<string, number>;
// Every booking here is by one phone number: the open-pickups cap per contact (docs/operations.md) is
// tested in anti-automation.test.ts, not here.
const config: PickupConfig = { ...defaultPickupConfig, openPickupsPerContact: 1000 };

// 21 Nov 2026, 10:00 IST.
const morning = new Date("2026-11-21T04:30:00Z");

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  useDatabaseHandle(handle);
  await seedDatabase(db);
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from scrap_materials`,
  );
  materials = new Map(rows.map((row) => [row.name, Number(row.id)]));
});
afterAll(async () => {
  await handle?.close();
});

const booking = pickupInput;

describe("bookPickup", () => {
  it("refuses a load worth more than ₹10,00,000 (rates go up to ₹10,000/kg) and writes nothing", async () => {
    const copper = materials.get("Brass") as number;
    await db.execute(
      sql`update scrap_materials set rate_paise_per_kg = 1000000 where id = ${copper}`,
    );
    try {
      const before = await queryRows(db, sql`select count(*)::int as n from pickups`);
      await expect(
        bookPickup(
          db,
          booking({
            pickupDate: "2026-11-25",
            items: [
              { materialId: copper, grams: 5_000_000 },
              { materialId: copper, grams: 5_000_000 },
            ],
          }),
          morning,
          config,
        ),
      ).rejects.toThrow("call us to arrange a bulk pickup");
      expect(await queryRows(db, sql`select count(*)::int as n from pickups`)).toEqual(before);
    } finally {
      await db.execute(
        sql`update scrap_materials set rate_paise_per_kg = 25000 where id = ${copper}`,
      );
    }
  });

  it("stores the estimate from the live rates in paise, with the rate at booking time", async () => {
    const brass = materials.get("Brass") as number;
    const beer = materials.get("Beer Bottles") as number;
    const booked = await bookPickup(
      db,
      booking({
        items: [
          { materialId: brass, grams: 2500 },
          { materialId: beer, grams: 10_000 },
        ],
      }),
      morning,
      config,
    );
    expect(booked.reference).toMatch(/^PU-[0-9A-Z]{6}$/);
    // Brass ₹250/kg × 2.5 kg = ₹625; Beer Bottles ₹0.50/kg × 10 kg = ₹5.
    expect(booked.estimatePaise).toBe(62_500 + 500);
    const view = await getPickupByToken(db, booked.trackingToken);
    expect(view?.estimatePaise).toBe(63_000);
    expect(view?.items.map((i) => [i.material, i.ratePaisePerKg, i.estimatedGrams])).toEqual([
      ["Brass", 25_000, 2500],
      ["Beer Bottles", 50, 10_000],
    ]);
    expect(view?.status).toBe("requested");
  });

  it("books exactly 8 of 50 concurrent requests into a slot of capacity 8", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        bookPickup(db, booking({ pickupDate: "2026-11-24", pickupTime: "09:00" }), morning, config),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(8);
    for (const r of results) {
      if (r.status === "rejected") {
        expect(r.reason).toBeInstanceOf(PickupRejectedError);
        expect(r.reason).toBeInstanceOf(Refusal);
        expect(r.reason).toMatchObject({
          id: "errors.pickup.slotFull",
          field: "pickupTime",
          status: 409,
        });
        expect(r.reason.message).toBe("This pickup time is full. Choose another time or date.");
      }
    }
    const availability = await getSlotAvailability(db, morning, config);
    const slot = availability
      .find((d) => d.date === "2026-11-24")
      ?.slots.find((s) => s.start === "09:00");
    expect(slot).toMatchObject({ booked: 8, open: false });
  });

  it("at 23:30 IST refuses today and accepts tomorrow's first slot", async () => {
    const lateEvening = new Date("2026-11-21T18:00:00Z");
    await expect(
      bookPickup(
        db,
        booking({ pickupDate: "2026-11-21", pickupTime: "17:00" }),
        lateEvening,
        config,
      ),
    ).rejects.toThrow("This pickup time has already started. Choose a later time.");
    const tomorrow = await bookPickup(
      db,
      booking({ pickupDate: "2026-11-22", pickupTime: "09:00" }),
      lateEvening,
      config,
    );
    expect(tomorrow.reference).toMatch(/^PU-/);
    const dates = (await getSlotAvailability(db, lateEvening, config)).map((d) => d.date);
    // The window counts from today (21 Nov), which has no slot left: 22 Nov to 4 Dec.
    expect(dates[0]).toBe("2026-11-22");
    expect(dates.at(-1)).toBe("2026-12-04");
    expect(dates).toHaveLength(13);
  });

  it("refuses past, far, impossible dates, unknown slots and materials, and writes nothing", async () => {
    const [before] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pickups`,
    );
    const cases: [Partial<PickupInput>, string][] = [
      [{ pickupDate: "2026-11-20" }, "This date has passed"],
      [{ pickupDate: "2026-12-05" }, "up to 14 days ahead"],
      [{ pickupDate: "2026-02-31" }, "Choose a pickup date."],
      [{ pickupTime: "10:00" }, "Choose one of the pickup times."],
      [{ items: [{ materialId: 999_999, grams: 1000 }] }, "Choose materials from the rate list."],
    ];
    for (const [overrides, message] of cases) {
      await expect(bookPickup(db, booking(overrides), morning, config)).rejects.toThrow(message);
    }
    // Each refusal carries its message id, values and field (ADR 0024).
    const refusals: [Partial<PickupInput>, Record<string, unknown>][] = [
      [{ pickupDate: "2026-11-20" }, { id: "errors.pickup.datePassed", field: "pickupDate" }],
      [
        { pickupDate: "2026-12-05" },
        { id: "errors.pickup.dateTooFar", values: { days: 14 }, field: "pickupDate" },
      ],
      [{ pickupTime: "10:00" }, { id: "errors.pickup.chooseTime", field: "pickupTime" }],
      [
        { items: [{ materialId: 999_999, grams: 1000 }] },
        { id: "errors.pickup.materialsFromList", field: "items" },
      ],
    ];
    for (const [overrides, refusal] of refusals) {
      await expect(bookPickup(db, booking(overrides), morning, config)).rejects.toMatchObject({
        ...refusal,
        status: 422,
      });
    }
    const [after] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pickups`);
    expect(after?.n).toBe(before?.n);
  });

  it("refuses a PIN code outside the serviceable prefixes", async () => {
    const limited = { ...config, pinPrefixes: ["5600"] };
    await expect(
      bookPickup(db, booking({ pinCode: "110001" }), morning, limited),
    ).rejects.toMatchObject({
      id: "errors.pickup.pinNotServed",
      field: "pinCode",
      status: 422,
      message:
        "We do not collect in this PIN code yet. Join our mailing list and we will tell you when we do.",
    });
    await expect(
      bookPickup(db, booking({ pinCode: "560038" }), morning, limited),
    ).resolves.toMatchObject({
      replayed: false,
    });
  });

  it("returns the first booking for a repeated idempotency key", async () => {
    const input = booking({ pickupDate: "2026-11-25" });
    const results = await Promise.all([1, 2, 3].map(() => bookPickup(db, input, morning, config)));
    expect(new Set(results.map((r) => r.trackingToken)).size).toBe(1);
  });
});

describe("cancel and reschedule", () => {
  it("cancelling frees the place in a full slot; moving checks the new slot's capacity", async () => {
    const full = { ...config, slotCapacity: 1 };
    const first = await bookPickup(
      db,
      booking({ pickupDate: "2026-11-26", pickupTime: "13:00" }),
      morning,
      full,
    );
    await expect(
      bookPickup(db, booking({ pickupDate: "2026-11-26", pickupTime: "13:00" }), morning, full),
    ).rejects.toThrow("full");
    await cancelPickupByToken(db, first.trackingToken, morning);
    expect((await getPickupByToken(db, first.trackingToken))?.status).toBe("cancelled");
    const second = await bookPickup(
      db,
      booking({ pickupDate: "2026-11-26", pickupTime: "13:00" }),
      morning,
      full,
    );

    const third = await bookPickup(
      db,
      booking({ pickupDate: "2026-11-26", pickupTime: "15:00" }),
      morning,
      full,
    );
    await expect(
      reschedulePickup(db, third.trackingToken, "2026-11-26", "13:00", morning, full),
    ).rejects.toThrow("full");
    await reschedulePickup(db, third.trackingToken, "2026-11-27", "09:00", morning, full);
    const moved = await getPickupByToken(db, third.trackingToken);
    expect([moved?.pickupDate, moved?.slotStart]).toEqual(["2026-11-27", "09:00"]);
    await expect(cancelPickupByToken(db, first.trackingToken, morning)).rejects.toMatchObject({
      status: 409,
    });
    expect(second.reference).toMatch(/^PU-/);
  });

  it("refuses changes once the slot has started", async () => {
    const booked = await bookPickup(
      db,
      booking({ pickupDate: "2026-11-21", pickupTime: "17:00" }),
      morning,
      config,
    );
    const during = new Date("2026-11-21T11:45:00Z"); // 17:15 IST
    await expect(cancelPickupByToken(db, booked.trackingToken, during)).rejects.toMatchObject({
      status: 409,
    });
    await expect(
      reschedulePickup(db, booked.trackingToken, "2026-11-22", "09:00", during, config),
    ).rejects.toMatchObject({ status: 409 });
  });
});

describe("the staff's status changes", () => {
  it("refuses an unknown pickup, a stale page and a move the workflow forbids, in English", async () => {
    const booked = await bookPickup(db, booking({ pickupDate: "2026-11-29" }), morning, config);
    await expect(
      changePickupStatus(db, 999_999_999, "confirmed", "staff@example.com", "requested"),
    ).rejects.toMatchObject({
      id: "errors.pickup.notFound",
      status: 404,
      message: "This pickup does not exist.",
    });
    await expect(
      changePickupStatus(db, booked.id, "confirmed", "staff@example.com", "confirmed"),
    ).rejects.toMatchObject({
      id: "dashboard.pickups.changed",
      status: 409,
      message: "This pickup changed meanwhile. Please reload the page and try again.",
    });
    await changePickupStatus(db, booked.id, "cancelled", "staff@example.com", "requested");
    const illegal = changePickupStatus(
      db,
      booked.id,
      "confirmed",
      "staff@example.com",
      "cancelled",
    );
    await expect(illegal).rejects.toBeInstanceOf(PickupAdminError);
    await expect(illegal).rejects.toMatchObject({
      id: "dashboard.pickups.illegalMove",
      values: { from: "cancelled", to: "confirmed" },
      status: 409,
      message: "A pickup that is cancelled cannot become confirmed.",
    });
    const refusal = await illegal.catch((error: unknown) => error);
    if (!(refusal instanceof PickupAdminError)) throw new Error("expected a PickupAdminError");
    expect(refusalText("en", refusal)).toBe("A pickup that is cancelled cannot become confirmed.");
  });
});

describe("the visitor's audit rows", () => {
  async function auditOf(id: number) {
    return db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "pickup"), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id));
  }

  // The stored shape changed to recordAudit's {before, after, ...extra}: before, a booking
  // held {reference, date, slot}, a cancellation {from}, a move {from: "date slot", to}.
  it("records booking, move and cancellation as before/after, worded like the staff's", async () => {
    const brass = materials.get("Brass") as number;
    const booked = await bookPickup(
      db,
      booking({ pickupDate: "2026-11-28", items: [{ materialId: brass, grams: 2000 }] }),
      morning,
      config,
    );
    await reschedulePickup(db, booked.trackingToken, "2026-11-28", "13:00", morning, config);
    await cancelPickupByToken(db, booked.trackingToken, morning);
    const rows = await auditOf(booked.id);
    expect(rows.map((row) => [row.actor, row.action])).toEqual([
      ["visitor", "pickup.requested"],
      ["visitor", "pickup.rescheduled"],
      ["visitor", "pickup.cancelled"],
    ]);
    expect(rows.map((row) => row.details)).toEqual([
      {
        before: null,
        after: {
          status: "requested",
          pickupDate: "2026-11-28",
          slotStart: "11:00",
          estimatePaise: 50_000,
        },
        reference: booked.reference,
      },
      { before: { slotStart: "11:00" }, after: { slotStart: "13:00" } },
      { before: { status: "requested" }, after: { status: "cancelled" } },
    ]);
    expect(rows.map((row) => describeAuditDetails(row.details))).toEqual([
      [
        // jsonb keeps keys shortest first.
        "status: requested",
        "slot start: 11:00",
        "pickup date: 2026-11-28",
        "estimate: ₹500",
        `reference: ${booked.reference}`,
      ],
      ["slot start: 11:00 → 13:00"],
      ["status: requested → cancelled"],
    ]);
  });
});

describe("tracking page action", () => {
  it("answers an unknown or missing intent with 400 and changes nothing", async () => {
    const booked = await bookPickup(db, booking({ pickupDate: "2026-11-28" }), morning, config);
    const before = await getPickupByToken(db, booked.trackingToken);
    for (const fields of [{ intent: "delete" }, { intent: "toString" }, {}] as Record<
      string,
      string
    >[]) {
      const result = await trackingAction(
        routeArgs(`http://localhost/pickups/${booked.trackingToken}`, {
          form: fields,
          params: { token: booked.trackingToken },
        }),
      );
      expect(result).toMatchObject({
        init: { status: 400 },
        data: { error: "Unknown action.", field: "form" },
      });
    }
    // A weigh sheet decision without its version, or with a malformed one: the page is stale.
    const decisions: Record<string, string>[] = [
      { intent: "confirm" },
      { intent: "dispute", version: "v2" },
    ];
    for (const fields of decisions) {
      const result = await trackingAction(
        routeArgs(`http://localhost/pickups/${booked.trackingToken}`, {
          form: fields,
          params: { token: booked.trackingToken },
        }),
      );
      expect(result).toMatchObject({
        init: { status: 400 },
        data: { error: "This page is out of date. Please reload it.", field: "form" },
      });
    }
    expect(await getPickupByToken(db, booked.trackingToken)).toEqual(before);
    expect((await auditOfPickup(booked.id)).map((row) => row.action)).toEqual(["pickup.requested"]);
  });
});

async function auditOfPickup(id: number) {
  return db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "pickup"), eq(auditLog.entityId, String(id))));
}
