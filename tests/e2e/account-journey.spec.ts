/**
 * A customer's account from the first booking to erasure, in Hindi at 360 px, with and without
 * JavaScript, through the pages only (docs/accounts.md): one mobile number books a scrap pickup
 * (coupon as reward) in one browser and orders a plant with cash on delivery in another; staff
 * and a collector weigh the pickup and the booking browser confirms the weigh sheet, which
 * issues the coupon. A third browser signs in at /hi/account with the code read from the fake
 * WhatsApp Cloud API the web server sends to, and finds the pickup, the order and the coupon
 * with its balance; it downloads the data (JSON); 'Erase my data' is refused while the order is
 * open, and done once the shopper has cancelled it. Then the two tracking links show none of the
 * customer's name, phone, e-mail or address, and the staff's pickups and orders lists show
 * 'Erased customer'. Every person is unique to the run (a fresh mobile number and names).
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { formatPaise } from "~/utils/money";
import { checkPage, collectorWeighs } from "../support/browser/exchange-steps";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { E2E_ADMIN } from "../support/browser/staff-accounts";
import {
  assignPickup,
  codeSentTo,
  createCollector,
  freshMobile,
  logInAsStaff,
  optionValues,
  PHONE_VIEWPORT,
  successReference,
} from "../support/browser/steps";

/** The weigh sheet's ₹875 plus the default 10 % coupon bonus (COUPON_BONUS_PERCENT). */
const COUPON_VALUE_PAISE = 96_250;

/** Who the customer is on the forms: all of it must be gone from the pages after erasure. */
interface Customer {
  mobile: string;
  name: string;
  email: string;
  addressLine: string;
}

/**
 * On /hi/orderpage: a pickup of 12 kg newspaper with a coupon as reward, on the sixth date
 * offered at 3 pm; returns its reference, date (YYYY-MM-DD) and tracking page's path.
 */
async function bookInHindi(page: Page, customer: Customer) {
  await page.goto("/hi/orderpage");
  await page.getByLabel("नाम", { exact: true }).fill(customer.name);
  await page.getByLabel("ई-मेल", { exact: true }).fill(customer.email);
  await page.getByLabel("मोबाइल नंबर", { exact: true }).fill(customer.mobile);
  await page.getByLabel("पता (लाइन 1)").fill(customer.addressLine);
  await page.getByLabel("पता (लाइन 2)").fill("Flat 3, Chickpet");
  await page.getByLabel("शहर").fill("Bengaluru");
  await page.getByLabel("पिन कोड").fill("560025");
  const date = (await optionValues(page, "पिकअप की तारीख़"))[5] ?? "";
  await page.getByLabel("पिकअप की तारीख़").selectOption(date);
  await page.getByLabel("पिकअप का समय").selectOption("15:00");
  await page.getByLabel("कूपन", { exact: true }).check();
  const material = page.getByLabel("सामान 1");
  const newspaper = await material
    .locator("option")
    .filter({ hasText: "₹10/" })
    .first()
    .getAttribute("value");
  await material.selectOption(newspaper ?? "");
  await page.getByLabel("लगभग वज़न (किलो)").first().fill("12");
  await page.getByRole("button", { name: "पिकअप बुक करें" }).click();
  await expect(page.getByText("आपका पिकअप बुक हो गया है")).toBeVisible();
  const reference = await successReference(page);
  await page.getByRole("link", { name: "अपना पिकअप देखें" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
  return { reference, date, trackingPath: new URL(page.url()).pathname };
}

/**
 * On /hi/plant and /hi/checkout: one of the first plant, cash on delivery, the same mobile
 * number and name; returns the order's reference and tracking page's path.
 */
async function orderInHindi(page: Page, customer: Customer, javaScriptEnabled: boolean) {
  await page.goto("/hi/plant");
  // The add's answer sets the cart cookie; wait for it (the header's count is optimistic).
  const added = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      new URL(response.url()).pathname.startsWith("/hi/cart"),
  );
  await page.locator(".product-card form button[type=submit]").first().click();
  await added;
  await page.goto("/hi/checkout");
  // With JavaScript the form fills its empty fields from this browser's last form once
  // hydrated (docs/shop.md "Filled in for you"): this browser has none, so nothing races.
  await page.getByLabel("नाम", { exact: true }).fill(customer.name);
  await page.getByLabel("ई-मेल", { exact: true }).fill(customer.email);
  await page.getByLabel("मोबाइल नंबर", { exact: true }).fill(customer.mobile);
  await page.getByLabel("पता", { exact: true }).fill(customer.addressLine);
  await page.getByLabel("शहर").fill("Bengaluru");
  await page.getByLabel("राज्य").selectOption("Karnataka");
  await page.getByLabel("पिन कोड").fill("560025");
  const cash = page.getByLabel("कैश ऑन डिलीवरी");
  if ((await cash.count()) > 0) await cash.check();
  await page.getByRole("button", { name: "ऑर्डर पक्का करें" }).click();
  const track = page.getByRole("link", { name: "अपना ऑर्डर ट्रैक करें" });
  await expect(track).toBeVisible();
  // With JavaScript the thank-you page returns home after 3 s unless asked to stay.
  if (javaScriptEnabled) await page.getByRole("button", { name: "इसी पेज पर रहें" }).click();
  const reference = await successReference(page);
  await track.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
  return { reference, trackingPath: new URL(page.url()).pathname };
}

/** The page shows none of what identifies the customer. */
async function expectNothingPersonal(page: Page, customer: Customer): Promise<void> {
  const text = (await page.locator("main").textContent()) ?? "";
  for (const personal of [
    customer.name,
    customer.email,
    customer.addressLine,
    customer.mobile.slice(0, 5),
    customer.mobile.slice(5),
  ]) {
    expect(text, `the page still shows "${personal}"`).not.toContain(personal);
  }
}

/**
 * Full-page screenshots of `page` at 360 px and at 1280 px under test-results/, named
 * `account-<name>-<width>.png`, to look at; the page is left at 360 px.
 */
async function capture(page: Page, name: string): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: PHONE_VIEWPORT.height });
    await page.screenshot({
      path: test.info().outputPath(`account-${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(PHONE_VIEWPORT);
}

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    test("one phone books and orders in two browsers, signs in with a WhatsApp code in a third, finds both and the coupon, downloads, and erases", async ({
      newPerson,
      page,
    }) => {
      test.setTimeout(300_000);
      const run = `${javaScriptEnabled ? "js" : "nojs"}${Date.now()}`;
      const customer: Customer = {
        mobile: freshMobile("8"),
        name: `Meera Kulkarni ${run}`,
        email: `meera-${run}@example.com`,
        addressLine: `${run} Cubbonpet Main Road`,
      };

      // First browser: the pickup. Second: the order, with the same mobile number.
      const pickup = await bookInHindi(page, customer);
      const shopper = await newPerson();
      const order = await orderInHindi(shopper, customer, javaScriptEnabled);

      // Staff assign the pickup, the collector weighs it, the customer confirms: a coupon.
      const admin = await newPerson();
      const collector = { name: `Collector ${run}`, email: `collector-${run}@e2e.test` };
      await logInAsStaff(admin, E2E_ADMIN, "/dashboard/staff");
      await createCollector(admin, collector);
      await assignPickup(admin, pickup.reference, collector.name, {
        javaScript: javaScriptEnabled,
      });
      await collectorWeighs(
        await newPerson(),
        {
          collector,
          ...pickup,
        },
        javaScriptEnabled,
      );
      await page.goto(pickup.trackingPath);
      await page.getByRole("button", { name: "पक्का करें", exact: true }).click();
      const couponCode = page.locator(".coupon-code");
      await expect(couponCode).toHaveText(/^SS-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      const code = (await couponCode.textContent()) ?? "";

      // Third browser: signs in with the code WhatsApp delivered, in Hindi.
      const account = await newPerson();
      await account.goto("/hi/account");
      await account.locator("#phone").fill(customer.mobile);
      await account.getByRole("button", { name: "कोड भेजें" }).click();
      await account.locator("#code").fill(await codeSentTo(customer.mobile, "hi"));
      await account.getByRole("button", { name: "साइन इन करें" }).click();
      const shown = `+91 ${customer.mobile.slice(0, 5)} ${customer.mobile.slice(5)}`;
      await expect(account.getByText(`${shown} से साइन इन हैं`)).toBeVisible();

      const pickups = account.getByRole("region", { name: "आपके पिकअप" });
      await expect(pickups.getByRole("link", { name: pickup.reference })).toHaveAttribute(
        "href",
        pickup.trackingPath,
      );
      const orders = account.getByRole("region", { name: "आपके ऑर्डर" });
      await expect(orders.getByRole("link", { name: order.reference })).toHaveAttribute(
        "href",
        order.trackingPath,
      );
      const coupons = account.getByRole("region", { name: "आपके कूपन" });
      await expect(coupons).toContainText(code);
      const value = formatPaise(COUPON_VALUE_PAISE);
      await expect(coupons).toContainText(`${value} में से ${value} बाकी`);
      await expect(coupons).toContainText(`पिकअप ${pickup.reference} के लिए`);
      await checkPage(account, javaScriptEnabled);
      await capture(account, "signed-in");

      // 'Download my data': a JSON file with both records and the phone.
      await account.getByRole("link", { name: "आपका डेटा: डाउनलोड करें या मिटाएँ" }).click();
      const downloading = account.waitForEvent("download");
      await account.getByRole("link", { name: "JSON के रूप में डाउनलोड करें" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const held = JSON.parse(await readFile(await download.path(), "utf8")) as {
        pickups: { reference: string; phone: string; name: string }[];
        orders: { reference: string; phone: string }[];
      };
      expect(held.pickups.map((row) => row.reference)).toEqual([pickup.reference]);
      expect(held.pickups[0]?.phone).toBe(`+91${customer.mobile}`);
      expect(held.pickups[0]?.name).toBe(customer.name);
      expect(held.orders.map((row) => row.reference)).toEqual([order.reference]);

      // 'Erase my data' waits for the open order; the shopper cancels it; then it is done.
      const erase = async () => {
        await account.goto("/hi/account/data?erase");
        await account.getByLabel(`हाँ, ${shown} का डेटा मिटाएँ`).check();
        await account.getByRole("button", { name: "अभी मेरा डेटा मिटाएँ" }).click();
      };
      await erase();
      await expect(account.locator(".error-summary")).toContainText(
        `आपका ऑर्डर ${order.reference} अभी खुला है। उसके डिलीवर या रद्द होने के बाद आप अपना डेटा मिटा सकते हैं।`,
      );
      await checkPage(account, javaScriptEnabled);
      await capture(account, "erase-refused");
      await shopper.goto(order.trackingPath);
      await shopper.getByRole("button", { name: "ऑर्डर रद्द करें" }).click();
      await expect(shopper.locator(".order-status")).toContainText("रद्द");
      await erase();
      await expect(
        account.getByText("आपका डेटा मिटा दिया गया है और आप साइन आउट हो गए हैं।"),
      ).toBeVisible();
      await account.goto("/hi/account");
      await expect(account.locator("#phone")).toBeVisible();

      // The tracking links still work and show nothing personal; the coupon keeps its balance.
      await page.goto(pickup.trackingPath);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(pickup.reference);
      await expect(page.locator(".coupon-code")).toHaveText(code);
      await expect(
        page.getByText("ग्राहक के कहने पर इस पिकअप का नाम, मोबाइल नंबर और पता मिटा दिया गया है।"),
      ).toBeVisible();
      await expectNothingPersonal(page, customer);
      await checkPage(page, javaScriptEnabled);
      await capture(page, "erased-pickup");
      await shopper.goto(order.trackingPath);
      await expect(shopper.getByRole("heading", { level: 1 })).toContainText(order.reference);
      await expect(
        shopper.getByText("ग्राहक के कहने पर इस ऑर्डर का नाम, मोबाइल नंबर और पता मिटा दिया गया है।"),
      ).toBeVisible();
      await expectNothingPersonal(shopper, customer);
      await capture(shopper, "erased-order");

      // The shop's lists show the tombstone where the name was.
      await admin.goto(`/dashboard/pickups?q=${pickup.reference}`);
      await expect(admin.getByRole("row", { name: new RegExp(pickup.reference) })).toContainText(
        "Erased customer",
      );
      await admin.goto(`/dashboard/orders?q=${order.reference}`);
      await expect(admin.getByRole("row", { name: new RegExp(order.reference) })).toContainText(
        "Erased customer",
      );
      await expectNothingPersonal(admin, customer);
      await capture(admin, "erased-orders-list");
    });
  },
  { viewport: PHONE_VIEWPORT },
);
