/**
 * The scrap rate list: 5 categories, 29 materials, one category open at a time.
 */

import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { openRateCategory, rateCategory } from "../support/browser/steps";

describeWithAndWithoutJavaScript(() => {
  test("one category is expanded at a time and clicking the open one collapses it", async ({
    page,
  }) => {
    await page.goto("/ratelist");
    const categories = page.locator("details.rate-list__category");
    await expect(categories).toHaveCount(5);
    await expect(page.locator("details.rate-list__category tbody tr")).toHaveCount(29);

    const paper = rateCategory(page, "Paper");
    const metal = rateCategory(page, "Metal");
    await expect(paper).toHaveAttribute("open", "");
    await expect(paper.getByRole("row", { name: /Newspaper and books/ })).toContainText("₹10");

    await metal.locator("summary").click();
    await expect(metal).toHaveAttribute("open", "");
    await expect(paper).not.toHaveAttribute("open", "");
    await expect(metal.getByRole("row", { name: /Brass/ })).toContainText("₹250");
    await expect(page.locator("details[open]")).toHaveCount(1);

    await metal.locator("summary").click();
    await expect(page.locator("details[open]")).toHaveCount(0);

    await openRateCategory(page, "Others");
    const others = rateCategory(page, "Others");
    await expect(others.getByRole("row", { name: /Beer Bottles/ })).toContainText("₹0.50");

    // From the rates straight to booking, in the page's language.
    await page.goto("/kn/ratelist");
    await page.getByRole("link", { name: "ಪಿಕಪ್ ಬುಕ್ ಮಾಡಿ" }).click();
    await expect(page).toHaveURL(/\/kn\/orderpage$/);
  });
});
