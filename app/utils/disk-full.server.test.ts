import fs from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDiskFull } from "./disk-full.server";

/** A real ENOSPC from the file system: Linux's /dev/full refuses every write so. */
function writeToAFullDevice(): unknown {
  try {
    fs.writeFileSync("/dev/full", "x");
    return null;
  } catch (error) {
    return error;
  }
}

describe("isDiskFull", () => {
  it.runIf(fs.existsSync("/dev/full"))("knows the file system's ENOSPC", () => {
    const error = writeToAFullDevice();
    expect(error).toMatchObject({ code: "ENOSPC" });
    expect(isDiskFull(error)).toBe(true);
  });

  it("knows SQLSTATE 53100 from node-postgres, also wrapped as Drizzle wraps it", () => {
    const fromPostgres = Object.assign(
      new pg.DatabaseError(
        'could not extend file "base/16384/16411": No space left on device',
        0,
        "error",
      ),
      { code: "53100" },
    );
    expect(isDiskFull(fromPostgres)).toBe(true);
    expect(isDiskFull(new Error("Failed query: insert …", { cause: fromPostgres }))).toBe(true);
  });

  it("knows PGlite's own file system running out of space (Emscripten's errno 51)", () => {
    expect(isDiskFull({ name: "ErrnoError", errno: 51 })).toBe(true);
    expect(isDiskFull({ name: "ErrnoError", errno: 44 })).toBe(false);
  });

  it("leaves other errors alone", () => {
    expect(isDiskFull(new Error("No space left on device"))).toBe(false);
    expect(isDiskFull(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(
      isDiskFull(Object.assign(new Error("connection refused"), { code: "ECONNREFUSED" })),
    ).toBe(false);
    expect(isDiskFull(null)).toBe(false);
  });
});
