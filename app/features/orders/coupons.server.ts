/**
 * Spending coupons at checkout and giving them back when an order is cancelled
 * (docs/exchange.md "Coupons"). A coupon is store credit issued for a confirmed 'coupon' pickup,
 * or for a claim staff settled with store credit (docs/claims.md):
 * an order takes min(balance, subtotal) off its total as a discount line, the rest stays on the
 * code for the next order until it expires. Money is integer paise; expiry is an instant, shown
 * as a calendar date in Asia/Kolkata.
 *
 * Guessing codes is rate limited per client address: FAILED_GUESS_LIMIT unknown codes per
 * FAILED_GUESS_WINDOW_SECONDS, then 429 for every code (a correct one too) until the window ends.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { couponRedemptions, coupons } from "~/db/schema/exchange";
import { pickups } from "~/db/schema/pickups";
import type { Lang } from "~/i18n/languages";
import { normaliseCouponCode } from "~/utils/codes.server";
import { formatLongDayIST } from "~/utils/dates";
import {
  assertRateLimitNotReached,
  consumeRateLimit,
  RateLimitedError,
} from "~/utils/rate-limit.server";
import { type MessageRef, type MessageValues, Refusal } from "~/utils/refusal";

/** Why a code was refused; 'unknown' covers a code of a pickup that is not collected. */
export type CouponProblem = "unknown" | "expired" | "used-up" | "rate-limited";

/** The message id of each problem (`errors.checkout.*`; 'expired' takes `{date}`). */
const couponMessageIds: Record<CouponProblem, string> = {
  unknown: "errors.checkout.couponInvalid",
  expired: "errors.checkout.couponExpired",
  "used-up": "errors.checkout.couponUsedUp",
  "rate-limited": "errors.checkout.couponTooMany",
};

/**
 * A coupon code that cannot be used: a refusal (ADR 0024) next to the 'Coupon code' field
 * (`field` "couponCode"), with the id of its `problem`. `status` is 422 for a refused code, 429
 * once the client has guessed too many (then `retryAfterSeconds` for Retry-After). An expired
 * code keeps `expiresAt`, so a page words its `{date}` in its own language (`couponRefusalIn`).
 */
export class CouponRejectedError extends Refusal {
  override name = "CouponRejectedError";
  constructor(
    readonly problem: CouponProblem,
    values: MessageValues = {},
    status: 422 | 429 = 422,
    readonly retryAfterSeconds?: number,
    readonly expiresAt?: Date,
  ) {
    super(couponMessageIds[problem], values, { status, field: "couponCode" });
  }
}

/**
 * The refusal's message for a page in `lang`: an expired code's `{date}` as that language
 * writes a day ("23 मई 2027"), Asia/Kolkata; any other refusal as it is.
 */
export function couponRefusalIn(lang: Lang, refusal: CouponRejectedError): MessageRef {
  if (!refusal.expiresAt) return refusal.ref;
  return {
    id: refusal.id,
    values: { ...refusal.values, date: formatLongDayIST(refusal.expiresAt, lang) },
  };
}

/** Unknown codes a client may try per window before every code is refused (429). */
export const FAILED_GUESS_LIMIT = 10;
/** The window of {@link FAILED_GUESS_LIMIT}, seconds (10 minutes). */
export const FAILED_GUESS_WINDOW_SECONDS = 600;
const GUESS_ACTION = "coupon-guess";

function unknownCode(): CouponRejectedError {
  return new CouponRejectedError("unknown");
}

/** A coupon as checkout uses it; `balancePaise` as read (locked when read for spending). */
export interface UsableCoupon {
  id: number;
  code: string;
  balancePaise: number;
  expiresAt: Date;
}

/**
 * The coupon behind a typed code if it can be spent at `now`. With `lock` (inside a transaction)
 * the coupon row is locked `for update` until the transaction ends, so concurrent orders spend
 * it one after another.
 * @throws CouponRejectedError 422: 'This coupon code is not valid.' (malformed, unknown, or its
 *   pickup is not 'collected', e.g. cancelled), 'This coupon expired on 23 May 2027.', 'This
 *   coupon has been used up.'
 */
export async function findUsableCoupon(
  db: Database,
  typed: string,
  now: Date,
  lock = false,
): Promise<UsableCoupon> {
  const code = normaliseCouponCode(typed);
  if (!code) throw unknownCode();
  const query = db
    .select({
      id: coupons.id,
      code: coupons.code,
      balancePaise: coupons.balancePaise,
      expiresAt: coupons.expiresAt,
      pickupStatus: pickups.status,
      claimId: coupons.claimId,
    })
    .from(coupons)
    .leftJoin(pickups, eq(pickups.id, coupons.pickupId))
    .where(eq(coupons.code, code));
  const [row] = lock ? await query.for("update", { of: coupons }) : await query;
  // A pickup's coupon counts once its pickup is collected; a claim's from its decision.
  if (!row || (row.claimId === null && row.pickupStatus !== "collected")) throw unknownCode();
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw new CouponRejectedError(
      "expired",
      { date: formatLongDayIST(row.expiresAt) },
      422,
      undefined,
      row.expiresAt,
    );
  }
  if (row.balancePaise <= 0) {
    throw new CouponRejectedError("used-up");
  }
  const { pickupStatus: _status, claimId: _claim, ...coupon } = row;
  return coupon;
}

/** The discount a coupon gives an order: min(balance, subtotal), paise. */
export function couponDiscount(balancePaise: number, subtotalPaise: number): number {
  return Math.max(0, Math.min(balancePaise, subtotalPaise));
}

/**
 * Spends `amountPaise` of a coupon locked by {@link findUsableCoupon} on order `orderId`, inside
 * the order's transaction: balance −= amount (the balance check keeps it ≥ 0), one
 * coupon_redemptions row, and an audit row 'coupon.redeemed'. Nothing happens for amount 0.
 */
export async function redeemCoupon(
  tx: Database,
  coupon: UsableCoupon,
  orderId: number,
  amountPaise: number,
): Promise<void> {
  if (amountPaise <= 0) return;
  await tx
    .update(coupons)
    .set({ balancePaise: sql`${coupons.balancePaise} - ${amountPaise}` })
    .where(eq(coupons.id, coupon.id));
  await tx.insert(couponRedemptions).values({ couponId: coupon.id, orderId, amountPaise });
  await recordAudit(tx, {
    actor: "visitor",
    action: "coupon.redeemed",
    entity: "coupon",
    entityId: coupon.id,
    before: { balancePaise: coupon.balancePaise },
    after: { balancePaise: coupon.balancePaise - amountPaise },
    extra: { orderId, amountPaise },
  });
}

/**
 * Gives the amount an order took from its coupon back, inside the cancelling transaction
 * (docs/exchange.md): balance += amount (never above the coupon's value), the redemption marked
 * refunded, an audit row 'coupon.refunded'. An expired coupon gets its balance back too but stays
 * expired. Does nothing for an order without a coupon or already refunded.
 * @returns the amount given back, paise (0 when none).
 */
export async function refundCouponOfOrder(
  tx: Database,
  orderId: number,
  actor: AuditActor,
): Promise<number> {
  const [redemption] = await tx
    .update(couponRedemptions)
    .set({ refundedAt: new Date() })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.refundedAt)))
    .returning({
      couponId: couponRedemptions.couponId,
      amountPaise: couponRedemptions.amountPaise,
    });
  if (!redemption) return 0;
  const [coupon] = await tx
    .update(coupons)
    .set({
      balancePaise: sql`least(${coupons.valuePaise}, ${coupons.balancePaise} + ${redemption.amountPaise})`,
    })
    .where(eq(coupons.id, redemption.couponId))
    .returning({ balancePaise: coupons.balancePaise });
  await recordAudit(tx, {
    actor,
    action: "coupon.refunded",
    entity: "coupon",
    entityId: redemption.couponId,
    after: { balancePaise: coupon?.balancePaise },
    extra: { orderId, amountPaise: redemption.amountPaise },
  });
  return redemption.amountPaise;
}

/** What the checkout summary shows for an applied code: the code and its discount, paise. */
export interface CouponPreview {
  code: string;
  discountPaise: number;
  /** The balance left on the code after this order, paise. */
  balanceAfterPaise: number;
}

/**
 * 'Apply' on the checkout page: the discount a code would give a cart of `subtotalPaise`,
 * without spending anything (placing the order checks again under a lock).
 * @throws CouponRejectedError as {@link findUsableCoupon}.
 */
export async function previewCoupon(
  db: Database,
  typed: string,
  subtotalPaise: number,
  now: Date,
): Promise<CouponPreview> {
  const coupon = await findUsableCoupon(db, typed, now);
  const discountPaise = couponDiscount(coupon.balancePaise, subtotalPaise);
  return {
    code: coupon.code,
    discountPaise,
    balanceAfterPaise: coupon.balancePaise - discountPaise,
  };
}

/**
 * Refuses (429) a client that has tried {@link FAILED_GUESS_LIMIT} unknown codes in the window;
 * call before looking a code up, for every code.
 * @throws CouponRejectedError 429 'rate-limited'.
 */
export async function assertCouponGuessesAllowed(clientAddress: string): Promise<void> {
  try {
    await assertRateLimitNotReached(
      GUESS_ACTION,
      clientAddress,
      FAILED_GUESS_LIMIT,
      FAILED_GUESS_WINDOW_SECONDS,
    );
  } catch (error) {
    throw asCouponError(error);
  }
}

/**
 * Counts a refused code against the client when it was unknown (a guess); expired and used-up
 * codes are real codes and are not counted. Returns the error to show: the refusal itself, or
 * the 429 when this guess used up the allowance.
 */
export async function countCouponRefusal(
  clientAddress: string,
  refusal: CouponRejectedError,
): Promise<CouponRejectedError> {
  if (refusal.problem !== "unknown") return refusal;
  try {
    await consumeRateLimit(
      GUESS_ACTION,
      clientAddress,
      FAILED_GUESS_LIMIT,
      FAILED_GUESS_WINDOW_SECONDS,
    );
  } catch (error) {
    const mapped = asCouponError(error);
    if (mapped instanceof CouponRejectedError) return mapped;
    throw mapped;
  }
  return refusal;
}

function asCouponError(error: unknown): unknown {
  if (!(error instanceof RateLimitedError)) return error;
  return new CouponRejectedError("rate-limited", {}, 429, error.retryAfterSeconds);
}
