/**
 * A visitor books a scrap pickup with an estimate, then moves and cancels it from the
 * tracking link, with and without JavaScript.
 */
import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import {
  fillPickupForm,
  openRateCategory,
  optionValues,
  PHONE_VIEWPORT,
  PICKUP_BOOKING,
  type PickupBooking,
  schedulePickup,
} from "../support/browser/steps";

/** Two materials, 10 kg in all: below 15 kg, so pickup charges may apply. */
const BOOKING: PickupBooking = {
  ...PICKUP_BOOKING,
  materials: [...PICKUP_BOOKING.materials, { label: "Newspaper and books (₹10/kg)", kg: "8" }],
};

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    test("a visitor checks the rates, books a pickup with an estimate, moves it and cancels it", async ({
      page,
    }) => {
      await page.goto("/ratelist");
      await openRateCategory(page, "Metal");
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
        page
          .locator(".field__error")
          .getByText("Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9."),
      ).toBeVisible();
      await expect(page.locator(".field__error").getByText("Choose a pickup date.")).toBeVisible();
      await expect(
        page.locator(".field__error").getByText("Choose a material for this weight."),
      ).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue("Ravi Kumar");
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      expect((await optionValues(page, "Pick Up Date")).length).toBeGreaterThanOrEqual(13);
      await fillPickupForm(page, BOOKING);
      if (javaScriptEnabled) {
        await expect(page.getByText("Estimated value: ₹580 for 10 kg")).toBeVisible();
        await expect(
          page.getByText("Below 15 kg in total, pickup charges may apply."),
        ).toBeVisible();
      }
      const reference = await schedulePickup(page);
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
  },
  { viewport: PHONE_VIEWPORT },
);
