/**
 * Growing waits after failed staff logins, instead of a lockout (docs/dashboard.md "Login";
 * ADR 0026). A lockout let anyone who knows a staff e-mail keep its
 * owner out with ten wrong passwords a minute; a wait that grows with each failure slows a
 * guesser just as well, and the owner's right password is accepted as soon as the wait is over.
 *
 * Failures are counted per account (the e-mail typed, lower-case, whether or not it exists) and
 * per client address (`clientKeyOf`: an IPv6 client as its /64). After a key's `freeFailures`
 * failures, every further failure makes the next attempt with that key wait 1 s, 2 s, 4 s …
 * doubling up to `maxWaitSeconds` ({@link loginWaitSeconds}). An attempt made during a wait is
 * refused before the password is checked (and is not counted); a successful login deletes the
 * account's count; a count not added to for `forgetAfterSeconds` starts again from zero.
 *
 * The counts are rows of `staff_login_throttle` on both drivers, so several servers on one
 * PostgreSQL share them; each failure is counted by one `INSERT … ON CONFLICT DO UPDATE`, so
 * concurrent failures on different servers are all counted. Two attempts that arrive together
 * before any wait has begun are both checked (the check is a read, not a claim): waits bound the
 * rate of guesses, they do not serialise them. Times are the `now` passed in (epoch-based Date).
 */
import { eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { staffLoginThrottle } from "~/db/schema/staff";
import { clientKeyOf } from "~/utils/rate-limit.server";

/** How one kind of key (account, client address) is throttled. */
export interface LoginThrottleRule {
  /** Failures that cost no wait. */
  freeFailures: number;
  /** The longest wait between attempts, seconds. */
  maxWaitSeconds: number;
  /** A count with no failure for this long is forgotten (starts again from zero), seconds. */
  forgetAfterSeconds: number;
}

/**
 * Per account: 5 failures free (typos, a forgotten Caps Lock), then 1 s doubling to 5 min, so a
 * guesser gets about 12 guesses an hour at most while the owner waits at most 5 min. Forgotten
 * after a day without failures.
 */
export const ACCOUNT_THROTTLE: LoginThrottleRule = {
  freeFailures: 5,
  maxWaitSeconds: 300,
  forgetAfterSeconds: 24 * 60 * 60,
};

/**
 * Per client address: 20 failures free (a shop's staff and collectors often share one office
 * address or a mobile carrier's), then 1 s doubling to 5 min; stops one address from trying
 * passwords across many accounts. Forgotten after an hour without failures.
 */
export const ADDRESS_THROTTLE: LoginThrottleRule = {
  freeFailures: 20,
  maxWaitSeconds: 300,
  forgetAfterSeconds: 60 * 60,
};

/** Rows whose last failure is older than this are deleted by {@link pruneLoginThrottle}, seconds. */
const KEEP_SECONDS = Math.max(
  ACCOUNT_THROTTLE.forgetAfterSeconds,
  ADDRESS_THROTTLE.forgetAfterSeconds,
);

/** One counted key and its rule. */
export interface LoginThrottleKey {
  key: string;
  rule: LoginThrottleRule;
}

/**
 * The wait after a key's `failures`-th failure, seconds: 0 while `failures < freeFailures`, then
 * 1, 2, 4 … doubling with each failure, at most `maxWaitSeconds`.
 */
export function loginWaitSeconds(failures: number, rule: LoginThrottleRule): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxWaitSeconds, 2 ** Math.min(failures - rule.freeFailures, 30));
}

/** The row key of an account (e-mail as typed, trimmed and lower-cased). */
export function accountThrottleKey(email: string): string {
  return `account:${email.trim().toLowerCase()}`;
}

/** The keys a login attempt is counted under: its account and its client address. */
export function loginThrottleKeys(clientAddress: string, email: string): LoginThrottleKey[] {
  return [
    { key: accountThrottleKey(email), rule: ACCOUNT_THROTTLE },
    { key: `address:${clientKeyOf(clientAddress)}`, rule: ADDRESS_THROTTLE },
  ];
}

/**
 * How long an attempt with these keys must still wait before its password may be checked,
 * whole seconds rounded up (0: it may be checked now). Reads only.
 */
export async function loginWaitLeft(
  db: Database,
  keys: LoginThrottleKey[],
  now: Date,
): Promise<number> {
  const rows = await db
    .select()
    .from(staffLoginThrottle)
    .where(
      inArray(
        staffLoginThrottle.key,
        keys.map((k) => k.key),
      ),
    );
  let leftMs = 0;
  for (const row of rows) {
    const rule = keys.find((k) => k.key === row.key)?.rule;
    if (!rule || forgotten(row.lastFailureAt, rule, now)) continue;
    leftMs = Math.max(leftMs, row.blockedUntil.getTime() - now.getTime());
  }
  return leftMs > 0 ? Math.ceil(leftMs / 1000) : 0;
}

function forgotten(lastFailureAt: Date, rule: LoginThrottleRule, now: Date): boolean {
  return now.getTime() - lastFailureAt.getTime() >= rule.forgetAfterSeconds * 1000;
}

/**
 * Counts one failed attempt under every key (a count past its `forgetAfterSeconds` starts again
 * at 1) and sets the wait it earns.
 * @returns `waitSeconds`, the longest wait this failure imposes on the next attempt (0: none);
 *   `waitsBegan`, true when this failure was the one that made some key start waiting (its
 *   `freeFailures`-th), for the audit log.
 */
export async function recordLoginFailure(
  db: Database,
  keys: LoginThrottleKey[],
  now: Date,
): Promise<{ waitSeconds: number; waitsBegan: boolean }> {
  const at = now.toISOString();
  let waitSeconds = 0;
  let waitsBegan = false;
  for (const { key, rule } of keys) {
    const forgetBefore = new Date(now.getTime() - rule.forgetAfterSeconds * 1000).toISOString();
    const [row] = await db
      .insert(staffLoginThrottle)
      .values({ key, failures: 1, lastFailureAt: now, blockedUntil: now })
      .onConflictDoUpdate({
        target: staffLoginThrottle.key,
        set: {
          failures: sql`case when ${staffLoginThrottle.lastFailureAt} <= ${forgetBefore}::timestamptz then 1 else ${staffLoginThrottle.failures} + 1 end`,
          lastFailureAt: sql`greatest(${staffLoginThrottle.lastFailureAt}, ${at}::timestamptz)`,
        },
      })
      .returning({ failures: staffLoginThrottle.failures });
    const failures = row?.failures ?? 1;
    const wait = loginWaitSeconds(failures, rule);
    if (wait === 0) continue;
    const until = new Date(now.getTime() + wait * 1000).toISOString();
    await db
      .update(staffLoginThrottle)
      .set({
        blockedUntil: sql`greatest(${staffLoginThrottle.blockedUntil}, ${until}::timestamptz)`,
      })
      .where(eq(staffLoginThrottle.key, key));
    waitSeconds = Math.max(waitSeconds, wait);
    if (failures === rule.freeFailures) waitsBegan = true;
  }
  return { waitSeconds, waitsBegan };
}

/** Forgets the failures of an account (after its successful login). */
export async function clearAccountFailures(db: Database, email: string): Promise<void> {
  await db.delete(staffLoginThrottle).where(eq(staffLoginThrottle.key, accountThrottleKey(email)));
}

/**
 * Deletes counts whose last failure is more than a day before `now` (forgotten by every rule
 * anyway). Idempotent; the scheduler's daily 'prune-login-throttle' job.
 * @returns the number of rows deleted.
 */
export async function pruneLoginThrottle(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - KEEP_SECONDS * 1000);
  const deleted = await db
    .delete(staffLoginThrottle)
    .where(lt(staffLoginThrottle.lastFailureAt, cutoff))
    .returning({ key: staffLoginThrottle.key });
  return deleted.length;
}
