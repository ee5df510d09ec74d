/**
 * Invalidation of in-process caches across app servers (docs/operations.md "Several servers on
 * one PostgreSQL"; ADR 0014).
 *
 * A cache registers what to drop with `onCacheInvalidated(name, drop)`. A writer that changes
 * what a cache holds calls `notifyCacheChanged(tx, name)` inside its transaction:
 *
 * - it drops this process's copy at once; on PGlite (one connection, so a read waits for the
 *   writer's commit) that is the whole story;
 * - it runs `select pg_notify('cache_invalidate', name)`, which PostgreSQL delivers on commit
 *   (never for a rolled-back transaction) to every server LISTENing on that channel:
 *   `startCacheInvalidationListener` keeps one dedicated connection per server for it and
 *   drops the named cache when a notification arrives (typically a few milliseconds after
 *   the commit). Dropping it again on this server after the commit also covers a read that
 *   raced the writer on another pool connection.
 *
 * When the listening connection is lost, every cache is dropped and the listener reconnects
 * (1 s, doubling to 30 s), so a notification missed meanwhile costs at most one stale read
 * per cache until the reconnect.
 *
 * Names (docs/operations.md "Page store"): `impact` (the home page's 'Our impact' figures,
 * features/impact/impact.server.ts), `catalogue` (products as the public pages show them: any staff edit,
 * and stock crossing zero either way — see `notifyIfStockCrossedZero`; a stock change that stays on
 * one side of zero changes no public page), `rates` (scrap materials and their rate per kg),
 * `reviews` (a review published or withdrawn). The public page store (server/page-cache.ts) listens
 * to all of them (`onAnyCacheInvalidated`); data caches listen to the name they hold.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { logger } from "~/utils/logger.server";
import { type Database, postgresPoolOf } from "./client.server";

/** The LISTEN/NOTIFY channel. */
export const CACHE_INVALIDATE_CHANNEL = "cache_invalidate";

/** Every cache that can be invalidated; the name is the notification payload. */
export const cacheNames = ["impact", "catalogue", "rates", "reviews"] as const;
export type CacheName = (typeof cacheNames)[number];

const droppers = new Map<CacheName, Set<() => void>>();

/** Registers `drop` to run whenever `name` is invalidated (here or on another server). */
export function onCacheInvalidated(name: CacheName, drop: () => void): void {
  let set = droppers.get(name);
  if (!set) {
    set = new Set();
    droppers.set(name, set);
  }
  set.add(drop);
}

const anyDroppers = new Set<(name: CacheName) => void>();

/**
 * Registers `drop` to run whenever any cache is invalidated (here or on another server), with
 * the cache's name: for stores whose entries depend on several kinds of data (the page store).
 */
export function onAnyCacheInvalidated(drop: (name: CacheName) => void): void {
  anyDroppers.add(drop);
}

function dropLocal(name: CacheName): void {
  for (const drop of droppers.get(name) ?? []) drop();
  for (const drop of anyDroppers) drop(name);
}

function dropAll(): void {
  for (const name of cacheNames) dropLocal(name);
}

/**
 * Invalidates cache `name` on this server now and on every server once `tx` commits (on
 * PostgreSQL; PGlite has only this server). Call it inside the writer's transaction.
 * @throws database errors (the transaction then rolls back like for any failed statement).
 */
export async function notifyCacheChanged(tx: Database, name: CacheName): Promise<void> {
  dropLocal(name);
  await tx.execute(sql`select pg_notify(${CACHE_INVALIDATE_CHANNEL}, ${name})`);
}

/**
 * After a stock change of `change` units (negative when taken, positive when returned) that
 * left `stockAfter` in stock, invalidates `catalogue` when the product went from in stock to
 * out of stock or back — the only stock fact public pages show ('Out of stock').
 * Call it inside the writer's transaction with the value the UPDATE … RETURNING gave.
 */
export async function notifyIfStockCrossedZero(
  tx: Database,
  stockAfter: number,
  change: number,
): Promise<void> {
  const stockBefore = stockAfter - change;
  if (stockBefore > 0 !== stockAfter > 0) await notifyCacheChanged(tx, "catalogue");
}

function isCacheName(value: string): value is CacheName {
  return (cacheNames as readonly string[]).includes(value);
}

/**
 * On PostgreSQL, LISTENs on `cache_invalidate` over one dedicated connection (opened with the
 * pool's settings) and drops the named cache on every notification; on PGlite does nothing.
 * Resolves once listening; the returned function stops it (shutdown).
 * @throws the connection error when the first connection fails.
 */
export async function startCacheInvalidationListener(db: Database): Promise<() => Promise<void>> {
  const pool = postgresPoolOf(db);
  if (!pool) return async () => {};
  const log = logger().child({ module: "cache-invalidation" });
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 1_000;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client(pool.options);
    next.on("notification", (message) => {
      if (message.channel !== CACHE_INVALIDATE_CHANNEL) return;
      const name = message.payload ?? "";
      if (isCacheName(name)) dropLocal(name);
      else log.warn({ payload: name }, "unknown cache in an invalidation");
    });
    next.on("error", (error) => {
      log.warn({ err: error }, "the cache invalidation connection failed; reconnecting");
      next.end().catch(() => {});
      if (client === next) lost();
    });
    next.on("end", () => {
      if (client === next) lost();
    });
    try {
      await next.connect();
      await next.query(`listen ${CACHE_INVALIDATE_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    retryMs = 1_000;
    // Anything cached before now may have missed a notification while nobody listened.
    dropAll();
  };

  const lost = () => {
    client = null;
    dropAll();
    if (stopped) return;
    timer = setTimeout(() => {
      connect().catch((error) => {
        log.warn({ err: error, retryMs }, "cache invalidation reconnect failed");
        retryMs = Math.min(retryMs * 2, 30_000);
        lost();
      });
    }, retryMs);
    timer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}
