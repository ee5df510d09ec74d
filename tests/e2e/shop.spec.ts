/**
 * A shopper buys plants and a fertiliser with cash on delivery, with and without JavaScript.
 */
import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import {
  addToCart,
  fillCheckout,
  openCheckoutWith,
  PHONE_VIEWPORT,
  SHOPPER,
  successReference,
} from "../support/browser/steps";

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    test("a shopper buys two plants and a fertiliser with cash on delivery", async ({ page }) => {
      const nav = page.getByRole("navigation", { name: "Main" });
      const cartLink = javaScriptEnabled
        ? page.getByRole("button", { name: "Menu" })
        : nav.getByRole("link", { name: /^Cart \(\d+\)$/ });

      await page.goto("/plant");
      const tulsiCard = await addToCart(page, /^Tulsi/, { javaScript: javaScriptEnabled });
      // With JavaScript the page stays: the card offers the way to the cart.
      if (javaScriptEnabled)
        await expect(tulsiCard.getByRole("link", { name: "View cart" })).toHaveAttribute(
          "href",
          "/cart",
        );
      await addToCart(page, /^Aloe Vera/, { javaScript: javaScriptEnabled });
      if (javaScriptEnabled) {
        await expect(page.locator(".site-header__badge")).toContainText("2");
        await expect(page).toHaveURL(/\/plant$/);
      } else {
        await expect(page).toHaveURL(/\/plant$/);
        await expect(cartLink).toHaveText("Cart (2)");
      }

      await page.goto("/supplies");
      await addToCart(page, /^Vermicompost 40kg/, { javaScript: javaScriptEnabled });
      if (javaScriptEnabled) await expect(page.locator(".site-header__badge")).toContainText("3");
      else await expect(nav.getByRole("link", { name: "Cart (3)" })).toBeVisible();

      await page.goto("/cart");
      const lines = page.locator(".cart-line");
      await expect(lines).toHaveCount(3);
      const tulsi = lines.filter({ hasText: "Tulsi" });
      await expect(tulsi.getByRole("button", { name: /Remove one/ })).toBeDisabled();
      await tulsi.getByRole("button", { name: /Add one/ }).click();
      await expect(tulsi.locator(".cart-line__quantity")).toContainText("2");
      await expect(tulsi.locator(".cart-line__total")).toHaveText("₹120");
      await expect(page.locator(".cart-total strong")).toHaveText("₹1,740");
      await tulsi.getByRole("button", { name: /Add one/ }).click();
      await expect(tulsi.locator(".cart-line__quantity")).toContainText("3");
      await tulsi.getByRole("button", { name: /Remove one/ }).click();
      await expect(tulsi.locator(".cart-line__quantity")).toContainText("2");
      await lines
        .filter({ hasText: "Aloe Vera" })
        .getByRole("button", { name: /^Remove Aloe Vera/ })
        .click();
      await expect(lines).toHaveCount(2);
      await expect(page.locator(".cart-total strong")).toHaveText("₹1,620");
      if (!javaScriptEnabled)
        await expect(nav.getByRole("link", { name: "Cart (3)" })).toBeVisible();
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await page.getByRole("link", { name: "Proceed to Checkout" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
      await fillCheckout(page, { ...SHOPPER, phone: "12345", pinCode: "012345" });
      await page.getByRole("button", { name: "Confirm Order" }).click();
      await expect(
        page
          .locator(".field__error")
          .getByText("Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9."),
      ).toBeVisible();
      await expect(
        page
          .locator(".field__error")
          .getByText("Enter a 6-digit PIN code that does not start with 0."),
      ).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue("Asha Rao");
      await expect(page.getByLabel("State")).toHaveValue("Karnataka");
      await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await page.getByLabel("Phone").fill("+91 98450 12345");
      await page.getByLabel("PIN code").fill("560038");
      await page.getByRole("button", { name: "Confirm Order" }).click();
      await expect(
        page.getByText(
          "Order has been placed! You will receive your order soon. Total amount to be paid at delivery: ₹1,620",
        ),
      ).toBeVisible();
      const reference = await successReference(page);
      expect(reference).toMatch(/^OR-[0-9A-Z]{6}$/);
      if (javaScriptEnabled) await page.getByRole("button", { name: "Stay on this page" }).click();

      await page.getByRole("link", { name: "Track your order" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: `Order ${reference}` }),
      ).toBeVisible();
      await expect(page.locator(".order-status")).toContainText("Placed");
      await expect(page.getByRole("row", { name: /Tulsi/ })).toContainText("₹120");
      await expect(page.locator("address")).toContainText("560038");
      await expect(page.locator("address")).toContainText("+91 98450 12345");
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Cancel order" }).click();
      await expect(page.locator(".order-status")).toContainText("Cancelled");
      await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);

      await page.goto("/cart");
      await expect(page.getByText("Your cart is empty.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toHaveCount(0);
    });
  },
  { viewport: PHONE_VIEWPORT },
);

test("with JavaScript the success page returns to the home page after 3 seconds", async ({
  page,
}) => {
  // The header counts the add at once; the step waits for the server's answer before leaving.
  await openCheckoutWith(page, { from: "/supplies", product: /^Dec-Neemo/ });
  await fillCheckout(page, { ...SHOPPER, phone: "9845012345", pinCode: "560001" });
  await page.getByRole("button", { name: "Confirm Order" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Order has been placed!" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
});
