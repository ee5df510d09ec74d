/**
 * A steady LCP and no footer shift (issue 15 item 4, ADR 0017): the JavaScript is requested
 * only after the largest contentful paint, the page still hydrates, and on short pages the
 * footer starts below the fold so a paint of half-streamed HTML moves nothing on screen.
 */
import { expect, type Page, test } from "@playwright/test";

const PHONE = { width: 412, height: 823 };

/** True once React has hydrated `<main>` (React puts its fiber keys on hydrated nodes). */
async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => Object.keys(document.querySelector("main") ?? {}).some((k) => k.startsWith("__react")),
    null,
    { timeout: 15_000 },
  );
}

for (const path of ["/", "/plant", "/faq", "/cart"]) {
  test(`${path}: no script is requested before the largest contentful paint, and the page hydrates`, async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await waitForHydration(page);
    const timing = await page.evaluate(
      () =>
        new Promise<{
          lcp: number;
          load: number;
          startedAt: number;
          firstScript: number;
          scripts: number;
        }>((resolve) => {
          new PerformanceObserver((list) => {
            const lcp = list.getEntries().at(-1)?.startTime ?? Number.NaN;
            const scripts = performance
              .getEntriesByType("resource")
              .filter((entry) => new URL(entry.name).pathname.endsWith(".js"));
            const [navigation] = performance.getEntriesByType(
              "navigation",
            ) as PerformanceNavigationTiming[];
            resolve({
              lcp,
              load: navigation?.loadEventStart ?? Number.NaN,
              startedAt:
                (window as { __scriptsStartedAt?: number }).__scriptsStartedAt ?? Number.NaN,
              firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
              scripts: scripts.length,
            });
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    expect(timing.scripts).toBeGreaterThan(0);
    // Every script is requested by the loader, which runs after `load` and a painted frame:
    // the property Lighthouse's simulated LCP depends on (bench:lighthouse prints how many
    // scripts ended before the observed LCP; on a loaded machine the browser's last LCP entry
    // can come later than the loader's 100 ms quiet period, so it is logged, not asserted).
    expect(timing.startedAt).toBeGreaterThan(timing.load);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.startedAt);
    console.log(
      `${path}: LCP ${timing.lcp.toFixed(0)} ms, load ${timing.load.toFixed(0)} ms, scripts from ${timing.firstScript.toFixed(0)} ms`,
    );
  });
}

test("the JavaScript still runs after the first paint: the phone menu opens", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/faq");
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Plants" })).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(nav.getByRole("link", { name: "Plants" })).toBeVisible();
});

for (const path of ["/cart", "/review-page"]) {
  test(`${path}: on a phone the footer starts below the fold and nothing shifts on load`, async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.addInitScript(() => {
      const w = window as unknown as { shiftTotal: number };
      w.shiftTotal = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
          w.shiftTotal += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(path);
    await waitForHydration(page);
    const footerTop = await page
      .getByRole("contentinfo")
      .evaluate((footer) => footer.getBoundingClientRect().top);
    expect(footerTop).toBeGreaterThanOrEqual(PHONE.height);
    const shift = await page.evaluate(
      () => (window as unknown as { shiftTotal: number }).shiftTotal,
    );
    expect(shift).toBeLessThanOrEqual(0.02);
  });
}

test("a press before the page has hydrated is kept and handled once it has", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/plant");
  // No wait for hydration: the scripts start only after the largest contentful paint.
  await page.getByRole("button", { name: "Menu" }).click();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Supplies" })).toBeVisible();
  const card = page
    .locator(".product-card")
    .filter({ has: page.getByRole("heading", { name: "Spider Plant" }) });
  await card.getByRole("button", { name: /Add to cart/ }).click();
  // Handled by React in place (no reload with the no-JavaScript form post).
  await expect(card.getByText("Added to cart", { exact: true })).toBeVisible();
});
