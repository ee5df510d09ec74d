/**
 * A Hindi (and a Kannada) customer's whole exchange at 360 px, every page after the click in
 * that language (docs/languages.md "Glossary", "What else is per language", "Staff language"):
 * the customer books a pickup on /hi/orderpage with a coupon as the reward; an admin creates a
 * collector, sets the collector's screens to Hindi and assigns the pickup; the collector taps
 * 'On my way' and saves the weigh sheet in Hindi; the customer confirms on the tracking page,
 * gets the coupon, and buys a plant with it. On every customer page a checker
 * (tests/support/browser/latin-words.ts) finds no English word other than the brand, what the
 * customer typed, codes, references, e-mail addresses and URLs. Screenshots of each page go to
 * test-results/customer-language/. With JavaScript (the journey without it is walked in
 * exchange-journey.spec.ts and languages.spec.ts).
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";
import { catalogues, english, type OtherLang } from "../support/browser/catalogues";
import { expect, test } from "../support/browser/fixtures";
import { latinWordsIn, latinWordsOnPage } from "../support/browser/latin-words";
import { E2E_ADMIN } from "../support/browser/staff-accounts";
import {
  assignPickup,
  createCollector,
  expectNoHorizontalScroll,
  logInAsStaff,
  optionValues,
  PHONE_VIEWPORT,
  waitForHydration,
} from "../support/browser/steps";

type Lang = OtherLang;

/** Message `id` in `lang`, placeholders filled from `values`. */
function msg(lang: Lang, id: string, values: Record<string, string> = {}): string {
  const message = catalogues[lang][id];
  if (message === undefined || english[id] === undefined) throw new Error(`no message ${id}`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

/** What the customer types: allowed in Latin letters on their pages. */
// What people typed, and the collector's first name (a proper name the tracking page shows
// from 'On my way' until collection, docs/exchange.md).
const COLLECTOR_FIRST_NAME = "Mahesh";
const TYPED = [
  "Ravi Kumar",
  "4 Residency Road",
  "Flat 2B",
  "Bengaluru",
  "12 MG Road",
  COLLECTOR_FIRST_NAME,
];

/**
 * The customer page is in `lang`: `<html lang>`, no English word left, no sideways scroll, axe
 * clean; and a full-page screenshot `name` for a person to look at.
 */
async function checkCustomerPage(page: Page, lang: Lang, name: string, allow: string[] = []) {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  expect(await latinWordsOnPage(page, [...TYPED, ...allow]), `${name}: English words`).toEqual([]);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: path.join(test.info().project.outputDir, `customer-language/${lang}-${name}.png`),
    fullPage: true,
  });
}

/** The value of the option of select `label` whose text contains `text`. */
async function optionWith(page: Page, label: string, text: string): Promise<string> {
  const option = page
    .getByLabel(label, { exact: true })
    .locator("option")
    .filter({ hasText: text })
    .first();
  return (await option.getAttribute("value")) ?? "";
}

for (const lang of ["hi", "kn"] as const) {
  test(`${lang}: booking, weighing, confirming and buying with the coupon, all in ${lang}`, async ({
    newPerson,
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(PHONE_VIEWPORT);
    const run = `${lang}-${Date.now()}`;
    const email = `language-${run}@example.com`;

    // The customer books: 12 kg of newspaper, a coupon as the reward, 3 pm.
    await page.goto(`/${lang}/orderpage`);
    await waitForHydration(page, "form");
    await page.getByLabel(msg(lang, "form.contact.name"), { exact: true }).fill("Ravi Kumar");
    await page.getByLabel(msg(lang, "form.contact.email"), { exact: true }).fill(email);
    await page.getByLabel(msg(lang, "pickup.form.phone"), { exact: true }).fill("98450 12345");
    await page
      .getByLabel(msg(lang, "pickup.form.addressLine1"), { exact: true })
      .fill("4 Residency Road");
    await page.getByLabel(msg(lang, "pickup.form.addressLine2"), { exact: true }).fill("Flat 2B");
    await page.getByLabel(msg(lang, "pickup.form.city"), { exact: true }).fill("Bengaluru");
    await page.getByLabel(msg(lang, "pickup.form.pinCode"), { exact: true }).fill("560025");
    const dateLabel = msg(lang, "pickup.form.date");
    const dates = await optionValues(page, dateLabel);
    const date = dates[dates.length - 1] ?? "";
    await page.getByLabel(dateLabel, { exact: true }).selectOption(date);
    await page.getByLabel(msg(lang, "pickup.form.time"), { exact: true }).selectOption("15:00");
    await page.getByLabel(msg(lang, "pickup.reward.coupon"), { exact: true }).check();
    const materialLabel = msg(lang, "pickup.form.material", { number: "1" });
    await page
      .getByLabel(materialLabel, { exact: true })
      .selectOption(await optionWith(page, materialLabel, "₹10/"));
    await page.getByLabel(msg(lang, "pickup.form.approxKg")).first().fill("12");
    await checkCustomerPage(page, lang, "1-orderpage", [email]);
    await page.getByRole("button", { name: msg(lang, "pickup.form.submit") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/pickups/[^/]+/booked$`));
    await checkCustomerPage(page, lang, "2-booked", [email]);
    const reference = (await page.locator(".success-message strong").first().textContent()) ?? "";
    expect(reference).toMatch(/^PU-/);
    const trackingPath = new URL(page.url()).pathname.replace(/\/booked$/, "");
    await page.goto(trackingPath);
    await checkCustomerPage(page, lang, "3-tracking", [email]);

    // An admin creates the collector, sets their screens to the language and assigns the pickup.
    const admin = await newPerson();
    const collector = {
      name: `${COLLECTOR_FIRST_NAME} ${run}`,
      email: `collector-${run}@e2e.test`,
    };
    await logInAsStaff(admin, E2E_ADMIN, "/dashboard/staff");
    await createCollector(admin, collector);
    await admin
      .getByLabel(`Route and weigh sheet language for ${collector.email}`)
      .selectOption(lang);
    await admin
      .locator("form")
      .filter({ has: admin.getByLabel(`Route and weigh sheet language for ${collector.email}`) })
      .getByRole("button", { name: "Save language" })
      .click();
    await expect(admin.getByText(/Route and weigh sheets now in/)).toBeVisible();
    await assignPickup(admin, reference, collector.name);

    // The collector, on their phone, in the language: 'On my way', then the weigh sheet.
    const phone = await newPerson();
    await logInAsStaff(phone, collector, "/dashboard");
    await phone.goto(`/dashboard/route?date=${date}`);
    const card = phone.getByRole("article", { name: new RegExp(reference) });
    await card.getByRole("button", { name: msg(lang, "collector.visit.on_my_way") }).click();
    await expect(phone.getByText(msg(lang, "collector.route.notice.on_my_way"))).toBeVisible();
    await phone.screenshot({
      path: path.join(
        test.info().project.outputDir,
        `customer-language/${lang}-collector-route.png`,
      ),
      fullPage: true,
    });
    await card.getByRole("link", { name: msg(lang, "collector.card.weighSheet") }).click();
    await expect(phone.getByRole("heading", { level: 1 })).toContainText(reference);
    await waitForHydration(phone, "form.weigh-form");
    const kgLabel = msg(lang, "collector.weigh.kg");
    const kgInput = phone.getByLabel(new RegExp(`^${kgLabel.replace(/[()]/g, "\\$&")}, `)).first();
    // A mistyped weight is refused in the collector's language, next to the field and above
    // the form; the weigh sheet's own words leave no English (the dashboard's frame may).
    await kgInput.fill("12..5");
    await phone.getByRole("button", { name: msg(lang, "collector.weigh.save") }).click();
    await expect(phone.getByText(msg(lang, "collector.refusal.correct"))).toBeVisible();
    await expect(phone.locator(".field__error").first()).toHaveText(
      msg(lang, "errors.pickup.weightFormat"),
    );
    const door = phone.locator(`div[lang="${lang}"]`).first();
    const doorWords = await latinWordsIn(door, [...TYPED, collector.name]);
    expect(doorWords, "weigh sheet: English words").toEqual([]);
    await kgInput.fill("12.5");
    await expectNoHorizontalScroll(phone);
    await phone.screenshot({
      path: path.join(
        test.info().project.outputDir,
        `customer-language/${lang}-collector-weigh-sheet.png`,
      ),
      fullPage: true,
    });
    await phone.getByRole("button", { name: msg(lang, "collector.weigh.save") }).click();
    await expect(phone.getByText(msg(lang, "collector.door.notice.weighed"))).toBeVisible();

    // The customer sees the sheet in the language and confirms it; the coupon appears.
    await page.goto(trackingPath);
    await checkCustomerPage(page, lang, "4-tracking-weighed", [email]);
    await page
      .getByRole("button", { name: msg(lang, "exchange.decision.confirm"), exact: true })
      .click();
    const coupon = page.getByText(/SS-[0-9A-Z]{4}-[0-9A-Z]{4}/).first();
    await expect(coupon).toBeVisible();
    const code = /SS-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec((await coupon.textContent()) ?? "")?.[0] ?? "";
    await checkCustomerPage(page, lang, "5-tracking-confirmed", [email]);

    // The customer buys a plant with the coupon.
    await page.goto(`/${lang}/plant`);
    await waitForHydration(page, ".product-card form");
    const plant = page.locator(".product-card").first();
    await plant.locator("form button[type=submit]").first().click();
    await expect(page.locator("header")).toContainText("1");
    await page.goto(`/${lang}/cart`);
    await checkCustomerPage(page, lang, "6-cart");
    await page.goto(`/${lang}/checkout`);
    await waitForHydration(page, "form");
    await page.getByLabel(msg(lang, "form.contact.name"), { exact: true }).fill("Ravi Kumar");
    await page.getByLabel(msg(lang, "form.contact.email"), { exact: true }).fill(email);
    await page.getByLabel(msg(lang, "checkout.phone.label"), { exact: true }).fill("98450 12345");
    await page.getByLabel(msg(lang, "checkout.address"), { exact: true }).fill("12 MG Road");
    await page.getByLabel(msg(lang, "checkout.city"), { exact: true }).fill("Bengaluru");
    await page.getByLabel(msg(lang, "checkout.state"), { exact: true }).selectOption("Karnataka");
    await page.getByLabel(msg(lang, "checkout.pinCode"), { exact: true }).fill("560038");
    await page.getByLabel(msg(lang, "checkout.coupon.label"), { exact: true }).fill(code);
    await checkCustomerPage(page, lang, "7-checkout", [email, code]);
    await page.getByRole("button", { name: msg(lang, "checkout.confirm") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/orders/[^/]+/placed$`));
    const orderPath = new URL(page.url()).pathname.replace(/\/placed$/, "");
    // The page returns home after 3 s (spec §4): stay, as a slow reader would, for the checks.
    await page.getByRole("button", { name: msg(lang, "order.placed.stay") }).click();
    await checkCustomerPage(page, lang, "8-placed", [email]);
    await page.goto(orderPath);
    await checkCustomerPage(page, lang, "9-order", [email]);
    await expect(page.locator("address")).toContainText(msg(lang, "state.karnataka"));
  });
}
