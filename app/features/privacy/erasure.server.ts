/**
 * Erasing a customer's personal data (docs/accounts.md "Personal data and erasure", ADR 0039;
 * Digital Personal Data Protection Act 2023 s.12 and s.8(7)): in one transaction, every mapped
 * column of the customer's rows (app/features/privacy/personal-data.ts) gets its tombstone, their
 * 'Join us' registrations, saved addresses, the language preference, sign-in sessions and
 * one-time codes are deleted (so every browser signed in as the phone is signed out), and one
 * `erasure_log` row and one audit row record it.
 * Rows stay (tombstones, not deletions) so the shop's counts, stock history, coupons and books
 * add up; a bill's buyer details stay until the statutory period of accounts ends
 * ({@link billKeptUntil}).
 */
import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { claimPhotos, claims } from "~/db/schema/claims";
import { registrations } from "~/db/schema/community";
import { customerAddresses, customerPreferences } from "~/db/schema/customer-profile";
import { customerSessions, oneTimeCodes, verifiedPhones } from "~/db/schema/customer-sign-in";
import { type ErasureReason, erasureLog } from "~/db/schema/erasure";
import { weighSheets } from "~/db/schema/exchange";
import { messages } from "~/db/schema/messages";
import { pickups } from "~/db/schema/pickups";
import { orders } from "~/db/schema/shop";
import { unguessableToken } from "~/utils/codes.server";
import { kolkataInstant, todayInKolkata } from "~/utils/dates";
import { Refusal } from "~/utils/refusal";
import { sessionSecret } from "~/utils/secrets.server";
import { ERASED_NAME, ERASED_PIN_CODE, ERASED_TEXT } from "./personal-data";
import {
  type CustomerScope,
  customerMessages,
  customerRegistrations,
  customerScope,
} from "./personal-data.server";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Erasure refused because something is still under way; `id` says what must finish first
 * (`errors.erasure.*`, with the pickup's or order's `reference`). Status 409.
 */
export class ErasureRefusedError extends Refusal {
  override name = "ErasureRefusedError";
}

/** What an erasure changed: rows per table (an erasure with nothing to change writes no log). */
export interface ErasureResult {
  erased: boolean;
  counts: Record<string, number>;
}

/**
 * The end of the period a bill created at `createdAt` must be kept, as an instant: the later of
 * - CGST Act 2017 s.36 with CGST Rules Rule 56: 72 months from the due date of the annual return
 *   of the financial year (31 December after the year ends), and
 * - the Income-tax books period: six years from the end of the assessment year (the financial
 *   year after the bill's one), which is the later: 1 April of (the year the bill's financial
 *   year ends + 7), 00:00 Asia/Kolkata.
 * Financial years run April to March in Asia/Kolkata.
 */
export function billKeptUntil(createdAt: Date): Date {
  const [year = 0, month = 0] = todayInKolkata(createdAt).split("-").map(Number);
  const financialYearEnds = month >= 4 ? year + 1 : year;
  return kolkataInstant(`${financialYearEnds + 7}-04-01`, "00:00");
}

/** HMAC-SHA-256 (hex) of a phone in E.164, keyed with the session secret (erasure_log). */
export function phoneHash(phone: string): string {
  return crypto.createHmac("sha256", sessionSecret()).update(phone).digest("hex");
}

/** Throws the first thing that must finish before the customer's data can be erased. */
async function assertNothingOpen(tx: Transaction, scope: CustomerScope): Promise<void> {
  const refuse = (id: string, reference: string) => {
    throw new ErasureRefusedError(`errors.erasure.${id}`, { reference }, { status: 409 });
  };
  if (scope.orderIds.length > 0) {
    const open = await tx
      .select({ reference: orders.reference, status: orders.status, payment: orders.paymentStatus })
      .from(orders)
      .where(inArray(orders.id, scope.orderIds));
    for (const order of open) {
      if (["placed", "confirmed", "shipped"].includes(order.status))
        refuse("orderOpen", order.reference);
      if (order.payment === "pending") refuse("paymentPending", order.reference);
    }
  }
  if (scope.pickupIds.length === 0) return;
  const rows = await tx
    .select({
      reference: pickups.reference,
      status: pickups.status,
      reward: pickups.rewardPreference,
      paidOutAt: pickups.paidOutAt,
    })
    .from(pickups)
    .where(inArray(pickups.id, scope.pickupIds));
  for (const pickup of rows) {
    if (pickup.status === "requested" || pickup.status === "confirmed") {
      refuse("pickupActive", pickup.reference);
    }
    if (pickup.status === "weighed") refuse("weighSheetPending", pickup.reference);
    if (pickup.status === "disputed") refuse("disputeOpen", pickup.reference);
    if (pickup.status === "collected" && pickup.reward === "money" && !pickup.paidOutAt) {
      refuse("payoutPending", pickup.reference);
    }
  }
}

/** Tombstones of a pickup's personal columns (personal-data.ts). */
const erasedPickup = {
  name: ERASED_NAME,
  email: "",
  phone: "",
  addressLine1: ERASED_TEXT,
  addressLine2: "",
  city: ERASED_TEXT,
  pinCode: ERASED_PIN_CODE,
  rewardGiven: null,
  handoverCode: null,
} as const;

/** Tombstones of an order's buyer details, for an order that is no bill or whose period ended. */
export const erasedBuyer = {
  name: ERASED_NAME,
  address: ERASED_TEXT,
  city: ERASED_TEXT,
  state: ERASED_TEXT,
  pinCode: ERASED_PIN_CODE,
  buyerGstin: "",
} as const;

async function erasePickups(tx: Transaction, scope: CustomerScope, now: Date) {
  if (scope.pickupIds.length === 0) return { pickups: 0, weigh_sheets: 0 };
  await tx
    .update(pickups)
    .set({ ...erasedPickup, updatedAt: now })
    .where(inArray(pickups.id, scope.pickupIds));
  const sheets = await tx
    .update(weighSheets)
    .set({
      disputeReason: sql`case when ${weighSheets.disputeReason} is null then null else ${ERASED_TEXT} end`,
      resolutionNote: sql`case when ${weighSheets.resolutionNote} is null then null else ${ERASED_TEXT} end`,
    })
    .where(inArray(weighSheets.pickupId, scope.pickupIds))
    .returning({ id: weighSheets.id });
  return { pickups: scope.pickupIds.length, weigh_sheets: sheets.length };
}

/**
 * The claims of the customer's orders (docs/claims.md) lose what the customer wrote and what
 * staff wrote back, and their photos are deleted; what was decided, the refund and the coupon
 * stay with the order's accounts.
 */
async function eraseClaims(tx: Transaction, orderIds: readonly number[]) {
  const own = await tx
    .select({ id: claims.id })
    .from(claims)
    .where(inArray(claims.orderId, [...orderIds]));
  if (own.length === 0) return;
  const ids = own.map((claim) => claim.id);
  await tx.delete(claimPhotos).where(inArray(claimPhotos.claimId, ids));
  await tx
    .update(claims)
    .set({
      note: sql`case when ${claims.note} = '' then '' else ${ERASED_TEXT} end`,
      decisionNote: sql`case when ${claims.decisionNote} = '' then '' else ${ERASED_TEXT} end`,
    })
    .where(inArray(claims.id, ids));
}

/**
 * E-mail and phone of every order go; the buyer details of a bill (delivered, or paid online)
 * stay until {@link billKeptUntil}, and such a bill gets a new tracking token, so its old
 * tracking link no longer shows them (404); the buyer details of any other order go too.
 */
async function eraseOrders(tx: Transaction, scope: CustomerScope, now: Date) {
  if (scope.orderIds.length === 0) return { orders: 0 };
  const rows = await tx
    .select({
      id: orders.id,
      status: orders.status,
      payment: orders.paymentStatus,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(inArray(orders.id, scope.orderIds));
  const keptBills = rows
    .filter(
      (o) => (o.status === "delivered" || o.payment === "paid") && now < billKeptUntil(o.createdAt),
    )
    .map((o) => o.id);
  const others = scope.orderIds.filter((id) => !keptBills.includes(id));
  if (keptBills.length > 0) {
    for (const id of keptBills) {
      await tx
        .update(orders)
        .set({ email: "", phone: "", trackingToken: unguessableToken(), updatedAt: now })
        .where(eq(orders.id, id));
    }
  }
  if (others.length > 0) {
    await tx
      .update(orders)
      .set({ email: "", phone: "", ...erasedBuyer, updatedAt: now })
      .where(inArray(orders.id, others));
  }
  await eraseClaims(tx, scope.orderIds);
  return { orders: rows.length };
}

/**
 * The customer's messages lose their parameters and provider errors; those addressed to them
 * lose the address; those still pending are skipped (nothing is sent to an erased customer).
 * The staff digests of their pickups' days keep the pickups, without the customer's name.
 */
async function eraseMessages(tx: Transaction, scope: CustomerScope, now: Date) {
  const own = [scope.phone, ...scope.emails];
  const changed = await tx
    .update(messages)
    .set({
      params: {},
      lastError: sql`case when ${messages.status} = 'pending' or ${messages.lastError} is not null then ${ERASED_TEXT} else null end`,
      status: sql`case when ${messages.status} = 'pending' then 'skipped' else ${messages.status} end`,
      recipient: sql`case when ${inArray(messages.recipient, own)} then '' else ${messages.recipient} end`,
      // A sign-in code's key holds the phone: a key of its own id instead (still unique).
      dedupeKey: sql`case when ${messages.dedupeKey} like 'sign-in:%' then 'erased:' || ${messages.id} else ${messages.dedupeKey} end`,
      updatedAt: now,
    })
    .where(customerMessages(scope))
    .returning({ id: messages.id });
  return { messages: changed.length + (await eraseFromDigests(tx, scope, now)) };
}

interface DigestParams {
  slots?: { pickups?: { reference?: string; name?: string }[] }[];
}

/** Replaces the customer's name in the staff digests that list their pickups. */
async function eraseFromDigests(tx: Transaction, scope: CustomerScope, now: Date): Promise<number> {
  if (scope.pickupIds.length === 0) return 0;
  const own = await tx
    .select({ reference: pickups.reference, date: pickups.pickupDate })
    .from(pickups)
    .where(inArray(pickups.id, scope.pickupIds));
  const references = new Set(own.map((p) => p.reference));
  const digests = await tx
    .select({ id: messages.id, params: messages.params })
    .from(messages)
    .where(
      and(
        eq(messages.entityType, "digest"),
        inArray(messages.entityId, [...new Set(own.map((p) => p.date))]),
      ),
    );
  let changed = 0;
  for (const digest of digests) {
    const params = digest.params as DigestParams;
    const listed = (params.slots ?? []).flatMap((slot) => slot.pickups ?? []);
    const mine = listed.filter((p) => p.reference && references.has(p.reference));
    if (mine.length === 0) continue;
    for (const pickup of mine) pickup.name = ERASED_NAME;
    await tx.update(messages).set({ params, updatedAt: now }).where(eq(messages.id, digest.id));
    changed += 1;
  }
  return changed;
}

/**
 * Deletes the rows that exist only for the person: registrations, saved addresses, the language
 * preference, sessions, one-time codes.
 */
async function deleteRowsOf(tx: Transaction, scope: CustomerScope) {
  const registrationRows = await tx
    .delete(registrations)
    .where(customerRegistrations(scope))
    .returning({ id: registrations.id });
  const addresses = await tx
    .delete(customerAddresses)
    .where(eq(customerAddresses.phone, scope.phone))
    .returning({ id: customerAddresses.id });
  const preferences = await tx
    .delete(customerPreferences)
    .where(eq(customerPreferences.phone, scope.phone))
    .returning({ phone: customerPreferences.phone });
  const sessions = await tx
    .delete(customerSessions)
    .where(eq(customerSessions.phone, scope.phone))
    .returning({ id: customerSessions.idHash });
  const codes = await tx
    .delete(oneTimeCodes)
    .where(eq(oneTimeCodes.phone, scope.phone))
    .returning({ id: oneTimeCodes.id });
  const verified = await tx
    .delete(verifiedPhones)
    .where(eq(verifiedPhones.phone, scope.phone))
    .returning({ phone: verifiedPhones.phone });
  return {
    registrations: registrationRows.length,
    customer_addresses: addresses.length,
    customer_preferences: preferences.length,
    customer_sessions: sessions.length,
    one_time_codes: codes.length,
    verified_phones: verified.length,
  };
}

/**
 * Erases the personal data of the customer with `phone` (E.164) at `now`, in one transaction
 * (see the module's docstring). A second call finds nothing and changes nothing.
 * @param reason 'request' (the customer's 'Erase my data') or 'retention' (the scheduler's job).
 * @throws ErasureRefusedError (409) while an order is open (placed, confirmed, shipped) or its
 *   online payment pending, a pickup is booked, its weigh sheet waits, a dispute is open or a
 *   money payout is not made yet; nothing is changed then.
 */
export async function eraseCustomer(
  db: Database,
  phone: string,
  now: Date,
  reason: ErasureReason = "request",
): Promise<ErasureResult> {
  return db.transaction(async (tx) => {
    const scope = await customerScope(tx, phone, true);
    await assertNothingOpen(tx, scope);
    const counts: Record<string, number> = {
      ...(await erasePickups(tx, scope, now)),
      ...(await eraseOrders(tx, scope, now)),
      ...(await eraseMessages(tx, scope, now)),
      ...(await deleteRowsOf(tx, scope)),
    };
    if (Object.values(counts).every((n) => n === 0)) return { erased: false, counts };
    const [logged] = await tx
      .insert(erasureLog)
      .values({ phoneHash: phoneHash(phone), reason, counts, erasedAt: now })
      .returning({ id: erasureLog.id });
    await recordAudit(tx, {
      actor: reason === "request" ? "visitor" : "system",
      action: "customer.erased",
      entity: "erasure",
      entityId: logged?.id ?? 0,
      extra: { reason, counts },
    });
    return { erased: true, counts };
  });
}
