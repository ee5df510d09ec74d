/**
 * The review and 'Join us' forms in Kannada and Hindi on a 360 px phone (docs/languages.md): bad input
 * answers with the messages in the page's language next to the fields, with and without
 * JavaScript; a good review thanks the visitor in Kannada and closing goes to the Kannada home.
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";
import { waitForHydration } from "../support/browser/steps";

test.use({ viewport: { width: 360, height: 740 } });

// Each test is its own client for the per-address rate limits (TRUST_PROXY=loopback).
test.beforeEach(async ({ page }, testInfo) => {
  const n = (testInfo.workerIndex * 89 + testInfo.title.length * 7) % 250;
  await page.setExtraHTTPHeaders({
    "X-Forwarded-For": `192.0.2.${n + 1}, 203.0.113.${(Date.now() % 250) + 1}`,
  });
});

test("a Kannada review with bad input shows Kannada messages next to the fields, then goes through", async ({
  page,
}) => {
  await page.goto("/kn/review-page");
  await expect(page.locator("html")).toHaveAttribute("lang", "kn");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ನಿಮ್ಮ ಅಭಿಪ್ರಾಯ ತಿಳಿಸಿ");
  await page.getByRole("button", { name: "ವಿಮರ್ಶೆ ಕಳುಹಿಸಿ" }).click();

  const review = page.getByLabel("ನಿಮ್ಮ ವಿಮರ್ಶೆ", { exact: true });
  await expect(review).toHaveAttribute("aria-invalid", "true");
  await expect(review).toHaveAccessibleDescription("ಗರಿಷ್ಠ 1000 ಅಕ್ಷರಗಳು. ನಿಮ್ಮ ವಿಮರ್ಶೆ ಬರೆಯಿರಿ.");
  await expect(page.getByRole("group", { name: "ರೇಟಿಂಗ್" })).toHaveAccessibleDescription(
    "1 ರಿಂದ 5 ನಕ್ಷತ್ರಗಳಲ್ಲಿ ರೇಟಿಂಗ್ ಆರಿಸಿ.",
  );
  await expect(page.getByText("Write your review.")).toHaveCount(0);
  await expectNoAxeViolations(page);

  const text = `ಸಮಯಕ್ಕೆ ಸರಿಯಾಗಿ ಬಂದರು ${Date.now()}`;
  await review.fill(text);
  await page.getByRole("radio", { name: "4 ನಕ್ಷತ್ರಗಳು" }).check();
  await page.getByRole("button", { name: "ವಿಮರ್ಶೆ ಕಳುಹಿಸಿ" }).click();
  const dialog = page.getByRole("dialog", { name: "ನಿಮ್ಮ ವಿಮರ್ಶೆಗೆ ಧನ್ಯವಾದಗಳು!" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/kn$/);
  await expect(page.locator(".carousel__item").filter({ hasText: text })).toHaveCount(1);
  await expect(
    page
      .locator(".carousel__item")
      .filter({ hasText: text })
      .getByRole("img", { name: "5 ರಲ್ಲಿ 4 ನಕ್ಷತ್ರಗಳು" }),
  ).toBeVisible();
});

test("'Join us' on the Kannada home answers in Kannada with JavaScript too", async ({ page }) => {
  test.setTimeout(90_000); // axe on the whole home page is slow on a loaded machine
  await page.goto("/kn");
  await waitForHydration(page, "#join button");
  const form = page.locator("#join");
  await form.getByRole("button", { name: "ಸೇರಿ" }).click();
  await expect(form.getByLabel("ಹೆಸರು")).toHaveAccessibleDescription("ನಿಮ್ಮ ಹೆಸರು ಬರೆಯಿರಿ.");
  await expect(form.getByLabel("ಇ-ಮೇಲ್")).toHaveAccessibleDescription("ನಿಮ್ಮ ಇ-ಮೇಲ್ ವಿಳಾಸ ಬರೆಯಿರಿ.");
  await expect(page).toHaveURL(/\/kn$/);
  await expectNoAxeViolations(page);
  // The frame stays in Kannada after the post (the root's data is reloaded in the same language).
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "ಸಾಮಾನ್ಯ ಪ್ರಶ್ನೆಗಳು" }),
  ).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Join us' in Kannada answers bad input with Kannada messages and keeps what was typed", async ({
    page,
  }) => {
    await page.goto("/kn#join");
    const form = page.locator("#join");
    await expect(form.getByRole("heading", { name: "ನಮ್ಮೊಂದಿಗೆ ಸೇರಿ" })).toBeVisible();
    await form.getByLabel("ಇ-ಮೇಲ್").fill("not-an-address");
    await form.getByLabel("ಮೊಬೈಲ್ ಸಂಖ್ಯೆ").fill("12345");
    await form.getByRole("button", { name: "ಸೇರಿ" }).click();

    await expect(page).toHaveURL(/\/kn(#join)?$/);
    await expect(form.getByLabel("ಹೆಸರು")).toHaveAccessibleDescription("ನಿಮ್ಮ ಹೆಸರು ಬರೆಯಿರಿ.");
    await expect(form.getByLabel("ಇ-ಮೇಲ್")).toHaveAccessibleDescription(
      "ಇ-ಮೇಲ್ ವಿಳಾಸವನ್ನು name@example.com ರೀತಿಯಲ್ಲಿ ಬರೆಯಿರಿ.",
    );
    await expect(form.getByLabel("ಮೊಬೈಲ್ ಸಂಖ್ಯೆ")).toHaveAccessibleDescription(
      "10 ಅಂಕಿಯ ಮೊಬೈಲ್ ಸಂಖ್ಯೆ. 6, 7, 8 ಅಥವಾ 9 ರಿಂದ ಶುರುವಾಗುವ 10 ಅಂಕಿಯ ಭಾರತೀಯ ಮೊಬೈಲ್ ಸಂಖ್ಯೆ ಬರೆಯಿರಿ.",
    );
    await expect(form.getByLabel("ಇ-ಮೇಲ್")).toHaveValue("not-an-address");
    await expect(form.locator("dialog")).toHaveCount(0);
  });

  test("the Hindi review form answers an empty post in Hindi", async ({ page }) => {
    await page.goto("/hi/review-page");
    await page.getByRole("button", { name: "राय भेजें" }).click();
    await expect(page.getByLabel("आपकी राय", { exact: true })).toHaveAccessibleDescription(
      "ज़्यादा से ज़्यादा 1000 अक्षर। अपनी राय लिखें।",
    );
    await expect(page.locator(".field__error").getByText("1 से 5 स्टार में से रेटिंग चुनें।")).toBeVisible();
  });
});

test("the FAQ, privacy policy and terms are written in Hindi and Kannada", async ({ page }) => {
  for (const [path, heading] of [
    ["/hi/faq", "अक्सर पूछे जाने वाले सवाल"],
    ["/kn/faq", "ಸಾಮಾನ್ಯ ಪ್ರಶ್ನೆಗಳು"],
    ["/hi/privacy-policy", "गोपनीयता नीति"],
    ["/kn/privacy-policy", "ಗೌಪ್ಯತಾ ನೀತಿ"],
    ["/hi/terms-of-use", "उपयोग की शर्तें"],
    ["/kn/terms-of-use", "ಬಳಕೆಯ ನಿಯಮಗಳು"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(new RegExp(`^${heading} \\|`));
  }
  await expectNoAxeViolations(page);
});
