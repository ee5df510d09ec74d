/**
 * A server killed with SIGKILL in the middle of a scheduled run (docs/operations.md "Scheduler
 * and housekeeping"): the scheduler runs in a child process (tests/support/processes/scheduler.ts)
 * that does the 'expire-payments' work and is killed before it records the window done. The
 * restarted server (this process, on the same data directory or PostgreSQL database) takes the
 * window over once the lease has run out, and the stock comes back exactly once.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { scheduledRuns } from "~/db/schema/operations";
import { orders } from "~/db/schema/shop";
import { seedDatabase } from "~/db/seed.server";
import { createScheduler } from "~/features/operations/scheduler.server";
import { placeOrder } from "~/features/orders/orders.server";
import { expireStalePayments } from "~/features/payments/payment-expiry.server";
import { idempotencyKey } from "~/utils/codes.server";
import {
  cartWith,
  productBySlug,
  setStock,
  shipping,
} from "../support/factories/carts-and-addresses";
import { createScratchDatabase } from "../support/processes/test-database";
import { killOnceItSays, spawnVictim, until } from "../support/processes/victim";

const adminUrl = process.env.TEST_DATABASE_URL;

function spawnScheduler(database: Record<string, string>) {
  return spawnVictim("scheduler.ts", { ...database });
}

it("a run killed with SIGKILL after its work is run again by the restarted server; the stock comes back once", async () => {
  const dataDir = adminUrl ? null : fs.mkdtempSync(path.join(os.tmpdir(), "scheduler-crash-"));
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, "schedcrash") : null;
  const open = () =>
    openDatabase(
      scratch ? { databaseUrl: scratch.url, poolSize: 2 } : { dataDir: dataDir as string },
    );
  let handle: DatabaseHandle = await open();
  try {
    await seedDatabase(handle.db);
    const tulsi = await productBySlug(handle.db, "tulsi");
    await setStock(handle.db, tulsi.id, 10);
    const { cartId, shownLines } = await cartWith(handle.db, [
      { productId: tulsi.id, quantity: 4 },
    ]);
    const order = await placeOrder(handle.db, {
      cartId,
      idempotencyKey: idempotencyKey(),
      shownLines,
      shipping,
      paymentMethod: "online",
    });
    await handle.db
      .update(orders)
      .set({ updatedAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(orders.id, order.id));
    expect((await productBySlug(handle.db, "tulsi")).stock).toBe(6);
    // The embedded database has one owner: the child takes the data directory over.
    if (dataDir) await handle.close();

    const victim = spawnScheduler(
      scratch ? { SCHEDULER_DATABASE_URL: scratch.url } : { SCHEDULER_DATA_DIR: dataDir as string },
    );
    await killOnceItSays(victim, '{"expired":1}', "the child to do the work");

    if (dataDir) handle = await open();
    const db = handle.db;
    // The window the victim claimed (read back, so a 5-minute boundary cannot split the test).
    const [claimed] = await db
      .select({ windowKey: scheduledRuns.windowKey })
      .from(scheduledRuns)
      .where(eq(scheduledRuns.claimedBy, "victim"));
    const windowKey = claimed?.windowKey ?? "";
    const runRow = async () =>
      (
        await db
          .select()
          .from(scheduledRuns)
          .where(
            and(eq(scheduledRuns.job, "expire-payments"), eq(scheduledRuns.windowKey, windowKey)),
          )
      )[0];
    expect(await runRow()).toMatchObject({ status: "running", claimedBy: "victim" });
    expect((await productBySlug(db, "tulsi")).stock).toBe(10);

    const restarted = createScheduler({
      db,
      id: "restarted",
      jobs: [
        {
          name: "expire-payments",
          windowOf: () => windowKey,
          run: async ({ db: jobDb, now }) => `${await expireStalePayments(jobDb, now, 30)} expired`,
        },
      ],
    });
    // Nothing until the 2 s lease runs out, then the window is run again, once.
    await until(
      async () => (await restarted.tick())[0]?.outcome === "done",
      "the takeover",
      20_000,
    );
    expect(await runRow()).toMatchObject({
      status: "done",
      claimedBy: "restarted",
      attempts: 2,
      detail: "0 expired",
    });
    expect((await productBySlug(db, "tulsi")).stock).toBe(10);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.paymentStatus).toBe("expired");
  } finally {
    await handle.close().catch(() => {});
    await scratch?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
