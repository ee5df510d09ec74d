/**
 * A coupon's state as the dashboard's Coupons page shows and filters it (docs/exchange.md
 * "Coupons"): used up (balance 0) first, then expired (balance left but past its expiry), else
 * active. Pure; shared by the page and the server.
 */
export const couponStates = ["active", "used-up", "expired"] as const;
export type CouponState = (typeof couponStates)[number];

export const couponStateLabels: Record<CouponState, string> = {
  active: "Active",
  "used-up": "Used up",
  expired: "Expired",
};

/** The state of a coupon with `balancePaise` left and expiring at `expiresAt`, at `now`. */
export function couponState(
  coupon: { balancePaise: number; expiresAt: Date },
  now: Date,
): CouponState {
  if (coupon.balancePaise <= 0) return "used-up";
  return coupon.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
}
