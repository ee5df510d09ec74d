/**
 * Signing in at /account with a phone and a one-time code (docs/accounts.md "Signing in"; ADR
 * 0037): where the code goes and what the visitor is told.
 *
 * - The code goes out as the `sign_in_code` message through the outbox (docs/messages.md), in the
 *   page's language, sealed in its row (app/utils/sealed.server.ts): by e-mail when the phone has
 *   a confirmed e-mail (`confirmedEmailOf`) or WhatsApp is not configured, otherwise on WhatsApp.
 *   With neither, nothing is sent.
 * - The answer is the same whether or not the phone booked, ordered or has an e-mail: "If this
 *   number can receive messages, we have sent a code" (no history is revealed).
 */
import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { enqueueMessage, type MessageParamsByTemplate } from "~/db/outbox.server";
import { registrations } from "~/db/schema/community";
import { pickups } from "~/db/schema/pickups";
import { orders } from "~/db/schema/shop";
import type { Lang } from "~/i18n/languages";
import { env } from "~/utils/env.server";
import { sealText } from "~/utils/sealed.server";
import { CODE_VALID_SECONDS, checkCode, issueCode } from "./one-time-codes.server";

/**
 * The e-mail a code for `phone` may go to, or null. "Confirmed" (ADR 0037): the address
 * confirmed its 'Join us' subscription with this phone (double opt-in, docs/community.md) and is
 * still subscribed, AND the same address and phone are on a collected pickup or a delivered
 * order. A confirmed subscription alone proves the e-mail, not the phone (anyone can join with
 * someone else's number), and an e-mail that takes a code would take the account; the pickup
 * or order met at the door ties the two. The latest such subscription wins.
 * @param phone `+91XXXXXXXXXX`.
 */
export async function confirmedEmailOf(db: Database, phone: string): Promise<string | null> {
  const metAtTheDoor = or(
    sql`exists (select 1 from ${pickups} where ${pickups.phone} = ${phone}
      and lower(${pickups.email}) = ${registrations.email} and ${pickups.status} = 'collected')`,
    sql`exists (select 1 from ${orders} where ${orders.phone} = ${phone}
      and lower(${orders.email}) = ${registrations.email} and ${orders.status} = 'delivered')`,
  );
  const [row] = await db
    .select({ email: registrations.email })
    .from(registrations)
    .where(
      and(
        eq(registrations.phone, phone),
        isNotNull(registrations.confirmedAt),
        isNull(registrations.unsubscribedAt),
        metAtTheDoor,
      ),
    )
    .orderBy(desc(registrations.confirmedAt))
    .limit(1);
  return row?.email ?? null;
}

/** A sign-in code request. @param phone `+91XXXXXXXXXX`. */
export interface SignInCodeRequest {
  phone: string;
  /** The page's language: the message's. */
  lang: Lang;
  clientAddress: string;
  now: Date;
  /** Whether WhatsApp can send (default: its settings are present, docs/configuration.md). */
  whatsAppConfigured?: boolean;
}

/**
 * Sends a sign-in code for a phone (one-time-codes.server.ts: 30 s pause, rate limits), as the
 * module comment says. Says nothing about where it went.
 * @throws OneTimeCodeError 429 (pause or rate limit); nothing is written then.
 */
export async function sendSignInCode(db: Database, request: SignInCodeRequest): Promise<void> {
  const { phone, lang, now } = request;
  await issueCode(
    db,
    { phone, purpose: "sign_in", clientAddress: request.clientAddress, now },
    (tx, code, expiresAt) =>
      enqueueCodeMessage(tx, {
        phone,
        lang,
        now,
        expiresAt,
        whatsAppConfigured: request.whatsAppConfigured,
        message: {
          template: "sign_in_code",
          params: { sealedCode: sealText(code), validMinutes: CODE_VALID_SECONDS / 60 },
          dedupeKey: `sign-in:${phone}:${now.toISOString()}`,
        },
      }),
  );
}

/** The templates that carry a one-time code. */
type CodeTemplate = "sign_in_code" | "order_code";

/**
 * Puts a one-time code's message in the outbox (inside `issueCode`'s transaction), by the rule
 * of the module comment: to the phone's confirmed e-mail (`confirmedEmailOf`), else on WhatsApp
 * when it is set up (`whatsAppConfigured`, default: its settings are present), else nowhere.
 * With `whatsAppOnly` (a code that must prove the phone itself) the e-mail is never used.
 * It expires with the code: a code that arrives after it died is no use (docs/messages.md "Too
 * late").
 */
export async function enqueueCodeMessage<T extends CodeTemplate>(
  tx: Database,
  request: {
    phone: string;
    lang: Lang;
    now: Date;
    expiresAt: Date;
    whatsAppConfigured?: boolean;
    whatsAppOnly?: boolean;
    /** Its template, parameters (the code sealed) and dedupe key. */
    message: { template: T; params: MessageParamsByTemplate[T]; dedupeKey: string };
  },
): Promise<void> {
  const { phone, message } = request;
  const whatsApp = request.whatsAppConfigured ?? env().messages.whatsapp !== null;
  const email = request.whatsAppOnly ? null : await confirmedEmailOf(tx, phone);
  if (!email && !whatsApp) return;
  await enqueueMessage(tx, {
    ...message,
    to: email ? { email } : { whatsapp: phone },
    language: request.lang,
    now: request.now,
    expiresAt: request.expiresAt,
  });
}

/**
 * Accepts the phone's sign-in code (once; one-time-codes.server.ts `checkCode`).
 * @throws OneTimeCodeError as `checkCode` does.
 */
export async function acceptSignInCode(
  db: Database,
  request: { phone: string; code: string; clientAddress: string; now: Date },
): Promise<void> {
  await checkCode(db, { ...request, purpose: "sign_in" });
}
