/**
 * Consent records for the optional purposes (docs/accounts.md "Notice, consent and grievances";
 * Digital Personal Data Protection Act 2023 s.6: consent free, specific, informed, and as easy to
 * withdraw as to give; DPDP Rules 2025 rule 3). The only optional purpose is the newsletter: the
 * messages about a pickup or an order (e-mail and WhatsApp) are part of the service asked for and
 * need no separate consent (ADR 0040).
 *
 * A newsletter consent is recorded when the owner of the address confirms the 'Join us'
 * subscription through the link of its confirmation e-mail, in the confirmation's own
 * transaction; it is withdrawn by the account page's button (which unsubscribes through the
 * mailing list's own `unsubscribe`) or by the newsletter's unsubscribe link.
 */
import { and, desc, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { registrations } from "~/db/schema/community";
import { pickups } from "~/db/schema/pickups";
import { type ConsentPurpose, consents } from "~/db/schema/privacy-notice";
import { orders } from "~/db/schema/shop";
import { confirmSubscription, unsubscribe } from "~/features/community/mailing-list.server";
import { clientKeyHash } from "~/utils/client-key.server";
import { NOTICE_VERSION } from "./notice";

/** How a newsletter consent is given: the 'Join us' form, then the e-mail's confirmation link. */
export const NEWSLETTER_CONSENT_HOW = "Join us form and confirmation link";

/** One consent as the account page shows it. Times are instants (shown in Asia/Kolkata). */
export interface ConsentRecord {
  id: number;
  purpose: ConsentPurpose;
  phone: string | null;
  email: string | null;
  noticeVersion: string;
  givenAt: Date;
  how: string;
  withdrawnAt: Date | null;
  withdrawnHow: string | null;
}

/**
 * Confirms a 'Join us' subscription by its confirmation token (community's
 * `confirmSubscription`) and, when that subscribes the address now, records the newsletter
 * consent of its e-mail and phone under NOTICE_VERSION, in one transaction.
 * @returns the confirmation's outcome, unchanged.
 * @throws database errors.
 */
export async function confirmNewsletterWithConsent(
  db: Database,
  token: string,
  options: { now: Date; clientAddress?: string },
): ReturnType<typeof confirmSubscription> {
  return db.transaction(async (tx) => {
    const result = await confirmSubscription(tx, token, options.now);
    if (result !== "confirmed") return result;
    const [row] = await tx
      .select({ email: registrations.email, phone: registrations.phone })
      .from(registrations)
      .where(eq(registrations.confirmToken, token));
    if (!row) return result;
    await tx.insert(consents).values({
      phone: row.phone || null,
      email: row.email,
      purpose: "newsletter",
      noticeVersion: NOTICE_VERSION,
      givenAt: options.now,
      how: NEWSLETTER_CONSENT_HOW,
      clientKeyHash: clientKeyHash(options.clientAddress),
    });
    return result;
  });
}

/** Marks the newsletter consents of `email` still standing as withdrawn at `now`, `how`. */
async function withdrawNewsletterConsents(
  tx: Database,
  email: string,
  now: Date,
  how: string,
): Promise<void> {
  await tx
    .update(consents)
    .set({ withdrawnAt: now, withdrawnHow: how })
    .where(
      and(
        eq(consents.email, email),
        eq(consents.purpose, "newsletter"),
        isNull(consents.withdrawnAt),
      ),
    );
}

/**
 * Unsubscribes by the newsletter's unsubscribe token (community's `unsubscribe`) and withdraws
 * the address's newsletter consents ("unsubscribe link"), in one transaction. Idempotent.
 * @returns "unsubscribed", "already" or "unknown", as `unsubscribe`.
 */
export async function unsubscribeWithConsent(
  db: Database,
  token: string,
  now: Date,
): ReturnType<typeof unsubscribe> {
  return db.transaction(async (tx) => {
    const result = await unsubscribe(tx, token, now);
    if (result !== "unsubscribed") return result;
    const [row] = await tx
      .select({ email: registrations.email })
      .from(registrations)
      .where(eq(registrations.unsubscribeToken, token));
    if (row) await withdrawNewsletterConsents(tx, row.email, now, "unsubscribe link");
    return result;
  });
}

/**
 * The e-mail addresses a phone (E.164) gave with its pickups, orders and 'Join us'
 * registrations, lower-cased: the addresses whose consents the account of that phone shows.
 */
export async function emailsOfPhone(db: Database, phone: string): Promise<string[]> {
  const found = await Promise.all([
    db.selectDistinct({ email: pickups.email }).from(pickups).where(eq(pickups.phone, phone)),
    db.selectDistinct({ email: orders.email }).from(orders).where(eq(orders.phone, phone)),
    db
      .selectDistinct({ email: registrations.email })
      .from(registrations)
      .where(eq(registrations.phone, phone)),
  ]);
  const emails = found.flat().map((row) => row.email.trim().toLowerCase());
  return [...new Set(emails.filter(Boolean))].sort();
}

/**
 * The consents of a phone (E.164) and of its e-mail addresses (lower-cased), standing ones
 * first, newest first within each.
 */
export async function consentsOf(
  db: Database,
  phone: string,
  emails: readonly string[],
): Promise<ConsentRecord[]> {
  const whose: SQL[] = [eq(consents.phone, phone)];
  if (emails.length) whose.push(inArray(consents.email, [...emails]));
  const rows = await db
    .select()
    .from(consents)
    .where(or(...whose))
    .orderBy(desc(isNull(consents.withdrawnAt)), desc(consents.givenAt), desc(consents.id));
  return rows.map(({ clientKeyHash: _hidden, ...row }) => row);
}

/**
 * Withdraws consent `id` at `now` from the account page ("account page"); a newsletter consent
 * also unsubscribes its address (community's `unsubscribe`: no more newsletters, the queued ones
 * skipped), in one transaction. The caller checks that the consent is the customer's
 * (`consentsOf`). Idempotent.
 * @returns "withdrawn", "already" (withdrawn before) or "unknown" (no such consent).
 */
export async function withdrawConsent(
  db: Database,
  id: number,
  now: Date,
): Promise<"withdrawn" | "already" | "unknown"> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(consents).where(eq(consents.id, id)).for("update");
    if (!row) return "unknown";
    if (row.withdrawnAt) return "already";
    await tx
      .update(consents)
      .set({ withdrawnAt: now, withdrawnHow: "account page" })
      .where(eq(consents.id, id));
    if (row.purpose === "newsletter" && row.email) {
      const [registration] = await tx
        .select({ token: registrations.unsubscribeToken })
        .from(registrations)
        .where(eq(registrations.email, row.email));
      if (registration) await unsubscribe(tx, registration.token, now);
      await withdrawNewsletterConsents(tx, row.email, now, "account page");
    }
    return "withdrawn";
  });
}
