import { describe, expect, it } from "vitest";
import { notifyCacheChanged } from "./cache-invalidation.server";
import type { Database } from "./client.server";
import { createReadCache } from "./read-cache.server";

/** A stand-in handle: the cache only uses it as a WeakMap key; notify runs one statement. */
function fakeDb(): Database {
  return { execute: async () => ({ rows: [] }) } as unknown as Database;
}

describe("createReadCache", () => {
  it("reads once, shares the read between concurrent callers, and freezes the value", async () => {
    const cache = createReadCache("reviews", { maxAgeMs: 1_000, maxEntries: 10 });
    const db = fakeDb();
    let reads = 0;
    const read = async () => {
      reads += 1;
      return [{ id: reads }];
    };
    const [a, b] = await Promise.all([cache.get(db, "k", read, 0), cache.get(db, "k", read, 10)]);
    expect(reads).toBe(1);
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(a[0])).toBe(true);
    // Another handle (another database) has its own entries.
    await cache.get(fakeDb(), "k", read, 10);
    expect(reads).toBe(2);
  });

  it("reads again after maxAgeMs, and after a failed read", async () => {
    const cache = createReadCache("reviews", { maxAgeMs: 1_000, maxEntries: 10 });
    const db = fakeDb();
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.get(db, "k", read, 0)).toBe(1);
    expect(await cache.get(db, "k", read, 999)).toBe(1);
    expect(await cache.get(db, "k", read, 1_000)).toBe(2);
    await expect(cache.get(db, "bad", () => Promise.reject(new Error("down")), 0)).rejects.toThrow(
      "down",
    );
    expect(await cache.get(db, "bad", read, 1)).toBe(3);
  });

  it("is dropped by an invalidation of its name only, and never stores a read started before it", async () => {
    const cache = createReadCache("rates", { maxAgeMs: 60_000, maxEntries: 10 });
    const db = fakeDb();
    let value = "old";
    let release: () => void = () => {};
    const slow = () =>
      new Promise<string>((resolve) => {
        const seen = value;
        release = () => resolve(seen);
      });
    const started = cache.get(db, "k", slow);
    value = "new";
    await notifyCacheChanged(db, "rates"); // the write commits while the old read is under way
    release();
    expect(await started).toBe("old");
    expect(await cache.get(db, "k", async () => value)).toBe("new");

    await notifyCacheChanged(db, "catalogue");
    expect(await cache.get(db, "k", async () => "other")).toBe("new");
    expect(cache.size(db)).toBe(1);
  });

  it("keeps at most maxEntries, dropping the oldest, so distinct keys cannot grow memory", async () => {
    const cache = createReadCache("catalogue", { maxAgeMs: 60_000, maxEntries: 100 });
    const db = fakeDb();
    for (let i = 0; i < 1_000; i++) await cache.get(db, `random ${i}`, async () => i);
    expect(cache.size(db)).toBe(100);
    expect(await cache.get(db, "random 999", async () => -1)).toBe(999);
    expect(await cache.get(db, "random 0", async () => -1)).toBe(-1);
  });
});
