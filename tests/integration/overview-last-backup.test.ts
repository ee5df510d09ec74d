/**
 * The admin overview's backup line (docs/operations.md "Backups and restore"): 'No backup yet',
 * the last backup's time and size, a warning past 36 hours; staff who are not admins do not
 * see it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { backups } from "~/db/schema/operations";
import { getLastBackup } from "~/features/overview/last-backup.server";
import * as overviewRoute from "~/routes/dashboard/overview";
import { routeArgs, signedInStaff } from "../support/factories/staff";
import { createTestDatabase } from "../support/processes/test-database";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
});

afterAll(async () => {
  await handle.close();
});

const now = new Date("2026-11-23T06:00:00Z");
const hoursBefore = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

async function recordBackup(finishedAt: Date, sizeBytes: number) {
  await handle.db.insert(backups).values({
    kind: "nightly",
    driver: "pglite",
    file: `/data/backups/nightly-${finishedAt.toISOString()}.tar.gz`,
    sizeBytes,
    startedAt: finishedAt,
    finishedAt,
  });
}

describe("last backup on the overview", () => {
  it("says 'No backup yet', then the newest backup, then warns when it is over 36 hours old", async () => {
    expect(await getLastBackup(handle.db, now)).toMatchObject({
      finishedAt: null,
      warning: "No backup yet",
    });

    await recordBackup(hoursBefore(49), 1_000);
    expect((await getLastBackup(handle.db, now)).warning).toBe(
      "Last backup 2 days ago — check the nightly backup",
    );

    await recordBackup(hoursBefore(37), 2_000);
    expect((await getLastBackup(handle.db, now)).warning).toBe(
      "Last backup 37 hours ago — check the nightly backup",
    );

    await recordBackup(hoursBefore(3), 4_900_000);
    expect(await getLastBackup(handle.db, now)).toEqual({
      finishedAt: hoursBefore(3),
      sizeBytes: 4_900_000,
      kind: "nightly",
      warning: null,
    });
  });

  it("is in the admin's overview data and not in a staff member's", async () => {
    const admin = await signedInStaff(handle.db, "admin");
    const staff = await signedInStaff(handle.db, "staff");
    type Args = Parameters<typeof overviewRoute.loader>[0];
    const forAdmin = await overviewRoute.loader(
      routeArgs<Args>("http://localhost/dashboard", { cookie: admin.cookie }),
    );
    expect(forAdmin.lastBackup?.sizeBytes).toBe(4_900_000);
    const forStaff = await overviewRoute.loader(
      routeArgs<Args>("http://localhost/dashboard", { cookie: staff.cookie }),
    );
    expect(forStaff.lastBackup).toBeNull();
  });
});
