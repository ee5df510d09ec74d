/**
 * Bill numbers (docs/tax.md "Numbering"; CGST Rules 2017 rule 46(b)): consecutive per kind of
 * document and financial year (Asia/Kolkata), at most 16 characters, never repeated and never
 * skipped: 50 concurrent issues get 1–50 (on PostgreSQL with TEST_DATABASE_URL, across a pool of
 * connections), and a transaction that rolls back gives its number back.
 */
import { describe, expect, it } from "vitest";
import {
  allocateDocumentNumber,
  financialYearOf,
  formatDocumentNumber,
} from "~/features/orders/document-numbers.server";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();

describe("financialYearOf", () => {
  it("runs from 1 April 00:00 to 31 March 23:59 in Asia/Kolkata", () => {
    expect(financialYearOf(new Date("2026-03-31T18:29:59Z"))).toBe("2025-26");
    expect(financialYearOf(new Date("2026-03-31T18:30:00Z"))).toBe("2026-27");
    expect(financialYearOf(new Date("2027-03-31T18:29:59Z"))).toBe("2026-27");
    expect(financialYearOf(new Date("2099-12-31T00:00:00Z"))).toBe("2099-00");
  });
});

describe("formatDocumentNumber", () => {
  it("writes the series, the year and at least five digits, within 16 characters", () => {
    expect(formatDocumentNumber("tax_invoice", "2026-27", 42)).toBe("INV/26-27/00042");
    expect(formatDocumentNumber("credit_note", "2026-27", 999_999)).toBe("CN/26-27/999999");
    expect(formatDocumentNumber("invoice_cum_bill_of_supply", "2026-27", 999_999)).toBe(
      "IBS/26-27/999999",
    );
    expect(() => formatDocumentNumber("receipt", "2026-27", 1_000_000)).toThrow(RangeError);
  });
});

describe("allocateDocumentNumber", () => {
  const april = new Date("2030-04-01T05:00:00Z");

  it("gives 50 concurrent issues the numbers 1 to 50, each once", async () => {
    const numbers = await Promise.all(
      Array.from({ length: 50 }, () =>
        handle.db.transaction((tx) => allocateDocumentNumber(tx, "tax_invoice", april)),
      ),
    );
    expect(numbers.map((n) => n.serial).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(new Set(numbers.map((n) => n.number)).size).toBe(50);
    expect(numbers.find((n) => n.serial === 50)?.number).toBe("INV/30-31/00050");
  });

  it("gives a rolled-back number to the next issue, so no number is skipped", async () => {
    const may = new Date("2030-05-01T05:00:00Z");
    const first = await handle.db.transaction((tx) => allocateDocumentNumber(tx, "receipt", may));
    await expect(
      handle.db.transaction(async (tx) => {
        await allocateDocumentNumber(tx, "receipt", may);
        throw new Error("the order's transaction failed");
      }),
    ).rejects.toThrow("the order's transaction failed");
    const next = await handle.db.transaction((tx) => allocateDocumentNumber(tx, "receipt", may));
    expect([first.serial, next.serial]).toEqual([1, 2]);
  });

  it("keeps one series per kind and starts again at 1 each April", async () => {
    const march = new Date("2031-03-31T12:00:00Z");
    const nextApril = new Date("2031-04-01T12:00:00Z");
    const issue = (kind: "bill_of_supply" | "credit_note", at: Date) =>
      handle.db.transaction((tx) => allocateDocumentNumber(tx, kind, at));
    expect((await issue("bill_of_supply", march)).number).toBe("BOS/30-31/00001");
    expect((await issue("bill_of_supply", march)).number).toBe("BOS/30-31/00002");
    expect((await issue("credit_note", march)).number).toBe("CN/30-31/00001");
    expect((await issue("bill_of_supply", nextApril)).number).toBe("BOS/31-32/00001");
  });
});
