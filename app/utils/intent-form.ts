/**
 * Pages with several forms tell them apart by a posted `intent`: each feature writes a page's
 * forms as one `z.discriminatedUnion("intent", …)` made with `{ error: UNKNOWN_ACTION }`, and
 * `readIntentForm` reads a posted form with it.
 *
 * The dashboard's status forms (`StatusButton` in components/dashboard/detail-page.tsx and
 * forms like it) also post `expectedFrom`, the status the page showed, read by
 * `expectedFromField`. One answer on every page (pinned in
 * tests/integration/dashboard-pickups-orders.test.ts):
 * - an unknown or missing `intent` → 400 "Unknown action.";
 * - a missing or unknown `expectedFrom` → 400 "This page is out of date. Please reload it."
 *   (the page that sent it is not one of ours, or older than its statuses);
 * - a known `expectedFrom` that is no longer the record's status → 409 from the feature's
 *   change function, which compares it inside the transaction.
 * Server only (ADR 0006).
 */
import { z } from "zod";

export const UNKNOWN_ACTION = "Unknown action.";
export const PAGE_OUT_OF_DATE = "This page is out of date. Please reload it.";

/** The `expectedFrom` field: one of `statuses`, anything else refused with PAGE_OUT_OF_DATE. */
export function expectedFromField<const T extends readonly [string, ...string[]]>(statuses: T) {
  return z.enum(statuses, { error: PAGE_OUT_OF_DATE });
}

/** The text fields of a posted form (first value of each, files skipped, NUL removed). */
export function formStrings(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && !Object.hasOwn(fields, key)) {
      fields[key] = value.replaceAll("\u0000", "");
    }
  }
  return fields;
}

/**
 * Reads a posted form with its discriminated union `schema` (made with `{ error:
 * UNKNOWN_ACTION }` on the union). A refusal always answers 400 with the first message.
 */
export function readIntentForm<S extends z.ZodType>(
  schema: S,
  form: FormData,
): { ok: true; data: z.output<S> } | { ok: false; status: 400; message: string } {
  const parsed = schema.safeParse(formStrings(form));
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? UNKNOWN_ACTION };
}
