/**
 * The retention job in its own process, for the crash test
 * (tests/integration/privacy-retention.test.ts): `node --import tsx tests/support/processes/retention.ts`.
 * It runs the scheduler's 'erase-inactive-customers' job (RETENTION_INACTIVE_DAYS 1095) with a
 * 2 s lease at RETENTION_NOW (ISO instant), prints `{"erased":1}` once the first customer's
 * erasure has committed and hangs there, so the test can kill it with SIGKILL mid-run.
 *
 * Environment: SCHEDULER_DATABASE_URL (PostgreSQL) or SCHEDULER_DATA_DIR (PGlite), SCHEDULER_ID,
 * RETENTION_NOW.
 */
import { openDatabase } from "~/db/client.server";
import { createScheduler, dailyAt } from "~/features/operations/scheduler.server";
import { eraseInactiveCustomers } from "~/features/privacy/retention.server";

const environment = process.env;
const databaseUrl = environment.SCHEDULER_DATABASE_URL;
const dataDir = environment.SCHEDULER_DATA_DIR;
if (!databaseUrl && !dataDir) throw new Error("SCHEDULER_DATABASE_URL or SCHEDULER_DATA_DIR");
const now = new Date(environment.RETENTION_NOW ?? "");
if (Number.isNaN(now.getTime())) throw new Error("RETENTION_NOW must be an ISO instant");

const handle = await openDatabase(
  databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir: dataDir as string },
);
const scheduler = createScheduler({
  db: handle.db,
  id: environment.SCHEDULER_ID ?? "child",
  now: () => now,
  jobs: [
    {
      name: "erase-inactive-customers",
      windowOf: dailyAt("03:40"),
      leaseMs: 2000,
      async run({ db, now: at }) {
        await eraseInactiveCustomers(db, at, 1095, async (erased) => {
          process.stdout.write(`${JSON.stringify({ erased })}\n`);
          // Killed here: one customer erased and committed, the others not yet.
          await new Promise(() => {});
        });
        return "never";
      },
    },
  ],
});
// The scheduler's timers are unref'd; this keeps the process alive until it is killed.
setInterval(() => {}, 60_000);
scheduler.start();
process.stdout.write("ready\n");
