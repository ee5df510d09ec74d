/**
 * Every public page: 200, a title and a description, zero axe-core violations (WCAG 2.2 AA
 * tags) and screenshots at 360 px and 1280 px kept as test artifacts.
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";

const pages = [
  { path: "/", heading: "STAY CLEAN GO GREEN" },
  { path: "/plant", heading: "Plants" },
  { path: "/supplies", heading: "Supplies" },
  { path: "/ratelist", heading: "Scrap rate list" },
  { path: "/faq", heading: /frequently asked questions/i },
  { path: "/privacy-policy", heading: "Privacy Policy" },
  { path: "/terms-of-use", heading: "Terms of Use" },
  { path: "/orderpage", heading: "Schedule a scrap pickup" },
  { path: "/cart", heading: "Cart" },
  { path: "/checkout", heading: "Checkout" },
  { path: "/payment", heading: "Payment" },
  { path: "/review-page", heading: "Review us" },
  { path: "/no-such-page", heading: "Page Not Found", status: 404 },
];

for (const { path, heading, status = 200 } of pages) {
  test.describe(`page ${path}`, () => {
    for (const width of [360, 1280]) {
      test(`renders at ${width} px with a title, a description and no axe violations`, async ({
        page,
      }, testInfo) => {
        await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
        const response = await page.goto(path);
        expect(response?.status()).toBe(status);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expect(page).toHaveTitle(/Scrap & Sprout/);
        const description = await page.locator('meta[name="description"]').getAttribute("content");
        expect(description?.length ?? 0).toBeGreaterThan(20);

        await expectNoAxeViolations(page);

        const name = path === "/" ? "home" : path.slice(1);
        const shot = await page.screenshot({ fullPage: true });
        await testInfo.attach(`${name}-${width}.png`, { body: shot, contentType: "image/png" });
        const bodyWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(bodyWidth, "no horizontal scrolling").toBeLessThanOrEqual(width);
      });
    }
  });
}

test("every image has width, height and alt text", async ({ page }) => {
  for (const path of ["/", "/plant", "/supplies"]) {
    await page.goto(path);
    const images = await page.locator("img").evaluateAll((nodes) =>
      nodes.map((img) => ({
        src: img.getAttribute("src"),
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        alt: img.getAttribute("alt"),
      })),
    );
    for (const image of images) {
      expect(image.width, `${image.src} width`).toBeTruthy();
      expect(image.height, `${image.src} height`).toBeTruthy();
      expect(image.alt, `${image.src} alt`).toBeTruthy();
    }
  }
});
