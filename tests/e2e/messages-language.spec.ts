/**
 * A pickup booked on the Hindi page gets its confirmation e-mail in Hindi, through the real
 * server, its dispatcher and a real SMTP server on loopback, and the tracking link in it opens
 * the pickup's page in Hindi (docs/messages.md "Templates", docs/languages.md). The form
 * is posted as the browser posts it without JavaScript (its fields by name, not by label, so the
 * page's words may change).
 */

import { expect, test } from "../support/browser/fixtures";
import { mailFor } from "../support/browser/mailbox";
import { PHONE_VIEWPORT } from "../support/browser/steps";

test.use({ viewport: PHONE_VIEWPORT });

test("a booking made in Hindi: the e-mail is in Hindi and its /hi/ link opens the page in Hindi", async ({
  page,
  baseURL,
}) => {
  const unique = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const email = `hindi-${unique}@example.com`;
  await page.goto("/hi/orderpage");
  const key = await page.locator('input[name="idempotencyKey"]').inputValue();
  const dates = await page
    .locator('select[name="pickupDate"] option:not([disabled])')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  const answer = await page.request.post("/hi/orderpage", {
    form: {
      name: "Asha Rao",
      email,
      phone: `98450${unique.slice(-5).padStart(5, "0")}`,
      addressLine1: "4 Residency Road",
      addressLine2: "Flat 2B",
      city: "Bengaluru",
      pinCode: "560025",
      pickupDate: dates[2] ?? dates.at(-1) ?? "",
      pickupTime: "11:00",
      reward: "coupon",
      idempotencyKey: key,
      website: "",
    },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);

  await expect
    .poll(async () => (await mailFor(email)).length, { timeout: 20_000 })
    .toBeGreaterThan(0);
  const [mail] = await mailFor(email);
  expect(mail?.subject).toMatch(/^पिकअप PU-[A-Z0-9]+ बुक हो गया: /);
  expect(mail?.text).toContain("नमस्ते Asha Rao,");
  const link = mail?.text.match(/https?:\/\/\S+\/hi\/pickups\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, "the e-mail's text has the Hindi tracking link").toBeDefined();
  expect(link?.startsWith(`${baseURL}/hi/pickups/`)).toBe(true);
  expect(mail?.html).toContain(`href="${link}"`);
  expect(mail?.html).toContain('<html lang="hi">');

  await page.context().clearCookies();
  await page.goto(link as string);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  const reference = mail?.subject.match(/PU-[A-Z0-9]+/)?.[0] ?? "";
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
});
