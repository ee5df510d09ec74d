/**
 * The weigh sheet at the door (docs/exchange.md "The weigh sheet"), on a 360 px phone, with and
 * without JavaScript: a visitor books a pickup of newspaper; staff open the collector's page
 * /dashboard/route/<id>, weigh 12.5 kg of newspaper and 3 kg of brass (added, as the estimate
 * did not list it), save, and see the sheet priced at the rates of the day. axe on the page
 * (axe runs in the page, so only with JavaScript).
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { bookPickup, inNewContext, PHONE_VIEWPORT, PICKUP_BOOKING } from "../support/browser/steps";

/** The pickup's dashboard id, found through the pickups list's search. */
async function pickupId(page: Page, reference: string): Promise<string> {
  await page.goto(`/dashboard/pickups?q=${reference}`);
  await page.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
  const id = /\/dashboard\/pickups\/(\d+)/.exec(page.url())?.[1];
  if (!id) throw new Error(`no pickup id in ${page.url()}`);
  return id;
}

/** The page fits a 360 px screen: nothing wider than the viewport. */
async function expectNoSideways(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    test("staff weigh newspaper and brass on the weigh sheet and see it priced", async ({
      browser,
      staffPage: page,
    }) => {
      test.setTimeout(180_000);
      const reference = await inNewContext(browser, (visitor) =>
        bookPickup(visitor, {
          ...PICKUP_BOOKING,
          name: `Weigh Visitor ${javaScriptEnabled ? "js" : "html"}`,
          reward: "Coupon",
          materials: [{ label: "Newspaper and books (₹10/kg)", kg: "20" }],
        }),
      );
      const id = await pickupId(page, reference);
      await page.goto(`/dashboard/route/${id}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
      await expect(page.getByRole("link", { name: "+91 98450 12345" })).toHaveAttribute(
        "href",
        "tel:+919845012345",
      );
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      const newspaper = page.getByRole("group", { name: /Newspaper and books/ });
      await expect(newspaper).toContainText("Material");
      await newspaper.getByLabel("Weighed kg").fill("12.5");
      const added = page.getByRole("group", { name: "Added material 1" });
      await added.getByLabel("Material").selectOption({ label: "₹250/kg · Brass" });
      await added.getByLabel("Weighed kg").fill("3");
      await expect(page.getByLabel("Weighed kg, Newspaper and books")).toHaveValue("12.5");
      if (javaScriptEnabled) {
        // The live total, before saving: 12.5 × ₹10 + 3 × ₹250.
        const totals = page.locator(".weigh-totals");
        await expect(totals).toContainText("15.5 kg");
        await expect(totals).toContainText("₹875");
        await expect(totals).toContainText("₹962.50");
      }
      await expectNoSideways(page);
      await page.getByRole("button", { name: "Save weigh sheet" }).click();

      await expect(
        page.getByText("Weigh sheet saved. Ask the customer to confirm it on their tracking page."),
      ).toBeVisible();
      const sheet = page.getByRole("article", { name: /Weigh sheet version 1/ });
      await expect(sheet).toContainText("Waiting for the customer to confirm");
      await expect(sheet.getByRole("row", { name: /Newspaper and books/ })).toContainText(
        /12\.5 kg.*₹10.*₹125/,
      );
      await expect(sheet.getByRole("row", { name: /^Brass/ })).toContainText(/3 kg.*₹250.*₹750/);
      await expect(sheet.getByRole("row", { name: /^Payout/ })).toContainText("₹875");
      await expect(sheet.getByRole("row", { name: /^Reward value/ })).toContainText("₹962.50");
      // The form is ready for a new version, prefilled with the saved weights.
      await expect(page.getByLabel("Weighed kg, Brass")).toHaveValue("3.000");
      await expectNoSideways(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      // A refused sheet keeps what was typed and says what is wrong next to the field.
      await page.getByLabel("Weighed kg, Brass").fill("2500");
      await page.getByRole("button", { name: "Save weigh sheet" }).click();
      await expect(page.getByText("Enter at most 2,000 kg.")).toBeVisible();
      await expect(page.getByLabel("Weighed kg, Brass")).toHaveValue("2500");
      if (javaScriptEnabled) await expectNoAxeViolations(page);
    });
  },
  { viewport: PHONE_VIEWPORT },
);
