import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { removeLeftoverPartials } from "./backup.server";
import { nightlyWindowOf, pruneNightlyBackups } from "./nightly.server";
import { checkMigrations, knownMigrations, RestoreRefused, tarEntries } from "./restore.server";

describe("nightlyWindowOf", () => {
  it("is the Asia/Kolkata date of the latest 02:30", () => {
    // 02:29 and 02:30 on 23 Nov in Asia/Kolkata are 20:59 and 21:00 UTC on 22 Nov.
    expect(nightlyWindowOf(new Date("2026-11-22T20:59:59Z"))).toBe("2026-11-22");
    expect(nightlyWindowOf(new Date("2026-11-22T21:00:00Z"))).toBe("2026-11-23");
    expect(nightlyWindowOf(new Date("2026-11-23T18:29:00Z"))).toBe("2026-11-23"); // 23:59 IST
    expect(nightlyWindowOf(new Date("2026-12-31T21:00:00Z"))).toBe("2027-01-01");
  });
});

describe("pruneNightlyBackups", () => {
  it("keeps the newest nightly files and never touches other files", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prune-"));
    try {
      const names = [
        "nightly-2026-10-30.tar.gz",
        "nightly-2026-11-01.tar.gz",
        "nightly-2026-11-02.dump",
        "manual-20261001-010101.tar.gz",
        "nightly-notes.txt",
      ];
      for (const name of names) fs.writeFileSync(path.join(dir, name), "x");
      expect(pruneNightlyBackups(dir, 2)).toEqual(["nightly-2026-10-30.tar.gz"]);
      expect(fs.readdirSync(dir).sort()).toEqual(names.slice(1).sort());
      expect(pruneNightlyBackups(path.join(dir, "absent"), 2)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("leftover backup files", () => {
  it("removes unfinished backups of dead processes and old ones, never a live one's", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "partials-"));
    try {
      const now = Date.UTC(2026, 10, 26, 12, 0, 0);
      // A pid that no process has: above the kernel's pid_max (4,194,304 at most on Linux).
      const deadPid = 4_194_305;
      const names = {
        dead: `.nightly-2026-11-25.tar.gz.${deadPid}.${now - 60_000}.partial`,
        live: `.manual-20261126-120000.tar.gz.${process.pid}.${now - 60_000}.partial`,
        stale: `.nightly-2026-11-20.tar.gz.${process.pid}.${now - 2 * 86_400_000}.partial`,
        backup: "nightly-2026-11-25.tar.gz",
      };
      for (const name of Object.values(names)) fs.writeFileSync(path.join(dir, name), "x");
      expect(removeLeftoverPartials(dir, now).sort()).toEqual([names.dead, names.stale].sort());
      expect(fs.readdirSync(dir).sort()).toEqual([names.live, names.backup].sort());
      expect(removeLeftoverPartials(path.join(dir, "absent"), now)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("checkMigrations", () => {
  const known = knownMigrations().map((m) => ({ hash: m.hash, createdAt: m.folderMillis }));

  it("accepts this build's migrations and an older prefix of them", () => {
    expect(() => checkMigrations("b.tar.gz", known)).not.toThrow();
    expect(() => checkMigrations("b.tar.gz", known.slice(0, 3))).not.toThrow();
  });

  it("refuses a newer schema, foreign migrations and none at all", () => {
    const newest = Math.max(...known.map((m) => m.createdAt));
    expect(() =>
      checkMigrations("b.tar.gz", [...known, { hash: "x", createdAt: newest + 1 }]),
    ).toThrow(/comes from a newer version/);
    expect(() => checkMigrations("b.tar.gz", [{ hash: "x", createdAt: 5 }])).toThrow(
      /migrations do not match/,
    );
    expect(() => checkMigrations("b.tar.gz", [])).toThrow(RestoreRefused);
  });
});

describe("tarEntries", () => {
  function header(name: string, size: number): Buffer {
    const block = Buffer.alloc(512);
    block.write(name, 0, "latin1");
    block.write("0000644\0", 100, "latin1");
    block.write(`${size.toString(8).padStart(11, "0")}\0`, 124, "latin1");
    block.write("ustar\0", 257, "latin1");
    block.fill(0x20, 148, 156);
    let sum = 0;
    for (const byte of block) sum += byte;
    block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "latin1");
    return block;
  }

  it("lists the entries of a well-formed archive", () => {
    const tar = Buffer.concat([
      header("/PG_VERSION", 3),
      Buffer.alloc(512, 0x31),
      Buffer.alloc(1024),
    ]);
    expect(tarEntries(tar, "t.tar")).toEqual(["PG_VERSION"]);
  });

  it("refuses a damaged header or an entry running past the end", () => {
    const damaged = header("PG_VERSION", 3);
    damaged[0] = 0x51;
    expect(() => tarEntries(Buffer.concat([damaged, Buffer.alloc(512)]), "t.tar")).toThrow(
      /is damaged/,
    );
    expect(() => tarEntries(header("PG_VERSION", 4096), "t.tar")).toThrow(/is damaged/);
  });
});
