/**
 * A collector with a phone and no e-mail (docs/dashboard.md "Staff", "Login"; ADR 0032), at
 * 360 px, with and without JavaScript: an admin adds them on the Staff page and finds the form
 * empty again after 'Created collector account'; the collector logs in with the number as they
 * would type it and lands on the route sheet. No sideways scrolling on the login page.
 */
import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { E2E_ADMIN, E2E_STAFF_PASSWORD } from "../support/browser/staff-accounts";
import {
  expectNoHorizontalScroll,
  inNewContext,
  logInAsStaff,
  PHONE_VIEWPORT,
} from "../support/browser/steps";

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    const run = javaScriptEnabled ? "js" : "nojs";

    test("an admin adds a collector by phone; the collector logs in with the number", async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      // A number no other run uses: 8… with JavaScript, 7… without, then the clock's digits.
      const digits = `${javaScriptEnabled ? 8 : 7}${String(Date.now()).slice(-9)}`;
      const spaced = `${digits.slice(0, 5)} ${digits.slice(5)}`;
      const name = `Phone Collector ${run} ${Date.now()}`;

      await logInAsStaff(page, E2E_ADMIN, "/dashboard/staff");
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByLabel("Phone", { exact: true }).fill(spaced);
      await page.getByLabel("Role").selectOption("collector");
      await page.getByLabel("Password", { exact: true }).fill(E2E_STAFF_PASSWORD);
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByText(`Created collector account for +91 ${spaced}.`)).toBeVisible();
      // The form is empty again: nothing invites a second account.
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
      await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("");
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
      await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(
        "No e-mail (signs in with phone)",
      );

      await inNewContext(
        browser,
        async (phone) => {
          await phone.goto("/dashboard/login");
          await expectNoHorizontalScroll(phone);
          if (javaScriptEnabled) await expectNoAxeViolations(phone);
          await phone.getByLabel("Email or phone").fill(`0${spaced}`);
          await phone.getByLabel("Password").fill("not the password");
          await phone.getByRole("button", { name: "Log in" }).click();
          await expect(phone.getByRole("alert")).toHaveText("Email or password is incorrect.");
          await phone.getByLabel("Password").fill(E2E_STAFF_PASSWORD);
          await phone.getByRole("button", { name: "Log in" }).click();
          await expect(phone).toHaveURL(/\/dashboard\/route$/);
          await expect(phone.getByText(`${name} (collector)`)).toBeVisible();
          await expectNoHorizontalScroll(phone);
        },
        { viewport: PHONE_VIEWPORT, javaScriptEnabled },
      );
    });
  },
  { viewport: PHONE_VIEWPORT },
);
