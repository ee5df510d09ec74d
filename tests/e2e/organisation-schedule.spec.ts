/**
 * A housing society's enquiry becomes an organisation account with a weekly schedule, on a
 * 360 px phone, with and without JavaScript (docs/corporate.md "Organisation accounts",
 * "Recurring pickups"): the society asks on /corporate; staff open the lead, make the account
 * (a missing e-mail is refused next to its field), add a site with a weekly Saturday schedule
 * (a missing site name is refused next to it), and the account's page lists four booked
 * pickups, each linked to its pickup; the first is weighed at the gate and confirmed by staff with
 * the society's signed paper slip (an empty description refused next to its field). The slot is
 * 5 pm, which no other browser test books. No
 * sideways scroll; no axe-core violations (with JavaScript).
 */
import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { E2E_STAFF } from "../support/browser/staff-accounts";
import {
  expectNoHorizontalScroll,
  inNewContext,
  logInAsStaff,
  PHONE_VIEWPORT,
  waitForHydration,
} from "../support/browser/steps";

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    test("a housing society's enquiry becomes an account whose weekly pickups are booked ahead", async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      const society = `Sobha Dream Acres ${javaScriptEnabled ? "JS" : "HTML"}`;
      await page.goto("/corporate");
      if (javaScriptEnabled) await waitForHydration(page, "form.form button[type=submit]");
      const form = page.locator("form.form");
      await form.getByLabel("Organisation name").fill(society);
      await form.getByLabel("Type of organisation").selectOption({ label: "Housing society" });
      await form.getByLabel("Number of sites").fill("1");
      await form.getByLabel("PIN code of the main site").fill("560087");
      await form.getByLabel("Scrap a week, in kg (a guess is fine)").fill("300");
      await form.getByLabel("Regular scrap pickups").check();
      await form.getByLabel("Your name").fill("Kiran Shetty");
      await form.getByLabel("Mobile number").fill("98450 77777");
      await form.getByRole("button", { name: "Send enquiry" }).click();
      const received = page.getByRole("status").filter({ hasText: "Thank you" });
      const reference = (await received.locator("strong").textContent()) ?? "";
      expect(reference).toMatch(/^LD-[0-9A-Z]{6}$/);

      await inNewContext(
        browser,
        async (staff) => {
          await logInAsStaff(staff, E2E_STAFF, "/dashboard/leads");
          await staff.getByRole("link", { name: reference }).click();
          await staff.getByRole("link", { name: "Make an organisation account" }).click();
          await expect(staff.getByRole("heading", { level: 1 })).toHaveText(
            "New organisation account",
          );
          if (javaScriptEnabled) await waitForHydration(staff, "form.form button[type=submit]");
          await expect(staff.getByLabel("Organisation", { exact: true })).toHaveValue(society);
          await staff.getByLabel("Coupons for its members").check();
          await staff.getByRole("button", { name: "Make the account" }).click();
          await expect(
            staff.getByText(
              "Enter the contact's e-mail address: pickup messages and statements go to it.",
            ),
          ).toBeVisible();
          await expect(staff.getByLabel("Contact e-mail")).toHaveAttribute("aria-invalid", "true");
          await staff.getByLabel("Contact e-mail").fill("kiran@example.com");
          await staff.getByRole("button", { name: "Make the account" }).click();
          await expect(staff.getByRole("heading", { level: 1 })).toHaveText(society);
          await expect(staff.getByText("Account made.")).toBeVisible();

          if (javaScriptEnabled) await waitForHydration(staff, "form.form button[type=submit]");
          const site = staff.locator("form.form");
          await site.getByLabel("Address (line 1)").fill("Sobha Dream Acres, Phase 1");
          await site.getByLabel("City").fill("Bengaluru");
          await site.getByLabel("PIN code").fill("560087");
          await site.getByLabel("Site contact name").fill("Estate office");
          await site.getByLabel("Site contact mobile number").fill("98450 88888");
          await site.getByLabel("How often").selectOption({ label: "Every week" });
          await site.getByLabel("Weekday").selectOption({ label: "Saturday" });
          await site.getByLabel("Slot").selectOption("17:00");
          await site.getByRole("button", { name: "Add the site and book its pickups" }).click();
          await expect(staff.getByText("Enter the site's name, like Tower B.")).toBeVisible();
          await expect(staff.getByLabel("City")).toHaveValue("Bengaluru");
          await staff.getByLabel("Site name").fill("Phase 1");
          await staff.getByRole("button", { name: "Add the site and book its pickups" }).click();
          await expect(staff.getByText("Site added.")).toBeVisible();
          await expect(
            staff.getByRole("row").filter({ hasText: "Every week on Saturday, from 17:00" }),
          ).toHaveCount(1);
          const booked = staff
            .getByRole("table", { name: "Pickups the schedules booked, from today on" })
            .getByRole("row")
            .filter({ hasText: "Phase 1" });
          await expect(booked).toHaveCount(4);
          for (const row of await booked.all()) {
            await expect(row.getByRole("link", { name: /^PU-/ })).toBeVisible();
            await expect(row).toContainText("17:00");
            await expect(row).toContainText("Confirmed");
          }
          await expectNoHorizontalScroll(staff);
          if (javaScriptEnabled) await expectNoAxeViolations(staff);
          await staff.screenshot({
            path: test.info().outputPath("organisation-360.png"),
            fullPage: true,
          });
          await booked.first().getByRole("link", { name: /^PU-/ }).click();
          await expect(staff.getByRole("heading", { level: 1 })).toContainText("PU-");
          await expect(staff.getByText(`${society}, Phase 1`).first()).toBeVisible();

          // Weighed at the gate; the society's contact signed the paper slip: staff confirm it.
          if (javaScriptEnabled) await waitForHydration(staff, "form button[type=submit]");
          const added = staff.getByRole("group", { name: "Added material 1" });
          await added
            .getByLabel("Material")
            .selectOption({ label: "₹10/kg · Newspaper and books" });
          await added.getByLabel("Weighed kg").fill("25");
          await staff.getByRole("button", { name: "Save weigh sheet" }).click();
          await expect(staff.getByRole("article", { name: /Weigh sheet version 1/ })).toBeVisible();
          const slip = staff.getByRole("region", { name: "Confirm with the signed paper slip" });
          await slip.getByRole("button", { name: "Confirm with the paper slip" }).click();
          await expect(staff.getByText(/Say which signed slip you hold/).first()).toBeVisible();
          await staff
            .getByLabel("Which slip, signed by whom")
            .fill("Slip 0412, signed by the estate office");
          await staff.getByRole("button", { name: "Confirm with the paper slip" }).click();
          await expect(
            staff.getByText(
              "Weigh sheet confirmed with the signed paper slip; the reward is issued.",
            ),
          ).toBeVisible();
          await expect(staff.getByRole("heading", { level: 1 })).toContainText("Collected");
          await expectNoHorizontalScroll(staff);
          if (javaScriptEnabled) await expectNoAxeViolations(staff);
        },
        { viewport: PHONE_VIEWPORT, javaScriptEnabled },
      );
    });
  },
  { viewport: PHONE_VIEWPORT },
);
