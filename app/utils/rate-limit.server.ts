/**
 * Rate limits for public forms and coupon codes (docs/community.md; docs/budgets.md), with
 * rate-limiter-flexible. (Failed staff logins are not limited here but slowed by growing waits,
 * app/features/staff/login-throttle.server.ts, which keys addresses with `clientKeyOf` too.)
 * Where the counters live follows the database (ADR 0014):
 *
 * - PostgreSQL (DATABASE_URL): `RateLimiterPostgres` in the `rate_limits` table (key, points,
 *   expire in epoch ms; created by the migrations), so every app server on that database counts
 *   against one allowance. Each limiter deletes rows that expired more than an hour ago every
 *   5 minutes (the library's `clearExpiredByTimeout`, an unref'd timer), so the table holds
 *   about one row per client and action active in the last hour.
 * - Embedded PGlite: `RateLimiterMemory` in this process (only one server can hold DATA_DIR);
 *   counters are lost on restart, like a cache.
 *
 * Keys are `<action>:<client key>` on both stores. A client key that is an IPv6 address counts
 * for its whole /64 (one household or phone gets a /64 and can use any address in it), an
 * IPv4-mapped one (`::ffff:1.2.3.4`) as its IPv4 address (`clientKeyOf`).
 */
import net from "node:net";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { postgresPoolOf } from "~/db/client.server";
import { getDb } from "~/db/db.server";

type Limiter = RateLimiterMemory | RateLimiterPostgres;

/** The table of migration 0010 (`app/db/schema/operations.ts`, `rateLimits`). */
const TABLE = "rate_limits";

/** Limiters per store: the pool on PostgreSQL, one shared key for memory. */
const limiters = new Map<object, Map<string, Limiter>>();
const memoryStore = {};
/** Bumped by `resetRateLimits` so a test starts from fresh keys on either store. */
let generation = 0;

/**
 * Thrown when a client used up its allowance; `retryAfterSeconds` for the Retry-After header.
 * Not itself a refusal: each caller answers with its own (a message id of its form, ADR 0024).
 */
export class RateLimitedError extends Error {
  override name = "RateLimitedError";
  constructor(readonly retryAfterSeconds: number) {
    super(`Rate limit reached; retry after ${retryAfterSeconds} s`);
  }
}

/**
 * The key a client is counted under: an IPv6 address → its /64 (`2001:db8:1:2::/64`), an
 * IPv4-mapped IPv6 address → the IPv4 address; anything else (IPv4, an e-mail) as it is.
 */
export function clientKeyOf(clientKey: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(clientKey);
  if (mapped?.[1]) return mapped[1];
  if (net.isIPv6(clientKey)) return `${ipv6Prefix64(clientKey)}::/64`;
  return clientKey;
}

/** The first four groups of an IPv6 address, written out (`2001:db8:0:1`). */
function ipv6Prefix64(address: string): string {
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = address.includes("::") && tail ? tail.split(":") : [];
  // A dotted IPv4 ending (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) stands for two groups.
  const width = (groups: string[]) => groups.length + (groups.some((g) => g.includes(".")) ? 1 : 0);
  const missing = 8 - width(headGroups) - width(tailGroups);
  const groups = [...headGroups, ...Array(Math.max(0, missing)).fill("0"), ...tailGroups];
  return groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":");
}

/**
 * Counts one attempt of `action` by `clientKey` against `points` per `durationSeconds`.
 * @throws RateLimitedError once the allowance is used up; a database error
 *   when the PostgreSQL store cannot be reached.
 */
export async function consumeRateLimit(
  action: string,
  clientKey: string,
  points: number,
  durationSeconds: number,
): Promise<void> {
  const limiter = await limiterFor(action, points, durationSeconds);
  try {
    await limiter.consume(clientKeyOf(clientKey));
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      throw new RateLimitedError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    }
    throw error;
  }
}

async function limiterFor(action: string, points: number, durationSeconds: number) {
  const pool = postgresPoolOf(await getDb());
  const store = pool ?? memoryStore;
  let byId = limiters.get(store);
  if (!byId) {
    byId = new Map();
    limiters.set(store, byId);
  }
  const keyPrefix = generation === 0 ? action : `${action}#${generation}`;
  const id = `${keyPrefix}:${points}:${durationSeconds}`;
  let limiter = byId.get(id);
  if (!limiter) {
    const options = { keyPrefix, points, duration: durationSeconds };
    limiter = pool
      ? new RateLimiterPostgres({
          ...options,
          storeClient: pool,
          storeType: "pool",
          tableName: TABLE,
          tableCreated: true,
          clearExpiredByTimeout: true,
        })
      : new RateLimiterMemory(options);
    byId.set(id, limiter);
  }
  return limiter;
}

/**
 * Refuses without counting when `clientKey` already used up the allowance of `action` (for
 * limits that count only failures, e.g. wrong coupon codes: checked before every attempt,
 * counted with `consumeRateLimit` after a failed one).
 * @throws RateLimitedError while the allowance is used up.
 */
export async function assertRateLimitNotReached(
  action: string,
  clientKey: string,
  points: number,
  durationSeconds: number,
): Promise<void> {
  const limiter = await limiterFor(action, points, durationSeconds);
  const state = await limiter.get(clientKeyOf(clientKey));
  if (state && state.consumedPoints >= points) {
    throw new RateLimitedError(Math.max(1, Math.ceil(state.msBeforeNext / 1000)));
  }
}

/**
 * Test hook: forget every counter. Synchronous: later calls use new key prefixes, so rows a
 * test left in `rate_limits` are ignored (and expire on their own).
 */
export function resetRateLimits(): void {
  limiters.clear();
  generation += 1;
}
