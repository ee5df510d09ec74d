/**
 * An admin closes a day on a 360 px phone, with and without JavaScript (docs/operations.md
 * "Closed days"): a reason left empty is refused next to its field; the closed day is listed with
 * its reason; Reopen asks first, then opens it again. The day is 60 to 61 days ahead, outside the
 * 14 bookable days, so that no other test's booking meets it (the booking side is
 * tests/integration/closed-days.test.ts). No sideways scroll; no axe-core violations (with
 * JavaScript).
 */
import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { E2E_ADMIN } from "../support/browser/staff-accounts";
import {
  expectNoHorizontalScroll,
  logInAsStaff,
  PHONE_VIEWPORT,
  waitForHydration,
} from "../support/browser/steps";

/** "YYYY-MM-DD" `days` after today in Asia/Kolkata. */
function dayAhead(days: number): string {
  const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    test("an admin closes a day for Diwali and reopens it", async ({ page }) => {
      test.setTimeout(120_000);
      const day = dayAhead(javaScriptEnabled ? 60 : 61);
      // Each run its own reason: the other run closes its own day on the same server.
      const reason = `Diwali ${javaScriptEnabled ? "JS" : "HTML"}`;
      await logInAsStaff(page, E2E_ADMIN, "/dashboard/closed-days");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Closed days");
      if (javaScriptEnabled) await waitForHydration(page, "form.form button[type=submit]");

      await page.getByLabel("Day", { exact: true }).fill(day);
      await page.getByRole("button", { name: "Close this day" }).click();
      await expect(page.getByText("Say why the shop is closed, like Diwali.")).toBeVisible();
      await expect(page.getByLabel("Reason", { exact: true })).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expect(page.getByLabel("Day", { exact: true })).toHaveValue(day);

      await page.getByLabel("Reason", { exact: true }).fill(reason);
      await page.getByRole("button", { name: "Close this day" }).click();
      await expect(page.getByText("is closed: nothing can be booked on it.")).toBeVisible();
      const row = page.getByRole("row").filter({ hasText: reason });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("None");
      await expectNoHorizontalScroll(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.screenshot({
        path: test.info().outputPath("closed-days-360.png"),
        fullPage: true,
      });

      await row
        .first()
        .getByRole("link", { name: /Reopen/ })
        .click();
      await page.getByRole("button", { name: /^Reopen / }).click();
      await expect(page.getByText("is open for bookings again.")).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: reason })).toHaveCount(0);
    });
  },
  { viewport: PHONE_VIEWPORT },
);
