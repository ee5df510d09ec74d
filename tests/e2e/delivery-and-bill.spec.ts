/**
 * Delivery by area and the bill, at 360 px with and without JavaScript, through the pages
 * (docs/shop.md "Delivery areas", docs/tax.md): an admin gives the shop a GSTIN on Settings and
 * adds a delivery area that charges ₹49 (a PIN code of its own, so no other test's totals
 * change); a shopper checks delivery on the cart, is refused a PIN code outside every area at
 * checkout, sees the charge and the days, and pays at delivery; staff deliver the order; the
 * shopper downloads the invoice-cum-bill of supply from the tracking page and the test reads its
 * text: the number, the plant's HSN 0602 line without tax, the bio-pesticide's line with CGST +
 * SGST, and totals that add up. Then one plant is reported damaged with a photo from the
 * tracking page, staff see the photo and send a replacement, and the shopper sees it and follows
 * the replacement order (docs/claims.md). The same goods to Chennai get a tax invoice with IGST.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "../support/browser/axe";
import { checkPage } from "../support/browser/exchange-steps";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { E2E_ADMIN } from "../support/browser/staff-accounts";
import {
  addToCart,
  expectNoHorizontalScroll,
  fillCheckout,
  logInAsStaff,
  PHONE_VIEWPORT,
  type Shopper,
  successReference,
} from "../support/browser/steps";
import { pdfText } from "../support/documents/pdf-text";

const GSTIN = "29ABCDE1234F1ZW";

/** Settings: the shop's particulars with its GSTIN (saving the same values again is a no-op). */
async function registerShop(admin: Page): Promise<void> {
  await admin.goto("/dashboard/settings");
  await admin.getByLabel("Legal name").fill("Scrap & Sprout Ventures LLP");
  await admin.getByLabel("Address").fill("12 MG Road, Bengaluru 560001");
  await admin.getByLabel("State").selectOption("Karnataka");
  await admin.getByLabel("GSTIN").fill(GSTIN);
  await admin.getByRole("button", { name: "Save settings" }).click();
  await expect(admin.getByText("Settings saved.")).toBeVisible();
}

/** Delivery: an area for one PIN code, ₹49, free from ₹1,000, 1–2 days (added once per run). */
async function addArea(admin: Page, pinCode: string): Promise<void> {
  await admin.goto("/dashboard/delivery");
  if ((await admin.getByRole("row", { name: new RegExp(`^${pinCode}`) }).count()) > 0) return;
  await admin.getByLabel("PIN code prefix").fill(pinCode);
  await admin.getByLabel("Area name").fill("Yelahanka test area");
  await admin.getByLabel("Delivery charge (₹)").fill("49");
  await admin.getByLabel("Free delivery from (₹ of goods)").fill("1,000");
  await admin.getByLabel("Delivery time from (days)").fill("1");
  await admin.getByLabel("Delivery time to (days)").fill("2");
  await admin.getByRole("button", { name: "Add area" }).click();
  await expect(admin.getByText(`Delivery area ${pinCode} saved.`)).toBeVisible();
}

/** Tulsi (a live plant, ₹60) and Dec-Neemo (a bio-pesticide at 5 %, ₹150) in the cart. */
async function fillCart(page: Page, javaScript: boolean): Promise<void> {
  await page.goto("/plant");
  await addToCart(page, /^Tulsi/, { javaScript });
  await page.goto("/supplies");
  await addToCart(page, /^Dec-Neemo/, { javaScript });
}

/** Staff find the order and take it to 'Delivered'. */
async function deliver(admin: Page, reference: string): Promise<void> {
  await admin.goto(`/dashboard/orders?q=${reference}`);
  await admin.getByRole("link", { name: reference }).click();
  for (const step of ["Confirm order", "Mark shipped", "Mark delivered"]) {
    await admin.getByRole("button", { name: step }).click();
    await expect(admin.getByRole("button", { name: step })).toHaveCount(0);
  }
  await expect(admin.getByRole("heading", { name: "Bills" })).toBeVisible();
}

/** From the tracking page: downloads the bill whose link matches `title`; its text. */
async function downloadBill(page: Page, title: RegExp): Promise<{ name: string; text: string }> {
  await page.reload();
  const link = page.getByRole("link", { name: title });
  await expect(link).toBeVisible();
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  const text = await pdfText(new Uint8Array(await readFile(await download.path())));
  return { name: download.suggestedFilename(), text };
}

/**
 * The shopper reports the Tulsi as damaged with a photo; staff see the photo and choose a
 * replacement; the shopper's tracking page says so and links the replacement order.
 */
async function claimReplacement(page: Page, admin: Page, javaScript: boolean): Promise<void> {
  await page.getByRole("link", { name: "Report a problem with this order" }).click();
  await page.getByRole("checkbox", { name: /^Tulsi/ }).check();
  await page.getByLabel("Anything else (optional)").fill("The pot arrived cracked.");
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: "#6d4c41" },
  })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel("Photos")
    .setInputFiles({ name: "tulsi.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Send report" }).click();
  const thanks = page.getByText(/Thank you: we have your report CL-/);
  await expect(thanks).toBeVisible();
  const claim = /CL-[0-9A-Z]{6}/.exec((await thanks.textContent()) ?? "")?.[0] ?? "";
  await expect(page.getByText(`${claim}: we have your report`)).toBeVisible();
  await checkPage(page, javaScript);

  await admin.goto("/dashboard/claims");
  await admin.getByRole("link", { name: claim }).click();
  await expect(
    admin.getByRole("img", { name: `What the customer sent for claim ${claim}, 1 of 1` }),
  ).toBeVisible();
  // The claim's page on the phone: nothing sideways, nothing axe finds. axe-core's run never
  // returned on this page in a browser without JavaScript (twice, 6 and 10 minutes; not yet
  // understood, docs/claims.md), so the page is checked with axe in the JavaScript run.
  await expectNoHorizontalScroll(admin);
  if (javaScript) await expectNoAxeViolations(admin);
  await admin.getByLabel(/^Replace:/).check();
  await admin.getByRole("button", { name: "Decide and tell the customer" }).click();
  await expect(admin.getByText("Replacement order placed; the customer is told.")).toBeVisible();
  if (javaScript) await expectNoAxeViolations(admin);

  await page.reload();
  await expect(
    page.getByText(new RegExp(`${claim}: we are sending you a replacement at no cost, order OR-`)),
  ).toBeVisible();
  await page.getByRole("link", { name: "Follow the replacement" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("OR-");
  await checkPage(page, javaScript);
}

/** "₹1,234.50" or "1,234.50" as paise. */
function paise(text: string): number {
  return Math.round(Number(text.replace(/[₹,]/g, "")) * 100);
}

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    test("a charged area's delivery at checkout, the invoice-cum-bill of supply, a damaged plant replaced; IGST for Chennai", async ({
      page,
      newPerson,
    }) => {
      test.setTimeout(360_000);
      const pinCode = javaScriptEnabled ? "560097" : "560098";
      const admin = await newPerson();
      await logInAsStaff(admin, E2E_ADMIN, "/dashboard/settings");
      await registerShop(admin);
      await addArea(admin, pinCode);

      // The cart's check: the charge for this cart, the days, and what makes it free.
      await page.setViewportSize(PHONE_VIEWPORT);
      await fillCart(page, javaScriptEnabled);
      await page.goto("/cart");
      await page.getByLabel("Check delivery to your PIN code").fill(pinCode);
      await page.getByRole("button", { name: "Check", exact: true }).click();
      const answer = page.locator(".delivery-answer");
      await expect(answer).toContainText(
        `We deliver to ${pinCode} (Yelahanka test area) in 1–2 days.`,
      );
      await expect(answer).toContainText("Delivery for this cart: ₹49.");
      await expect(answer).toContainText("Add ₹790 more for free delivery.");
      await expect(page.locator(".cart-total strong")).toHaveText("₹259");
      await checkPage(page, javaScriptEnabled);

      // Checkout knows the PIN code: the summary says ₹49 and the total includes it.
      await page.getByRole("link", { name: "Proceed to Checkout" }).click();
      await expect(page.getByTestId("delivery-line")).toContainText("₹49");
      const shopper: Shopper = {
        name: "Kavya Hegde",
        email: "kavya@example.com",
        phone: "98860 11223",
        address: "7 Bazaar Street",
        city: "New Delhi",
        state: "Delhi",
        pinCode: "110001",
      };
      // A PIN code outside every area: refused next to the field, with the shop's phone.
      await fillCheckout(page, shopper);
      await page.getByRole("button", { name: "Confirm Order" }).click();
      await expect(page.locator("#pinCode-error")).toContainText(
        "We do not deliver to PIN code 110001 yet. Call us on +91 98450 12345",
      );
      await fillCheckout(page, { ...shopper, city: "Bengaluru", state: "Karnataka", pinCode });
      await page.getByRole("button", { name: "Check delivery" }).click();
      await expect(page.getByTestId("delivery-line")).toContainText("₹49");
      await expect(page.locator(".checkout-summary")).toContainText("in 1–2 days");
      await expect(page.locator(".checkout-summary .cart-total strong")).toHaveText("₹259");
      await checkPage(page, javaScriptEnabled);
      await page.getByRole("button", { name: "Confirm Order" }).click();
      await expect(page.getByText("Total amount to be paid at delivery: ₹259")).toBeVisible();
      if (javaScriptEnabled) await page.getByRole("button", { name: "Stay on this page" }).click();
      const reference = await successReference(page);
      await page.getByRole("link", { name: "Track your order" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);

      await deliver(admin, reference);
      const bill = await downloadBill(page, /^Invoice-cum-bill of supply IBS\//);
      const number = /No\. (IBS\/\d{2}-\d{2}\/\d{5})/.exec(bill.text)?.[1] ?? "";
      expect(bill.name).toBe(`${number.replaceAll("/", "-")}.pdf`);
      expect(bill.text).toContain(`GSTIN: ${GSTIN}`);
      expect(bill.text).toMatch(/Tulsi.* 0602 1 60\.00 60\.00 0% 0\.00 0\.00 60\.00/);
      const neem = /Dec-Neemo.* 3808 1 150\.00 ([\d.]+) 5% ([\d.]+) ([\d.]+) 150\.00/.exec(
        bill.text,
      );
      expect(neem, bill.text).not.toBeNull();
      const [, taxable = "", cgst = "", sgst = ""] = neem ?? [];
      expect(cgst).toBe(sgst);
      expect(paise(taxable) + paise(cgst) + paise(sgst)).toBe(15_000);
      // The delivery charge goes with the principal supply (the ₹150 pack): at 5 % too.
      expect(bill.text).toMatch(/Delivery charges 3808 1 49\.00 [\d.]+ 5% [\d.]+ [\d.]+ 49\.00/);
      expect(bill.text).toContain("Total (including GST) ₹259");
      const taxableTotal = /Taxable value (₹[\d,.]+)/.exec(bill.text)?.[1] ?? "";
      const cgstTotal = /CGST (₹[\d,.]+)/.exec(bill.text)?.[1] ?? "";
      const sgstTotal = /SGST (₹[\d,.]+)/.exec(bill.text)?.[1] ?? "";
      expect(paise(taxableTotal) + paise(cgstTotal) + paise(sgstTotal)).toBe(25_900);
      await checkPage(page, javaScriptEnabled);
      await claimReplacement(page, admin, javaScriptEnabled);

      // The same goods to Chennai (Tamil Nadu): a tax invoice, IGST instead of CGST + SGST.
      const chennai = await newPerson();
      await fillCart(chennai, javaScriptEnabled);
      await chennai.goto("/checkout");
      await fillCheckout(chennai, {
        ...shopper,
        city: "Chennai",
        state: "Tamil Nadu",
        pinCode: "600001",
        phone: "98860 11224",
      });
      await chennai.getByRole("button", { name: "Confirm Order" }).click();
      await expect(chennai.getByText("Total amount to be paid at delivery: ₹210")).toBeVisible();
      if (javaScriptEnabled) {
        await chennai.getByRole("button", { name: "Stay on this page" }).click();
      }
      const chennaiReference = await successReference(chennai);
      await chennai.getByRole("link", { name: "Track your order" }).click();
      await deliver(admin, chennaiReference);
      const igst = await downloadBill(chennai, /^Invoice-cum-bill of supply IBS\//);
      expect(igst.text).toContain("Place of supply: Tamil Nadu (33)");
      expect(igst.text).toMatch(/Dec-Neemo.* 3808 1 150\.00 [\d.]+ 5% ([\d.]+) 150\.00/);
      expect(igst.text).toMatch(/IGST ₹[\d.]+/);
      expect(igst.text).not.toContain("CGST");
    });
  },
  { viewport: PHONE_VIEWPORT },
);
