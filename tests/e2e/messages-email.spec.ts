/**
 * A booking's confirmation e-mail reaches the visitor through a real SMTP server on loopback,
 * and the tracking link in it opens the booking's page (docs/messages.md).
 */

import { expect, test } from "../support/browser/fixtures";
import { mailFor } from "../support/browser/mailbox";
import { bookPickup, PHONE_VIEWPORT, PICKUP_BOOKING } from "../support/browser/steps";

test.use({ viewport: PHONE_VIEWPORT });

test("the booking confirmation e-mail arrives, and its tracking link opens the pickup", async ({
  page,
  baseURL,
}) => {
  const email = `mail-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const reference = await bookPickup(page, { ...PICKUP_BOOKING, email, dateIndex: 2 });

  // The dispatcher sends within a second or two; poll the mailbox until the e-mail is there.
  await expect
    .poll(async () => (await mailFor(email)).map((message) => message.subject), {
      timeout: 20_000,
    })
    .toContainEqual(expect.stringContaining(reference));
  const [mail] = (await mailFor(email)).filter((message) => message.subject.includes(reference));
  const link = mail?.text.match(/https?:\/\/\S+\/pickups\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, "the e-mail's text has the tracking link").toBeDefined();
  expect(link?.startsWith(`${baseURL}/pickups/`)).toBe(true);
  expect(mail?.html).toContain(link);

  await page.context().clearCookies();
  await page.goto(link as string);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
});
