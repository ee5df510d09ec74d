/**
 * Anti-automation on pickup bookings and orders (docs/operations.md
 * "Anti-automation"): the per-client-address allowances of `/orderpage`, `/checkout` and the
 * tracking page's move/cancel actions, and the honeypot check shared with the public forms
 * (app/utils/honeypot.ts). The caps per phone number and e-mail live with the rules they guard
 * (pickups.server.ts, orders.server.ts), inside their transactions.
 *
 * Allowances are per client address (Express's `req.ip`, TRUST_PROXY decides) and per hour.
 * They are generous on purpose: Indian mobile carriers put many customers behind one address
 * (CGNAT), so they stop a loop, not a busy neighbourhood. The counters are those of
 * app/utils/rate-limit.server.ts (in memory, or the shared store when one is configured).
 */
import { siteConfig } from "~/features/site/site-config";
import { HONEYPOT_FIELD } from "~/utils/honeypot";
import { consumeRateLimit, RateLimitedError } from "~/utils/rate-limit.server";
import { Refusal } from "~/utils/refusal";

/**
 * One allowance: `perHour` counted attempts of `action` per client address per hour; `refusal`
 * is the message id of the 429 answer (its `{phone}` is the shop's number).
 */
export interface AddressAllowance {
  action: string;
  perHour: number;
  refusal: string;
}

/**
 * The allowances, per client address and hour:
 * - `booking`: 5 pickup bookings. A slot holds 8 (PICKUP_SLOT_CAPACITY), so one address can
 *   never fill a slot; a household books one or two.
 * - `order`: 10 orders (cash on delivery or online). A shop buyer places one or two.
 * - `pickupChange`: 20 moves or cancellations on tracking pages.
 * - `claim`: 10 reports of a problem with photos (docs/claims.md), counted before the photos
 *   are read: each costs the server image decoding, and a household reports one or two.
 * Only submissions that pass the honeypot and validation count, so typos cost nothing.
 */
export const addressAllowances = {
  booking: {
    action: "pickup-booking",
    perHour: 5,
    refusal: "errors.antiBot.bookings",
  },
  order: {
    action: "order-placement",
    perHour: 10,
    refusal: "errors.antiBot.orders",
  },
  pickupChange: {
    action: "pickup-change",
    perHour: 20,
    refusal: "errors.antiBot.pickupChanges",
  },
  claim: {
    action: "claim-report",
    perHour: 10,
    refusal: "errors.antiBot.claims",
  },
} as const satisfies Record<string, AddressAllowance>;

export type AllowanceName = keyof typeof addressAllowances;

/** A refusal over an allowance: the message for the form (429) and the Retry-After seconds. */
export interface AddressRefusal {
  refusal: Refusal;
  retryAfterSeconds: number;
  /** The headers of the 429 answer (Retry-After, whole seconds ≥ 1). */
  headers: Record<string, string>;
}

/**
 * Counts one attempt of `name` from `clientAddress`.
 * @returns null when allowed, otherwise the refusal to answer with status 429.
 * @throws whatever the rate-limit store throws other than its over-the-limit answer.
 */
export async function countAttempt(
  name: AllowanceName,
  clientAddress: string,
): Promise<AddressRefusal | null> {
  const allowance: AddressAllowance = addressAllowances[name];
  try {
    await consumeRateLimit(allowance.action, clientAddress, allowance.perHour, 3600);
    return null;
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    const retryAfterSeconds = Math.max(1, error.retryAfterSeconds);
    return {
      refusal: new Refusal(allowance.refusal, { phone: siteConfig.phoneDisplay }, { status: 429 }),
      retryAfterSeconds,
      headers: { "Retry-After": String(retryAfterSeconds) },
    };
  }
}

/**
 * Whether a bot filled the honeypot field of a public form (docs/community.md): such a
 * submission is refused silently (400, no message, nothing written).
 */
export function honeypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value !== "";
}
