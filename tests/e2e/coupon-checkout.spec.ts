/**
 * A shopper spends a coupon at checkout at 360 px, with and without JavaScript
 * (docs/exchange.md "Coupons"): the code typed in lower case with spaces is applied, the
 * summary shows the discount line, and the success message's amount to pay at delivery is the
 * total minus the coupon. The coupon is seeded with SQL, which needs the server's database:
 * on PostgreSQL (E2E_DATABASE_URL) only (tests/support/browser/server-database.ts); on the embedded
 * database that journey is skipped and only the refusal of an unknown code is checked.
 */

import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { e2eDatabaseReachable, openE2EDatabase } from "../support/browser/server-database";
import { addToCart, fillCheckout, PHONE_VIEWPORT } from "../support/browser/steps";
import { couponBalance, insertCoupon } from "../support/factories/coupons";

/** "₹1,234" or "₹1,234.50" → paise. */
function paiseOf(text: string): number {
  const match = /₹([\d,]+)(?:\.(\d{2}))?/.exec(text);
  if (!match) throw new Error(`No amount in ${text}`);
  return Number((match[1] ?? "").replaceAll(",", "")) * 100 + Number(match[2] ?? 0);
}

/** "₹1,620" for 162000 paise (whole rupees only, as these amounts are). */
function rupees(paise: number): string {
  return `₹${(paise / 100).toLocaleString("en-IN")}`;
}

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    test("an unknown coupon code is refused next to the field, the order form kept", async ({
      page,
    }) => {
      await page.goto("/plant");
      await addToCart(page, /^Tulsi/, { javaScript: javaScriptEnabled });
      await page.goto("/checkout");
      await fillCheckout(page);
      await page.getByLabel("Coupon code").fill("ss 2222 2222");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.locator(".field__error")).toHaveText("This coupon code is not valid.");
      await expect(page.getByLabel("Coupon code")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Name")).toHaveValue("Asha Rao");
      await expect(page.locator(".coupon-discount")).toHaveCount(0);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
    });

    test("a shopper buys two plants with a coupon typed in lower case with spaces", async ({
      page,
    }) => {
      test.skip(
        !e2eDatabaseReachable,
        "Seeding a coupon needs SQL on the server's database: run with E2E_DATABASE_URL (PostgreSQL).",
      );
      const db = await openE2EDatabase();
      if (!db) throw new Error("unreachable");
      try {
        const coupon = await insertCoupon(db.db, { valuePaise: 5_000 });
        await page.goto("/plant");
        await addToCart(page, /^Tulsi/, { javaScript: javaScriptEnabled });
        await addToCart(page, /^Aloe Vera/, { javaScript: javaScriptEnabled });
        await page.goto("/checkout");
        const total = page.locator(".cart-total strong");
        const subtotal = paiseOf((await total.textContent()) ?? "");
        await fillCheckout(page);
        await page
          .getByLabel("Coupon code")
          .fill(` ${coupon.code.toLowerCase().replaceAll("-", " ")} `);
        await page.getByRole("button", { name: "Apply" }).click();
        await expect(page.locator(".coupon-discount")).toHaveText(`Coupon ${coupon.code}: −₹50`);
        await expect(total).toHaveText(rupees(subtotal - 5_000));
        await expect(page.getByLabel("Coupon code")).toHaveValue(coupon.code);
        await expect(page.getByLabel("Name")).toHaveValue("Asha Rao");
        if (javaScriptEnabled) await expectNoAxeViolations(page);

        await page.getByRole("button", { name: "Confirm Order" }).click();
        await expect(
          page.getByText(
            `Order has been placed! You will receive your order soon. Total amount to be paid at delivery: ${rupees(subtotal - 5_000)}`,
          ),
        ).toBeVisible();
        if (javaScriptEnabled)
          await page.getByRole("button", { name: "Stay on this page" }).click();
        await expect(page.locator(".coupon-discount")).toHaveText(`Coupon ${coupon.code}: −₹50`);
        if (javaScriptEnabled) await expectNoAxeViolations(page);
        expect(await couponBalance(db.db, coupon.id)).toBe(0);
      } finally {
        await db.close();
      }
    });
  },
  { viewport: PHONE_VIEWPORT },
);
