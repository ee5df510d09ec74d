/**
 * Retention (docs/accounts.md "Retention", ADR 0039; Digital Personal Data Protection Act 2023
 * s.8(7) and the DPDP Rules 2025, Third Schedule): the scheduler's daily 'erase-inactive-customers'
 * job erases the personal data of every customer (a phone on a pickup or an order) with no
 * activity for RETENTION_INACTIVE_DAYS (default 1095, three years), and clears the buyer details
 * that erasure kept on bills once their statutory period has ended.
 *
 * Activity: a pickup or an order booked or changed, a message sent to the phone, a 'Join us'
 * registration made or changed (confirmed, unsubscribed) with that phone, a sign-in code asked
 * for, a signed-in session used, a saved address or the language changed.
 *
 * Crash-safe and idempotent: each customer is erased in a transaction of its own
 * (`eraseCustomer`), so a killed server leaves every customer either erased or untouched, and a
 * second run finds only what is left.
 */
import { and, asc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { bills } from "~/db/schema/billing";
import { orders } from "~/db/schema/shop";
import { billKeptUntil, ErasureRefusedError, eraseCustomer, erasedBuyer } from "./erasure.server";
import { ERASED_NAME, ERASED_PIN_CODE, ERASED_TEXT } from "./personal-data";

/** The buyer of a bill whose statutory period ended (bills.content.buyer). */
const erasedBillBuyer = {
  name: ERASED_NAME,
  address: ERASED_TEXT,
  city: ERASED_TEXT,
  state: ERASED_TEXT,
  stateCode: "",
  pinCode: ERASED_PIN_CODE,
  gstin: "",
};

/** Phones read per batch; every batch's customers are erased one transaction each. */
const BATCH = 100;

/** What a retention run did. */
export interface RetentionOutcome {
  /** Customers whose data was erased. */
  erased: number;
  /** Inactive customers refused (something still open, e.g. an order never closed). */
  refused: number;
  /** Bills whose kept buyer details were cleared because their period ended. */
  billsCleared: number;
}

/** Phones after `after` (keyset) whose latest activity is before `cutoff`, in order. */
async function inactivePhones(db: Database, cutoff: Date, after: string): Promise<string[]> {
  const result = await db.execute(
    sql`
      select phone from (
        select phone, max(updated_at) as last from pickups where phone <> '' group by phone
        union all
        select phone, max(updated_at) from orders where phone <> '' group by phone
        union all
        select phone, max(updated_at) from registrations group by phone
        union all
        select recipient, max(created_at) from messages where recipient like '+91%' group by recipient
        union all
        select phone, max(last_seen_at) from customer_sessions group by phone
        union all
        select phone, max(created_at) from one_time_codes group by phone
        union all
        select phone, max(updated_at) from customer_addresses group by phone
        union all
        select phone, max(updated_at) from customer_preferences group by phone
      ) activity
      where phone > ${after}
        and (exists (select 1 from pickups p where p.phone = activity.phone)
          or exists (select 1 from orders o where o.phone = activity.phone))
      group by phone
      having max(last) < ${cutoff.toISOString()}::timestamptz
      order by phone
      limit ${BATCH}`,
  );
  return (result as unknown as { rows: { phone: string }[] }).rows.map((row) => row.phone);
}

/**
 * Buyer details kept on bills of erased customers (phone '' and a name that is not the
 * tombstone) whose statutory period ({@link billKeptUntil}) has ended at `now` get the tombstone.
 */
export async function clearExpiredBills(db: Database, now: Date): Promise<number> {
  // No bill younger than six years can have ended its period: read only older ones.
  const sixYearsAgo = new Date(now.getTime() - 6 * 365 * 86_400_000);
  const candidates = await db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(eq(orders.phone, ""), ne(orders.name, ERASED_NAME), lt(orders.createdAt, sixYearsAgo)),
    )
    .orderBy(asc(orders.id));
  const ended = candidates.filter((o) => billKeptUntil(o.createdAt) <= now).map((o) => o.id);
  for (let i = 0; i < ended.length; i += BATCH) {
    const batch = ended.slice(i, i + BATCH);
    await db.transaction(async (tx) => {
      await tx
        .update(orders)
        .set({ ...erasedBuyer, updatedAt: now })
        .where(inArray(orders.id, batch));
      // The printed copies of the buyer on those orders' bills and credit notes go too.
      await tx
        .update(bills)
        .set({
          content: sql`jsonb_set(${bills.content}, '{buyer}', ${JSON.stringify(erasedBillBuyer)}::jsonb)`,
        })
        .where(inArray(bills.orderId, batch));
    });
  }
  return ended.length;
}

/**
 * Erases every customer inactive for `inactiveDays` before `now`, then clears the bills whose
 * period ended (see the module's docstring). Refused customers are left as they are and counted.
 * @param onErased called after each customer's erasure has committed (progress; the crash test
 *   stops its process there).
 */
export async function eraseInactiveCustomers(
  db: Database,
  now: Date,
  inactiveDays: number,
  onErased: (erasedSoFar: number) => Promise<void> | void = () => {},
): Promise<RetentionOutcome> {
  const cutoff = new Date(now.getTime() - inactiveDays * 86_400_000);
  const outcome: RetentionOutcome = { erased: 0, refused: 0, billsCleared: 0 };
  let after = "";
  for (;;) {
    const phones = await inactivePhones(db, cutoff, after);
    for (const phone of phones) {
      try {
        if ((await eraseCustomer(db, phone, now, "retention")).erased) {
          outcome.erased += 1;
          await onErased(outcome.erased);
        }
      } catch (error) {
        if (!(error instanceof ErasureRefusedError)) throw error;
        outcome.refused += 1;
      }
    }
    if (phones.length < BATCH) break;
    after = phones[phones.length - 1] ?? after;
  }
  outcome.billsCleared = await clearExpiredBills(db, now);
  return outcome;
}
