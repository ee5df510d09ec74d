/**
 * Anti-automation (docs/operations.md "Anti-automation") as a visitor without
 * JavaScript sees it: past the bookings one address may make in an hour, the booking form
 * answers 429 with Retry-After, says what to do next to the form, and keeps what was typed.
 * The fixtures give this test a client address of its own (X-Forwarded-For).
 */

import { expect, test } from "../support/browser/fixtures";
import { fillPickupForm, PICKUP_BOOKING, schedulePickup } from "../support/browser/steps";

test.use({ javaScriptEnabled: false });

/** Bookings per address and hour (addressAllowances.booking in anti-automation.server.ts). */
const BOOKINGS_PER_HOUR = 5;

test("past 5 bookings an hour from one address, the form says to try later or call", async ({
  page,
}) => {
  const stamp = String(Date.now() % 100_000).padStart(5, "0");
  const visitor = (i: number) => ({
    ...PICKUP_BOOKING,
    name: `Visitor ${i}`,
    phone: `70${i}00${stamp}`.slice(0, 10),
    email: `visitor${i}-${stamp}@example.com`,
    dateIndex: 3,
    time: "13:00",
  });
  for (let i = 0; i < BOOKINGS_PER_HOUR; i++) {
    await page.goto("/orderpage");
    await fillPickupForm(page, visitor(i));
    expect(await schedulePickup(page)).toMatch(/^PU-/);
  }

  await page.goto("/orderpage");
  await fillPickupForm(page, visitor(BOOKINGS_PER_HOUR));
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/orderpage" && response.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Schedule Pickup" }).click();
  const response = await answered;
  expect(response.status()).toBe(429);
  expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
  await expect(page.getByRole("alert")).toContainText(
    "Too many pickup bookings from your network in the last hour. Please try again later, or call us on +91 98450 12345 for bulk pickups.",
  );
  await expect(page.getByLabel("Name")).toHaveValue(`Visitor ${BOOKINGS_PER_HOUR}`);
  await expect(page.getByText("Your order has been scheduled")).toHaveCount(0);
});
