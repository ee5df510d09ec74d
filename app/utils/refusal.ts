/**
 * Refusals: a request the shop turns down because of what the visitor or a staff member asked
 * for (a sold-out plant, a full pickup slot, an expired form), as opposed to a programming or
 * infrastructure error (ADR 0024, docs/languages.md "Refusals").
 *
 * A refusal carries a message id of the catalogues (`errors.cart.onlyMany`), the values of its
 * placeholders (`{ product: "Tulsi", count: 2 }`), the HTTP status the route answers with and,
 * optionally, the form field it belongs to. Features throw a `Refusal` (or one of its kinds,
 * `class CartError extends Refusal`); routes turn it into words with `refusalText(lang, refusal)`
 * from app/i18n/i18n.server.ts, which renders the id through the page's catalogue. No layer
 * reads words back out of a refusal.
 *
 * Browser-safe: no server code, no catalogue compiler.
 */
import en from "~/i18n/catalogues/en.json" with { type: "json" };

/** Values of a message's placeholders: names → text or number (numbers as digits). */
export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * A message for the visitor by id, plain data that travels in action data: `id` is a key of
 * app/i18n/catalogues/*.json, `values` fills its `{placeholders}`.
 */
export interface MessageRef {
  id: string;
  values: MessageValues;
}

/** A message id with its values, e.g. `message("errors.cart.empty")`. */
export function message(id: string, values: MessageValues = {}): MessageRef {
  return { id, values };
}

/** HTTP statuses a refusal answers with. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 502 | 503;

/** Where a refusal is shown and how the route answers. */
export interface RefusalOptions {
  /** HTTP status; default 422 (the request was understood and refused). */
  status?: RefusalStatus;
  /** The form field the message stands next to; none: a message about the whole form. */
  field?: string;
}

/**
 * A refused request: nothing was written. `id` and `values` are the visitor's message (see
 * {@link MessageRef}), `status` the HTTP status, `field` the form field it belongs to.
 * `message` (the Error's) is the English text, for logs and tests only: pages render `id`
 * through their own language's catalogue.
 */
export class Refusal extends Error {
  override name = "Refusal";
  readonly id: string;
  readonly values: MessageValues;
  readonly status: RefusalStatus;
  readonly field: string | undefined;

  constructor(id: string, values: MessageValues = {}, options: RefusalOptions = {}) {
    super(englishText(id, values));
    this.id = id;
    this.values = values;
    this.status = options.status ?? 422;
    this.field = options.field;
  }

  /** The message as plain data for action data or a later `refusalText`. */
  get ref(): MessageRef {
    return { id: this.id, values: this.values };
  }
}

/** Whether `error` is a refusal (of any kind). */
export function isRefusal(error: unknown): error is Refusal {
  return error instanceof Refusal;
}

const englishCatalogue: Readonly<Record<string, string>> = en;

/** A zod issue as `issueRef` reads it (zod 4's `$ZodIssue`, narrowed). */
export interface FormIssue {
  path: readonly PropertyKey[];
  message: string;
  maximum?: unknown;
  minimum?: unknown;
  params?: Record<string, unknown>;
}

/**
 * A form issue's message (ADR 0024): its `message` as the id, its values the issue's `params`
 * (text and numbers) and the `max` / `min` of a too-big / too-small issue; `fallbackId` when
 * the message is not a catalogue id (zod's own, for a post no form of ours sends).
 */
export function issueRef(issue: FormIssue, fallbackId: string): MessageRef {
  if (!isMessageId(issue.message)) return { id: fallbackId, values: {} };
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(issue.params ?? {})) {
    if (typeof value === "string" || typeof value === "number") values[name] = value;
  }
  if (issue.maximum !== undefined) values.max ??= Number(issue.maximum);
  if (issue.minimum !== undefined) values.min ??= Number(issue.minimum);
  return { id: issue.message, values };
}

/** Whether `id` is a message id of the catalogues (the English one holds every id). */
export function isMessageId(id: string): boolean {
  return Object.hasOwn(englishCatalogue, id);
}

/**
 * The English catalogue's text of `id` with its `{placeholders}` filled: the Error's message of
 * a refusal. Refusal messages use plain placeholders only (no plural or select: a count that
 * changes the words has one id per form, `…One` / `…Many`), which
 * app/i18n/refusals.test.ts checks against Lingui's own rendering.
 * @throws Error for an id that is not in the catalogue (a programming error).
 */
export function englishText(id: string, values: MessageValues = {}): string {
  const template = englishCatalogue[id];
  if (template === undefined) throw new Error(`No message "${id}" in the English catalogue`);
  return template
    .replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
    .replace(/''/g, "'");
}
