import { describe, expect, it, vi } from "vitest";
import { csvResponse, csvRowsOf, csvRupees, csvYesNo, neutraliseCell } from "./csv.server";
import { decodeCursor, encodeCursor } from "./keyset.server";

describe("neutraliseCell (CSV injection)", () => {
  it.each([
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ["+91 98450 12345", "'+91 98450 12345"],
    ["-2+3", "'-2+3"],
    ["@SUM(1)", "'@SUM(1)"],
    ["\tcmd", "'\tcmd"],
    ["Asha Rao", "Asha Rao"],
  ])("%s → %s", (input, expected) => {
    expect(neutraliseCell(input)).toBe(expected);
  });

  it("leaves numbers and empty values as data", () => {
    expect(neutraliseCell(-250)).toBe("-250");
    expect(neutraliseCell(null)).toBe("");
  });
});

describe("csvResponse", () => {
  it("streams a header and rows, quoting commas and quotes, with a BOM for spreadsheets", async () => {
    async function* rows() {
      yield ["Asha, Rao", 'said "hi"', "=1+1"];
      yield ["Ravi", "", 5];
    }
    const response = csvResponse("x.csv", ["Name", "Note", "Formula"], rows());
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      'Name,Note,Formula\r\n"Asha, Rao","said ""hi""",\'=1+1\r\nRavi,,5\r\n',
    );
  });

  it("holds at most a bounded buffer: a 200,000-row generator is consumed as the body is read", async () => {
    let produced = 0;
    async function* rows() {
      for (let i = 0; i < 200_000; i++) {
        produced++;
        yield [i, `row ${i}`];
      }
    }
    const response = csvResponse("big.csv", ["n", "text"], rows());
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    // Back-pressure: reading one chunk must not have drained the whole generator.
    expect(produced).toBeLessThan(200_000);
    let lines = 0;
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      lines += decoder.decode(value).split("\r\n").length - 1;
    }
    expect(produced).toBe(200_000);
    expect(lines).toBeGreaterThan(199_000);
  });
});

describe("keyset cursors", () => {
  it("round-trips a sort key", () => {
    const key = ["2026-11-22", 42];
    expect(decodeCursor(encodeCursor(key), ["string", "number"])).toEqual(key);
  });
  it.each([
    "",
    "not-base64!",
    encodeCursor(["a"]),
    encodeCursor([1, "a"]),
    encodeCursor(["a", 1.5]),
    "x".repeat(600),
  ])("treats %s as the first page", (cursor) => {
    expect(decodeCursor(cursor, ["string", "number"])).toBeNull();
  });
});

describe("csvResponse when the client goes away", () => {
  it("stops pulling rows from the database once the body is cancelled", async () => {
    let produced = 0;
    let finished = false;
    async function* rows() {
      try {
        for (let i = 0; i < 1_000_000; i++) {
          produced++;
          yield [i];
        }
      } finally {
        finished = true;
      }
    }
    const response = csvResponse("big.csv", ["n"], rows());
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    await vi.waitFor(() => expect(finished).toBe(true));
    expect(produced).toBeLessThan(1_000_000);
  });
});

describe("CSV cells", () => {
  it("writes paise as rupees with two decimals, exactly (catalogue and rates exports)", () => {
    expect(csvRupees(45050)).toBe("450.50");
    expect(csvRupees(5)).toBe("0.05");
    expect(csvRupees(0)).toBe("0.00");
    expect(csvRupees(100_000_000)).toBe("1000000.00");
    expect(csvRupees(-1250)).toBe("-12.50");
    expect(csvRupees(null)).toBe("");
  });

  it("writes a flag as yes or no", () => {
    expect([csvYesNo(true), csvYesNo(false)]).toEqual(["yes", "no"]);
  });
});

describe("csvRowsOf", () => {
  it("turns each row, from a list or a stream, into its cells, in order", async () => {
    const collect = async (rows: AsyncIterable<readonly unknown[]>) => {
      const out: (readonly unknown[])[] = [];
      for await (const row of rows) out.push(row);
      return out;
    };
    const people = [
      { name: "Asha", active: true },
      { name: "Ravi", active: false },
    ];
    const cells = (p: { name: string; active: boolean }) => [p.name, csvYesNo(p.active)];
    expect(await collect(csvRowsOf(people, cells))).toEqual([
      ["Asha", "yes"],
      ["Ravi", "no"],
    ]);
    async function* stream() {
      yield* people;
    }
    expect(await collect(csvRowsOf(stream(), cells))).toEqual([
      ["Asha", "yes"],
      ["Ravi", "no"],
    ]);
  });
});
