/**
 * The newsletter and the Messages page (docs/messages.md "Newsletter", "Staff pages") at 360 px:
 * a visitor joins on the home page and confirms with the link of the confirmation e-mail, an
 * admin previews and sends a newsletter, sees its row on the Messages page, the unsubscribe
 * link only asks when opened, and the visitor's one-click unsubscribe (a POST from the mail
 * provider's server, no Origin) stops it.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";
import { expect, test } from "../support/browser/fixtures";
import { mailFor } from "../support/browser/mailbox";
import { E2E_ADMIN } from "../support/browser/staff-accounts";
import {
  logInAsStaff,
  openDashboardMenu,
  openListFilters,
  PHONE_VIEWPORT,
} from "../support/browser/steps";

test.use({ viewport: PHONE_VIEWPORT });

// Its own client address for the 'Join us' rate limit (the server trusts the loopback proxy).
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({
    "X-Forwarded-For": `198.51.100.${(Date.now() % 200) + 30}, 203.0.113.77`,
  });
});

test("an admin previews and sends a newsletter; one-click unsubscribe stops it", async ({
  page,
  request,
}) => {
  const email = `reader.${Date.now()}@example.com`;
  await joinUs(page, email);
  await page.context().clearCookies();

  await logInAsStaff(page, E2E_ADMIN, "/dashboard/newsletter");
  await expect(page.getByRole("heading", { name: "Newsletter" })).toBeVisible();
  await page.getByLabel("Subject").fill("Hi");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("Write a subject of at least 3 characters.")).toBeVisible();
  await page.getByLabel("Subject").fill("Plants for the monsoon");
  await page.getByLabel("Text").fill("Dear readers,\n\nOur monsoon plants are here.");
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("Subject: Plants for the monsoon");
  await expect(preview.locator(".newsletter-paragraph")).toHaveText([
    "Dear readers,",
    "Our monsoon plants are here.",
  ]);
  await expect(preview).toContainText("/unsubscribe/");
  await expectNoAxeViolations(page);

  const send = page.getByRole("button", { name: /^Send to \d+ subscribers?$/ });
  const count = Number((await send.textContent())?.match(/\d+/)?.[0]);
  expect(count).toBeGreaterThanOrEqual(1);
  await send.click();
  await expect(page.getByText(`Newsletter queued for ${count} subscriber`)).toBeVisible();

  // The reader's newsletter row: waiting, or already sent by the server's dispatcher.
  await openDashboardMenu(page);
  await page.getByRole("link", { name: "Messages", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  const newsletterRows = await filterMessages(page, email);
  await expect(newsletterRows).toHaveCount(1);
  await expect(newsletterRows).toContainText("newsletter");
  await expect(newsletterRows).toContainText(/Waiting|Sent/);
  await expectNoAxeViolations(page);
  // It reaches the reader's mailbox (the local SMTP server) with the unsubscribe link.
  await expect
    .poll(async () => (await mailFor(email)).map((mail) => mail.subject), { timeout: 20_000 })
    .toContain("Plants for the monsoon");
  const letter = (await mailFor(email)).find((mail) => mail.subject === "Plants for the monsoon");
  const unsubscribeUrl = /Unsubscribe: (\S+\/unsubscribe\/[A-Za-z0-9_-]{43})/.exec(
    letter?.text ?? "",
  )?.[1];
  expect(unsubscribeUrl).toBeDefined();
  const unsubscribeHref = new URL(unsubscribeUrl as string).pathname;

  // Opening the link (a mail scanner, a preview) only asks.
  await page.goto(unsubscribeHref);
  await expect(page.getByRole("heading", { name: "Leave our mailing list?" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The mail provider's one-click POST (RFC 8058): no Origin, no cookie, no JavaScript.
  const oneClick = await request.post(unsubscribeHref, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(oneClick.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  // A browser POST from another site is still refused.
  const crossSite = await request.post("/dashboard/newsletter", {
    headers: { Origin: "https://evil.example" },
    form: { intent: "send" },
  });
  expect(crossSite.status()).toBe(403);

  // A second newsletter goes to everyone else (another reader joins), not to the reader who
  // unsubscribed.
  await joinUs(page, `other.${Date.now()}@example.com`);
  await page.goto("/dashboard/newsletter");
  await page.getByLabel("Subject").fill("A second letter");
  await page.getByLabel("Text").fill("Dear readers,\n\nMore plants are here.");
  await page.getByRole("button", { name: /^Send to \d+ subscribers?$/ }).click();
  await expect(page.getByText(/Newsletter queued for \d+ subscriber/)).toBeVisible();
  await page.goto("/dashboard/messages");
  await expect(await filterMessages(page, email)).toHaveCount(1);
});

/**
 * Joins the 'Join us' list on the home page and confirms with the link of the confirmation
 * e-mail (double opt-in), as the reader would.
 */
async function joinUs(page: Page, email: string): Promise<void> {
  await page.goto("/#join");
  const join = page.locator("#join");
  await join.getByLabel("Name").fill("Meera Reader");
  await join.getByLabel("Email").fill(email);
  await join.getByLabel("Contact").fill("98450 12345");
  await join.getByRole("button", { name: "Join us" }).click();
  await expect(page.getByRole("dialog", { name: "Thank you for joining us!" })).toBeVisible();
  await expect
    .poll(async () => (await mailFor(email)).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  const [mail] = await mailFor(email);
  const link = /\S+\/subscribe\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? "")?.[0];
  expect(link).toBeDefined();
  await page.goto(new URL(link as string).pathname);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "You are on our mailing list" })).toBeVisible();
}

/** The Messages page's rows for `email`'s newsletters, every status. */
async function filterMessages(page: Page, email: string) {
  await openListFilters(page);
  await page.getByLabel("Status").selectOption("all");
  await page.getByLabel("Template").selectOption("newsletter");
  await page.getByLabel("Search recipient or reference").fill(email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=all/);
  return page.getByRole("row").filter({ hasText: email });
}
