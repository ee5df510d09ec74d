/**
 * The scheduler of this server process and its jobs (docs/operations.md "Scheduler and
 * housekeeping"). Every server runs it; the `scheduled_runs` claim makes each window run on one
 * server only. Jobs that later features add go into {@link scheduledJobs} (or `extraJobs`).
 */
import os from "node:os";
import type { Database } from "~/db/client.server";
import { pruneSignInRecords } from "~/features/accounts/sign-in-prune.server";
import { deleteAbandonedCarts } from "~/features/cart/cart-cleanup.server";
import { sendPendingClaimRefunds } from "~/features/claims/claim-decisions.server";
import { deleteUnconfirmedRegistrations } from "~/features/community/mailing-list.server";
import { bookSitePickups } from "~/features/corporate/site-pickups.server";
import {
  createScheduler,
  dailyAt,
  everyMinutes,
  type JobOutcome,
  pruneScheduledRuns,
  type ScheduledJob,
} from "~/features/operations/scheduler.server";
import { cancelUnconfirmedOrders } from "~/features/orders/cod-confirmation.server";
import { expireStalePayments } from "~/features/payments/payment-expiry.server";
import { DIGEST_TIME, ensureDailyDigest } from "~/features/pickups/daily-digest.server";
import { pickupConfigFromEnv } from "~/features/pickups/pickup-config";
import { deleteOldConsentsAndGrievances } from "~/features/privacy/record-retention.server";
import { eraseInactiveCustomers } from "~/features/privacy/retention.server";
import { pruneLoginThrottle } from "~/features/staff/login-throttle.server";
import type { Env } from "~/utils/env.server";
import type { logger } from "~/utils/logger.server";

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The housekeeping jobs (times Asia/Kolkata):
 * - 'expire-payments', every 5 minutes: online payments pending or failed for
 *   PAYMENT_PENDING_MINUTES expire and give their stock back (docs/payments.md);
 * - 'cancel-unconfirmed-orders', every 5 minutes: cash-on-delivery orders still waiting for the
 *   customer's code COD_CONFIRM_MINUTES after they were placed are cancelled, stock and coupon
 *   returned (docs/shop.md "Confirming a cash-on-delivery order");
 * - 'claim-refunds', every 5 minutes: claim refunds Razorpay has not accepted yet are sent again
 *   with their idempotency key (docs/claims.md "Refunds");
 * - 'book-site-pickups', daily from 01:30: the pickups of organisations' recurring schedules,
 *   tomorrow to 28 days ahead, moved or skipped off closed days (docs/corporate.md "Recurring
 *   pickups"; idempotent by each date's row);
 * - 'delete-old-carts', daily from 03:00: carts untouched for 30 days;
 * - 'prune-scheduled-runs', daily from 03:10: scheduler rows older than 90 days;
 * - 'prune-login-throttle', daily from 03:20: failed-login counts with no failure for a day
 *   (app/features/staff/login-throttle.server.ts);
 * - 'delete-unconfirmed-registrations', daily from 03:30: 'Join us' registrations never
 *   confirmed whose link expired (7 days; docs/community.md);
 * - 'erase-inactive-customers', daily from 03:40: the personal data of customers inactive for
 *   RETENTION_INACTIVE_DAYS, and bills' buyer details past their statutory period
 *   (docs/accounts.md "Retention");
 * - 'prune-customer-sign-in', daily from 03:50: expired one-time codes and customer sessions past
 *   their timeouts (app/features/accounts/sign-in-prune.server.ts);
 * - 'delete-old-consents-and-grievances', daily from 04:00: consents withdrawn and grievances
 *   answered more than 3 years ago (app/features/privacy/record-retention.server.ts);
 * - 'daily-digest', daily from 07:00, only while the message dispatcher is on: the staff digest
 *   row (docs/messages.md; idempotent by its dedupe key).
 */
export function scheduledJobs(config: Env): ScheduledJob[] {
  const jobs: ScheduledJob[] = [
    {
      name: "expire-payments",
      windowOf: everyMinutes(5),
      run: async ({ db, now }) => {
        const n = await expireStalePayments(db, now, config.operations.paymentPendingMinutes);
        return `${plural(n, "payment", "payments")} expired`;
      },
    },
    {
      name: "cancel-unconfirmed-orders",
      windowOf: everyMinutes(5),
      run: async ({ db, now }) => {
        const n = await cancelUnconfirmedOrders(db, now, config.operations.codConfirmMinutes);
        return `${plural(n, "order", "orders")} cancelled for want of the customer's code`;
      },
    },
    {
      name: "claim-refunds",
      windowOf: everyMinutes(5),
      run: async ({ db, now }) =>
        `${plural(await sendPendingClaimRefunds(db, now), "refund", "refunds")} accepted by Razorpay`,
    },
    {
      name: "book-site-pickups",
      windowOf: dailyAt("01:30"),
      run: async ({ db, now }) => {
        const done = await bookSitePickups(db, now);
        return `${plural(done.booked, "pickup", "pickups")} booked, ${done.moved} moved, ${done.skipped} skipped`;
      },
    },
    {
      name: "delete-old-carts",
      windowOf: dailyAt("03:00"),
      run: async ({ db, now }) =>
        `${plural(await deleteAbandonedCarts(db, now), "cart", "carts")} deleted`,
    },
    {
      name: "prune-scheduled-runs",
      windowOf: dailyAt("03:10"),
      run: async ({ db, now }) =>
        `${plural(await pruneScheduledRuns(db, now), "run", "runs")} pruned`,
    },
    {
      name: "prune-login-throttle",
      windowOf: dailyAt("03:20"),
      run: async ({ db, now }) =>
        `${plural(await pruneLoginThrottle(db, now), "login count", "login counts")} pruned`,
    },
    {
      name: "delete-unconfirmed-registrations",
      windowOf: dailyAt("03:30"),
      run: async ({ db, now }) =>
        `${plural(await deleteUnconfirmedRegistrations(db, now), "registration", "registrations")} deleted`,
    },
    {
      name: "erase-inactive-customers",
      windowOf: dailyAt("03:40"),
      run: async ({ db, now }) => {
        const done = await eraseInactiveCustomers(db, now, config.operations.retentionInactiveDays);
        return `${plural(done.erased, "customer", "customers")} erased, ${done.refused} refused, ${plural(done.billsCleared, "bill", "bills")} cleared`;
      },
    },
    {
      name: "prune-customer-sign-in",
      windowOf: dailyAt("03:50"),
      run: async ({ db, now }) => {
        const done = await pruneSignInRecords(db, now);
        return `${plural(done.codes, "code", "codes")} and ${plural(done.sessions, "session", "sessions")} deleted`;
      },
    },
    {
      name: "delete-old-consents-and-grievances",
      windowOf: dailyAt("04:00"),
      run: async ({ db, now }) => {
        const done = await deleteOldConsentsAndGrievances(db, now);
        return `${plural(done.consents, "consent", "consents")}, ${plural(done.grievances, "grievance", "grievances")} and ${plural(done.leads, "lead", "leads")} deleted`;
      },
    },
  ];
  if (config.MESSAGES_DISPATCHER !== "off") {
    jobs.push({
      name: "daily-digest",
      windowOf: dailyAt(DIGEST_TIME),
      run: async ({ db, now }) =>
        (await ensureDailyDigest(db, now, pickupConfigFromEnv().slots))
          ? "digest queued"
          : "no digest queued (already there, or SHOP_ALERT_EMAIL not set)",
    });
  }
  return jobs;
}

/**
 * Starts this server's scheduler over {@link scheduledJobs} plus `options.extraJobs` (e.g. the
 * nightly backup). Its id in `claimed_by` is `hostname:pid:random`.
 * @param options.onRun called after every run this server made (metrics).
 * @returns a stop function that waits for the job in flight (≤ 15 s); call it before the
 *   database closes.
 */
export function startScheduler(
  db: Database,
  config: Env,
  log: ReturnType<typeof logger>,
  options: {
    extraJobs?: ScheduledJob[];
    onRun?: (job: string, outcome: JobOutcome, seconds: number) => void;
  } = {},
): () => Promise<void> {
  const jobs = [...scheduledJobs(config), ...(options.extraJobs ?? [])];
  const scheduler = createScheduler({
    db,
    jobs,
    id: `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
    logger: log,
    onRun: options.onRun,
  });
  scheduler.start();
  log.info({ scheduler: scheduler.id, jobs: jobs.map((job) => job.name) }, "scheduler started");
  return () => scheduler.stop();
}
