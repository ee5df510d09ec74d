/**
 * One-time codes sent to a phone (docs/accounts.md "Signing in"; ADR 0037): 6 digits, valid 10
 * minutes, 5 wrong tries then dead, single use, a new one only 30 s after the last, and bound to
 * a phone and a purpose ('sign_in'; 'cod_confirm' later), so a code never passes for another
 * phone or purpose.
 *
 * - Stored: only HMAC-SHA-256(session secret, `purpose:phone:code`) in `one_time_codes`, one row
 *   per phone and purpose, replaced by a new code (app/db/schema/customer-sign-in.ts).
 * - Tries are counted by ONE conditional UPDATE (`attempts < 5`, not used, not expired) that
 *   either spends the code or adds a try; PostgreSQL re-checks the condition on the locked row,
 *   so concurrent checks of one phone count exactly 5 wrong tries on any number of servers.
 * - The 30 s pause is enforced by the insert itself (an upsert that only replaces a row older
 *   than 30 s), so two servers cannot both send.
 * - Rate limits (app/utils/rate-limit.server.ts, database-backed on PostgreSQL): codes sent per
 *   phone and per client (an IPv6 client counts by /64), checks per client.
 */
import { createHmac, randomInt } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type CodePurpose, oneTimeCodes, verifiedPhones } from "~/db/schema/customer-sign-in";
import { consumeRateLimit, RateLimitedError } from "~/utils/rate-limit.server";
import { type MessageValues, Refusal, type RefusalStatus } from "~/utils/refusal";
import { sessionSecret } from "~/utils/secrets.server";

export const CODE_LENGTH = 6;
export const CODE_VALID_SECONDS = 10 * 60;
export const MAX_WRONG_TRIES = 5;
export const RESEND_AFTER_SECONDS = 30;
/** Codes sent to one phone (any purpose counts separately) per hour. */
export const SENDS_PER_PHONE_PER_HOUR = 5;
/** Codes one client (address, IPv6 /64) may ask for per hour, whatever the phones. */
export const SENDS_PER_CLIENT_PER_HOUR = 10;
/** Code checks one client may make per 10 minutes, whatever the phones. */
export const CHECKS_PER_CLIENT_PER_10_MINUTES = 60;

/** Message ids of the refusals (`account.signIn.*` in the catalogues). */
export const CODE_REFUSALS = {
  wait: "account.signIn.waitBeforeNewCode",
  rateLimited: "account.signIn.tooManyRequests",
  wrong: "account.signIn.codeWrong",
  wrongLast: "account.signIn.codeWrongLast",
  expired: "account.signIn.codeExpired",
  used: "account.signIn.codeUsed",
  tooManyTries: "account.signIn.codeTooManyTries",
  none: "account.signIn.codeNone",
  format: "account.signIn.codeFormat",
} as const;

/**
 * A refused send or check: a refusal (ADR 0024) with an `account.signIn.*` id, next to the code
 * field (status 422; 429 with `retryAfterSeconds` for the pause, `{seconds}`, and the rate
 * limits, `{minutes}`).
 */
export class OneTimeCodeError extends Refusal {
  override name = "OneTimeCodeError";
  constructor(
    id: string,
    status: RefusalStatus = 422,
    readonly retryAfterSeconds?: number,
  ) {
    const values: MessageValues =
      retryAfterSeconds === undefined
        ? {}
        : { seconds: retryAfterSeconds, minutes: Math.ceil(retryAfterSeconds / 60) };
    super(id, values, { status, field: "code" });
  }
}

/** The stored form of `code` for `phone` and `purpose` (hex). */
function codeHash(purpose: CodePurpose, phone: string, code: string): string {
  return createHmac("sha256", sessionSecret()).update(`${purpose}:${phone}:${code}`).digest("hex");
}

async function limited(action: string, key: string, points: number, seconds: number) {
  try {
    await consumeRateLimit(action, key, points, seconds);
  } catch (error) {
    if (error instanceof RateLimitedError) {
      throw new OneTimeCodeError(CODE_REFUSALS.rateLimited, 429, error.retryAfterSeconds);
    }
    throw error;
  }
}

/** What `issueCode` needs. @param phone `+91XXXXXXXXXX`. */
export interface IssueRequest {
  phone: string;
  purpose: CodePurpose;
  /** The client's address (rate limits; IPv6 counted by /64). */
  clientAddress: string;
  now: Date;
}

/**
 * Makes a new code for a phone and purpose (replacing the last one) and hands it to `deliver`
 * inside the same transaction (e.g. an outbox row): the code exists exactly when its message
 * does. The plain code is never stored.
 * @throws OneTimeCodeError 429 `wait` within 30 s of the last code (with the seconds left),
 *   429 `rateLimited` past the per-phone or per-client allowance; nothing is written then.
 */
export async function issueCode(
  db: Database,
  request: IssueRequest,
  deliver: (tx: Database, code: string, expiresAt: Date) => Promise<void>,
): Promise<void> {
  const { phone, purpose, now } = request;
  await assertPauseOver(db, phone, purpose, now);
  await limited(`otp-send-client`, request.clientAddress, SENDS_PER_CLIENT_PER_HOUR, 3600);
  await limited(`otp-send-phone-${purpose}`, phone, SENDS_PER_PHONE_PER_HOUR, 3600);
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
  const expiresAt = new Date(now.getTime() + CODE_VALID_SECONDS * 1000);
  const row = {
    phone,
    purpose,
    codeHash: codeHash(purpose, phone, code),
    createdAt: now,
    expiresAt,
    attempts: 0,
    usedAt: null,
  };
  const pauseEnds = new Date(now.getTime() - RESEND_AFTER_SECONDS * 1000);
  await db.transaction(async (tx) => {
    const written = await tx
      .insert(oneTimeCodes)
      .values(row)
      .onConflictDoUpdate({
        target: [oneTimeCodes.phone, oneTimeCodes.purpose],
        set: row,
        setWhere: sql`${oneTimeCodes.createdAt} <= ${pauseEnds.toISOString()}::timestamptz`,
      })
      .returning({ id: oneTimeCodes.id });
    if (written.length === 0) {
      // Another request sent a code for this phone a moment ago.
      await assertPauseOver(tx, phone, purpose, now);
      throw new OneTimeCodeError(CODE_REFUSALS.wait, 429, RESEND_AFTER_SECONDS);
    }
    await deliver(tx as unknown as Database, code, expiresAt);
  });
}

/** @throws OneTimeCodeError `wait` (429) while the last code is younger than 30 s. */
async function assertPauseOver(db: Database, phone: string, purpose: CodePurpose, now: Date) {
  const [last] = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.phone, phone), eq(oneTimeCodes.purpose, purpose)));
  if (!last) return;
  const leftMs = last.createdAt.getTime() + RESEND_AFTER_SECONDS * 1000 - now.getTime();
  if (leftMs > 0) {
    throw new OneTimeCodeError(CODE_REFUSALS.wait, 429, Math.max(1, Math.ceil(leftMs / 1000)));
  }
}

/** What `checkCode` needs. @param phone `+91XXXXXXXXXX`. */
export interface CheckRequest extends IssueRequest {
  /** What the visitor typed (spaces are ignored). */
  code: string;
}

/**
 * Accepts the phone's live code for `purpose` once: the code is spent by this call, and the
 * phone is recorded as verified. A wrong code counts one try (atomically; the 5th wrong try
 * kills the code).
 * @throws OneTimeCodeError (field 'code', 422 unless said): `format` not 6 digits (not counted),
 *   `wrong` / `wrongLast` (the last try), `tooManyTries`, `expired`, `used` (a replayed code),
 *   `none` (no code was sent for this phone and purpose), 429 `rateLimited` past the
 *   per-client allowance of checks.
 */
export async function checkCode(db: Database, request: CheckRequest): Promise<void> {
  const { phone, purpose, now } = request;
  const typed = request.code.replace(/\s/g, "");
  if (!new RegExp(`^[0-9]{${CODE_LENGTH}}$`).test(typed)) {
    throw new OneTimeCodeError(CODE_REFUSALS.format);
  }
  await limited("otp-check-client", request.clientAddress, CHECKS_PER_CLIENT_PER_10_MINUTES, 600);
  const hash = codeHash(purpose, phone, typed);
  const matches = sql`${oneTimeCodes.codeHash} = ${hash}`;
  const [result] = await db
    .update(oneTimeCodes)
    .set({
      attempts: sql`case when ${matches} then ${oneTimeCodes.attempts} else ${oneTimeCodes.attempts} + 1 end`,
      usedAt: sql`case when ${matches} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(oneTimeCodes.phone, phone),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.attempts, MAX_WRONG_TRIES),
      ),
    )
    .returning({ usedAt: oneTimeCodes.usedAt, attempts: oneTimeCodes.attempts });
  if (result?.usedAt) {
    await recordVerifiedPhone(db, phone, now);
    return;
  }
  if (result) {
    const last = result.attempts >= MAX_WRONG_TRIES;
    throw new OneTimeCodeError(last ? CODE_REFUSALS.wrongLast : CODE_REFUSALS.wrong);
  }
  throw new OneTimeCodeError(await whyNotLive(db, phone, purpose, now));
}

/**
 * The phone has entered a correct code: it is listed in `verified_phones` (first and latest
 * time), which spares its cash-on-delivery orders the code (docs/shop.md "Confirming a
 * cash-on-delivery order").
 */
async function recordVerifiedPhone(db: Database, phone: string, now: Date): Promise<void> {
  await db
    .insert(verifiedPhones)
    .values({ phone, firstVerifiedAt: now, lastVerifiedAt: now })
    .onConflictDoUpdate({ target: verifiedPhones.phone, set: { lastVerifiedAt: now } });
}

/** Why the phone's code for `purpose` cannot be tried: the refusal's message id. */
async function whyNotLive(db: Database, phone: string, purpose: CodePurpose, now: Date) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.phone, phone), eq(oneTimeCodes.purpose, purpose)));
  if (!row) return CODE_REFUSALS.none;
  if (row.usedAt) return CODE_REFUSALS.used;
  if (row.attempts >= MAX_WRONG_TRIES) return CODE_REFUSALS.tooManyTries;
  if (row.expiresAt <= now) return CODE_REFUSALS.expired;
  // It became live again in between (a new code was sent meanwhile): this one was not it.
  return CODE_REFUSALS.wrong;
}
