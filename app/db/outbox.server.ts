/**
 * Writing to the transactional outbox (docs/messages.md): every feature that causes a message
 * calls `enqueueMessage` with ITS OWN transaction, so the message exists exactly when the event
 * does (a rolled-back booking leaves no confirmation behind). One row per channel; the dedupe key
 * makes a repeated event (a replayed form, a second server) add nothing. Rendering and sending
 * happen later, in the dispatcher of features/messages.
 */
import { and, eq, inArray, like, type SQL, sql } from "drizzle-orm";
import type { Database } from "./client.server";
import { type MessageChannel, messages } from "./schema/messages";

export { TOO_LATE } from "./outbox-reasons";

/** Every template the dispatcher can render (features/messages/templates.ts renders each). */
export const messageTemplates = [
  "pickup_booked",
  "pickup_rescheduled",
  "pickup_cancelled",
  "pickup_confirmed",
  "pickup_reminder_evening",
  "pickup_reminder_hour",
  "collector_on_the_way",
  "weigh_sheet_ready",
  "pickup_collected",
  "order_placed",
  "order_confirmed",
  "order_shipped",
  "order_delivered",
  "order_cancelled",
  "payment_received",
  "payment_failed",
  "staff_new_booking",
  "staff_new_order",
  "staff_new_dispute",
  "staff_weigh_sheet_approval",
  "staff_daily_digest",
  "newsletter",
  "newsletter_confirm",
  "sign_in_code",
  "order_code",
  "grievance_received",
  "staff_new_grievance",
  "claim_received",
  "claim_decided",
  "claim_refund_paid",
  "staff_new_claim",
  "lead_received",
  "staff_new_lead",
  "organisation_documents",
  "organisation_date_changed",
] as const;
export type MessageTemplate = (typeof messageTemplates)[number];

export type MessageLanguage = "en" | "hi" | "kn";

/**
 * What every pickup message carries. Paths are site-relative ("/pickups/<token>"): the renderer
 * prefixes PUBLIC_URL when it sends, so a changed address applies to pending messages too.
 */
export interface PickupMessageParams {
  reference: string;
  name: string;
  trackingPath: string;
  /** Calendar date in Asia/Kolkata, YYYY-MM-DD. */
  pickupDate: string;
  /** e.g. "11 am – 1 pm". */
  slotLabel: string;
}

/** What every order and payment message carries. Money in paise. */
export interface OrderMessageParams {
  reference: string;
  name: string;
  trackingPath: string;
  totalPaise: number;
  paymentMethod: "cod" | "online";
}

/** What every claim message carries (docs/claims.md): the order's, and the claim's reference. */
export interface ClaimMessageParams extends OrderMessageParams {
  claimReference: string;
}

/**
 * What staff decided on a claim (docs/claims.md "Deciding"): a replacement order, a refund
 * (online: to the payment's method by Razorpay; cash on delivery: paid by staff later), store
 * credit (a coupon) or a rejection. Money in paise; `couponExpiresOn` is YYYY-MM-DD,
 * Asia/Kolkata; `note` is what staff wrote to the customer ('' for none).
 */
export type ClaimDecision =
  | { kind: "replaced"; replacementReference: string; replacementPath: string }
  | { kind: "refunded"; amountPaise: number; online: boolean }
  | { kind: "credited"; amountPaise: number; couponCode: string; couponExpiresOn: string }
  | { kind: "rejected" };

/** The parameters of each template (docs/messages.md lists them for the shop's registration). */
export interface MessageParamsByTemplate {
  pickup_booked: PickupMessageParams;
  pickup_rescheduled: PickupMessageParams;
  pickup_cancelled: PickupMessageParams;
  pickup_confirmed: PickupMessageParams;
  pickup_reminder_evening: PickupMessageParams;
  pickup_reminder_hour: PickupMessageParams;
  collector_on_the_way: PickupMessageParams & { collectorName: string; handoverCode: string };
  weigh_sheet_ready: PickupMessageParams & {
    version: number;
    totalGrams: number;
    payoutPaise: number;
    rewardValuePaise: number;
  };
  pickup_collected: PickupMessageParams & {
    reward: "coupon" | "plants" | "money";
    payoutPaise: number;
    couponCode?: string;
    couponValuePaise?: number;
    /** YYYY-MM-DD, Asia/Kolkata. */
    couponExpiresOn?: string;
    plants?: { name: string; quantity: number }[];
  };
  order_placed: OrderMessageParams;
  order_confirmed: OrderMessageParams;
  order_shipped: OrderMessageParams;
  order_delivered: OrderMessageParams;
  order_cancelled: OrderMessageParams;
  payment_received: OrderMessageParams;
  payment_failed: OrderMessageParams;
  staff_new_booking: PickupMessageParams & { dashboardPath: string };
  staff_new_order: OrderMessageParams & { dashboardPath: string };
  staff_new_dispute: PickupMessageParams & { dashboardPath: string; reason: string };
  /** A weigh sheet above WEIGH_SHEET_APPROVAL_ABOVE_PAISE waits for an admin (paise, grams). */
  staff_weigh_sheet_approval: PickupMessageParams & {
    dashboardPath: string;
    version: number;
    totalGrams: number;
    rewardValuePaise: number;
  };
  staff_daily_digest: {
    /** YYYY-MM-DD, Asia/Kolkata. */
    date: string;
    slots: {
      label: string;
      pickups: { reference: string; name: string; city: string; status: string }[];
    }[];
  };
  newsletter: { subject: string; text: string; unsubscribePath: string };
  /**
   * The 'Join us' confirmation (double opt-in, docs/community.md): the site-relative link to
   * the confirmation page (`/subscribe/<token>`, `/hi/subscribe/<token>`) and how many days it
   * works. Nothing the visitor typed (no name): the address's owner may not be who joined.
   */
  newsletter_confirm: { confirmPath: string; validDays: number };
  /**
   * A one-time code to sign in at /account (docs/accounts.md "Signing in"): the code sealed with
   * the session secret (app/utils/sealed.server.ts; the outbox never holds it in the clear) and
   * how many minutes it works.
   */
  sign_in_code: { sealedCode: string; validMinutes: number };
  /**
   * A one-time code that confirms a cash-on-delivery order (docs/shop.md "Confirming a
   * cash-on-delivery order"): the code sealed as for `sign_in_code`, its minutes, and the
   * order's reference.
   */
  order_code: { sealedCode: string; validMinutes: number; reference: string };
  /**
   * The acknowledgement of a grievance (docs/accounts.md "Notice, consent and grievances"), by
   * e-mail only: its ticket, the name given and the grievance page's site-relative path in the
   * language it was filed in (`/grievance`, `/hi/grievance`).
   */
  grievance_received: { ticket: string; name: string; grievancePath: string };
  /**
   * A new grievance for staff, English: what it is about (the topic's English name) and when
   * it must be acknowledged (received + 48 hours, Asia/Kolkata date and time in English).
   */
  staff_new_grievance: {
    ticket: string;
    name: string;
    topic: string;
    acknowledgeBy: string;
    dashboardPath: string;
  };
  /** A claim was filed from the order's tracking page (docs/claims.md). */
  claim_received: ClaimMessageParams;
  /** Staff decided the claim; `note` is their words to the customer ('' for none). */
  claim_decided: ClaimMessageParams & { decision: ClaimDecision; note: string };
  /** Staff paid a cash-on-delivery order's claim refund back (paise; how they paid). */
  claim_refund_paid: ClaimMessageParams & {
    amountPaise: number;
    method: "upi" | "cash" | "bank_transfer";
  };
  /** A new claim for staff, English: how many lines it reports. */
  staff_new_claim: ClaimMessageParams & { dashboardPath: string; lineCount: number };
  /**
   * An organisation's tie-up enquiry was received (docs/corporate.md); `corporatePath` is the
   * tie-ups page in the language it was sent in (`/corporate`, `/kn/corporate`).
   */
  lead_received: { reference: string; name: string; organisation: string; corporatePath: string };
  /** A new lead for staff, English: kind, services and size in English words. */
  staff_new_lead: {
    reference: string;
    name: string;
    organisation: string;
    kind: string;
    services: string;
    /** Whole kilograms of scrap a week the organisation expects. */
    kgPerWeek: number;
    pinCode: string;
    dashboardPath: string;
  };
  /**
   * An organisation's monthly documents were issued (docs/corporate.md "Monthly statement and
   * certificates"), English like the documents: each with its title and its link's path.
   */
  organisation_documents: {
    name: string;
    organisation: string;
    /** "YYYY-MM". */
    month: string;
    documents: { title: string; path: string }[];
  };
  /**
   * A date of a site's schedule fell on a day the shop closed (docs/corporate.md "Recurring
   * pickups"): its pickup moved to `movedTo` ("YYYY-MM-DD"), or, with none, was skipped.
   * English, like the organisation's other messages.
   */
  organisation_date_changed: {
    name: string;
    organisation: string;
    site: string;
    /** The date the schedule named, "YYYY-MM-DD". */
    dueDate: string;
    movedTo: string | null;
    /** Why the shop is closed, as staff wrote it. */
    reason: string;
    /** The slot's start, "HH:MM" Asia/Kolkata. */
    slotStart: string;
  };
}

export interface OutboxMessage<T extends MessageTemplate = MessageTemplate> {
  template: T;
  /** Recipients per channel; a channel with no recipient gets no row. */
  to: { email?: string | null; whatsapp?: string | null };
  /** Template parameters: plain JSON. */
  params: MessageParamsByTemplate[T];
  /** The language the booking or order was made in (default 'en'). */
  language?: MessageLanguage;
  /** One message per event: the same key and channel again adds nothing. */
  dedupeKey: string;
  /**
   * Not before this instant: reminders, digests, throttled newsletters. Default: at once, that is
   * the earlier of the database's now() and `now`, so a message is never held back by an app
   * server whose clock runs ahead of the database's, and is due at once for a dispatcher that
   * runs on the event's clock (tests).
   */
  sendAfter?: Date;
  /** The event's clock (the `now` the feature function was given); see `sendAfter`. */
  now?: Date;
  /**
   * Not after this instant (default: no limit). The dispatcher skips a row it would send at or
   * after it as {@link TOO_LATE} (docs/messages.md "Too late"): a reminder after its slot began.
   */
  expiresAt?: Date;
  /** What it is about, for the staff pages. */
  entity?: {
    type: "pickup" | "order" | "newsletter" | "digest" | "grievance" | "lead";
    id: string | number;
  };
}

/** "At once" as SQL: the database's now(), or the event's `now` when that is earlier. */
function atOnce(now: Date | undefined): SQL {
  return now ? sql`least(now(), ${now.toISOString()}::timestamptz)` : sql`now()`;
}

/**
 * Adds one outbox row per channel with a recipient, inside `tx` (the event's transaction).
 * A row whose dedupe key and channel exist already is left as it is.
 * @returns the number of rows added (0 when every channel was there already or had no recipient).
 */
export async function enqueueMessage<T extends MessageTemplate>(
  tx: Database,
  message: OutboxMessage<T>,
): Promise<number> {
  const channels: [MessageChannel, string | null | undefined][] = [
    ["email", message.to.email],
    ["whatsapp", message.to.whatsapp],
  ];
  const rows = channels
    .filter((entry): entry is [MessageChannel, string] => Boolean(entry[1]))
    .map(([channel, recipient]) => ({
      channel,
      recipient,
      template: message.template,
      params: message.params,
      language: message.language ?? "en",
      dedupeKey: message.dedupeKey,
      sendAfter: message.sendAfter ?? atOnce(message.now),
      expiresAt: message.expiresAt ?? null,
      entityType: message.entity?.type ?? null,
      entityId: message.entity === undefined ? null : String(message.entity.id),
    }));
  if (rows.length === 0) return 0;
  const added = await tx
    .insert(messages)
    .values(rows)
    .onConflictDoNothing({ target: [messages.dedupeKey, messages.channel] })
    .returning({ id: messages.id });
  return added.length;
}

/**
 * Marks still-pending messages of an entity whose dedupe key starts with `keyPrefix` as
 * 'skipped' with `reason` (e.g. the reminders of a pickup that was moved or cancelled), inside
 * the event's transaction. Rows a dispatcher is sending right now are skipped too; the send
 * that is already under way may still go out (docs/messages.md).
 * @returns the number of rows skipped.
 */
export async function skipPendingMessages(
  tx: Database,
  entity: { type: "pickup" | "order"; id: string | number },
  keyPrefix: string,
  reason: string,
): Promise<number> {
  const skipped = await tx
    .update(messages)
    .set({ status: "skipped", lastError: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(messages.entityType, entity.type),
        eq(messages.entityId, String(entity.id)),
        inArray(messages.status, ["pending"]),
        like(messages.dedupeKey, `${keyPrefix.replace(/[\\%_]/g, "\\$&")}%`),
      ),
    )
    .returning({ id: messages.id });
  return skipped.length;
}
