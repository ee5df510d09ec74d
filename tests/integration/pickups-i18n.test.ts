/**
 * The scrap pickup pages in Hindi and Kannada (docs/contracts.md "Languages"): the booking
 * form posted at /hi/orderpage or /kn/orderpage answers with its messages in that language and
 * writes nothing when refused; a booking and the tracking page's actions keep the language in
 * their redirects. Real database, the routes' own loaders and actions.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { pickups } from "~/db/schema/pickups";
import { scrapMaterials } from "~/db/schema/rates";
import { seedDatabase } from "~/db/seed.server";
import { saveWeighSheet } from "~/features/exchange/weigh-sheet.server";
import { siteConfig } from "~/features/site/site-config";
import * as orderpageRoute from "~/routes/orderpage";
import * as trackingRoute from "~/routes/pickup-tracking";
import { idempotencyKey } from "~/utils/codes.server";
import { addDays, todayInKolkata } from "~/utils/dates";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { pickupBookingForm } from "../support/factories/pickup-bookings";
import { routeAnswer, routeArgs, signedInStaff } from "../support/factories/staff";
import { createTestDatabase, queryRows } from "../support/processes/test-database";

let handle: DatabaseHandle;
let db: DatabaseHandle["db"];

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  useDatabaseHandle(handle);
  await seedDatabase(db);
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(() => resetRateLimits());

interface BookingAnswer {
  values: Record<string, string>;
  errors: Record<string, string>;
  itemErrors: Record<number, string>;
  formError?: string;
}

type ActionArgs = Parameters<typeof orderpageRoute.action>[0];
type TrackingArgs = Parameters<typeof trackingRoute.action>[0];

async function postBooking(path: string, form: Record<string, string> | URLSearchParams) {
  const args = routeArgs<ActionArgs>(`http://localhost${path}`, {
    form: form instanceof URLSearchParams ? Object.fromEntries(form) : form,
  });
  if (form instanceof URLSearchParams) {
    (args as { request: Request }).request = new Request(`http://localhost${path}`, {
      method: "POST",
      body: form,
    });
  }
  return routeAnswer<BookingAnswer>(() => orderpageRoute.action(args));
}

async function rowCounts() {
  const [row] = await queryRows<{ pickups: number; items: number; audit: number }>(
    db,
    sql`select (select count(*)::int from pickups) as pickups,
               (select count(*)::int from pickup_items) as items,
               (select count(*)::int from audit_log) as audit`,
  );
  return row;
}

let phoneCounter = 0;
function goodForm(overrides: Record<string, string> = {}): Record<string, string> {
  phoneCounter += 1;
  return pickupBookingForm({
    email: `ravi${phoneCounter}@example.com`,
    phone: `98450${String(10000 + phoneCounter).slice(-5)}`,
    ...overrides,
  });
}

describe("the booking form in Hindi and Kannada", () => {
  it("answers an empty form posted at /hi/orderpage with every message in Hindi and writes nothing", async () => {
    const before = await rowCounts();
    const answer = await postBooking("/hi/orderpage", {
      name: "",
      email: "",
      phone: "",
      addressLine1: "",
      addressLine2: "",
      city: "",
      pinCode: "",
      pickupDate: "",
      pickupTime: "",
      reward: "",
      idempotencyKey: idempotencyKey(),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      name: "अपना नाम लिखें।",
      email: "अपना ई-मेल पता लिखें।",
      phone: "अपना मोबाइल नंबर लिखें।",
      addressLine1: "पते की पहली लाइन लिखें।",
      addressLine2: "पते की दूसरी लाइन लिखें।",
      city: "अपना शहर लिखें।",
      pinCode: "6 अंकों का पिन कोड लिखें, जो 0 से शुरू न हो।",
      pickupDate: "पिकअप की तारीख़ चुनें।",
      pickupTime: "पिकअप का कोई एक समय चुनें।",
      reward: "पौधे, कूपन या पैसे में से चुनें।",
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("answers bad values posted at /kn/orderpage in Kannada, keeping what was typed, and writes nothing", async () => {
    const before = await rowCounts();
    const [material] = await queryRows<{ id: number }>(
      db,
      sql`select id from scrap_materials where active order by id limit 1`,
    );
    const form = new URLSearchParams(
      goodForm({
        email: "not-an-address",
        phone: "12345",
        pinCode: "012345",
        pickupDate: addDays(todayInKolkata(new Date()), -1),
      }),
    );
    form.append("material", String(material?.id));
    form.append("kg", "2.5555");
    form.append("material", "");
    form.append("kg", "3");
    form.append("material", String(material?.id));
    form.append("kg", "-2");
    const answer = await postBooking("/kn/orderpage", form);
    expect(answer.status).toBe(400);
    expect(answer.body.values.phone).toBe("12345");
    expect(answer.body.errors).toMatchObject({
      email: "ಇ-ಮೇಲ್ ವಿಳಾಸವನ್ನು name@example.com ರೀತಿಯಲ್ಲಿ ಬರೆಯಿರಿ.",
      phone: "6, 7, 8 ಅಥವಾ 9 ರಿಂದ ಶುರುವಾಗುವ 10 ಅಂಕಿಯ ಭಾರತೀಯ ಮೊಬೈಲ್ ಸಂಖ್ಯೆ ಬರೆಯಿರಿ.",
      pinCode: "0 ಯಿಂದ ಶುರುವಾಗದ 6 ಅಂಕಿಯ ಪಿನ್ ಕೋಡ್ ಬರೆಯಿರಿ.",
      pickupDate: "ಈ ದಿನಾಂಕ ಕಳೆದುಹೋಗಿದೆ. ಇಂದಿನ ಅಥವಾ ಮುಂದಿನ ದಿನಾಂಕ ಆರಿಸಿ.",
    });
    expect(answer.body.itemErrors).toEqual({
      0: "ತೂಕವನ್ನು ದಶಮಾಂಶದ ನಂತರ ಗರಿಷ್ಠ 3 ಅಂಕಿಗಳವರೆಗೆ (ಗ್ರಾಂ) ಬರೆಯಿರಿ.",
      1: "ಈ ತೂಕಕ್ಕೆ ವಸ್ತು ಆರಿಸಿ.",
      2: "ತೂಕ ಋಣಾತ್ಮಕವಾಗಿರಬಾರದು.",
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("leaves no English message behind in Hindi for the form's refusals", async () => {
    const long = "x".repeat(300);
    const answer = await postBooking("/hi/orderpage", {
      ...goodForm({
        name: long,
        addressLine1: long,
        addressLine2: long,
        city: long,
        email: `${"a".repeat(250)}@example.com`,
        phone: "9".repeat(25),
        pickupDate: addDays(todayInKolkata(new Date()), 60),
        reward: "gold",
        idempotencyKey: "short",
      }),
    });
    expect(answer.status).toBe(400);
    const messages = [...Object.values(answer.body.errors), answer.body.formError ?? ""];
    expect(messages.filter((m) => /[A-Za-z]{4,}/.test(m))).toEqual([]);
    expect(answer.body.errors.name).toBe("नाम ज़्यादा से ज़्यादा 100 अक्षरों का हो सकता है।");
    expect(answer.body.errors.pickupDate).toMatch(/^हम सिर्फ़ \d+ दिन आगे तक पिकअप बुक करते हैं।/);
  });

  it("keeps the English answers as they were at /orderpage", async () => {
    const answer = await postBooking("/orderpage", { ...goodForm({ name: "", pinCode: "1" }) });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      name: "Enter your name.",
      pinCode: "Enter a 6-digit PIN code that does not start with 0.",
    });
  });

  it("books from /hi/orderpage and sends the visitor to /hi/pickups/<token>/booked", async () => {
    const before = await rowCounts();
    const answer = await postBooking("/hi/orderpage", goodForm());
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(/^\/hi\/pickups\/[A-Za-z0-9_-]+\/booked$/);
    expect((await rowCounts())?.pickups).toBe((before?.pickups ?? 0) + 1);
  });
});

describe("the open pickups per contact in Hindi", () => {
  it("names the cap and the shop's phone in Hindi, and books nothing more", async () => {
    const same = { phone: "9845099999", email: "cap@example.com" };
    for (let i = 0; i < 3; i++) {
      const booked = await postBooking("/hi/orderpage", goodForm(same));
      expect(booked.status).toBe(303);
    }
    const before = await rowCounts();
    const answer = await postBooking("/hi/orderpage", goodForm(same));
    expect(answer.status).toBe(409);
    expect(answer.body.formError).toBe(
      `आपके 3 पिकअप पहले से बाकी हैं। कृपया उनके पूरा होने का इंतज़ार करें, या ज़्यादा कबाड़ के लिए हमें ${siteConfig.phoneDisplay} पर फ़ोन करें।`,
    );
    expect(await rowCounts()).toEqual(before);
  });
});

describe("the tracking page's actions in Hindi", () => {
  async function bookIn(lang: "hi" | "kn") {
    const answer = await postBooking(`/${lang}/orderpage`, goodForm());
    const token = /\/pickups\/([^/]+)\/booked$/.exec(answer.location ?? "")?.[1];
    if (!token) throw new Error(`no booking: ${answer.status}`);
    return token;
  }
  function track(lang: "hi" | "kn", token: string, form: Record<string, string>) {
    return routeAnswer<{ error: string; field: string }>(() =>
      trackingRoute.action(
        routeArgs<TrackingArgs>(`http://localhost/${lang}/pickups/${token}`, {
          form,
          params: { token },
        }),
      ),
    );
  }

  it("refuses a move to the same time in Hindi and changes nothing", async () => {
    const token = await bookIn("hi");
    const [before] = await queryRows(
      db,
      sql`select * from pickups where tracking_token = ${token}`,
    );
    const answer = await track("hi", token, {
      intent: "reschedule",
      pickupDate: addDays(todayInKolkata(new Date()), 2),
      pickupTime: "11:00",
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ error: "आपका पिकअप पहले से इसी समय पर है।", field: "pickupTime" });
    const [after] = await queryRows(db, sql`select * from pickups where tracking_token = ${token}`);
    expect(after).toEqual(before);
  });

  it("answers an unknown action in Kannada, and a cancellation goes back to /kn/pickups/<token>", async () => {
    const token = await bookIn("kn");
    const unknown = await track("kn", token, { intent: "teleport" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("ಈ ಕ್ರಿಯೆ ತಿಳಿಯಲಿಲ್ಲ.");
    const cancelled = await track("kn", token, { intent: "cancel" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe(`/kn/pickups/${token}`);
    const again = await track("kn", token, { intent: "cancel" });
    expect(again.body.error).toBe("ಈ ಪಿಕಪ್ ಅನ್ನು ಇನ್ನು ಆನ್‌ಲೈನ್‌ನಲ್ಲಿ ಬದಲಿಸಲು ಆಗದು. ದಯವಿಟ್ಟು ನಮಗೆ ಕರೆ ಮಾಡಿ.");
  });

  it("the tracking page's loader sends the pickup and exchange messages in the page's language", async () => {
    const token = await bookIn("hi");
    const answer = await routeAnswer<{ messages: Record<string, unknown>; slotLabel: string }>(() =>
      trackingRoute.loader(
        routeArgs<Parameters<typeof trackingRoute.loader>[0]>(
          `http://localhost/hi/pickups/${token}`,
          { params: { token } },
        ),
      ),
    );
    expect(answer.body.slotLabel).toBe("सुबह 11 – दोपहर 1 बजे");
    expect(Object.keys(answer.body.messages)).toEqual(
      expect.arrayContaining(["pickup.tracking.cancel", "exchange.decision.confirm"]),
    );
  });

  it("answers a dispute without a reason and a decision on a replaced weigh sheet in Hindi", async () => {
    const token = await bookIn("hi");
    const [pickup] = await db.select().from(pickups).where(eq(pickups.trackingToken, token));
    const [material] = await db.select().from(scrapMaterials).limit(1);
    if (!pickup || !material) throw new Error("no pickup or material");
    const admin = (await signedInStaff(db, "admin")).user;
    const settings = {
      pickupChargeBelowMinimumPaise: 0,
      couponBonusPercent: 10,
      couponValidDays: 180,
      approvalAbovePaise: 100_000_000,
    };
    for (const expectedVersion of [0, 1]) {
      await saveWeighSheet(
        db,
        pickup.id,
        { lines: [{ materialId: material.id, grams: 20_000 }], plants: [], expectedVersion },
        admin,
        { settings, minimumKg: 15, now: new Date() },
      );
    }
    const short = await track("hi", token, { intent: "dispute", version: "2", reason: "x" });
    expect(short.status).toBe(422);
    expect(short.body).toEqual({ error: "कारण 3 से 500 अक्षरों में लिखें।", field: "reason" });
    const replaced = await track("hi", token, { intent: "confirm", version: "1" });
    expect(replaced.status).toBe(409);
    expect(replaced.body).toEqual({
      error: "इस तौल पर्ची की जगह नई पर्ची आ गई है। कृपया नई पर्ची देखें।",
      field: "form",
    });
    const [after] = await db.select().from(pickups).where(eq(pickups.id, pickup.id));
    expect(after?.status).toBe("weighed");
  });
});
