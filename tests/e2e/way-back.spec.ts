/**
 * The way back to a booking or an order (docs/shop.md "Keeping the way back"): the home page
 * shows the order just placed until dismissed, confirmation and tracking pages have the
 * tracking link to copy or share on WhatsApp, and an order says when it should arrive.
 */

import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import {
  bookPickup,
  fillCheckout,
  openCheckoutWith,
  PHONE_VIEWPORT,
  PICKUP_BOOKING,
  SHOPPER,
  successReference,
} from "../support/browser/steps";

/**
 * A mobile number of this test's own: the limits per phone number (docs/operations.md
 * "Anti-automation") count every order and booking of the run.
 */
function ownMobile(): string {
  return `9${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-9)}`;
}

/** Places a cash-on-delivery order for one fertiliser; returns its reference and tracking path. */
async function placeOrder(
  page: Page,
  javaScript: boolean,
): Promise<{ reference: string; trackingPath: string }> {
  await openCheckoutWith(page, { from: "/supplies", product: /^Dec-Neemo/, javaScript });
  await fillCheckout(page, { ...SHOPPER, phone: ownMobile(), pinCode: "560001" });
  await page.getByRole("button", { name: "Confirm Order" }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]+\/placed$/);
  const reference = await successReference(page);
  expect(reference).toMatch(/^OR-/);
  const trackingPath = new URL(page.url()).pathname.replace(/\/placed$/, "");
  return { reference, trackingPath };
}

/** Checks the share block: the address, the wa.me link with `text` and the address. */
async function expectShareLink(page: Page, url: string, text: string) {
  const field = page.getByLabel(/tracking link|ट्रैकिंग लिंक/);
  await expect(field).toHaveValue(url);
  const whatsApp = page.getByRole("link", { name: /Share on WhatsApp|WhatsApp पर भेजें/ });
  const href = (await whatsApp.getAttribute("href")) ?? "";
  expect(href.startsWith("https://wa.me/?text=")).toBe(true);
  expect(decodeURIComponent(href.slice("https://wa.me/?text=".length))).toBe(`${text} ${url}`);
}

test.use({ viewport: PHONE_VIEWPORT });

test("after the return to the home page, the order stays there until dismissed", async ({
  page,
}) => {
  const { reference, trackingPath } = await placeOrder(page, true);
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  const notice = page.getByRole("complementary", { name: /Your order/ });
  await expect(notice).toContainText(`Your order ${reference} has been placed.`);
  await expectNoAxeViolations(page);

  await notice.getByRole("link", { name: "Track your order" }).click();
  await expect(page).toHaveURL(new RegExp(`${trackingPath}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);

  // In another language, after a reload: still there, in that language.
  await page.goto("/hi");
  await expect(page.getByRole("complementary")).toContainText(
    `आपका ऑर्डर ${reference} दे दिया गया है।`,
  );
  await page.getByRole("button", { name: "हटाएँ" }).click();
  await expect(page.getByRole("complementary")).toHaveCount(0);
  await page.reload();
  await expect(page.locator(".hero")).toBeVisible();
  await expect(page.locator(".recent-order")).toHaveCount(0);
});

test("the checkout offers what this browser typed for a booking, and no other browser sees it", async ({
  page,
  browser,
}) => {
  const booking = {
    ...PICKUP_BOOKING,
    phone: ownMobile(),
    email: `ravi.${Date.now()}@example.com`,
  };
  await bookPickup(page, booking);
  await openCheckoutWith(page, { from: "/supplies", product: /^Dec-Neemo/ });
  await expect(page.getByLabel("Name")).toHaveValue(booking.name);
  await expect(page.getByLabel("Email")).toHaveValue(booking.email);
  await expect(page.getByLabel("Phone")).toHaveValue(booking.phone);
  await expect(page.getByLabel("Address")).toHaveValue(
    `${booking.addressLine1}, ${booking.addressLine2}`,
  );
  await expect(page.getByLabel("City")).toHaveValue(booking.city);
  await expect(page.getByLabel("PIN code")).toHaveValue(booking.pinCode);
  // The booking form has no state: the customer chooses it.
  await expect(page.getByLabel("State")).toHaveValue("");

  const other = await browser.newContext({ viewport: PHONE_VIEWPORT });
  const stranger = await other.newPage();
  await openCheckoutWith(stranger, {
    from: new URL("/supplies", page.url()).href,
    product: /^Dec-Neemo/,
  });
  await expect(stranger.getByLabel("Name")).toHaveValue("");
  await expect(stranger.getByLabel("Phone")).toHaveValue("");
  await other.close();
});

describeWithAndWithoutJavaScript(
  (javaScript) => {
    test("an order's pages give its tracking link to keep and when it should arrive", async ({
      page,
      context,
    }) => {
      if (javaScript) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const { reference, trackingPath } = await placeOrder(page, javaScript);
      const origin = new URL(page.url()).origin;
      if (javaScript) await page.getByRole("button", { name: "Stay on this page" }).click();
      await expect(page.locator(".order-delivery")).toHaveText(
        /^Expected delivery between \w{3}, \d{1,2} \w{3} and \w{3}, \d{1,2} \w{3}\.$/,
      );
      await expectShareLink(
        page,
        `${origin}${trackingPath}`,
        `My Scrap & Sprout order ${reference}:`,
      );

      await page.goto(trackingPath);
      await expect(page.locator(".order-delivery")).toContainText("Expected delivery between");
      await expectShareLink(
        page,
        `${origin}${trackingPath}`,
        `My Scrap & Sprout order ${reference}:`,
      );
      const copy = page.getByRole("button", { name: "Copy link" });
      if (javaScript) {
        await copy.click();
        await expect(page.getByRole("status").filter({ hasText: "Link copied." })).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
          `${origin}${trackingPath}`,
        );
      } else {
        await expect(copy).toBeHidden();
      }

      // The Hindi tracking page shares the Hindi address.
      await page.goto(`/hi${trackingPath}`);
      await expectShareLink(
        page,
        `${origin}/hi${trackingPath}`,
        `Scrap & Sprout पर मेरा ऑर्डर ${reference}:`,
      );
      await expect(page.locator(".order-delivery")).toContainText("डिलीवरी");
      // axe runs in the page: only with JavaScript.
      if (javaScript) await expectNoAxeViolations(page);
    });

    test("a booked pickup's pages give its tracking link to keep", async ({ page }) => {
      const reference = await bookPickup(page, {
        ...PICKUP_BOOKING,
        phone: ownMobile(),
        email: `ravi.${Date.now()}@example.com`,
      });
      const origin = new URL(page.url()).origin;
      const trackingPath = new URL(page.url()).pathname.replace(/\/booked$/, "");
      const text = `My Scrap & Sprout pickup ${reference}:`;
      await expectShareLink(page, `${origin}${trackingPath}`, text);
      await page.goto(trackingPath);
      await expectShareLink(page, `${origin}${trackingPath}`, text);
    });
  },
  { viewport: PHONE_VIEWPORT },
);
