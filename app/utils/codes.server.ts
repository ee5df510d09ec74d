/**
 * Human references (OR-7K3Q9X, PU-4M8TQ2, grievance tickets GR-3F8K2M) and unguessable tokens
 * for tracking links and idempotency keys (docs/product.md: a reference code and an unguessable
 * tracking link each).
 */
import crypto from "node:crypto";

/** Crockford base32 without I, L, O, U: easy to read aloud over the phone. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** `${prefix}-` and 6 random characters (30 bits), e.g. "OR-7K3Q9X". */
export function humanReference(prefix: "OR" | "PU" | "GR" | "CL" | "LD"): string {
  const bytes = crypto.randomBytes(6);
  let code = "";
  for (const byte of bytes) code += ALPHABET[byte & 31];
  return `${prefix}-${code}`;
}

/**
 * A coupon code "SS-XXXX-XXXX": 8 random characters of the alphabet above (40 bits), so a
 * guessed code is right about once in 10^12 tries (and guesses are rate limited;
 * docs/exchange.md).
 */
export function couponCode(): string {
  const bytes = crypto.randomBytes(8);
  let code = "";
  for (const byte of bytes) code += ALPHABET[byte & 31];
  return `SS-${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * A code as a visitor types it ("ss 7k2m 9qxd", "SS-7K2M-9QXD ") in the stored form, or null when
 * it cannot be one: spaces and hyphens are ignored, letters upper-cased, and the Crockford
 * look-alikes read as digits (O → 0, I and L → 1).
 */
export function normaliseCouponCode(typed: string): string | null {
  const compact = typed
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  const match = /^SS([0-9A-HJKMNP-TV-Z]{4})([0-9A-HJKMNP-TV-Z]{4})$/.exec(compact);
  return match ? `SS-${match[1]}-${match[2]}` : null;
}

/** A 4-digit handover code ("0000"–"9999"), uniformly random. */
export function handoverCode(): string {
  return String(crypto.randomInt(0, 10_000)).padStart(4, "0");
}

/** 256 random bits, base64url (43 characters): tracking tokens. */
export function unguessableToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** The shape of an `unguessableToken()`: checked before any lookup by token. */
export const UNGUESSABLE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** True when `value` has the shape of an `unguessableToken()` (43 base64url characters). */
export function isUnguessableToken(value: string): boolean {
  return UNGUESSABLE_TOKEN_PATTERN.test(value);
}

/** 128 random bits, base64url (22 characters): idempotency keys rendered into forms. */
export function idempotencyKey(): string {
  return crypto.randomBytes(16).toString("base64url");
}
