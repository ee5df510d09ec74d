/**
 * Fewer clicks on a phone (docs/dashboard.md "Bulk forms" and "Destructive actions", ADR 0031):
 * at 360 px, with and without JavaScript, an admin changes five scrap rates in the one rate
 * sheet, sees one mistyped rate refused next to its box with nothing saved, corrects it, saves
 * once and finds five audit rows; the page never scrolls sideways. Then, at 360 px and 1280 px,
 * the rate sheet, the stock sheet and the confirmation steps of Retire, Disable and Cancel pass
 * axe, and going back from a step changes nothing.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { E2E_ADMIN, E2E_STAFF } from "../support/browser/staff-accounts";
import {
  bookPickup,
  expectNoHorizontalScroll,
  inNewContext,
  logInAsStaff,
  PHONE_VIEWPORT,
  PICKUP_BOOKING,
  waitForHydration,
} from "../support/browser/steps";

/**
 * Five materials and their new rates for each run, of materials no other spec reads (the browser
 * tests share one server): Paper with JavaScript, Plastic without.
 */
const fiveRates = {
  withJavaScript: [
    ["Carton", "8.25"],
    ["White papers/Magazines/Copy", "7.50"],
    ["Tetrapack", "5.75"],
    ["Plain paper", "2.10"],
    ["Rough paper", "0.40"],
  ],
  withoutJavaScript: [
    ["Soft", "6.20"],
    ["Hard", "1.15"],
    ["Polythene", "8.80"],
    ["Mix Polythene", "5.30"],
    ["Plastic jar 15l", "10.60"],
  ],
} as const;

/** The rate box of material `name` on the rate sheet. */
function rateBox(page: Page, name: string) {
  return page.getByLabel(`₹/kg for ${name}`, { exact: true });
}

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    test("an admin updates five rates with one Save and finds five audit rows", async ({
      page,
    }) => {
      // A mistyped Save, a good Save and five audit rows: 30-35 s alone, over 60 s beside
      // another worker on two loaded cores. An upper bound, never a wait.
      test.setTimeout(120_000);
      const five = javaScriptEnabled ? fiveRates.withJavaScript : fiveRates.withoutJavaScript;
      await logInAsStaff(page, E2E_ADMIN, "/dashboard/rates");
      await expect(page.getByRole("heading", { level: 1, name: "Scrap rates" })).toBeVisible();
      await expectNoHorizontalScroll(page);
      if (javaScriptEnabled) await waitForHydration(page, "form.rate-sheet input");

      // One mistyped rate: nothing is saved, its message stands next to its box.
      const [first, ...rest] = five;
      await rateBox(page, first[0]).fill("12.345");
      for (const [name, rate] of rest) await rateBox(page, name).fill(rate);
      await page.getByRole("button", { name: "Save rates" }).click();
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary).toContainText("Nothing was saved.");
      await expect(rateBox(page, first[0])).toHaveAccessibleDescription(
        "Enter a rate from ₹0 to ₹10,000 per kg, like 12 or 12.50.",
      );
      for (const [name, rate] of rest) await expect(rateBox(page, name)).toHaveValue(rate);
      await expectNoHorizontalScroll(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      // The summary's link leads to the box; corrected, one Save writes all five.
      await summary.getByRole("link").click();
      await rateBox(page, first[0]).fill(first[1]);
      await page.getByRole("button", { name: "Save rates" }).click();
      await expect(page.locator(".dash-notice")).toHaveText(
        "Saved 5 new rates. The rate list and the pickup form show them now.",
      );
      for (const [name, rate] of five) await expect(rateBox(page, name)).toHaveValue(rate);
      await expectNoHorizontalScroll(page);

      await page.goto("/dashboard/audit?entity=scrap_material");
      for (const [name] of five) {
        const rows = page
          .getByRole("row")
          .filter({ hasText: "rate.update" })
          .filter({ has: page.getByRole("listitem").filter({ hasText: `name: ${name}` }) });
        await expect(rows, name).toHaveCount(1);
        await expect(rows).toContainText(E2E_ADMIN.email);
      }
      await expectNoHorizontalScroll(page);
    });
  },
  { viewport: PHONE_VIEWPORT },
);

for (const viewport of [PHONE_VIEWPORT, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the rate and stock sheets and the steps of Retire, Disable and Cancel pass axe; going back changes nothing", async ({
      page,
      browser,
    }) => {
      // A booking, a login and axe on four pages (the rate sheet is the dashboard's longest): 36 s
      // alone, over 100 s beside other browser runs on two loaded cores.
      test.setTimeout(180_000);
      const reference = await inNewContext(browser, (visitor) =>
        bookPickup(visitor, { ...PICKUP_BOOKING, name: "Step Visitor" }),
      );
      await logInAsStaff(page, E2E_ADMIN, "/dashboard/rates");
      await expectNoAxeViolations(page);

      // Retire is red-outlined and asks first; 'Keep it on the list' keeps it.
      await page.getByRole("link", { name: "Retire Tyre" }).click();
      const retire = page.getByRole("region", { name: "Retire Tyre?" });
      await expect(retire).toBeFocused();
      await expect(retire.getByRole("button", { name: "Retire Tyre" })).toHaveCSS(
        "background-color",
        "rgb(179, 38, 30)",
      );
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page, viewport.width);
      await retire.getByRole("link", { name: "Keep it on the list" }).click();
      await expect(page.getByRole("region", { name: "Retire Tyre?" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Retire Tyre" })).toBeVisible();

      await page.goto("/dashboard/catalogue");
      await expect(page.getByRole("button", { name: "Save stock" })).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page, viewport.width);

      await page.goto("/dashboard/staff");
      await page.getByRole("link", { name: `Disable ${E2E_STAFF.email}` }).click();
      const disable = page.getByRole("region", { name: `Disable ${E2E_STAFF.email}?` });
      await expect(disable).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page, viewport.width);
      await disable.getByRole("link", { name: "Keep the account active" }).click();
      await expect(page.getByRole("row", { name: new RegExp(E2E_STAFF.email) })).toContainText(
        "Active",
      );

      await page.goto(`/dashboard/pickups?q=${reference}`);
      await page.getByRole("link", { name: reference }).click();
      await page.getByRole("link", { name: "Cancel pickup" }).click();
      const cancel = page.getByRole("region", { name: `Cancel pickup ${reference}?` });
      await expect(cancel).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page, viewport.width);
      await cancel.getByRole("link", { name: "Keep the pickup" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        `Pickup ${reference}: Requested`,
      );
    });
  });
}
