/**
 * The customer's code that confirms a cash-on-delivery order waiting as 'awaiting_confirmation'
 * (docs/shop.md "Confirming a cash-on-delivery order"): a one-time code of purpose
 * 'cod_confirm' for the order's phone (one-time-codes.server.ts: 6 digits, 10 minutes, 5 tries,
 * a new one after 30 s, rate limited per phone and per client), sent as the `order_code`
 * message in the order's language on WhatsApp only (sign-in.server.ts `enqueueCodeMessage`):
 * the code proves the phone, which an e-mail address cannot; no order waits for a code without
 * WhatsApp (cod-order-cap.server.ts `codConfirmAbovePaise`). A correct code verifies the phone and makes the
 * order 'placed' (orders feature, cod-confirmation.server.ts).
 */
import type { Database } from "~/db/client.server";
import { confirmAwaitingOrder } from "~/features/orders/cod-confirmation.server";
import type { Lang } from "~/i18n/languages";
import { sealText } from "~/utils/sealed.server";
import {
  CODE_VALID_SECONDS,
  checkCode,
  issueCode,
  OneTimeCodeError,
} from "./one-time-codes.server";
import { enqueueCodeMessage } from "./sign-in.server";

/** The order a code is for. @param phone `+91XXXXXXXXXX`. */
export interface AwaitingOrder {
  id: number;
  reference: string;
  phone: string;
  /** The order's language: its message's. */
  language: Lang;
}

/**
 * Sends a new code for `order` to its phone.
 * @throws OneTimeCodeError 429 within 30 s of the last code or past the rate limits; nothing is
 *   written then.
 */
export async function sendOrderCode(
  db: Database,
  request: {
    order: AwaitingOrder;
    clientAddress: string;
    now: Date;
    /** Whether WhatsApp can send (default: its settings are present). */
    whatsAppConfigured?: boolean;
  },
): Promise<void> {
  const { order, now } = request;
  await issueCode(
    db,
    { phone: order.phone, purpose: "cod_confirm", clientAddress: request.clientAddress, now },
    (tx, code, expiresAt) =>
      enqueueCodeMessage(tx, {
        phone: order.phone,
        lang: order.language,
        now,
        expiresAt,
        whatsAppConfigured: request.whatsAppConfigured,
        whatsAppOnly: true,
        message: {
          template: "order_code",
          params: {
            sealedCode: sealText(code),
            validMinutes: CODE_VALID_SECONDS / 60,
            reference: order.reference,
          },
          dedupeKey: `order-code:${order.id}:${now.toISOString()}`,
        },
      }),
  );
}

/**
 * The first code of an order that has just started to wait for one (placed, or switched to cash
 * on delivery). A refusal (the 30 s pause after another code, a rate limit) sends nothing and
 * is not an error: the order's page offers 'Send a new code'.
 */
export async function sendFirstOrderCode(
  db: Database,
  request: { order: AwaitingOrder; clientAddress: string; now: Date },
): Promise<void> {
  try {
    await sendOrderCode(db, request);
  } catch (error) {
    if (!(error instanceof OneTimeCodeError)) throw error;
  }
}

/**
 * Checks the typed code against the order's phone (spending it when right) and makes the order
 * 'placed'.
 * @throws OneTimeCodeError as `checkCode` (wrong, expired, used, too many tries, rate limited);
 *   OrderRejectedError 409 when the order no longer waits (cancelled meanwhile).
 */
export async function confirmOrderWithCode(
  db: Database,
  request: { order: AwaitingOrder; code: string; clientAddress: string; now: Date },
): Promise<void> {
  const { order } = request;
  await checkCode(db, {
    phone: order.phone,
    purpose: "cod_confirm",
    code: request.code,
    clientAddress: request.clientAddress,
    now: request.now,
  });
  await confirmAwaitingOrder(db, order.id);
}
