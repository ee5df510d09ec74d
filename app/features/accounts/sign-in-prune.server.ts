/**
 * Removes what signing in leaves behind once it is of no use (docs/accounts.md "Signing in";
 * the privacy notice's "codes until they expire; sign-ins until you sign out or they expire"):
 * run daily by the scheduler's 'prune-customer-sign-in' job.
 */
import { lt, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customerSessions, oneTimeCodes } from "~/db/schema/customer-sign-in";
import {
  CUSTOMER_ABSOLUTE_TIMEOUT_SECONDS,
  CUSTOMER_IDLE_TIMEOUT_SECONDS,
} from "./customer-session.server";

/**
 * Deletes one-time codes expired before `now` (spent or not: an expired code is refused as
 * 'none' afterwards, which says no more) and customer sessions past their idle
 * ({@link CUSTOMER_IDLE_TIMEOUT_SECONDS}) or absolute ({@link CUSTOMER_ABSOLUTE_TIMEOUT_SECONDS})
 * timeout, which no request accepts any more. Idempotent.
 * @returns how many rows of each were deleted.
 */
export async function pruneSignInRecords(
  db: Database,
  now: Date,
): Promise<{ codes: number; sessions: number }> {
  const codes = await db
    .delete(oneTimeCodes)
    .where(lt(oneTimeCodes.expiresAt, now))
    .returning({ id: oneTimeCodes.id });
  const idleSince = new Date(now.getTime() - CUSTOMER_IDLE_TIMEOUT_SECONDS * 1000);
  const startedBefore = new Date(now.getTime() - CUSTOMER_ABSOLUTE_TIMEOUT_SECONDS * 1000);
  const sessions = await db
    .delete(customerSessions)
    .where(
      or(lt(customerSessions.lastSeenAt, idleSince), lt(customerSessions.createdAt, startedBefore)),
    )
    .returning({ id: customerSessions.idHash });
  return { codes: codes.length, sessions: sessions.length };
}
