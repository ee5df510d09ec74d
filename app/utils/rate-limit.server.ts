/**
 * Rate limits for public forms (docs/community.md; docs/budgets.md), with rate-limiter-flexible.
 * Counters live in this process's memory: a cache that may be lost on restart. With several
 * app servers behind a load balancer each keeps its own counters (see ADR 0007).
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

const limiters = new Map<string, RateLimiterMemory>();

/** Thrown when a client used up its allowance; `retryAfterSeconds` for the Retry-After header. */
export class RateLimitedError extends Error {
  override name = "RateLimitedError";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * Counts one attempt of `action` by `clientKey` against `points` per `durationSeconds`.
 * @throws RateLimitedError with `message` once the allowance is used up.
 */
export async function consumeRateLimit(
  action: string,
  clientKey: string,
  points: number,
  durationSeconds: number,
  message: string,
): Promise<void> {
  const limiter = limiterFor(action, points, durationSeconds);
  try {
    await limiter.consume(clientKey);
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      throw new RateLimitedError(message, Math.ceil(error.msBeforeNext / 1000));
    }
    throw error;
  }
}

function limiterFor(action: string, points: number, durationSeconds: number): RateLimiterMemory {
  const id = `${action}:${points}:${durationSeconds}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = new RateLimiterMemory({ keyPrefix: action, points, duration: durationSeconds });
    limiters.set(id, limiter);
  }
  return limiter;
}

/**
 * Refuses without counting when `clientKey` already used up the allowance of `action` (for
 * limits that count only failures, e.g. wrong coupon codes: checked before every attempt,
 * counted with `consumeRateLimit` after a failed one).
 * @throws RateLimitedError with `message` while the allowance is used up.
 */
export async function assertRateLimitNotReached(
  action: string,
  clientKey: string,
  points: number,
  durationSeconds: number,
  message: string,
): Promise<void> {
  const state = await limiterFor(action, points, durationSeconds).get(clientKey);
  if (state && state.consumedPoints >= points) {
    throw new RateLimitedError(message, Math.max(1, Math.ceil(state.msBeforeNext / 1000)));
  }
}

/** Test hook: forget every counter. */
export function resetRateLimits(): void {
  limiters.clear();
}
