/**
 * A large cash-on-delivery order from a new phone waits for the customer's code (docs/shop.md
 * "Confirming a cash-on-delivery order"), at 360 px, with and without JavaScript: checkout opens
 * the order's page with the code box; the code is read from the fake WhatsApp Cloud API the web
 * server sends to; a wrong code is refused next to the field and changes nothing; the right code
 * places the order and opens the thank-you page. axe (with JavaScript) on the refused code.
 */
import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import {
  addToCart,
  codeSentTo,
  expectNoHorizontalScroll,
  fillCheckout,
  freshMobile,
  PHONE_VIEWPORT,
  SHOPPER,
} from "../support/browser/steps";

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    test("a ₹3,000 cash-on-delivery order waits for the code from WhatsApp, refuses a wrong one, and is placed with the right one", async ({
      page,
    }) => {
      const mobile = freshMobile("6");
      await page.goto("/supplies");
      // Two 40 kg sacks of vermicompost: ₹3,000, above the ₹2,000 default.
      for (let i = 0; i < 2; i++) {
        await addToCart(page, /Vermicompost.*40\s?kg/, { javaScript: javaScriptEnabled });
      }
      await page.goto("/checkout");
      await fillCheckout(page, { ...SHOPPER, phone: mobile, name: "Code Shopper" });
      await page.getByRole("button", { name: "Confirm Order" }).click();

      await expect(
        page.getByRole("heading", { name: "Confirm your order with the code we sent" }),
      ).toBeVisible();
      await expect(page.locator(".order-status")).toContainText("Waiting for your code");
      const code = await codeSentTo(mobile, "en");
      expect(code).toMatch(/^[0-9]{6}$/);

      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      await page.locator("#code").fill(wrong);
      await page.getByRole("button", { name: "Confirm order" }).click();
      await expect(page.locator("#code-error")).toHaveText(
        "This code is not right. Check the message and try again.",
      );
      await expect(page.locator(".order-status")).toContainText("Waiting for your code");
      await expectNoHorizontalScroll(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await page.locator("#code").fill(code);
      await page.getByRole("button", { name: "Confirm order" }).click();
      await expect(page.getByText(/Order has been placed!/)).toBeVisible();
    });
  },
  { viewport: PHONE_VIEWPORT },
);
