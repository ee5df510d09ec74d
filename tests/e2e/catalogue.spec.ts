/**
 * A shopper browses plants and fertilisers: search and filter kept in the URL, with and
 * without JavaScript.
 */
import { expect, test } from "@playwright/test";

test("a shopper searches plants and filters by indoor and outdoor", async ({ page }) => {
  await page.goto("/plant");
  const cards = page.locator(".product-card");
  const total = await cards.count();
  expect(total).toBeGreaterThanOrEqual(30);
  await expect(page.getByRole("status").filter({ hasText: `${total} plants` })).toBeVisible();

  await page.getByLabel("Search plants").fill("tulsi");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/plant\?q=tulsi$/);
  await expect(page.getByRole("heading", { level: 2, name: /tulsi/i }).first()).toBeVisible();
  await expect.poll(() => cards.count()).toBeLessThan(total);

  await page.getByRole("link", { name: "Outdoor" }).click();
  await expect(page).toHaveURL(/q=tulsi/);
  await expect(page).toHaveURL(/filter=outdoor/);
  await expect(page.getByRole("link", { name: "Outdoor" })).toHaveAttribute("aria-current", "page");

  await page.reload();
  await expect(page.getByLabel("Search plants")).toHaveValue("tulsi");
  await expect(page.getByRole("link", { name: "Outdoor" })).toHaveAttribute("aria-current", "page");

  await page.getByRole("link", { name: "Indoor" }).click();
  await expect(page).toHaveURL(/filter=indoor/);
  const usages = await page.locator(".product-card dd").allTextContents();
  expect(usages.filter((text) => text === "Outdoor")).toEqual([]);
});

test("a search with no match says so and links back to all plants", async ({ page }) => {
  await page.goto("/plant?q=qwxyzzy");
  await expect(page.getByText("No plants match your search.")).toBeVisible();
  await page.getByRole("link", { name: "see all plants" }).click();
  await expect(page).toHaveURL(/\/plant$/);
  await expect.poll(() => page.locator(".product-card").count()).toBeGreaterThanOrEqual(30);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search and filter still work as plain links and forms", async ({ page }) => {
    await page.goto("/plant");
    await page.getByLabel("Search plants").fill("money");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=money/);
    await expect(page.getByRole("heading", { level: 2, name: /money plant/i })).toBeVisible();
    await page.getByRole("link", { name: "Indoor" }).click();
    await expect(page).toHaveURL(/q=money&filter=indoor/);
  });
});

test("the supplies page lists the 8 fertilisers with their prices", async ({ page }) => {
  await page.goto("/supplies");
  const cards = page.locator(".product-card");
  await expect(cards).toHaveCount(8);
  await expect(cards.filter({ hasText: "40kg" })).toContainText("₹1,500");
  await expect(cards.filter({ hasText: "Agni Shield" })).toContainText("₹250");
  await expect(cards.filter({ hasText: "Dec-Mori" })).toContainText("₹170");
});

test("odd query strings render the normal page", async ({ page }) => {
  for (const query of [
    "filter=<script>alert(1)</script>",
    `q=${"x".repeat(10_000)}`,
    "filter=INDOOR&q=%00",
    "q=%E0%A4%A",
  ]) {
    const response = await page.goto(`/plant?${query}`);
    expect(response?.status(), query.slice(0, 40)).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Plants" })).toBeVisible();
    await expect(page.getByRole("link", { name: "All", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  }
});

test("an out-of-stock plant says so and cannot be added", async ({ page }) => {
  await page.goto("/plant?q=anthurium");
  const card = page.locator(".product-card").filter({ hasText: "Anthurium" });
  await expect(card.locator(".product-card__stock")).toHaveText("Out of stock");
  await expect(card.getByRole("button", { name: "Out of stock" })).toBeDisabled();
  await expect(card.getByRole("button", { name: /Add to cart/ })).toHaveCount(0);
});
