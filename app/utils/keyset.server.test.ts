import { describe, expect, it } from "vitest";
import { rowsOfEveryPage } from "./keyset.server";

describe("rowsOfEveryPage", () => {
  it("reads page after page until a page has no next cursor, passing each cursor on", async () => {
    const pages: Record<string, { rows: number[]; next: string | null }> = {
      first: { rows: [1, 2], next: "a" },
      a: { rows: [3], next: "b" },
      b: { rows: [], next: null },
    };
    const asked: (string | null)[] = [];
    const rows: number[] = [];
    for await (const row of rowsOfEveryPage(async (after) => {
      asked.push(after);
      return pages[after ?? "first"] ?? { rows: [], next: null };
    })) {
      rows.push(row);
    }
    expect(rows).toEqual([1, 2, 3]);
    expect(asked).toEqual([null, "a", "b"]);
  });
});
