/**
 * The customer's decision at 360 px (docs/exchange.md "The customer confirms"), with and without
 * JavaScript: a visitor books a 'Coupon' pickup, staff weigh 12.5 kg of newspaper and 3 kg of
 * brass on the weigh-sheet page, the visitor sees the sheet line by line on the tracking page,
 * confirms and gets a coupon code. Another visitor disputes with a reason; staff see it in the
 * overview's 'Disputes' and close it. A third has the collector type the customer's handover
 * code: a wrong one first, then the right one.
 *
 * Needs the weigh-sheet page (/dashboard/route/:id, with `<HandoverCodeForm>` on it).
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { E2E_ADMIN, E2E_STAFF } from "../support/browser/staff-accounts";
import {
  createCollector,
  fillPickupForm,
  inNewContext,
  logInAsStaff,
  PHONE_VIEWPORT,
  PICKUP_BOOKING,
  type PickupBooking,
  schedulePickup,
} from "../support/browser/steps";

const BOOKING: PickupBooking = {
  ...PICKUP_BOOKING,
  dateIndex: 5,
  time: "17:00",
  reward: "Coupon",
  materials: [
    { label: "Newspaper and books (₹10/kg)", kg: "12" },
    { label: "Brass (₹250/kg)", kg: "3" },
  ],
};

/** Books a coupon pickup as the visitor; its reference, date and tracking page's path. */
async function bookAndTrack(page: Page, name: string) {
  await page.goto("/orderpage");
  await fillPickupForm(page, { ...BOOKING, name });
  const date = await page.getByLabel("Pick Up Date").inputValue();
  const reference = await schedulePickup(page);
  await page.getByRole("link", { name: "Track your pickup" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Pickup ${reference}` })).toBeVisible();
  return { reference, date, path: new URL(page.url()).pathname };
}

/** Staff (in their own browser) weigh the pickup `reference`: 12.5 kg newspaper, 3 kg brass. */
async function weigh(page: Page, reference: string): Promise<void> {
  await logInAsStaff(page, E2E_STAFF, `/dashboard/pickups?q=${reference}`);
  await page.getByRole("link", { name: reference }).click();
  await expect(page).toHaveURL(/\/dashboard\/pickups\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/").at(-1));
  await page.goto(`/dashboard/route/${id}`);
  await fillWeighSheet(page);
}

/** On the weigh-sheet page: 12.5 kg newspaper, 3 kg brass, saved. */
async function fillWeighSheet(page: Page): Promise<void> {
  await page.getByLabel("Weighed kg, Newspaper and books").fill("12.5");
  await page.getByLabel("Weighed kg, Brass").fill("3");
  await page.getByRole("button", { name: "Save weigh sheet" }).click();
  await expect(page.getByText("Weigh sheet saved.")).toBeVisible();
}

/** As an admin, without JavaScript: a new collector account, given the pickup `reference`. */
async function assignToNewCollector(page: Page, reference: string, run: string) {
  const collector = {
    name: `Handover Collector ${run} ${Date.now()}`,
    email: `handover-${run}-${Date.now()}@e2e.test`,
  };
  await logInAsStaff(page, E2E_ADMIN, "/dashboard/staff");
  await createCollector(page, collector);
  await page.goto(`/dashboard/pickups?q=${reference}`);
  await page.getByLabel(`Choose ${reference}`).check();
  await page.getByLabel("Assign to").selectOption({ label: collector.name });
  await page.getByRole("button", { name: "Assign chosen pickups" }).click();
  await expect(page.getByText("Collector changed on 1 pickup.")).toBeVisible();
  return collector;
}

/** The page fits the 360 px viewport: nothing sticks out sideways. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    test("the visitor sees the weigh sheet, confirms it and gets a coupon code", async ({
      page,
      browser,
    }) => {
      const { reference, path } = await bookAndTrack(page, "Meera Confirms");
      await expect(page.getByRole("button", { name: "Confirm", exact: true })).toHaveCount(0);
      await inNewContext(browser, (staff) => weigh(staff, reference));

      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Weigh sheet", exact: true })).toBeVisible();
      const sheet = page.locator("table.sheet-lines");
      await expect(sheet.getByRole("row", { name: /Newspaper and books/ })).toContainText(
        "12.500₹10/kg₹125",
      );
      await expect(sheet.getByRole("row", { name: /Brass/ })).toContainText("3.000₹250/kg₹750");
      await expect(sheet.getByRole("row", { name: /Value of your scrap/ })).toContainText("₹875");
      await expect(sheet.getByRole("row", { name: /Bonus \(10%\)/ })).toContainText("₹87.50");
      await expect(sheet.getByRole("row", { name: /Coupon value/ })).toContainText("₹962.50");
      await expectNoHorizontalScroll(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await page.getByRole("button", { name: "Confirm", exact: true }).click();
      await expect(page.locator(".order-status")).toContainText("Collected");
      const code = page.locator(".coupon-code");
      await expect(code).toHaveText(/^SS-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      await expect(page.getByText("Value ₹962.50, balance ₹962.50")).toBeVisible();
      await expect(page.getByRole("link", { name: "Buy plants with it" })).toHaveAttribute(
        "href",
        "/plant",
      );
      await expect(page.getByRole("button", { name: "Confirm", exact: true })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      // The same code after a reload: nothing new was issued.
      const first = await code.textContent();
      await page.reload();
      await expect(page.locator(".coupon-code")).toHaveText(first ?? "");
    });

    test("the visitor disputes the weigh sheet with a reason; staff close the dispute", async ({
      page,
      browser,
    }) => {
      const { reference, path } = await bookAndTrack(page, "Imran Disputes");
      await inNewContext(browser, (staff) => weigh(staff, reference));
      await page.goto(path);
      await page.getByLabel("Reason").fill("The brass was 4 kg, not 3");
      await page.getByRole("button", { name: "Dispute", exact: true }).click();
      await expect(
        page.getByText(
          "You disputed this weigh sheet: The brass was 4 kg, not 3. We will call you.",
        ),
      ).toBeVisible();
      await expect(page.locator(".order-status")).toContainText("Disputed");
      await expect(page.getByRole("button", { name: "Confirm", exact: true })).toHaveCount(0);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await inNewContext(browser, async (staff) => {
        await logInAsStaff(staff, E2E_STAFF, "/dashboard");
        const queue = staff.locator("section", {
          has: staff.getByRole("heading", { name: /^Disputes/ }),
        });
        const row = queue.getByRole("listitem").filter({ hasText: reference });
        await expect(row).toContainText("The brass was 4 kg, not 3");
        await row.getByRole("link", { name: reference }).click();
        const form = staff.locator("section", {
          has: staff.getByRole("heading", { name: "Close the dispute" }),
        });
        await form.getByLabel("End without exchange").check();
        await form.getByLabel("Note").fill("Customer kept the scrap.");
        await form.getByRole("button", { name: "Close the dispute" }).click();
        await expect(staff.getByText("Pickup cancelled.")).toBeVisible();
      });
      await page.reload();
      await expect(page.locator(".order-status")).toContainText("Cancelled");
      await expect(page.getByText("Customer kept the scrap.")).toBeVisible();
    });

    test("the collector confirms with the customer's handover code", async ({ page, browser }) => {
      test.setTimeout(120_000);
      const run = javaScriptEnabled ? "js" : "nojs";
      const { reference, date, path } = await bookAndTrack(page, `Handover ${run}`);
      const collector = await inNewContext(
        browser,
        (admin) => assignToNewCollector(admin, reference, run),
        { javaScriptEnabled: false },
      );
      await inNewContext(
        browser,
        async (phone) => {
          await logInAsStaff(phone, collector, "/dashboard");
          await phone.goto(`/dashboard/route?date=${date}`);
          const card = phone.getByRole("article", { name: new RegExp(reference) });
          await card.getByRole("button", { name: "On my way" }).click();
          await expect(phone.getByText("Marked on the way")).toBeVisible();
          await card.getByRole("link", { name: "Weigh sheet" }).click();
          await fillWeighSheet(phone);

          await page.goto(path);
          await expect(page.getByText("On my way", { exact: true })).toBeVisible();
          const code = (await page.locator(".handover-code strong").textContent()) ?? "";
          expect(code).toMatch(/^\d{4}$/);
          await expectNoHorizontalScroll(page);

          await phone.getByLabel("Handover code").fill(code === "0000" ? "1111" : "0000");
          await phone.getByRole("button", { name: "Confirm with code" }).click();
          await expect(
            phone.getByText("That is not the customer's code. 4 tries left."),
          ).toBeVisible();
          expect(phone.url()).not.toContain(code);
          await phone.getByLabel("Handover code").fill(code);
          await phone.getByRole("button", { name: "Confirm with code" }).click();
          await expect(
            phone.getByText("Confirmed with the handover code: the reward is issued."),
          ).toBeVisible();
          if (javaScriptEnabled) await expectNoAxeViolations(phone);
        },
        { viewport: PHONE_VIEWPORT, javaScriptEnabled },
      );
      await page.reload();
      await expect(page.locator(".order-status")).toContainText("Collected");
      await expect(page.locator(".coupon-code")).toHaveText(/^SS-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      await expect(page.locator(".handover-code")).toHaveCount(0);
    });
  },
  { viewport: PHONE_VIEWPORT },
);
