/**
 * A visitor books a scrap pickup with an estimate, then moves and cancels it from the
 * tracking link, with and without JavaScript.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";

async function optionValues(page: Page, label: string) {
  return page
    .getByLabel(label, { exact: true })
    .locator("option:not([value='']):not([disabled])")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled, viewport: { width: 360, height: 740 } });

    test("a visitor checks the rates, books a pickup with an estimate, moves it and cancels it", async ({
      page,
    }) => {
      await page.goto("/ratelist");
      await page.locator("details").filter({ hasText: "Metal" }).locator("summary").click();
      await expect(page.getByRole("row", { name: /Brass/ })).toContainText("₹250");
      await page.goto("/orderpage");
      await expect(
        page.getByRole("heading", { level: 1, name: "Schedule a scrap pickup" }),
      ).toBeVisible();

      // First a submission with mistakes: messages next to the fields, nothing booked.
      await page.getByLabel("Name").fill("Ravi Kumar");
      await page.getByLabel("Phone").fill("12345");
      await page.getByLabel("Approx. kg").first().fill("-3");
      await page.getByRole("button", { name: "Schedule Pickup" }).click();
      await expect(
        page.getByText("Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9."),
      ).toBeVisible();
      await expect(page.getByText("Choose a pickup date.")).toBeVisible();
      await expect(page.getByText("Choose a material for this weight.")).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue("Ravi Kumar");
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await page.getByLabel("Email").fill("ravi@example.com");
      await page.getByLabel("Phone").fill("98450 12345");
      await page.getByLabel("Address Line 1").fill("4 Residency Road");
      await page.getByLabel("Address Line 2").fill("Flat 2B, Shanthala Nagar");
      await page.getByLabel("City").fill("Bengaluru");
      await page.getByLabel("PIN code").fill("560025");
      const dates = await optionValues(page, "Pick Up Date");
      expect(dates.length).toBeGreaterThanOrEqual(13);
      await page.getByLabel("Pick Up Date").selectOption(dates[1] as string);
      await page.getByLabel("Pick Up Time").selectOption("11:00");
      await page.getByLabel("Money").check();
      await page.getByLabel("Material 1").selectOption({ label: "Brass (₹250/kg)" });
      await page.getByLabel("Approx. kg").first().fill("2");
      await page.getByLabel("Material 2").selectOption({ label: "Newspaper and books (₹10/kg)" });
      await page.getByLabel("Approx. kg").nth(1).fill("8");
      if (javaScriptEnabled) {
        await expect(page.getByText("Estimated value: ₹580 for 10 kg")).toBeVisible();
        await expect(
          page.getByText("Below 15 kg in total, pickup charges may apply."),
        ).toBeVisible();
      }
      await page.getByRole("button", { name: "Schedule Pickup" }).click();

      await expect(page.getByText("Your order has been scheduled")).toBeVisible();
      const reference = (await page.locator(".success-message strong").textContent()) ?? "";
      expect(reference).toMatch(/^PU-[0-9A-Z]{6}$/);
      await expect(page.locator(".success-message")).toContainText("11 am – 1 pm");
      await expect(page.locator(".success-message")).toContainText(
        "Estimated value ₹580 for 10 kg",
      );
      await expect(page.locator(".success-message")).toContainText("pickup charges may apply");

      await page.getByRole("link", { name: "Track your pickup" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: `Pickup ${reference}` }),
      ).toBeVisible();
      await expect(page.locator(".order-status")).toContainText("Requested");
      await expect(page.getByRole("row", { name: /Brass/ })).toContainText("₹500");
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      const moveTo = (await optionValues(page, "Pick Up Date"))[2] as string;
      await page.getByLabel("Pick Up Date").selectOption(moveTo);
      await page.getByLabel("Pick Up Time").selectOption("15:00");
      await page.getByRole("button", { name: "Move pickup" }).click();
      await expect(page.locator("p").filter({ hasText: "3 pm – 5 pm" })).toBeVisible();

      await page.getByRole("button", { name: "Cancel pickup" }).click();
      await expect(page.locator(".order-status")).toContainText("Cancelled");
      await expect(page.getByRole("button", { name: "Cancel pickup" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Move pickup" })).toHaveCount(0);
    });
  });
}
