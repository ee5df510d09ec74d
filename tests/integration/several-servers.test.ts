/**
 * Several servers on one PostgreSQL (docs/operations.md): the setup token lives in the
 * database and works once; rate limits count in `rate_limits` on PostgreSQL, failed staff logins
 * in `staff_login_throttle` on both drivers; a cache
 * invalidation reaches a listener on commit only. On PGlite the same calls work in-process;
 * the PostgreSQL-only cases are skipped there. The two-process journey is
 * tests/e2e/two-servers.spec.ts.
 */
import { eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CACHE_INVALIDATE_CHANNEL,
  notifyCacheChanged,
  onCacheInvalidated,
  startCacheInvalidationListener,
} from "~/db/cache-invalidation.server";
import { openDatabase, postgresPoolOf } from "~/db/client.server";
import { staffSetupToken } from "~/db/schema/operations";
import { staffLoginThrottle, staffUsers } from "~/db/schema/staff";
import { seedDatabase } from "~/db/seed.server";
import { confirmWeighSheetByToken } from "~/features/exchange/confirmation.server";
import { getImpactFigures } from "~/features/impact/impact.server";
import { StaffAccountError } from "~/features/staff/auth.server";
import {
  loginThrottleKeys,
  loginWaitLeft,
  recordLoginFailure,
} from "~/features/staff/login-throttle.server";
import {
  createFirstAdmin,
  prepareSetupLink,
  releaseSetupLinkClaim,
  SetupLinkInvalidError,
  type SetupLinkState,
  setupTokenIsValid,
} from "~/features/staff/setup.server";
import { exchangeDefaults } from "~/utils/env.server";
import { consumeRateLimit, RateLimitedError, resetRateLimits } from "~/utils/rate-limit.server";
import { weighedPickup } from "../support/factories/weighed-pickups";
import { queryRows, testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SETUP_LINK_LOCK_KEY = 727_274_014;

function tokenOf(state: SetupLinkState): string {
  if (state.kind !== "print") throw new Error(`no link to print: ${state.kind}`);
  const token = new URL(`http://x${state.path}`).searchParams.get("token");
  if (!token) throw new Error(`no token in ${state.path}`);
  return token;
}

/** A connection of its own, as another app server would have. */
async function otherConnection(): Promise<pg.Client> {
  const pool = postgresPoolOf(handle.db);
  if (!pool) throw new Error("PostgreSQL only");
  const client = new pg.Client(pool.options);
  await client.connect();
  return client;
}

const admin = { name: "Meera Admin", email: "meera@example.com" };

describe("the setup token", () => {
  afterEach(async () => {
    await releaseSetupLinkClaim();
  });

  it("is stored as a SHA-256 hash, works once, and survives a refused password", async () => {
    const token = tokenOf(await prepareSetupLink(handle.db));
    const rows = await handle.db.select().from(staffSetupToken);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.tokenHash).not.toContain(token);

    expect(await setupTokenIsValid(handle.db, token)).toBe(true);
    expect(await setupTokenIsValid(handle.db, `${token}x`)).toBe(false);
    expect(await setupTokenIsValid(handle.db, "x".repeat(5000))).toBe(false);

    await expect(
      createFirstAdmin(handle.db, token, { ...admin, password: "password" }),
    ).rejects.toBeInstanceOf(StaffAccountError);
    expect(await setupTokenIsValid(handle.db, token)).toBe(true);
    expect(await handle.db.select().from(staffUsers)).toHaveLength(0);

    // Two uses at once (two servers): exactly one admin.
    const outcomes = await Promise.allSettled([
      createFirstAdmin(handle.db, token, { ...admin, password: "green leaves under the monsoon" }),
      createFirstAdmin(handle.db, token, {
        name: "Second",
        email: "second@example.com",
        password: "green leaves under the monsoon",
      }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toBeInstanceOf(SetupLinkInvalidError);
    const users = await handle.db.select({ role: staffUsers.role }).from(staffUsers);
    expect(users).toEqual([{ role: "admin" }]);
    expect(await handle.db.select().from(staffSetupToken)).toHaveLength(0);
    expect(await setupTokenIsValid(handle.db, token)).toBe(false);

    // Once an account exists no server prints a link.
    expect(await prepareSetupLink(handle.db)).toEqual({ kind: "none" });
  });

  it("a stray token row does not let anyone create an admin once an account exists", async () => {
    const existing = await handle.db.select({ id: staffUsers.id }).from(staffUsers);
    expect(existing.length).toBeGreaterThan(0);
    const { createHash } = await import("node:crypto");
    const token = "stray-token";
    await handle.db.insert(staffSetupToken).values({
      id: 1,
      tokenHash: createHash("sha256").update(token).digest("hex"),
    });
    expect(await setupTokenIsValid(handle.db, token)).toBe(false);
    await expect(
      createFirstAdmin(handle.db, token, { ...admin, password: "green leaves under the monsoon" }),
    ).rejects.toBeInstanceOf(SetupLinkInvalidError);
    await handle.db.delete(staffSetupToken).where(eq(staffSetupToken.id, 1));
  });

  it.runIf(onPostgres)(
    "only the server holding the lock prints; once it stops, the next start replaces the link",
    async () => {
      await handle.db.delete(staffUsers);
      const other = await otherConnection();
      try {
        // Another live server holds the link.
        await other.query("select pg_advisory_lock($1)", [SETUP_LINK_LOCK_KEY]);
        await handle.db.insert(staffSetupToken).values({ id: 1, tokenHash: "0".repeat(64) });
        expect(await prepareSetupLink(handle.db)).toEqual({ kind: "elsewhere" });
        const [kept] = await handle.db.select().from(staffSetupToken);
        expect(kept?.tokenHash).toBe("0".repeat(64));

        // It stopped (its connection, and so the lock, went away): this start takes over.
        await other.query("select pg_advisory_unlock($1)", [SETUP_LINK_LOCK_KEY]);
        const token = tokenOf(await prepareSetupLink(handle.db));
        expect(await setupTokenIsValid(handle.db, token)).toBe(true);
        const { rows } = await other.query<{ held: boolean }>(
          "select pg_try_advisory_lock($1) as held",
          [SETUP_LINK_LOCK_KEY],
        );
        expect(rows[0]?.held).toBe(false);
      } finally {
        await other.end();
      }
    },
  );
});

describe("rate limits", () => {
  beforeEach(() => resetRateLimits());

  it("refuse past the allowance with Retry-After seconds", async () => {
    for (let i = 0; i < 3; i++) await consumeRateLimit("test-form", "10.0.0.1", 3, 60);
    const error = await consumeRateLimit("test-form", "10.0.0.1", 3, 60).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((error as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another client has its own allowance.
    await consumeRateLimit("test-form", "10.0.0.2", 3, 60);
  });

  it("count an IPv6 client's whole /64 as one client", async () => {
    for (const suffix of ["1", "2", "abcd:1"]) {
      await consumeRateLimit("test-form-v6", `2001:db8:5:6::${suffix}`, 3, 60);
    }
    await expect(
      consumeRateLimit("test-form-v6", "2001:db8:5:6:ffff::9", 3, 60),
    ).rejects.toBeInstanceOf(RateLimitedError);
    await consumeRateLimit("test-form-v6", "2001:db8:5:7::1", 3, 60);
  });

  it.runIf(onPostgres)("count in the rate_limits table, shared by every server", async () => {
    await consumeRateLimit("shared-form", "10.0.0.9", 2, 60);
    const rows = await queryRows<{ key: string; points: number; expire: string }>(
      handle.db,
      sql`select key, points, expire::text from rate_limits where key like '%shared-form%'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.key).toMatch(/^shared-form(#\d+)?:10\.0\.0\.9$/);
    expect(rows[0]?.points).toBe(1);
    expect(Number(rows[0]?.expire)).toBeGreaterThan(Date.now());
    // Another server's count is the same row: bump it from outside, this one sees the limit.
    const other = await otherConnection();
    try {
      await other.query("update rate_limits set points = points + 1 where key = $1", [
        rows[0]?.key,
      ]);
    } finally {
      await other.end();
    }
    await expect(consumeRateLimit("shared-form", "10.0.0.9", 2, 60)).rejects.toBeInstanceOf(
      RateLimitedError,
    );
  });
});

describe("login waits", () => {
  it("count every one of several failures at once, in the database", async () => {
    const keys = loginThrottleKeys("10.0.1.1", "Shared.Account@example.com");
    const now = new Date();
    await Promise.all(Array.from({ length: 8 }, () => recordLoginFailure(handle.db, keys, now)));
    const rows = await handle.db
      .select({ key: staffLoginThrottle.key, failures: staffLoginThrottle.failures })
      .from(staffLoginThrottle)
      .where(
        inArray(
          staffLoginThrottle.key,
          keys.map((k) => k.key),
        ),
      );
    expect(rows.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: "account:shared.account@example.com", failures: 8 },
      { key: "address:10.0.1.1", failures: 8 },
    ]);
    // The account's eighth failure: a wait of 2^(8-5) s.
    expect(await loginWaitLeft(handle.db, keys, now)).toBe(8);
  });

  it.runIf(onPostgres)("a wait earned on one server holds on another", async () => {
    const pool = postgresPoolOf(handle.db);
    const other = await openDatabase({ databaseUrl: pool?.options.connectionString ?? "" });
    try {
      const keys = loginThrottleKeys("10.0.1.2", "two-servers@example.com");
      const now = new Date();
      for (let i = 0; i < 6; i++) await recordLoginFailure(other.db, keys, now);
      expect(await loginWaitLeft(handle.db, keys, now)).toBe(2);
    } finally {
      await other.close();
    }
  });
});

describe("cache invalidation", () => {
  it("drops the local cache at once", async () => {
    let drops = 0;
    onCacheInvalidated("impact", () => {
      drops += 1;
    });
    await handle.db.transaction((tx) => notifyCacheChanged(tx, "impact"));
    expect(drops).toBe(1);
  });

  it("confirming a weigh sheet refreshes the cached 'Our impact' figures at once", async () => {
    await seedDatabase(handle.db);
    const now = new Date();
    const before = await getImpactFigures(handle.db, now);
    const { token } = await weighedPickup(handle.db, { grams: [12_500, 3_000] });
    await confirmWeighSheetByToken(handle.db, token, 1, now, { ...exchangeDefaults });
    const after = await getImpactFigures(handle.db, now);
    expect(after.pickupsCompleted).toBe(before.pickupsCompleted + 1);
    expect(after.collectedGrams).toBe(before.collectedGrams + 15_500);
  });

  it.runIf(onPostgres)(
    "reaches the listener of another server on commit, never for a rollback",
    async () => {
      const seen: number[] = [];
      onCacheInvalidated("impact", () => seen.push(Date.now()));
      const stop = await startCacheInvalidationListener(handle.db);
      seen.length = 0; // connecting drops every cache once
      const writer = await otherConnection();
      try {
        await writer.query("begin");
        await writer.query("select pg_notify($1, 'impact')", [CACHE_INVALIDATE_CHANNEL]);
        await writer.query("rollback");
        await writer.query("begin");
        await writer.query("select pg_notify($1, 'impact')", [CACHE_INVALIDATE_CHANNEL]);
        const committedAt = Date.now();
        await writer.query("commit");
        await expect.poll(() => seen.length, { timeout: 1_000, interval: 5 }).toBe(1);
        console.log(
          `cache invalidation reached the other connection ${(seen[0] ?? Number.NaN) - committedAt} ms after commit`,
        );
        await writer.query("select pg_notify($1, 'impact')", [CACHE_INVALIDATE_CHANNEL]);
        await expect.poll(() => seen.length, { timeout: 1_000, interval: 5 }).toBe(2);
        // Notifications arrive in order: a delivered rollback would have made this 3.
        expect(seen).toHaveLength(2);
      } finally {
        await writer.end();
        await stop();
      }
    },
  );
});
