/**
 * A housing society asks for a tie-up in Hindi on a 360 px phone (docs/corporate.md), with and
 * without JavaScript: the home page's corporate box leads to /hi/corporate; an enquiry without a
 * service is refused with the Hindi message next to the group and in the error summary, what
 * was typed kept; with services ticked it shows its reference, and the page has no English word
 * left (tests/support/browser/latin-words.ts). Staff then find the lead on the
 * dashboard at 360 px, open it and mark it contacted with a note, which the history lists. No
 * sideways scroll at 360 px; no axe-core violations (axe runs in the page: with JavaScript).
 */
import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { latinWordsOnPage } from "../support/browser/latin-words";
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
    test("a housing society's Hindi enquiry becomes a lead that staff follow up", async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000); // axe runs and a staff login; slow on a loaded machine
      const organisation = `Prestige Lakeside ${javaScriptEnabled ? "JS" : "HTML"}`;
      await page.goto("/hi");
      await page.getByRole("link", { name: "कंपनियों के साथ साझेदारी" }).click();
      await expect(page).toHaveURL(/\/hi\/corporate$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "hi");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "दफ़्तरों और हाउसिंग सोसाइटियों के लिए साझेदारी",
      );
      await expectNoHorizontalScroll(page);
      if (javaScriptEnabled) await waitForHydration(page, "form.form button[type=submit]");

      const form = page.locator("form.form");
      await form.getByLabel("संस्था का नाम").fill(organisation);
      await form.getByLabel("संस्था का प्रकार").selectOption({ label: "हाउसिंग सोसाइटी" });
      await form.getByLabel("कितनी जगहें").fill("4");
      await form.getByLabel("मुख्य जगह का पिन कोड").fill("560066");
      await form.getByLabel("हर हफ़्ते कबाड़, किलो में (अंदाज़ा काफ़ी है)").fill("120");
      await form.getByLabel("आपका नाम").fill("मीरा अय्यर");
      await form.getByLabel("मोबाइल नंबर").fill("98450 44444");
      await form.getByRole("button", { name: "पूछताछ भेजें" }).click();

      const message = "कम से कम एक सेवा चुनें।";
      const group = page.getByRole("group", { name: "आपको कौन-सी सेवाएँ चाहिए" });
      await expect(group.getByText(message)).toBeVisible();
      await expect(group.getByRole("checkbox").first()).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByRole("alert").getByRole("link", { name: message })).toBeVisible();
      await expect(form.getByLabel("संस्था का नाम")).toHaveValue(organisation);
      await expectNoHorizontalScroll(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await group.getByLabel("नियमित कबाड़ पिकअप").check();
      await group.getByLabel("जैविक कचरे का प्रबंधन").check();
      await form.getByRole("button", { name: "पूछताछ भेजें" }).click();
      const received = page
        .getByRole("status")
        .filter({ hasText: "धन्यवाद, हमें आपकी पूछताछ मिल गई है" });
      await expect(received).toBeVisible();
      const reference = (await received.locator("strong").textContent()) ?? "";
      expect(reference).toMatch(/^LD-[0-9A-Z]{6}$/);
      await expect(page.locator("form.form")).toHaveCount(0);
      // Every word Hindi but the brand, the reference and names such as UPI.
      expect(await latinWordsOnPage(page)).toEqual([]);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await inNewContext(
        browser,
        async (staff) => {
          await logInAsStaff(staff, E2E_STAFF, "/dashboard/leads");
          const row = staff.getByRole("row").filter({ hasText: reference });
          await expect(row).toContainText(organisation);
          await expect(row).toContainText("Regular scrap pickups, Bio-waste management");
          await expect(row).toContainText("120 kg");
          await expectNoHorizontalScroll(staff);
          if (javaScriptEnabled) await expectNoAxeViolations(staff);
          await row.getByRole("link", { name: reference }).click();
          await expect(staff.getByRole("heading", { level: 1 })).toHaveText(
            `Lead ${reference}: ${organisation}`,
          );
          await staff.getByLabel("Contacted").check();
          await staff.getByLabel("Staff note (calls, visit, quote)").fill("Visit on Sunday 10 am.");
          await staff.getByRole("button", { name: "Save", exact: true }).click();
          await expect(staff.getByText("Lead saved.")).toBeVisible();
          await expect(staff.getByLabel("Contacted")).toBeChecked();
          await expect(staff.getByLabel("Staff note (calls, visit, quote)")).toHaveValue(
            "Visit on Sunday 10 am.",
          );
          const history = staff.locator(".dash-history li").filter({ hasText: "lead.updated" });
          await expect(history).toContainText(E2E_STAFF.email);
          await expect(history).toContainText("Visit on Sunday 10 am.");
          await expectNoHorizontalScroll(staff);
          if (javaScriptEnabled) await expectNoAxeViolations(staff);
        },
        { viewport: PHONE_VIEWPORT, javaScriptEnabled },
      );
    });
  },
  { viewport: PHONE_VIEWPORT },
);
