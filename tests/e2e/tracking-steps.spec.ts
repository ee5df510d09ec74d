/**
 * The pickup tracking page's line of steps and the collector's name and call link, in Hindi on
 * a 360 px phone (docs/pickups.md "The tracking page", docs/exchange.md "The customer's
 * tracking page"). One pickup walks booked → confirmed (assigned) → on the way → weighed →
 * collected: at each step the Hindi page marks the right step current (aria-current="step"),
 * shows a time for each step reached, shows the collector's first name and `tel:` link only
 * from 'On my way' until the collection (never the surname), words the weigh sheet without a
 * version number and without 'भुगतान' for a coupon, passes axe, does not scroll sideways, and
 * is saved as a full-page screenshot under test-results/.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";
import { expect, test } from "../support/browser/fixtures";
import { E2E_ADMIN } from "../support/browser/staff-accounts";
import {
  assignPickup,
  createCollector,
  expectNoHorizontalScroll,
  fillPickupForm,
  logInAsStaff,
  PHONE_VIEWPORT,
  PICKUP_BOOKING,
  schedulePickup,
} from "../support/browser/steps";

/** The Hindi labels of the steps, in order (app/i18n/catalogues/hi.json). */
const STEP = {
  booked: "बुक हुआ",
  confirmed: "पक्का हुआ",
  onTheWay: "कलेक्टर रास्ते में",
  weighed: "तौल हो गया: तौल पर्ची तैयार",
  collected: "कबाड़ ले लिया गया",
} as const;
const ORDER = [STEP.booked, STEP.confirmed, STEP.onTheWay, STEP.weighed, STEP.collected];
const COLLECTOR_PHONE = "+919845098450";

/**
 * The Hindi tracking page's steps: `reached` steps carry a time, the one at `current` is
 * marked aria-current="step" (and says 'अभी'), the rest say 'अभी नहीं'.
 */
async function expectSteps(page: Page, current: number): Promise<void> {
  const steps = page.getByRole("region", { name: "आपका पिकअप कहाँ तक पहुँचा" }).getByRole("listitem");
  await expect(steps).toHaveCount(ORDER.length);
  for (const [i, label] of ORDER.entries()) {
    const step = steps.nth(i);
    await expect(step).toContainText(label);
    if (i === current) await expect(step).toHaveAttribute("aria-current", "step");
    else await expect(step).not.toHaveAttribute("aria-current", /.+/);
    if (i <= current) {
      await expect(step.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
      await expect(step).not.toContainText("अभी नहीं");
    } else {
      await expect(step.locator("time")).toHaveCount(0);
      await expect(step).toContainText("अभी नहीं");
    }
  }
}

/** The collector's first name and call link are on the page, or neither (nor the surname). */
async function expectCollector(page: Page, shown: boolean): Promise<void> {
  const call = page.getByRole("link", { name: /Ramesh को फ़ोन करें/ });
  await expect(page.getByText("Gowda")).toHaveCount(0);
  await expect(page.locator('main a[href^="tel:"]')).toHaveCount(shown ? 1 : 0);
  if (shown) {
    await expect(page.getByText("Ramesh आपका कबाड़ लेने आ रहे हैं।")).toBeVisible();
    await expect(call).toHaveAttribute("href", `tel:${COLLECTOR_PHONE}`);
    await expect(call).toContainText("+91 98450 98450");
  } else {
    await expect(page.getByText(/Ramesh/)).toHaveCount(0);
  }
}

/** axe, no sideways scrolling at 360 px, and a full-page screenshot named `name`. */
async function checkAndCapture(page: Page, name: string): Promise<void> {
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: test.info().outputPath(`tracking-hi-${name}.png`),
    fullPage: true,
  });
}

test.use({ viewport: PHONE_VIEWPORT });

test("a pickup's steps, collector and weigh sheet on the Hindi tracking page at 360 px", async ({
  newPerson,
  page,
}) => {
  test.setTimeout(120_000);
  const run = `steps-${Date.now()}`;
  await page.goto("/orderpage");
  await fillPickupForm(page, {
    ...PICKUP_BOOKING,
    name: `Tracking Visitor ${run}`,
    email: `tracking-${run}@example.com`,
    dateIndex: 5,
    time: "15:00",
    reward: "Coupon",
    materials: [{ label: "Newspaper and books (₹10/kg)", kg: "12" }],
  });
  const date = await page.getByLabel("Pick Up Date").inputValue();
  const reference = await schedulePickup(page);
  await page.getByRole("link", { name: "Track your pickup" }).click();
  await expect(page).toHaveURL(/\/pickups\/[\w-]+$/);
  const hindiPath = `/hi${new URL(page.url()).pathname}`;

  // Booked.
  await page.goto(hindiPath);
  await expect(page.getByRole("heading", { level: 1, name: `पिकअप ${reference}` })).toBeVisible();
  await expectSteps(page, 0);
  await expectCollector(page, false);
  await checkAndCapture(page, "1-booked");

  // An admin creates the collector with a phone and assigns the pickup: confirmed.
  const admin = await newPerson();
  const collector = { name: `Ramesh Gowda ${run}`, email: `ramesh-${run}@e2e.test` };
  await logInAsStaff(admin, E2E_ADMIN, "/dashboard/staff");
  await createCollector(admin, collector);
  await admin.getByLabel(`Phone for ${collector.email}`).fill("98450 98450");
  await admin.getByRole("button", { name: `Save phone ${collector.email}` }).click();
  await expect(admin.getByText("Phone saved.")).toBeVisible();
  await assignPickup(admin, reference, collector.name);
  await page.reload();
  await expectSteps(page, 1);
  await expectCollector(page, false);
  await checkAndCapture(page, "2-confirmed");

  // The collector taps 'On my way': their first name and call link appear.
  const phone = await newPerson();
  await logInAsStaff(phone, collector, "/dashboard");
  await phone.goto(`/dashboard/route?date=${date}`);
  const card = phone.getByRole("article", { name: new RegExp(reference) });
  await card.getByRole("button", { name: "On my way" }).click();
  await expect(phone.getByText("Marked on the way")).toBeVisible();
  await page.reload();
  await expectSteps(page, 2);
  await expectCollector(page, true);
  await checkAndCapture(page, "3-on-the-way");

  // The collector weighs 12.5 kg and saves: the weigh sheet, worded for a coupon.
  await card.getByRole("link", { name: "Weigh sheet" }).click();
  await phone.getByLabel("Weighed kg, Newspaper and books").fill("12.5");
  await phone.getByRole("button", { name: "Save weigh sheet" }).click();
  await expect(phone.getByText(/^Weigh sheet saved\./)).toBeVisible();
  await page.reload();
  await expectSteps(page, 3);
  await expectCollector(page, true);
  const sheet = page.getByRole("region", { name: "तौल पर्ची" });
  await expect(sheet.getByRole("heading", { name: "तौल पर्ची", exact: true })).toBeVisible();
  await expect(
    sheet.getByRole("row", { name: /^आपके कबाड़ की कीमत \(12\.5(?:00)? किलो\)/ }),
  ).toContainText("₹125");
  await expect(page.locator("main")).not.toContainText("संस्करण");
  await expect(sheet).not.toContainText("भुगतान");
  await checkAndCapture(page, "4-weighed");

  // The visitor confirms: collected; the collector's name and phone are gone.
  await page.getByRole("button", { name: "पक्का करें", exact: true }).click();
  await expect(page.locator(".order-status")).toContainText(STEP.collected);
  await expectSteps(page, 4);
  await expectCollector(page, false);
  await checkAndCapture(page, "5-collected");
});
