/**
 * CSV export of dashboard lists (docs/dashboard.md): streamed with csv-stringify, so a million
 * rows never sit in memory, with spreadsheet-formula injection neutralised.
 */
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";

/**
 * A cell as text, safe to open in a spreadsheet: a value starting with `=`, `+`, `-`, `@`,
 * tab or carriage return gets a leading apostrophe (OWASP "CSV injection"), so it is shown as
 * text instead of being run as a formula. Numbers are left alone (a negative amount is data).
 */
export function neutraliseCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  const text = value instanceof Date ? value.toISOString() : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * A streamed `text/csv` response: the header row, then every row `rows` yields (fetch them in
 * keyset batches). The filename is ASCII-only; `Cache-Control: no-store` because the rows are
 * customers' personal data.
 */
export function csvResponse(
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly unknown[]>,
): Response {
  const stringifier = stringify({ bom: true, record_delimiter: "\r\n" });
  async function pump() {
    try {
      stringifier.write(header.map(neutraliseCell));
      for await (const row of rows) {
        // The client went away (the body was cancelled): stop reading the database.
        if (stringifier.destroyed) break;
        if (!stringifier.write(row.map(neutraliseCell))) {
          await new Promise<void>((resolve) => {
            stringifier.once("drain", resolve);
            stringifier.once("close", resolve);
          });
        }
      }
      if (!stringifier.destroyed) stringifier.end();
    } catch (error) {
      stringifier.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
  void pump();
  const body = Readable.toWeb(stringifier) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** The CSV rows of `rows`: `cells(row)` for each, in order (the rows of `csvResponse`). */
export async function* csvRowsOf<R, C extends readonly unknown[]>(
  rows: AsyncIterable<R> | Iterable<R>,
  cells: (row: R) => C,
): AsyncGenerator<C> {
  for await (const row of rows) yield cells(row);
}

/** Paise as rupees with two decimals for a CSV cell, e.g. 45050 → "450.50"; null → "". */
export function csvRupees(paise: number | null): string {
  if (paise === null) return "";
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A yes/no cell, e.g. a product's "Active" column. */
export function csvYesNo(flag: boolean): "yes" | "no" {
  return flag ? "yes" : "no";
}

/** An instant as "YYYY-MM-DD HH:MM" in Asia/Kolkata (UTC+05:30, no DST) for a CSV cell. */
export function csvKolkataTimestamp(date: Date): string {
  return new Date(date.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace("T", " ");
}
