/**
 * The grievance page in Kannada on a 360 px phone (docs/accounts.md "Notice, consent and
 * grievances"), with and without JavaScript: it names the grievance officer and links the
 * privacy notice; a grievance without a way to answer is refused with the Kannada message next
 * to the field and in the error summary; a complete one shows its ticket number. No axe-core
 * violations on either state (with JavaScript: axe runs in the page).
 */
import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { PHONE_VIEWPORT, waitForHydration } from "../support/browser/steps";

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    test("a Kannada grievance is refused without a contact, then gets a ticket", async ({
      page,
    }) => {
      test.setTimeout(90_000); // two axe runs; slow on a loaded machine
      await page.goto("/kn/grievance");
      await expect(page.locator("html")).toHaveAttribute("lang", "kn");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("ದೂರುಗಳು ಮತ್ತು ಡೇಟಾ ಕೋರಿಕೆಗಳು");
      const officer = page.getByRole("region", { name: "ದೂರು ಅಧಿಕಾರಿ" });
      await expect(
        officer.getByRole("link", { name: "support@scrapandsprout.in" }),
      ).toHaveAttribute("href", "mailto:support@scrapandsprout.in");
      await expect(page.getByRole("link", { name: "ಗೌಪ್ಯತಾ ಸೂಚನೆ" }).first()).toHaveAttribute(
        "href",
        "/kn/privacy-notice#grievances",
      );
      if (javaScriptEnabled) await waitForHydration(page, "form.form button[type=submit]");

      const form = page.locator("form.form");
      await form.getByLabel("ಹೆಸರು").fill("ಆಶಾ ರಾವ್");
      await form.getByLabel("ಇದು ಯಾವುದರ ಬಗ್ಗೆ?").selectOption({ label: "ನನ್ನ ಡೇಟಾ ಅಳಿಸುವುದು" });
      await form.getByLabel("ವಿವರಗಳು").fill("ನನ್ನ ಹಳೆಯ ವಿಳಾಸವನ್ನು ಅಳಿಸಿ.");
      await form.getByRole("button", { name: "ದೂರು ಕಳುಹಿಸಿ" }).click();

      const phone = form.getByLabel("ಮೊಬೈಲ್ ಸಂಖ್ಯೆ");
      await expect(phone).toHaveAttribute("aria-invalid", "true");
      const message = "ನಾವು ನಿಮಗೆ ಉತ್ತರಿಸಲು ಮೊಬೈಲ್ ಸಂಖ್ಯೆ ಅಥವಾ ಇ-ಮೇಲ್ ವಿಳಾಸ ನೀಡಿ.";
      await expect(phone).toHaveAccessibleDescription(
        `ನಾವು ನಿಮಗೆ ಉತ್ತರಿಸಲು ಮೊಬೈಲ್ ಸಂಖ್ಯೆ, ಇ-ಮೇಲ್ ವಿಳಾಸ ಅಥವಾ ಎರಡನ್ನೂ ನೀಡಿ. ${message}`,
      );
      await expect(page.getByRole("alert").getByRole("link", { name: message })).toBeVisible();
      // What was typed stays.
      await expect(form.getByLabel("ವಿವರಗಳು")).toHaveValue("ನನ್ನ ಹಳೆಯ ವಿಳಾಸವನ್ನು ಅಳಿಸಿ.");
      // axe runs in the page: only with JavaScript.
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await phone.fill("98450 12345");
      await form.getByRole("button", { name: "ದೂರು ಕಳುಹಿಸಿ" }).click();
      const received = page.getByRole("status").filter({ hasText: "ನಿಮ್ಮ ದೂರು ನಮಗೆ ತಲುಪಿದೆ" });
      await expect(received).toBeVisible();
      await expect(received.locator("strong")).toHaveText(/^GR-[0-9A-Z]{6}$/);
      await expect(page.locator("form.form")).toHaveCount(0);
      // axe runs in the page: only with JavaScript.
      if (javaScriptEnabled) await expectNoAxeViolations(page);
    });
  },
  { viewport: PHONE_VIEWPORT },
);
