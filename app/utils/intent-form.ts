/**
 * Pages with several forms tell them apart by a posted `intent`: each feature writes a page's
 * forms as one `z.discriminatedUnion("intent", …)` made with `{ error: UNKNOWN_ACTION }`, and
 * `readIntentForm` reads a posted form with it.
 *
 * The dashboard's status forms (`StatusButton` in components/dashboard/detail-page.tsx and
 * forms like it) also post `expectedFrom`, the status the page showed, read by
 * `expectedFromField`. One answer on every page (pinned in
 * tests/integration/dashboard-pickups-orders.test.ts):
 * - an unknown or missing `intent` → 400 "Unknown action." (`UNKNOWN_ACTION`);
 * - a missing or unknown `expectedFrom` → 400 "This page is out of date. Please reload it."
 *   (`PAGE_OUT_OF_DATE`; the page that sent it is not one of ours, or older than its statuses);
 * - a known `expectedFrom` that is no longer the record's status → 409 from the feature's
 *   change function, which compares it inside the transaction.
 * Both are message ids (ADR 0024), written as the schemas' messages and shown in the customer's
 * language on the tracking page, so they live under `errors.` in all three catalogues.
 * Server only (ADR 0006).
 */
import { z } from "zod";
import { issueRef, type MessageRef } from "./refusal";

/** Message id of an unknown or missing `intent`: "Unknown action." */
export const UNKNOWN_ACTION = "errors.pickup.unknownAction";
/** Message id of a missing or stale hidden field: "This page is out of date. Please reload it." */
export const PAGE_OUT_OF_DATE = "errors.pickup.pageOutOfDate";

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

/** A posted form `readIntentForm` refused: always 400, with its first issue's message. */
export interface IntentFormRefusal {
  ok: false;
  status: 400;
  /** The message as an id with its values, for `refusalText(lang, ref)`. */
  ref: MessageRef;
}

/**
 * Reads a posted form with its discriminated union `schema` (made with `{ error:
 * UNKNOWN_ACTION }` on the union). A refusal always answers 400 with the first issue's message
 * id; its values are the issue's `params`. A field the form did not send at all gets zod's own
 * message, which is not an id: such a post did not come from the page as we serve it now, so
 * it reads as PAGE_OUT_OF_DATE.
 */
export function readIntentForm<S extends z.ZodType>(
  schema: S,
  form: FormData,
): { ok: true; data: z.output<S> } | IntentFormRefusal {
  const parsed = schema.safeParse(formStrings(form));
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const ref = issue ? issueRef(issue, PAGE_OUT_OF_DATE) : { id: UNKNOWN_ACTION, values: {} };
  return { ok: false, status: 400, ref };
}
