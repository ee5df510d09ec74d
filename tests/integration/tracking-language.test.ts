/**
 * The customer's pages after the click in the customer's language (docs/languages.md "What
 * else is per language", "Dates and times"; ADR 0030): on /hi/… and /kn/… the booked page and
 * the tracking page of a pickup show material and plant names from the database's Hindi and
 * Kannada columns, rates per the glossary's kg word, dates and times without Latin letters; the
 * order tracking page shows its line items by product in that language (the stored English
 * snapshot stays), and the state from the catalogue. Real database, the routes' own loaders.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { scrapMaterials } from "~/db/schema/rates";
import { orderLines } from "~/db/schema/shop";
import { seedDatabase } from "~/db/seed.server";
import { stateMessageId } from "~/features/orders/indian-states";
import { placeOrder } from "~/features/orders/orders.server";
import { t } from "~/i18n/i18n.server";
import type { Lang } from "~/i18n/languages";
import * as orderTrackingRoute from "~/routes/order-tracking";
import * as orderpageRoute from "~/routes/orderpage";
import * as bookedRoute from "~/routes/pickup-booked";
import * as trackingRoute from "~/routes/pickup-tracking";
import { idempotencyKey } from "~/utils/codes.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import {
  cartWith,
  newShopper,
  productBySlug,
  setStock,
} from "../support/factories/carts-and-addresses";
import { pickupBookingForm } from "../support/factories/pickup-bookings";
import { routeAnswer, routeArgs } from "../support/factories/staff";
import { weighedPickup } from "../support/factories/weighed-pickups";
import { createTestDatabase } from "../support/processes/test-database";

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

const LATIN = /[A-Za-z]/;

async function newspaper() {
  const [row] = await db
    .select()
    .from(scrapMaterials)
    .where(eq(scrapMaterials.name, "Newspaper and books"));
  if (!row) throw new Error("no newspaper in the seed");
  return row;
}

function localName(row: { name: string; nameHi: string; nameKn: string }, lang: Lang) {
  return lang === "hi" ? row.nameHi : lang === "kn" ? row.nameKn : row.name;
}

async function load<T>(loader: (args: never) => Promise<T>, url: string, token: string) {
  const answer = await routeAnswer<Awaited<T>>(() =>
    loader(routeArgs<never>(url, { params: { token } })),
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

describe.each(["hi", "kn"] as const)("in %s", (lang) => {
  it("the booked page and the tracking page name the materials and dates in the language", async () => {
    resetRateLimits();
    const material = await newspaper();
    expect(localName(material, lang)).not.toBe("");
    const booking = await routeAnswer(() =>
      orderpageRoute.action(
        routeArgs<Parameters<typeof orderpageRoute.action>[0]>(
          `http://localhost/${lang}/orderpage`,
          {
            form: pickupBookingForm({
              email: `language-${lang}@example.com`,
              phone: lang === "hi" ? "9845011111" : "9845022222",
              material: String(material.id),
              kg: "12.5",
            }),
          },
        ),
      ),
    );
    const token = /\/pickups\/([^/]+)\/booked$/.exec(booking.location ?? "")?.[1];
    if (!token) throw new Error(`no booking: ${booking.status}`);

    const booked = await load(
      bookedRoute.loader,
      `http://localhost/${lang}/pickups/${token}/booked`,
      token,
    );
    expect(booked.items.map((item) => item.material)).toEqual([localName(material, lang)]);
    expect(booked.dateLabel).not.toMatch(LATIN);
    expect(booked.slotLabel).not.toMatch(LATIN);

    const tracking = await load(
      trackingRoute.loader,
      `http://localhost/${lang}/pickups/${token}`,
      token,
    );
    expect(tracking.items.map((item) => item.material)).toEqual([localName(material, lang)]);
    expect(tracking.dateLabel).not.toMatch(LATIN);
  });

  it("the weigh sheet on the tracking page names materials and plants in the language", async () => {
    const tulsi = await productBySlug(db, "tulsi");
    expect(localName(tulsi, lang)).not.toBe("");
    const { token: trackingToken } = await weighedPickup(db, {
      reward: "plants",
      plants: [{ productId: tulsi.id, quantity: 1 }],
    });
    const tracking = await load(
      trackingRoute.loader,
      `http://localhost/${lang}/pickups/${trackingToken}`,
      trackingToken,
    );
    const sheet = tracking.exchange.sheet;
    if (!sheet) throw new Error("no weigh sheet shown");
    for (const line of sheet.lines) {
      expect(line.material).not.toMatch(LATIN);
      expect(line.rate).toMatch(lang === "hi" ? /^₹[\d.,]+\/किलो$/ : /^₹[\d.,]+\/ಕೆಜಿ$/);
    }
    expect(sheet.plants).toEqual([{ name: localName(tulsi, lang), quantity: 1 }]);
    expect(sheet.savedAt).not.toMatch(LATIN);
    expect(tracking.exchange.visit.onTheWayAt).not.toMatch(LATIN);
  });

  it("the order page shows the line items by product and the state in the language", async () => {
    const tulsi = await productBySlug(db, "tulsi");
    await setStock(db, tulsi.id, 50);
    const order = await placeOrder(db, {
      ...(await cartWith(db, [{ productId: tulsi.id, quantity: 2 }])),
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
      paymentMethod: "cod",
      unconfirmedCodOrdersPerPhone: 100,
    });
    const token = order.trackingToken;
    const page = await load(
      orderTrackingRoute.loader,
      `http://localhost/${lang}/orders/${token}`,
      token,
    );
    expect(page.lines.map((line) => line.name)).toEqual([localName(tulsi, lang)]);
    expect(page.placedAt).not.toMatch(LATIN);
    expect(page.placedAt).not.toMatch(/,\d/); // never "ಮೇ 25,2027"
    expect(Object.keys(page.messages)).toContain(stateMessageId(page.state));
    expect(t(lang, stateMessageId(page.state))).toBe(lang === "hi" ? "कर्नाटक" : "ಕರ್ನಾಟಕ");

    // The record keeps the English name it was ordered with.
    const stored = await db.select().from(orderLines).where(eq(orderLines.productId, tulsi.id));
    expect(stored.map((line) => line.name)).toContain("Tulsi (Holy Basil)");
  });
});

describe("in English", () => {
  it("the order page keeps the stored English names and state", async () => {
    const tulsi = await productBySlug(db, "tulsi");
    await setStock(db, tulsi.id, 50);
    const order = await placeOrder(db, {
      ...(await cartWith(db, [{ productId: tulsi.id, quantity: 1 }])),
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
      paymentMethod: "cod",
      unconfirmedCodOrdersPerPhone: 100,
    });
    const token = order.trackingToken;
    const page = await load(orderTrackingRoute.loader, `http://localhost/orders/${token}`, token);
    expect(page.lines.map((line) => line.name)).toEqual(["Tulsi (Holy Basil)"]);
    expect(t("en", stateMessageId(page.state))).toBe("Karnataka");
  });
});
