/**
 * 'Needs attention' on the dashboard overview (docs/operations.md "Scheduler and housekeeping"):
 * a pickup whose slot ended two days ago while still requested is listed with a link to its
 * page; a collected one of the same day is not. Seeding needs SQL access to the server's
 * database, so this runs on PostgreSQL only (E2E_DATABASE_URL; see
 * tests/support/browser/server-database.ts).
 */
import crypto from "node:crypto";
import { pickups } from "~/db/schema/pickups";
import { addDays, todayInKolkata } from "~/utils/dates";
import { expectNoAxeViolations } from "../support/browser/axe";
import { expect, test } from "../support/browser/fixtures";
import { e2eDatabaseReachable, openE2EDatabase } from "../support/browser/server-database";

function overduePickup(reference: string, status: "requested" | "collected") {
  return {
    reference,
    trackingToken: crypto.randomBytes(32).toString("base64url"),
    status,
    name: `Attention ${status}`,
    email: "attention@example.com",
    phone: "+919845012345",
    addressLine1: "12 MG Road",
    addressLine2: "",
    city: "Bengaluru",
    pinCode: "560001",
    pickupDate: addDays(todayInKolkata(new Date()), -2),
    slotStart: "09:00",
    rewardPreference: "money" as const,
  };
}

test("the overview lists an overdue pickup under Needs attention and links to it", async ({
  staffPage: page,
}) => {
  test.skip(!e2eDatabaseReachable, "seeding needs the PostgreSQL e2e database");
  const suffix = crypto.randomBytes(3).toString("hex").toUpperCase();
  const overdue = `PU-NA${suffix}`;
  const done = `PU-ND${suffix}`;
  const handle = await openE2EDatabase();
  if (!handle) throw new Error("no e2e database");
  try {
    await handle.db
      .insert(pickups)
      .values([overduePickup(overdue, "requested"), overduePickup(done, "collected")]);
  } finally {
    await handle.close();
  }

  await page.goto("/dashboard");
  const section = page.getByRole("region", { name: /Needs attention: \d+/ });
  await expect(section).toBeVisible();
  await expect(section.getByRole("link", { name: overdue })).toBeVisible();
  await expect(section.getByRole("link", { name: done })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await section.getByRole("link", { name: overdue }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(overdue);
});
