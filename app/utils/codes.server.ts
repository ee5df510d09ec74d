/**
 * Human references (OR-7K3Q9X, PU-4M8TQ2) and unguessable tokens for tracking links and
 * idempotency keys (docs/product.md: a reference code and an unguessable tracking link each).
 */
import crypto from "node:crypto";

/** Crockford base32 without I, L, O, U: easy to read aloud over the phone. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** `${prefix}-` and 6 random characters (30 bits), e.g. "OR-7K3Q9X". */
export function humanReference(prefix: "OR" | "PU"): string {
  const bytes = crypto.randomBytes(6);
  let code = "";
  for (const byte of bytes) code += ALPHABET[byte & 31];
  return `${prefix}-${code}`;
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
