/**
 * Destructive dashboard actions (Retire a material, Disable an account, Cancel an order or a
 * pickup) take two steps (ADR 0031, docs/dashboard.md "Destructive actions"). The first is a
 * link to the page's confirmation step, `?confirm=<intent>&<the row's fields>#confirm`, which
 * says what will happen and shows a form posting the intent with `confirm=yes`. A post of such
 * an intent without `confirm=yes` changes nothing: the action redirects to the confirmation
 * step instead. Plain links and forms, so it works without JavaScript. Browser-safe.
 */
import { pagePathOf } from "./data-request";

/** The field the confirmation step's form posts, and its value. */
export const CONFIRM_FIELD = "confirm";
export const CONFIRMED = "yes";

/** The id of the confirmation step's box on the page (the links' fragment). */
export const CONFIRM_STEP_ID = "confirm";

/** The URL of the confirmation step of `intent` on the page at `path`, for the row `row`. */
export function confirmStepHref(
  path: string,
  intent: string,
  row: Readonly<Record<string, string | number>> = {},
): string {
  const params = new URLSearchParams({ [CONFIRM_FIELD]: intent });
  for (const [name, value] of Object.entries(row)) params.set(name, String(value));
  return `${path}?${params}#${CONFIRM_STEP_ID}`;
}

/**
 * Where a posted form goes instead of being applied: the confirmation step of its intent when
 * the intent is one of `steps` (intent → the names of the fields that name the row) and the
 * form lacks `confirm=yes`; null when it may be applied.
 */
export function unconfirmedStep(
  request: Request,
  fields: Readonly<Record<string, string | undefined>>,
  steps: Readonly<Record<string, readonly string[]>>,
): string | null {
  const intent = fields.intent ?? "";
  const rowFields = Object.hasOwn(steps, intent) ? steps[intent] : undefined;
  if (!rowFields || fields[CONFIRM_FIELD] === CONFIRMED) return null;
  const row = Object.fromEntries(
    rowFields.map((name) => [name, (fields[name] ?? "").slice(0, 100)]),
  );
  return confirmStepHref(pagePathOf(request), intent, row);
}

/** The confirmation step a page's URL asks for: its intent when one of `intents`, else null. */
export function askedStep<const I extends string>(url: string, intents: readonly I[]): I | null {
  const asked = new URL(url).searchParams.get(CONFIRM_FIELD);
  return intents.find((intent) => intent === asked) ?? null;
}
