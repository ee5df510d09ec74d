/**
 * The scheduler's 'book-site-pickups' job in its own process, for the crash test
 * (tests/integration/site-pickups-crash.test.ts):
 * `node --import tsx tests/support/processes/site-pickups.ts`. It runs the job with a 2 s lease
 * at BOOKING_NOW (ISO instant), prints `{"dates":N}` once N dates' transactions have committed
 * (N = STOP_AFTER) and hangs there, so the test can kill it with SIGKILL half-way.
 *
 * Environment: SCHEDULER_DATABASE_URL (PostgreSQL) or SCHEDULER_DATA_DIR (PGlite), SCHEDULER_ID,
 * BOOKING_NOW, STOP_AFTER.
 */
import { openDatabase } from "~/db/client.server";
import { bookSitePickups } from "~/features/corporate/site-pickups.server";
import { createScheduler, dailyAt } from "~/features/operations/scheduler.server";

const environment = process.env;
const databaseUrl = environment.SCHEDULER_DATABASE_URL;
const dataDir = environment.SCHEDULER_DATA_DIR;
if (!databaseUrl && !dataDir) throw new Error("SCHEDULER_DATABASE_URL or SCHEDULER_DATA_DIR");
const now = new Date(environment.BOOKING_NOW ?? "");
if (Number.isNaN(now.getTime())) throw new Error("BOOKING_NOW must be an ISO instant");
const stopAfter = Number(environment.STOP_AFTER ?? "5");

const handle = await openDatabase(
  databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir: dataDir as string },
);
const scheduler = createScheduler({
  db: handle.db,
  id: environment.SCHEDULER_ID ?? "child",
  now: () => now,
  jobs: [
    {
      name: "book-site-pickups",
      windowOf: dailyAt("01:30"),
      leaseMs: 2000,
      async run({ db, now: at }) {
        await bookSitePickups(db, at, {
          afterDate: async (counts) => {
            const dates = counts.booked + counts.moved + counts.skipped;
            if (dates < stopAfter) return;
            process.stdout.write(`${JSON.stringify({ dates })}\n`);
            // Killed here: some dates committed, the others not yet.
            await new Promise(() => {});
          },
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
