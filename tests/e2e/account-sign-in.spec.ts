/**
 * Signing in at /hi/account with a mobile number and a one-time code (docs/accounts.md "Signing
 * in"), at 360 px in Hindi, with and without JavaScript: the code is read from the fake WhatsApp
 * Cloud API the web server sends to (tests/support/browser/whatsapp-inbox.ts); a wrong code and
 * a new code asked for within 30 s are refused next to the field; the right code signs in, and
 * 'Sign out on all devices' signs out. axe (with JavaScript) on the refused code and signed in.
 */
import { expectNoAxeViolations } from "../support/browser/axe";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import {
  codeSentTo,
  expectNoHorizontalScroll,
  freshMobile,
  PHONE_VIEWPORT,
} from "../support/browser/steps";

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    test("signs in with a code from WhatsApp, refusing a wrong one, then signs out", async ({
      page,
    }) => {
      const mobile = freshMobile("7");
      const shown = `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
      await page.goto("/hi/account");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("मेरा खाता");
      const phone = page.locator("#phone");
      await expect(phone).toHaveAttribute("type", "tel");
      await expect(phone).toHaveAttribute("autocomplete", "tel");
      await phone.fill(mobile);
      await page.getByRole("button", { name: "कोड भेजें" }).click();
      await expect(
        page.getByText(`अगर इस नंबर पर मैसेज आ सकते हैं, तो हमने ${shown} पर कोड भेज दिया है।`),
      ).toBeVisible();
      const codeField = page.locator("#code");
      await expect(codeField).toHaveAttribute("inputmode", "numeric");
      await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
      const code = await codeSentTo(mobile, "hi");
      expect(code).toMatch(/^[0-9]{6}$/);

      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      await codeField.fill(wrong);
      await page.getByRole("button", { name: "साइन इन करें" }).click();
      await expect(page.locator("#code-error")).toHaveText("यह कोड सही नहीं है। मैसेज देखकर फिर से लिखें।");
      await expect(page.locator(".error-summary")).toBeFocused();
      await expectNoHorizontalScroll(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await page.getByRole("button", { name: "नया कोड भेजें" }).click();
      await expect(page.locator("#code-error")).toContainText("नया कोड माँगने से पहले कृपया");

      await page.locator("#code").fill(code);
      await page.getByRole("button", { name: "साइन इन करें" }).click();
      await expect(page.getByText(`${shown} से साइन इन हैं`)).toBeVisible();
      await expectNoHorizontalScroll(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await page.getByRole("button", { name: "सभी डिवाइस से साइन आउट करें" }).click();
      await expect(page.locator("#phone")).toBeVisible();
      await page.goto("/hi/account");
      await expect(page.locator("#phone")).toBeVisible();
    });
  },
  { viewport: PHONE_VIEWPORT },
);
