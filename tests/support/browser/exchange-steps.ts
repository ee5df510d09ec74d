/**
 * The staff's side of a scrap exchange in the browser tests (docs/exchange.md): the collector
 * weighs a booked pickup on their phone. Shared by the exchange and account journeys.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect } from "./fixtures";
import { expectNoHorizontalScroll, logInAsStaff, type StaffAccount } from "./steps";

/** Runs the page's axe check with JavaScript only (axe hangs in a page without). */
export async function checkPage(page: Page, javaScriptEnabled: boolean): Promise<void> {
  await expectNoHorizontalScroll(page);
  if (javaScriptEnabled) await expectNoAxeViolations(page);
}

/** A booked pickup assigned to `collector`: its reference (PU-…) and date (YYYY-MM-DD). */
export interface AssignedPickup {
  collector: StaffAccount;
  reference: string;
  date: string;
}

/**
 * The collector logs in on `phone` (a page of a browser context of their own), opens the route
 * sheet of the pickup's day, taps 'On my way', opens the weigh sheet, weighs 12.5 kg newspaper
 * (the booking must list newspaper) and adds 3 kg brass, lets `pick` choose plants, and saves:
 * ₹875 at the seeded rates (12.5 kg × ₹10 + 3 kg × ₹250).
 */
export async function collectorWeighs(
  phone: Page,
  pickup: AssignedPickup,
  javaScriptEnabled: boolean,
  pick?: (phone: Page) => Promise<void>,
): Promise<void> {
  await logInAsStaff(phone, pickup.collector, "/dashboard");
  await expect(phone).toHaveURL(/\/dashboard\/route$/);
  await phone.goto(`/dashboard/route?date=${pickup.date}`);
  const card = phone.getByRole("article", { name: new RegExp(pickup.reference) });
  await expect(card).toContainText("Newspaper and books");
  await checkPage(phone, javaScriptEnabled);
  await card.getByRole("button", { name: "On my way" }).click();
  await expect(phone.getByText("Marked on the way")).toBeVisible();

  await card.getByRole("link", { name: "Weigh sheet" }).click();
  await expect(phone.getByRole("heading", { level: 1 })).toContainText(pickup.reference);
  await phone.getByLabel("Weighed kg, Newspaper and books").fill("12.5");
  const added = phone.getByRole("group", { name: "Added material 1" });
  await added.getByLabel("Material").selectOption({ label: "₹250/kg · Brass" });
  await added.getByLabel("Weighed kg").fill("3");
  await pick?.(phone);
  await checkPage(phone, javaScriptEnabled);
  await phone.getByRole("button", { name: "Save weigh sheet" }).click();
  await expect(
    phone.getByText("Weigh sheet saved. Ask the customer to confirm it on their tracking page."),
  ).toBeVisible();
  await checkPage(phone, javaScriptEnabled);
}
