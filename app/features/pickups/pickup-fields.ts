/**
 * Names and limits of the pickup form's fields (zod-free, for the page; see ADR 0006).
 */
export const pickupLimits = {
  name: 100,
  email: 254,
  phone: 20,
  addressLine1: 200,
  addressLine2: 200,
  city: 80,
} as const;

export const pickupTextFields = [
  "name",
  "email",
  "phone",
  "addressLine1",
  "addressLine2",
  "city",
  "pinCode",
  "pickupDate",
  "pickupTime",
  "reward",
  "idempotencyKey",
] as const;

/** Estimate rows the form shows without JavaScript; JavaScript can add up to the maximum. */
export const DEFAULT_ESTIMATE_ROWS = 3;
export const MAX_ESTIMATE_ROWS = 10;

export const rewardOptions = [
  { value: "plants", label: "Plants" },
  { value: "coupon", label: "Coupon" },
  { value: "money", label: "Money" },
] as const;
