/**
 * A shopper on a 360 px phone searches the plants (docs/shop.md "Search"): the Outdoor filter,
 * kept by a new search, is shown beside the results and cleared with one tap; a search that
 * finds nothing offers the nearest names. With and without JavaScript, axe-clean.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";

test.use({ viewport: { width: 360, height: 740 } });

async function searchFor(page: Page, text: string) {
  await page.getByLabel("Search plants").fill(text);
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("'snake' after the Outdoor filter says where the match is; 'Clear filter' shows it", async ({
      page,
    }) => {
      await page.goto("/plant");
      await page.getByRole("link", { name: "Outdoor" }).click();
      await expect(page).toHaveURL(/\/plant\?filter=outdoor$/);
      await searchFor(page, "snake");
      // The search kept the filter, and says so beside the results.
      await expect(page).toHaveURL(/q=snake/);
      await expect(page).toHaveURL(/filter=outdoor/);
      await expect(page.getByLabel("Search outdoor plants only")).toBeChecked();
      await expect(page.getByTestId("active-filter")).toHaveText(
        "Showing outdoor plants only. Clear filter",
      );
      await expect(page.getByTestId("matches-elsewhere")).toContainText(
        "1 more plant matches “snake” among all plants.",
      );
      await expect(page.locator(".product-card")).toHaveCount(0);
      // axe runs in the page's JavaScript; the markup is the same server-rendered HTML both ways.
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      const clear = page.getByRole("link", { name: "Clear filter" });
      const box = await clear.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
      await clear.click();
      await expect(page).toHaveURL(/\/plant\?q=snake$/);
      await expect(page.getByRole("heading", { level: 2, name: "Snake Plant" })).toBeVisible();
      await expect(page.getByTestId("active-filter")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "All", exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
    });

    test("unticking the filter in the form searches all plants", async ({ page }) => {
      await page.goto("/plant?filter=outdoor");
      await page.getByLabel("Search outdoor plants only").uncheck();
      await searchFor(page, "snak");
      await expect(page).toHaveURL(/\/plant\?q=snak$/);
      await expect(page.locator(".product-card").first()).toContainText("Snake Plant");
    });

    test("a search that finds nothing suggests the nearest names, in the page's language", async ({
      page,
    }) => {
      await page.goto("/plant");
      await searchFor(page, "golden cactus");
      await expect(page.getByText("No plants match your search.")).toBeVisible();
      const suggestions = page.getByRole("list", { name: "Did you mean one of these?" });
      await expect(suggestions.getByRole("link").first()).toHaveText("Money Plant (Golden Pothos)");
      await expect(page.getByRole("list", { name: "Try searching for:" })).toBeVisible();
      // axe runs in the page's JavaScript; the markup is the same server-rendered HTML both ways.
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await suggestions.getByRole("link").first().click();
      await expect(page.getByRole("heading", { level: 2, name: /Money Plant/ })).toBeVisible();

      await page.goto(`/hi/plant?q=${encodeURIComponent("golden cactus")}`);
      await expect(
        page
          .getByRole("list", { name: "क्या आप इनमें से कोई पौधा ढूँढ रहे थे?" })
          .getByRole("link")
          .first(),
      ).toContainText("मनी प्लांट");
      await page.getByRole("link", { name: "हवा साफ़" }).click();
      await expect(page.locator(".product-card").first()).toBeVisible();
      await expect(page).toHaveURL(/\/hi\/plant\?q=/);
    });
  });
}
