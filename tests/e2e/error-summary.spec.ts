/**
 * A refused form shows its problems where the customer is looking (docs/layout.md "Forms"): at
 * 360 px, with and without JavaScript, in English, Hindi and Kannada, a failed booking and a
 * failed checkout leave the error summary in the viewport with focus on it, each problem a link
 * to its field, and the page title starting with "Error:" in the page's language.
 */
import type { Page } from "@playwright/test";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { PHONE_VIEWPORT } from "../support/browser/steps";

const languages = [
  { lang: "en", prefix: "", error: /^Error: / },
  { lang: "hi", prefix: "/hi", error: /^गलती: / },
  { lang: "kn", prefix: "/kn", error: /^ದೋಷ: / },
] as const;

/** The summary is shown, focused, inside the viewport, and lists `first` as its first link. */
async function expectSummaryInView(page: Page, first: string, title: RegExp) {
  const summary = page.locator(".error-summary");
  await expect(summary).toBeVisible();
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport();
  // Its title is on screen, not only its last lines.
  await expect(summary.locator("h2")).toBeInViewport({ ratio: 1 });
  await expect(summary.getByRole("link").first()).toHaveAttribute("href", `#${first}`);
  await expect(page).toHaveTitle(title);
}

describeWithAndWithoutJavaScript(
  () => {
    for (const { lang, prefix, error } of languages) {
      test(`${lang}: a booking with empty fields and a wrong e-mail`, async ({ page }) => {
        await page.goto(`${prefix}/orderpage`);
        await page.locator("#email").fill("not-an-address");
        await page.locator("form.form button[type=submit].button--large").click();
        await expectSummaryInView(page, "name", error);
        await expect(page.locator("#email")).toHaveValue("not-an-address");
        await expect(page.locator(".error-summary a[href='#email']")).toHaveCount(1);
      });

      test(`${lang}: a checkout with a wrong e-mail`, async ({ page }) => {
        await page.goto(`${prefix}/plant`);
        // The add's answer (it sets the cart cookie) must arrive before checkout is opened: the
        // header's count rises as soon as the press is sent (optimistic), so it is no sign.
        const added = page.waitForResponse(
          (response) =>
            response.request().method() === "POST" &&
            new URL(response.url()).pathname.startsWith(`${prefix}/cart`),
        );
        await page.locator(".product-card form button[type=submit]").first().click();
        await added;
        await expect(page.locator(".site-header__badge")).toContainText("1");
        await page.goto(`${prefix}/checkout`);
        await page.locator("#name").fill("Asha Rao");
        await page.locator("#email").fill("asha@");
        await page.locator("form.form button[type=submit].button--large").click();
        await expectSummaryInView(page, "email", error);
        await expect(page.locator("#name")).toHaveValue("Asha Rao");
      });
    }

    test("en: a review without a rating or text", async ({ page }) => {
      await page.goto("/review-page");
      await page.getByLabel("Your name (optional)").fill("Lakshmi");
      await page.getByRole("button", { name: "Submit Review" }).click();
      await expectSummaryInView(page, "rating", /^Error: /);
      await expect(page.locator(".error-summary a[href='#review']")).toHaveCount(1);
      await expect(page.getByLabel("Your name (optional)")).toHaveValue("Lakshmi");
    });

    test("hi: 'Join us' with a wrong e-mail, at the bottom of the home page", async ({ page }) => {
      await page.goto("/hi#join");
      await page.locator("#join-email").fill("asha@");
      await page.locator("#join button[type=submit]").click();
      await expectSummaryInView(page, "join-name", /^गलती: /);
      await expect(page.locator(".error-summary a[href='#join-email']")).toHaveCount(1);
      await expect(page.locator("#join-email")).toHaveValue("asha@");
    });
  },
  { viewport: PHONE_VIEWPORT },
);

test("a summary link takes the customer to its field", async ({ page }) => {
  await page.setViewportSize(PHONE_VIEWPORT);
  await page.goto("/orderpage");
  await page.locator("form.form button[type=submit].button--large").click();
  await page.locator(".error-summary a[href='#city']").click();
  await expect(page.locator("#city")).toBeInViewport();
});
