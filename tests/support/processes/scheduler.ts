/**
 * One scheduler in its own process, for the crash test (tests/integration/scheduler-crash.test.ts):
 * `node --import tsx tests/support/processes/scheduler.ts`. It runs the real 'expire-payments'
 * job (PAYMENT_PENDING_MINUTES 30) with a 2 s lease, but after the job's work it prints
 * `{"expired":N}` and hangs before the scheduler can mark the window done, so the test can
 * kill it there with SIGKILL.
 *
 * Environment: SCHEDULER_DATABASE_URL (PostgreSQL) or SCHEDULER_DATA_DIR (PGlite), SCHEDULER_ID.
 */
import { openDatabase } from "~/db/client.server";
import { createScheduler, everyMinutes } from "~/features/operations/scheduler.server";
import { expireStalePayments } from "~/features/payments/payment-expiry.server";

const environment = process.env;
const databaseUrl = environment.SCHEDULER_DATABASE_URL;
const dataDir = environment.SCHEDULER_DATA_DIR;
if (!databaseUrl && !dataDir) throw new Error("SCHEDULER_DATABASE_URL or SCHEDULER_DATA_DIR");

const handle = await openDatabase(
  databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir: dataDir as string },
);
const scheduler = createScheduler({
  db: handle.db,
  id: environment.SCHEDULER_ID ?? "child",
  jobs: [
    {
      name: "expire-payments",
      windowOf: everyMinutes(5),
      leaseMs: 2000,
      async run({ db, now }) {
        const expired = await expireStalePayments(db, now, 30);
        process.stdout.write(`${JSON.stringify({ expired })}\n`);
        // Killed here: the effect is done, the window is not marked done.
        await new Promise(() => {});
        return "never";
      },
    },
  ],
});
// The scheduler's timers are unref'd; this keeps the process alive until it is killed.
setInterval(() => {}, 60_000);
scheduler.start();
process.stdout.write("ready\n");
