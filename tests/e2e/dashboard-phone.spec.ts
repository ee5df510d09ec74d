/**
 * The dashboard on a 360 px phone (docs/dashboard.md "Phone layout"): a visitor books a coupon
 * pickup, a shopper orders, a reader joins the list and a customer reviews; an admin on a phone
 * finds the pickup by its reference with the list's search, ticks its card and assigns it to a
 * new collector, weighs it on the route sheet, and the customer confirms. Then every dashboard
 * page, at 360 px and at 1280 px in one login: nothing scrolls sideways at 360 px, axe finds
 * nothing at either width, a list's rows are cards on the phone and table rows on the wide screen.
 * The section menu and the folded filters open with and without JavaScript.
 *
 * With DASHBOARD_SHOTS_DIR set, each page is also saved there as `<page>-<width>.png` (full
 * page), for a person to look at.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { E2E_ADMIN } from "../support/browser/staff-accounts";
import {
  createCollector,
  expectNoHorizontalScroll,
  fillPickupForm,
  inNewContext,
  logInAsStaff,
  PHONE_VIEWPORT,
  PICKUP_BOOKING,
  placeCashOrder,
  SHOPPER,
  schedulePickup,
} from "../support/browser/steps";

const WIDE_VIEWPORT = { width: 1280, height: 800 };
const SHOTS_DIR = process.env.DASHBOARD_SHOTS_DIR;
/** The visitors' own client address, clear of the other specs' per-address limits. */
const VISITOR = { extraHTTPHeaders: { "X-Forwarded-For": "192.0.2.200" } };

/** Saves the page as `<name>-<width>.png` into DASHBOARD_SHOTS_DIR when it is set. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
}

/** The page shows its heading, fits a 360 px screen when that is the width, and passes axe. */
async function checkPage(page: Page, name: string): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  const width = page.viewportSize()?.width ?? 0;
  if (width <= PHONE_VIEWPORT.width) await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await shoot(page, name);
}

/** Books a 'Coupon' pickup of 2 kg of brass; its reference, date and tracking page's path. */
async function bookCouponPickup(page: Page) {
  await page.goto("/orderpage");
  await fillPickupForm(page, {
    ...PICKUP_BOOKING,
    name: "Phone Visitor",
    phone: "98450 33221",
    dateIndex: 4,
    time: "15:00",
    reward: "Coupon",
  });
  const date = await page.getByLabel("Pick Up Date").inputValue();
  const reference = await schedulePickup(page);
  await page.getByRole("link", { name: "Track your pickup" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Pickup ${reference}` })).toBeVisible();
  return { reference, date, tracking: new URL(page.url()).pathname };
}

/** A review and a 'Join us' registration (left unconfirmed), so those lists have rows. */
async function reviewAndJoin(page: Page): Promise<void> {
  await page.goto("/review-page");
  await page.getByLabel("Review", { exact: true }).fill("Collected on time, fair weights");
  await page.getByRole("radio", { name: "5 stars" }).check();
  await page.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByRole("dialog", { name: "Thank you for your review!" })).toBeVisible({
    timeout: 30_000,
  });
  await page.goto("/#join");
  const join = page.locator("#join");
  await join.getByLabel("Name").fill("Phone Reader");
  await join.getByLabel("Email").fill(`phone-reader-${Date.now()}@example.com`);
  await join.getByLabel("Contact").fill("98450 44332");
  await join.getByRole("button", { name: "Join us" }).click();
  await expect(page.getByRole("dialog", { name: "Thank you for joining us!" })).toBeVisible();
}

/** The list row (a card on a phone) that names `text`. */
function listRow(page: Page, text: string) {
  return page.getByRole("row").filter({ hasText: text });
}

/** The row lies within the phone's width and is laid out as a card (a grid), not a table row. */
async function expectCard(page: Page, text: string): Promise<void> {
  const row = listRow(page, text);
  await expect(row).toHaveCSS("display", "grid");
  const box = await row.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(
    PHONE_VIEWPORT.width,
  );
}

/**
 * At 360 px: the pickups list's search finds `reference`; its card's box is ticked and the
 * pickup assigned to `collector` with 'Assign chosen pickups'; the card then names them.
 * @returns the pickup's page path.
 */
async function findAndAssign(page: Page, reference: string, collector: string): Promise<string> {
  await page.goto("/dashboard/pickups");
  await expect(page.getByLabel("Status")).toBeHidden();
  await page.getByLabel("Search name, phone or reference").fill(reference);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("link", { name: reference })).toHaveCSS("white-space", "nowrap");
  await expectCard(page, reference);
  await expectNoHorizontalScroll(page);
  await page.getByLabel(`Choose ${reference}`).check();
  await page.getByLabel("Assign to").selectOption({ label: collector });
  await page.getByRole("button", { name: "Assign chosen pickups" }).click();
  await expect(page.getByText("Collector changed on 1 pickup.")).toBeVisible();
  await expect(listRow(page, reference)).toContainText(collector);
  await expectNoHorizontalScroll(page);
  const pickupPath = (await page.getByRole("link", { name: reference }).getAttribute("href")) ?? "";
  return pickupPath;
}

/** On the route sheet's page of the pickup (`/dashboard/route/:id`): 2 kg of brass, saved. */
async function weighOnRoutePage(page: Page, pickupId: string): Promise<void> {
  await page.goto(`/dashboard/route/${pickupId}`);
  await checkPage(page, "route-pickup");
  await page.getByLabel("Weighed kg, Brass").fill("2");
  await page.getByRole("button", { name: "Save weigh sheet" }).click();
  await expect(page.getByText("Weigh sheet saved.")).toBeVisible();
}

/** The id in a dashboard path such as /dashboard/orders/12. */
function idOf(href: string): string {
  return /\/(\d+)$/.exec(href)?.[1] ?? "";
}

test("every dashboard page fits a 360 px phone and passes axe at 360 and 1280 px", async ({
  page,
  browser,
}) => {
  // Four visitors, one assignment and 44 axe checks (the rate sheet's is the longest): about
  // 3 minutes alone, far longer beside other browser runs on two loaded cores.
  test.setTimeout(600_000);
  const pickup = await inNewContext(browser, bookCouponPickup, VISITOR);
  const orderRef = await inNewContext(
    browser,
    (shopper) => placeCashOrder(shopper, { ...SHOPPER, name: "Phone Shopper" }),
    VISITOR,
  );
  await inNewContext(browser, reviewAndJoin, VISITOR);

  await page.setViewportSize(PHONE_VIEWPORT);
  await logInAsStaff(page, E2E_ADMIN, "/dashboard/staff");
  const collector = {
    name: `Phone Collector ${Date.now()}`,
    email: `phone-collector-${Date.now()}@e2e.test`,
  };
  await createCollector(page, collector);
  const pickupPath = await findAndAssign(page, pickup.reference, collector.name);
  await weighOnRoutePage(page, idOf(pickupPath));
  await inNewContext(
    browser,
    async (customer) => {
      await customer.goto(pickup.tracking);
      await customer.getByRole("button", { name: "Confirm", exact: true }).click();
      await expect(customer.locator(".coupon-code")).toBeVisible();
    },
    VISITOR,
  );
  await page.goto(`/dashboard/orders?q=${orderRef}`);
  const orderPath = (await page.getByRole("link", { name: orderRef }).getAttribute("href")) ?? "";
  await page.goto("/dashboard/catalogue");
  const productPath =
    (await page
      .getByRole("link", { name: /^Tulsi/ })
      .first()
      .getAttribute("href")) ?? "";

  const pages: [string, string][] = [
    ["overview", "/dashboard"],
    ["route", `/dashboard/route?date=${pickup.date}`],
    ["route-pickup", `/dashboard/route/${idOf(pickupPath)}`],
    ["pickups", `/dashboard/pickups?q=${pickup.reference}`],
    ["pickup", pickupPath],
    ["orders", `/dashboard/orders?q=${orderRef}`],
    ["order", orderPath],
    ["claims", "/dashboard/claims"],
    ["coupons", `/dashboard/coupons?q=${pickup.reference}`],
    ["payouts", "/dashboard/payouts"],
    ["registrations", "/dashboard/registrations?q=Phone Reader"],
    ["reviews", "/dashboard/reviews"],
    ["catalogue", "/dashboard/catalogue"],
    ["product", productPath],
    ["rates", "/dashboard/rates"],
    ["delivery", "/dashboard/delivery"],
    ["settings", "/dashboard/settings"],
    ["bills", "/dashboard/bills"],
    ["staff", "/dashboard/staff"],
    ["messages", "/dashboard/messages?status=all"],
    ["newsletter", "/dashboard/newsletter"],
    ["audit", "/dashboard/audit"],
  ];
  for (const viewport of [PHONE_VIEWPORT, WIDE_VIEWPORT]) {
    await page.setViewportSize(viewport);
    for (const [name, pagePath] of pages) {
      await page.goto(pagePath);
      await checkPage(page, name);
    }
    await page.goto(`/dashboard/coupons?q=${pickup.reference}`);
    const couponRow = listRow(page, pickup.reference);
    await expect(couponRow).toHaveCSS("display", viewport === WIDE_VIEWPORT ? "table-row" : "grid");
    await expect(couponRow).toContainText("₹");
  }

  // The login and a dead setup link, logged out.
  for (const viewport of [PHONE_VIEWPORT, WIDE_VIEWPORT]) {
    await inNewContext(
      browser,
      async (visitor) => {
        await visitor.goto("/dashboard/login");
        await checkPage(visitor, "login");
        await visitor.goto("/dashboard/setup?token=used-up");
        await checkPage(visitor, "setup");
      },
      { viewport },
    );
  }
});

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    test("the section menu and the filters fold on a phone and open; a wide screen shows them", async ({
      page,
    }) => {
      // A login and two axe checks: over 60 s beside other browser runs on two loaded cores.
      test.setTimeout(120_000);
      await logInAsStaff(page, E2E_ADMIN, "/dashboard/pickups?status=requested&city=Bengaluru");
      const nav = page.getByRole("navigation", { name: "Dashboard" });
      const menu = nav.getByText("Menu: Pickups", { exact: true });
      await expect(menu).toBeVisible();
      await expect(menu).toHaveCSS("min-height", "44px");
      await expect(nav.getByRole("link", { name: "Orders" })).toBeHidden();
      await expect(page.getByRole("link", { name: "View shop" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();

      const filters = page.getByText("Filters (2 active)", { exact: true });
      await expect(filters).toBeVisible();
      await expect(page.getByLabel("Status")).toBeHidden();
      await expect(page.getByLabel("Search name, phone or reference")).toBeVisible();
      await filters.click();
      await expect(page.getByLabel("Status")).toHaveValue("requested");
      await expect(page.getByLabel("City")).toHaveValue("Bengaluru");
      await expectNoHorizontalScroll(page);

      await menu.click();
      await expect(nav.getByRole("link", { name: "Pickups" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expectNoHorizontalScroll(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await nav.getByRole("link", { name: "Orders" }).click();
      await expect(page).toHaveURL(/\/dashboard\/orders$/);
      await expect(nav.getByText("Menu: Orders", { exact: true })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Orders" })).toBeHidden();
      await expect(page.getByText("Filters", { exact: true })).toBeVisible();

      await page.setViewportSize(WIDE_VIEWPORT);
      await expect(nav.getByText("Menu: Orders", { exact: true })).toBeHidden();
      await expect(nav.getByRole("link", { name: "Audit log" })).toBeVisible();
      await expect(page.getByText("Filters", { exact: true })).toBeHidden();
      await expect(page.getByLabel("Status")).toBeVisible();
    });

    test("assigning with no pickup ticked says nothing was assigned, and why", async ({ page }) => {
      await logInAsStaff(page, E2E_ADMIN, "/dashboard/pickups");
      await page.getByRole("button", { name: "Assign chosen pickups" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "Nothing was assigned" }),
      ).toBeVisible();
      await expect(page.getByRole("alert")).toContainText("pickup");
      await expectNoHorizontalScroll(page);
      await page.getByRole("link", { name: "Back" }).click();
      await expect(page).toHaveURL(/\/dashboard\/pickups(\?|$)/);
    });
  },
  { viewport: PHONE_VIEWPORT },
);
