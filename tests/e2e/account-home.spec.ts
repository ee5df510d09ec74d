/**
 * A customer's account at 360 px in Hindi, with and without JavaScript (docs/accounts.md "My
 * account"): a pickup booked and an order placed with a mobile number, a coupon issued to one of
 * that number's pickups, then signed in (the factory's session cookie added to the browser) —
 * /hi/account lists the pickup and the order with links to their tracking pages, and the coupon
 * with its balance, in Hindi. The session and the coupon are rows written with SQL, which needs
 * the server's database: on PostgreSQL (E2E_DATABASE_URL) only
 * (tests/support/browser/server-database.ts); on the embedded database the spec is skipped.
 */
import { eq } from "drizzle-orm";
import { pickups } from "~/db/schema/pickups";
import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { latinWordsIn } from "../support/browser/latin-words";
import { e2eDatabaseReachable, openE2EDatabase } from "../support/browser/server-database";
import { E2E_SESSION_SECRET } from "../support/browser/session-secret";
import {
  bookPickup,
  expectNoHorizontalScroll,
  fillCheckout,
  openCheckoutWith,
  PHONE_VIEWPORT,
  PICKUP_BOOKING,
  SHOPPER,
  successReference,
} from "../support/browser/steps";
import { insertCoupon } from "../support/factories/coupons";
import { signedInCustomer } from "../support/factories/customers";

// The factory signs the session cookie with this process's secret: the server's, on PostgreSQL.
// Only while this file's tests run: Playwright loads every spec into each worker, and a secret
// left in the environment reaches the servers other specs start (faults.spec.ts expects the
// server to write its own secret file).
const secretBefore = process.env.SESSION_SECRET;
test.beforeAll(() => {
  process.env.SESSION_SECRET = E2E_SESSION_SECRET;
});
test.afterAll(() => {
  if (secretBefore === undefined) delete process.env.SESSION_SECRET;
  else process.env.SESSION_SECRET = secretBefore;
});

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    test("a signed-in customer finds their pickup, order and coupon with its balance", async ({
      page,
    }) => {
      test.skip(
        !e2eDatabaseReachable,
        "Signing in with the factory and seeding a coupon need the server's database: run with E2E_DATABASE_URL (PostgreSQL).",
      );
      const db = await openE2EDatabase();
      if (!db) throw new Error("unreachable");
      try {
        // A number of this run's own: the per-phone caps outlive a run on PostgreSQL.
        const digits = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
        const phone = `+91${digits}`;
        const pickupReference = await bookPickup(page, { ...PICKUP_BOOKING, phone: digits });
        await openCheckoutWith(page, {
          from: "/plant",
          product: /^Tulsi/,
          javaScript: javaScriptEnabled,
        });
        // With JavaScript the checkout fills its empty fields from the booking: type after it.
        if (javaScriptEnabled) {
          await expect(page.getByLabel("Email")).toHaveValue(PICKUP_BOOKING.email);
        }
        await fillCheckout(page, { ...SHOPPER, phone: digits });
        await page.getByRole("button", { name: "Confirm Order" }).click();
        await expect(page.getByText(/Order has been placed!/)).toBeVisible();
        const orderReference = await successReference(page);
        const coupon = await insertCoupon(db.db, { valuePaise: 20_000, balancePaise: 7_500 });
        await db.db.update(pickups).set({ phone }).where(eq(pickups.id, coupon.pickupId));

        const { cookie } = await signedInCustomer(db.db, phone);
        const [name = "", value = ""] = cookie.split("=");
        await page.context().addCookies([{ name, value, url: new URL(page.url()).origin }]);

        await page.goto("/hi/account");
        const pickupsSection = page.getByRole("region", { name: "आपके पिकअप" });
        await expect(pickupsSection.getByRole("link", { name: pickupReference })).toHaveAttribute(
          "href",
          /^\/hi\/pickups\//,
        );
        const ordersSection = page.getByRole("region", { name: "आपके ऑर्डर" });
        await expect(ordersSection.getByRole("link", { name: orderReference })).toHaveAttribute(
          "href",
          /^\/hi\/orders\//,
        );
        const couponsSection = page.getByRole("region", { name: "आपके कूपन" });
        await expect(couponsSection.getByText(coupon.code)).toBeVisible();
        await expect(couponsSection.getByText("₹200 में से ₹75 बाकी")).toBeVisible();
        await expect(
          couponsSection.getByRole("link", { name: "चेकआउट पर इस्तेमाल करें" }),
        ).toBeVisible();
        // Hindi throughout: no English word left but what the customer typed.
        const typed = [PICKUP_BOOKING.addressLine1, PICKUP_BOOKING.addressLine2, SHOPPER.address];
        expect(await latinWordsIn(page.locator("main"), typed)).toEqual([]);
        await expectNoHorizontalScroll(page);
        if (javaScriptEnabled) await expectNoAxeViolations(page);

        await pickupsSection.getByRole("link", { name: pickupReference }).click();
        await expect(page.getByText(pickupReference).first()).toBeVisible();
      } finally {
        await db.close();
      }
    });
  },
  { viewport: PHONE_VIEWPORT },
);
