/**
 * In-memory caches of public read-side data that changes only on edits, dropped on every write
 * that changes it (tests/integration/public-read-caches.test.ts): the plant and fertiliser
 * lists, the rate list, the latest reviews and their summary, the home page's impact figures.
 *
 * A cache is bound to one invalidation name of db/cache-invalidation.server.ts ("catalogue",
 * "rates", "reviews", "impact"): every writer of that data already calls `notifyCacheChanged`
 * inside its transaction, which drops this process's copy at once and every other server's copy
 * on commit (PostgreSQL LISTEN/NOTIFY, within milliseconds). An entry also expires after
 * `maxAgeMs`, so a change made outside the app (SQL by hand) shows within that time.
 *
 * The store is lru-cache's `fetch`: per database handle one LRUCache of at most `maxEntries`
 * (least recently used out first, so a flood of distinct keys such as random `/plant?q=`
 * searches cannot grow memory), concurrent callers of a key share the read in flight, and a
 * failed read is not kept. Invalidation replaces every handle's LRUCache at once, so a read
 * that started before it is never stored after it.
 *
 * Values are shared between requests: callers must not mutate them (they are frozen).
 */
import { LRUCache } from "lru-cache";
import { type CacheName, onCacheInvalidated } from "./cache-invalidation.server";
import type { Database } from "./client.server";

export interface ReadCacheOptions {
  /** Longest time an entry is served, milliseconds (whole). */
  maxAgeMs: number;
  /** Most entries kept per database handle; the least recently used is dropped first. */
  maxEntries: number;
}

/** A cache of reads keyed by a string, dropped whenever `name` is invalidated. */
export interface ReadCache {
  /**
   * The value stored under `key` for `db` if younger than maxAgeMs at `now` (epoch ms), else
   * `read()` (shared by concurrent callers until it settles).
   * @throws whatever `read` throws (nothing is kept then).
   */
  get<V>(db: Database, key: string, read: () => Promise<V>, now?: number): Promise<V>;
  /** Entries held for `db` now, reads in flight included (tests and diagnostics). */
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

/** What the caches hold: any value but undefined (lru-cache's rule). */
type Value = NonNullable<unknown>;
type Read = () => Promise<Value>;

/** Creates a read cache dropped on every invalidation of `name` (here or on another server). */
export function createReadCache(name: CacheName, options: ReadCacheOptions): ReadCache {
  // lru-cache reads its clock through `perf`; this one is the `now` of the latest `get`, so
  // callers that pass their own time (tests of expiry) are served by it. Plus 1: lru-cache
  // takes a start time of 0 for "never expires".
  let clock = 1;
  const perf = { now: () => clock };
  const newStore = () =>
    new LRUCache<string, Value, Read>({
      max: options.maxEntries,
      // lru-cache serves an entry while its age ≤ ttl; ours is served while age < maxAgeMs.
      ttl: Math.max(options.maxAgeMs - 1, 1),
      ttlResolution: 0,
      perf,
      fetchMethod: async (_key, _stale, { context }) => freeze(await context()),
    });
  let stores = new WeakMap<Database, LRUCache<string, Value, Read>>();
  onCacheInvalidated(name, () => {
    stores = new WeakMap();
  });

  return {
    get<V>(db: Database, key: string, read: () => Promise<V>, now = Date.now()): Promise<V> {
      let store = stores.get(db);
      if (!store) {
        store = newStore();
        stores.set(db, store);
      }
      clock = now + 1;
      return store.fetch(key, { context: read as Read }) as Promise<V>;
    },
    size(db: Database): number {
      return stores.get(db)?.size ?? 0;
    },
  };
}
