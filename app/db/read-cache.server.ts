/**
 * In-memory caches of public read-side data that changes only on edits, dropped on every write
 * that changes it (tests/integration/public-read-caches.test.ts): the plant and fertiliser
 * lists, the rate list, the latest reviews and their summary.
 *
 * A cache is bound to one invalidation name of db/cache-invalidation.server.ts ("catalogue",
 * "rates", "reviews"): every writer of that data already calls `notifyCacheChanged` inside its
 * transaction, which drops this process's copy at once and every other server's copy on
 * commit (PostgreSQL LISTEN/NOTIFY, within milliseconds). An entry also expires after
 * `maxAgeMs`, so a change made outside the app (SQL by hand) shows within that time.
 *
 * Entries are kept per database handle (a WeakMap, like pickups/impact.server.ts), hold the
 * read's promise (concurrent callers share one read; a failed read is not kept) and are at
 * most `maxEntries` per handle (oldest first out), so a flood of distinct keys (random
 * `/plant?q=` searches) cannot grow memory without bound.
 *
 * A read that started before an invalidation is never stored after it: invalidation replaces
 * the whole map (a new generation), and a read only ever writes into the generation it was
 * started in.
 *
 * Values are shared between requests: callers must not mutate them (they are frozen).
 */
import { type CacheName, onCacheInvalidated } from "./cache-invalidation.server";
import type { Database } from "./client.server";

interface Entry<V> {
  /** When the read started (epoch ms). */
  readAt: number;
  value: Promise<V>;
}

export interface ReadCacheOptions {
  /** Longest time an entry is served, milliseconds. */
  maxAgeMs: number;
  /** Most entries kept per database handle; the oldest is dropped first. */
  maxEntries: number;
}

/** A cache of reads keyed by a string, dropped whenever `name` is invalidated. */
export interface ReadCache {
  /**
   * The value stored under `key` for `db` if younger than maxAgeMs, else `read()` (stored at
   * once, so concurrent callers share it).
   * @throws whatever `read` throws (nothing is kept then).
   */
  get<V>(db: Database, key: string, read: () => Promise<V>, now?: number): Promise<V>;
  /** Entries held for `db` now (tests and diagnostics). */
  size(db: Database): number;
}

/** Deep-freezes plain arrays and objects (values shared between requests). */
function freeze<V>(value: V): V {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) freeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Creates a read cache dropped on every invalidation of `name` (here or on another server). */
export function createReadCache(name: CacheName, options: ReadCacheOptions): ReadCache {
  // One generation: replaced as a whole on invalidation.
  let generation = new WeakMap<Database, Map<string, Entry<unknown>>>();
  onCacheInvalidated(name, () => {
    generation = new WeakMap();
  });

  return {
    get<V>(db: Database, key: string, read: () => Promise<V>, now = Date.now()): Promise<V> {
      const current = generation;
      let entries = current.get(db);
      if (!entries) {
        entries = new Map();
        current.set(db, entries);
      }
      const entry = entries.get(key) as Entry<V> | undefined;
      if (entry && now - entry.readAt < options.maxAgeMs && now >= entry.readAt) {
        return entry.value;
      }
      if (entry) entries.delete(key);
      const value = read().then(freeze);
      const fresh: Entry<V> = { readAt: now, value };
      entries.set(key, fresh);
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      const held = entries;
      value.catch(() => {
        if (held.get(key) === fresh) held.delete(key);
      });
      return value;
    },
    size(db: Database): number {
      return generation.get(db)?.size ?? 0;
    },
  };
}
