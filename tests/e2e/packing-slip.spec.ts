/**
 * Packing slips (docs/dashboard.md "Packing slips", ADR 0035): a shopper orders twice with cash
 * on delivery, once under a name in Devanagari. Without JavaScript, staff tick both on the
 * orders list and print them: two A4 pages, then on the 80 mm roll one after another with a
 * cut line, no wider than the roll (80 mm = 302 CSS px). With JavaScript, one order's slip from
 * its page: the Print button prints, and is gone from the printout. Print media is emulated;
 * axe checks the orders list and the slip page.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";
import { expect, test } from "../support/browser/fixtures";
import {
  fillCheckout,
  inNewContext,
  openCheckoutWith,
  SHOPPER,
  successReference,
  waitForHydration,
} from "../support/browser/steps";

/** This spec's shopper's number: the orders list's search finds exactly their orders. */
const PHONE = "9740011223";
/** 80 mm in CSS pixels (96 per inch). */
const ROLL_PX = 302;
const orders: { name: string; product: RegExp; reference?: string }[] = [
  { name: "आशा राव", product: /^Tulsi/ },
  { name: "Ravi Kumar", product: /^Snake Plant/ },
];

test.describe.configure({ mode: "serial" });
test.use({ dashboardPath: `/dashboard/orders?q=${PHONE}` });

test.beforeAll(async ({ browser }) => {
  // Two checkouts on a loaded machine: plain form posts (no JavaScript to wait for).
  test.setTimeout(120_000);
  await inNewContext(
    browser,
    async (page) => {
      for (const order of orders) {
        await openCheckoutWith(page, { from: "/plant", product: order.product, javaScript: false });
        await fillCheckout(page, { ...SHOPPER, name: order.name, phone: PHONE });
        await page.getByRole("button", { name: "Confirm Order" }).click();
        await expect(page.getByText(/Order has been placed!/)).toBeVisible();
        order.reference = await successReference(page);
      }
    },
    { javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": "198.19.201.7" } },
  );
});

/** The number of pages of the page printed to PDF with `options` (Chromium only). */
async function printedPages(page: Page, options: Parameters<Page["pdf"]>[0]) {
  const pdf = (await page.pdf(options)).toString("latin1");
  return {
    count: pdf.match(/\/Type\s*\/Page\b/g)?.length ?? 0,
    widths: [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+)/g)].map((m) => Number(m[1])),
  };
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("staff print both orders' slips from the orders list, on A4 and on the 80 mm roll", async ({
    staffPage: page,
  }) => {
    for (const order of orders) {
      await page.getByRole("checkbox", { name: `Choose ${order.reference}` }).check();
    }
    await page.getByRole("button", { name: "Print packing slips (A4)" }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders\/slips\?/);
    const slips = page.getByRole("article");
    await expect(slips).toHaveCount(2);
    for (const order of orders) {
      const slip = slips.filter({ hasText: order.reference ?? "" });
      await expect(slip.getByText(order.name, { exact: true })).toBeVisible();
      await expect(slip.getByText(/Cash on delivery — collect ₹[\d,]+/)).toBeVisible();
      await expect(slip.getByText("1 item", { exact: true })).toBeVisible();
    }

    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
    const a4 = await printedPages(page, { preferCSSPageSize: true });
    expect(a4.count).toBe(2);
    // A4 is 210 mm = 595 pt wide.
    expect(a4.widths.every((width) => Math.abs(width - 595) < 2)).toBe(true);

    await page.emulateMedia({ media: "screen" });
    await page.getByRole("link", { name: "80 mm" }).click();
    await expect(page).toHaveURL(/width=80mm/);
    await page.setViewportSize({ width: ROLL_PX, height: 800 });
    await page.emulateMedia({ media: "print" });
    await expect(slips).toHaveCount(2);
    await expect(page.getByText("cut here")).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(ROLL_PX);
    const roll = await printedPages(page, { width: "80mm", height: "400mm" });
    // A strip 80 mm (226.8 pt) wide: the two slips one after another, no page break between.
    expect(roll.widths[0]).toBeCloseTo(226.8, 0);
    expect(roll.count).toBe(1);
  });
});

test("with JavaScript, one order's slip from its page prints with the Print button, on either paper", async ({
  staffPage: page,
}) => {
  const [first] = orders;
  // The orders list with its slip form and 'Choose' boxes (axe needs JavaScript).
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: first?.reference }).click();
  await page.getByRole("link", { name: "Packing slip (A4)" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Packing slip ${first?.reference}`,
  );
  await expect(page.getByRole("article")).toHaveCount(1);
  await expectNoAxeViolations(page);
  await waitForHydration(page, ".slips__print button");
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute("data-printed", "yes");
  });
  await page.getByRole("button", { name: "Print" }).click();
  await expect(page.locator("body")).toHaveAttribute("data-printed", "yes");
  // The other paper, as a client-side navigation.
  await page.getByRole("link", { name: "80 mm" }).click();
  await expect(page).toHaveURL(/\/slip\?width=80mm$/);
  await expect(page.getByRole("article")).toHaveCount(1);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByRole("article").getByText(first?.name ?? "")).toBeVisible();
});
