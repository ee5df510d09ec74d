/**
 * Staff journeys through the dashboard: a visitor books a pickup and a shopper orders; an admin
 * logs in, confirms the pickup and saves its weigh sheet, confirms and ships the order,
 * changes a plant's price and a scrap rate, sees them on the public pages and every change in
 * the audit log. A staff-role member does not see the admin sections. axe on each dashboard
 * page.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";
import { expect, test } from "../support/browser/fixtures";
import { E2E_ADMIN } from "../support/browser/staff-accounts";
import {
  bookPickup,
  inNewContext,
  logInAsStaff,
  openListFilters,
  openRateCategory,
  PHONE_VIEWPORT,
  PICKUP_BOOKING,
  type PickupBooking,
  placeCashOrder,
  productCard,
  SHOPPER,
} from "../support/browser/steps";

/** The visitor's pickup: 2 kg of brass on the second date offered at 11 am, paid in money. */
const JOURNEY_PICKUP: PickupBooking = {
  ...PICKUP_BOOKING,
  name: "Journey Visitor",
  email: "visitor@example.com",
  addressLine2: "Flat 2B",
};

/** A shopper orders one Tulsi with cash on delivery; returns the order reference. */
function placeOrder(page: Page): Promise<string> {
  return placeCashOrder(page, {
    ...SHOPPER,
    phone: "98450 54321",
    address: "12 MG Road",
    pinCode: "560001",
  });
}

test.describe.configure({ mode: "serial" });

test("an admin runs a pickup and an order, changes a price and a rate, and finds it all in the audit log", async ({
  page,
  browser,
}) => {
  // A whole day of the shop in one test: on two loaded cores it once needed more than 120 s.
  test.setTimeout(180_000);
  const pickupRef = await inNewContext(browser, (visitor) => bookPickup(visitor, JOURNEY_PICKUP));
  expect(pickupRef).toMatch(/^PU-/);
  const orderRef = await inNewContext(browser, placeOrder);
  expect(orderRef).toMatch(/^OR-/);

  await logInAsStaff(page, E2E_ADMIN, "/dashboard/pickups");
  await expect(page).toHaveURL(/\/dashboard\/pickups$/);
  await expectNoAxeViolations(page);

  // Find the pickup the visitor booked, confirm it, save its weigh sheet.
  await page.getByLabel("Search name, phone or reference").fill(pickupRef);
  await page.getByRole("button", { name: "Filter" }).click();
  await page.getByRole("link", { name: pickupRef }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(pickupRef);
  await page.getByRole("button", { name: "Confirm pickup" }).click();
  await expect(page.getByText("Confirmed").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Weighed kg, Brass").fill("2.5");
  await page.getByRole("button", { name: "Save weigh sheet" }).click();
  await expect(page.getByText("Weigh sheet saved.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pickup ${pickupRef}: Weighed`);
  const sheet = page.getByRole("article", { name: /Weigh sheet version 1/ });
  await expect(sheet.getByRole("row", { name: /Brass/ })).toContainText("2.5 kg");
  await expect(sheet).toContainText("Waiting for the customer to confirm");

  // Confirm and ship the order.
  await page.goto("/dashboard/orders");
  await page.getByLabel("Search reference, name, phone or e-mail").fill(orderRef);
  await page.getByRole("button", { name: "Filter" }).click();
  await page.getByRole("link", { name: orderRef }).click();
  await page.getByRole("button", { name: "Confirm order" }).click();
  await expect(page.getByRole("button", { name: "Mark shipped" })).toBeVisible();
  await page.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByText("Shipped").first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Change a plant's price: the public page shows it at once. (Jade Plant and Oil Tin are
  // used by no other browser test, which share this server.)
  await page.goto("/dashboard/catalogue");
  await page
    .getByRole("link", { name: /^Jade Plant/ })
    .first()
    .click();
  await page.getByLabel("Price (₹)").fill("333.50");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await expectNoAxeViolations(page);
  const shopper = await browser.newPage();
  await shopper.goto("/plant?q=Jade");
  await expect(productCard(shopper, /^Jade Plant/)).toContainText("₹333.50");

  // Change a scrap rate: /ratelist shows it at once.
  await page.goto("/dashboard/rates");
  await page.getByLabel(/₹\/kg for Oil Tin$/).fill("275.25");
  await page.getByRole("button", { name: "Save rates" }).click();
  await expect(page.getByText("Oil Tin: the rate is now ₹275.25 per kg.")).toBeVisible();
  await expect(page.getByLabel(/₹\/kg for Oil Tin$/)).toHaveValue("275.25");
  await expectNoAxeViolations(page);
  await shopper.goto("/ratelist");
  await openRateCategory(shopper, "Metal");
  await expect(shopper.getByRole("row", { name: /Oil Tin/ })).toContainText("₹275.25");
  await shopper.close();

  // Every change is in the audit log, by this admin.
  await page.goto("/dashboard/audit");
  const log = page.locator("table");
  for (const text of [
    "pickup.confirmed",
    "pickup.weighed",
    "order.confirmed",
    "order.shipped",
    "product.update",
    "price: ₹150 → ₹333.50",
    "name: Jade Plant",
    "rate.update",
    "rate: ₹8/kg → ₹275.25/kg",
    "name: Oil Tin",
  ]) {
    await expect(log).toContainText(text);
  }
  await expect(log).toContainText(E2E_ADMIN.email);
  await expectNoAxeViolations(page);
});

test("a staff-role member sees pickups and orders but not the admin sections", async ({
  staffPage: page,
}) => {
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link", { name: "Pickups" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Catalogue" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Staff" })).toHaveCount(0);
  const response = await page.goto("/dashboard/rates");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("Only an admin can do this.")).toBeVisible();
  await page.goto("/dashboard");
  await expectNoAxeViolations(page);
});

test.describe("at 360 px without JavaScript", () => {
  test.use({
    javaScriptEnabled: false,
    viewport: PHONE_VIEWPORT,
    dashboardPath: "/dashboard/orders",
  });

  test("the overview and lists fit the screen and filters work", async ({ staffPage: page }) => {
    await openListFilters(page);
    await page.getByLabel("Status").selectOption("placed");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/status=placed/);
    await expect(page.getByText("Filters (1 active)", { exact: true })).toBeVisible();
    for (const path of [
      "/dashboard",
      "/dashboard/pickups",
      "/dashboard/orders",
      "/dashboard/reviews",
    ]) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});
