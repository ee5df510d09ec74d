/**
 * "Today first" on the dashboard overview at 360 × 740 px (docs/dashboard.md "Overview"): after
 * a pickup is booked for today and a shopper places an order, an admin's overview shows today's
 * pickups, the orders to confirm and the cash to collect on the first screen; axe at 360 and
 * 1280 px.
 *
 * The pickup for today: seeded in SQL on PostgreSQL (E2E_DATABASE_URL, as in .ci/run), else
 * booked on /orderpage, which offers today only while one of its slots is still ahead (after
 * the last slot has begun the test is skipped on the embedded database).
 */
import crypto from "node:crypto";
import type { Browser } from "@playwright/test";
import { pickups } from "~/db/schema/pickups";
import { todayInKolkata } from "~/utils/dates";
import { expectNoAxeViolations } from "../support/browser/axe";
import { expect, test } from "../support/browser/fixtures";
import { e2eDatabaseReachable, openE2EDatabase } from "../support/browser/server-database";
import { E2E_ADMIN } from "../support/browser/staff-accounts";
import {
  fillCheckout,
  fillPickupForm,
  inNewContext,
  logInAsStaff,
  openCheckoutWith,
  optionValues,
  PHONE_VIEWPORT,
  PICKUP_BOOKING,
  SHOPPER,
  schedulePickup,
} from "../support/browser/steps";

test.use({ viewport: PHONE_VIEWPORT });

/** A mobile number of this run's own, so the per-phone cap on open orders never refuses it. */
const phone = `9${crypto.randomInt(100_000_000, 999_999_999)}`;

/** A requested pickup dated today: inserted on PostgreSQL, booked through the form otherwise. */
async function pickupToday(browser: Browser): Promise<void> {
  const today = todayInKolkata(new Date());
  if (e2eDatabaseReachable) {
    const handle = await openE2EDatabase();
    if (!handle) throw new Error("no e2e database");
    try {
      await handle.db.insert(pickups).values({
        reference: `PU-OT${crypto.randomBytes(2).toString("hex").toUpperCase()}`,
        trackingToken: crypto.randomBytes(32).toString("base64url"),
        name: "Today Customer",
        email: "today@example.com",
        phone: `+91${phone}`,
        addressLine1: "4 Residency Road",
        addressLine2: "",
        city: "Bengaluru",
        pinCode: "560025",
        pickupDate: today,
        slotStart: "17:00",
        rewardPreference: "coupon",
      });
    } finally {
      await handle.close();
    }
    return;
  }
  await inNewContext(browser, async (visitor) => {
    await visitor.goto("/orderpage");
    const dates = await optionValues(visitor, "Pick Up Date");
    test.skip(dates[0] !== today, "today's last slot has begun: /orderpage no longer offers today");
    const times = await optionValues(visitor, "Pick Up Time");
    await fillPickupForm(visitor, {
      ...PICKUP_BOOKING,
      name: "Today Customer",
      phone,
      dateIndex: 0,
      time: times.at(-1) ?? "17:00",
      materials: [],
    });
    await visitor.getByLabel("Material 1").selectOption({ index: 1 });
    await visitor.getByLabel("Approx. kg").first().fill("20");
    await schedulePickup(visitor);
  });
}

test("an admin sees today's pickups, orders to confirm and cash to collect on the first screen", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await pickupToday(browser);
  await inNewContext(browser, async (shopper) => {
    await openCheckoutWith(shopper, { from: "/supplies", product: /^Dec-Neemo/ });
    await fillCheckout(shopper, { ...SHOPPER, name: "Today Shopper", phone, pinCode: "560001" });
    await shopper.getByRole("button", { name: "Confirm Order" }).click();
    await expect(
      shopper.getByRole("status").filter({ hasText: "Order has been placed!" }),
    ).toBeVisible();
  });

  await logInAsStaff(page, E2E_ADMIN, "/dashboard");
  const pickupsToday = page.getByRole("link", { name: /^Pickups today: [1-9]\d*$/ });
  const slot = page.locator(".today-slots li").first();
  const toConfirm = page.getByRole("link", { name: /^To confirm [1-9]\d*\+? orders$/ });
  const cash = page.getByRole("link", {
    name: /^Cash to collect ₹[\d,.]+ \d+ orders? out for delivery$/,
  });
  for (const figure of [pickupsToday, slot, toConfirm, cash]) await expect(figure).toBeVisible();
  await expect(slot).toContainText(/pickups? — /);
  await expect(toConfirm).toHaveAttribute("href", "/dashboard/orders?status=placed");
  await expect(cash).toHaveAttribute("href", "/dashboard/orders?status=shipped&payment=unpaid");

  // The first screen of a 360 × 740 phone: each of the three ends above its bottom edge.
  for (const figure of [pickupsToday, slot, toConfirm, cash]) {
    const box = await figure.boundingBox();
    expect(box, "the figure is laid out").not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE_VIEWPORT.height);
  }

  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);

  await toConfirm.click();
  await expect(page).toHaveURL(/\/dashboard\/orders\?status=placed$/);
  await expect(page.getByRole("link", { name: /^OR-/ }).first()).toBeVisible();
});
