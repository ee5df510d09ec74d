/**
 * The collector's route sheet at 360 px (docs/exchange.md "Collectors and the route sheet"),
 * with and without JavaScript: a visitor books a pickup, an admin adds a collector on the Staff
 * page and assigns the pickup to them (on the pickup page with JavaScript, in bulk from the list
 * without), the collector logs in, lands on the route sheet, finds the card with its call,
 * WhatsApp and map links, and taps 'On my way' then 'Arrived'. axe (with JavaScript) and no
 * sideways scrolling on the sheet; the pickups list answers a collector with 403.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { E2E_ADMIN } from "../support/browser/staff-accounts";
import {
  createCollector,
  expectNoHorizontalScroll,
  fillPickupForm,
  inNewContext,
  logInAsStaff,
  PHONE_VIEWPORT,
  PICKUP_BOOKING,
  schedulePickup,
  waitForHydration,
} from "../support/browser/steps";

/** Books a pickup on the third date offered, 3 pm; returns its reference and date. */
async function bookRoundPickup(page: Page, name: string) {
  await page.goto("/orderpage");
  await fillPickupForm(page, {
    ...PICKUP_BOOKING,
    name,
    phone: "98450 67890",
    dateIndex: 2,
    time: "15:00",
    reward: "Coupon",
  });
  const date = await page.getByLabel("Pick Up Date").inputValue();
  return { reference: await schedulePickup(page), date };
}

/** Finds the pickup in the list by its reference (the list's search). */
async function searchPickup(page: Page, reference: string) {
  await page.goto("/dashboard/pickups");
  await page.getByLabel("Search name, phone or reference").fill(reference);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("link", { name: reference })).toBeVisible();
}

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    const run = javaScriptEnabled ? "js" : "nojs";

    test("an admin assigns a pickup; the collector's route sheet calls, maps and marks the visit", async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      const customer = `Route Customer ${run}`;
      const pickup = await inNewContext(browser, (visitor) => bookRoundPickup(visitor, customer));
      const collector = {
        name: `Collector ${run} ${Date.now()}`,
        email: `collector-${run}-${Date.now()}@e2e.test`,
      };

      await logInAsStaff(page, E2E_ADMIN, "/dashboard/staff");
      await createCollector(page, collector);
      await searchPickup(page, pickup.reference);
      if (javaScriptEnabled) {
        await expectNoAxeViolations(page);
        await page.getByRole("link", { name: pickup.reference }).click();
        await waitForHydration(page, "#collectorId");
        await page.getByLabel("Assign to").selectOption({ label: collector.name });
        await page.getByRole("button", { name: "Save collector" }).click();
        await expect(page.getByText("Collector changed.")).toBeVisible();
        await expect(page.getByText(`Assigned to ${collector.name}.`)).toBeVisible();
      } else {
        await page.getByLabel(`Choose ${pickup.reference}`).check();
        await page.getByLabel("Assign to").selectOption({ label: collector.name });
        await page.getByRole("button", { name: "Assign chosen pickups" }).click();
        await expect(page.getByText("Collector changed on 1 pickup.")).toBeVisible();
        await expect(page.getByRole("row", { name: new RegExp(pickup.reference) })).toContainText(
          collector.name,
        );
      }

      await inNewContext(
        browser,
        async (phone) => {
          await logInAsStaff(phone, collector, "/dashboard");
          await expect(phone).toHaveURL(/\/dashboard\/route$/);
          const nav = phone.getByRole("navigation", { name: "Dashboard" });
          await expect(nav.getByRole("link")).toHaveText(["Route"]);

          await phone.goto(`/dashboard/route?date=${pickup.date}`);
          const card = phone.getByRole("article", { name: new RegExp(pickup.reference) });
          await expect(card).toContainText(customer);
          await expect(card).toContainText("560025");
          await expect(card).toContainText("Coupon");
          await expect(card).toContainText("Brass 2 kg");
          await expect(card.getByRole("link", { name: /^Call/ })).toHaveAttribute(
            "href",
            "tel:+919845067890",
          );
          await expect(card.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
            "href",
            "https://wa.me/919845067890",
          );
          await expect(card.getByRole("link", { name: "Map" })).toHaveAttribute(
            "href",
            /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=4%20Residency%20Road%2C.*560025$/,
          );
          await expect(card.getByRole("link", { name: "Weigh sheet" })).toHaveAttribute(
            "href",
            /\/dashboard\/route\/\d+$/,
          );
          await expectNoHorizontalScroll(phone);
          // axe runs in the page, so only with JavaScript (the markup is the same without).
          if (javaScriptEnabled) await expectNoAxeViolations(phone);

          await card.getByRole("button", { name: "On my way" }).click();
          await expect(phone.getByText("Marked on the way")).toBeVisible();
          await expect(card.getByText("On my way", { exact: true }).first()).toBeVisible();
          await card.getByRole("button", { name: "Arrived" }).click();
          await expect(phone.getByText("Marked arrived.")).toBeVisible();
          await expect(card.locator("dt", { hasText: "Arrived" })).toBeVisible();
          await expectNoHorizontalScroll(phone);
          // axe runs in the page, so only with JavaScript (the markup is the same without).
          if (javaScriptEnabled) await expectNoAxeViolations(phone);

          const refused = await phone.goto("/dashboard/pickups");
          expect(refused?.status()).toBe(403);
          await expect(phone.getByRole("heading", { name: "Not allowed" })).toBeVisible();
        },
        { viewport: PHONE_VIEWPORT, javaScriptEnabled },
      );
    });
  },
  { viewport: PHONE_VIEWPORT },
);
