/**
 * Bulk forms of the dashboard (ADR 0031, docs/dashboard.md "Bulk forms"): one form edits a field
 * or a few fields of many rows, with one Save. Each cell (a row's field) is posted twice:
 * `<field>-<id>` as typed and `was-<field>-<id>`, the value the page showed. A cell typed as it
 * was shown is left alone, so only changed rows are written; a changed cell whose record no
 * longer holds the shown value was changed by someone else meanwhile. One refused cell refuses
 * the whole form: nothing is written (all or nothing). Browser-safe: the pages name their
 * inputs with the same functions.
 */

/** Most cells one bulk form may post (the rates page has about 3 per material). */
export const MAX_BULK_CELLS = 3000;

/** Longest typed value a refused form shows again (the inputs' own limits are far lower). */
const ECHO_MAX = 200;

/** The name (and element id) of a cell's input: `rate-12`. */
export function cellName(field: string, id: number | string): string {
  return `${field}-${id}`;
}

/** The name of the hidden input holding the value the page showed: `was-rate-12`. */
export function shownCellName(field: string, id: number | string): string {
  return `was-${field}-${id}`;
}

/**
 * A refused bulk form (built by app/utils/bulk-form.server.ts): nothing was written; the
 * message above the form, one per refused cell, and what the form shows again.
 */
export interface RefusedSheet {
  ok: false;
  /** 400 a refused value or a post no page of ours sends; 409 changed meanwhile. */
  status: 400 | 409;
  formError: string;
  /** The message of each refused cell, by input name (`rate-12`). */
  errors: Record<string, string>;
  /** Every cell's typed and shown text by input name (`echoCells`). */
  values: Record<string, string>;
}

/** One posted cell: the row's id, the field, the text typed and the text the page showed. */
export interface PostedCell<F extends string> {
  id: number;
  field: F;
  typed: string;
  shown: string;
}

const SHOWN = /^was-([A-Za-z]+)-([1-9]\d{0,8})$/;

/**
 * The cells of `fields` a bulk form posted (`posted`: its text fields, e.g. from `formStrings`),
 * one per `was-<field>-<id>`, in posted order. Other names are ignored.
 * @returns null when a shown value comes without its typed one or there are more than
 *   MAX_BULK_CELLS cells: the post did not come from the page as we serve it (answer with
 *   PAGE_OUT_OF_DATE of app/utils/intent-form.ts).
 */
export function postedCells<F extends string>(
  posted: Readonly<Record<string, string>>,
  fields: readonly F[],
): PostedCell<F>[] | null {
  const cells: PostedCell<F>[] = [];
  for (const [key, shown] of Object.entries(posted)) {
    const match = SHOWN.exec(key);
    const field = fields.find((name) => name === match?.[1]);
    if (!match || !field) continue;
    const id = Number(match[2]);
    const typed = posted[cellName(field, id)];
    if (typed === undefined || cells.length === MAX_BULK_CELLS) return null;
    cells.push({ id, field, typed, shown });
  }
  return cells;
}

/**
 * What a refused bulk form shows again: each cell's typed and shown text by input name (typed
 * text cut at 200 characters), with `shownNow` replacing the shown value of the cells that
 * changed meanwhile, so that saving again knowingly replaces the other person's value.
 */
export function echoCells(
  cells: readonly PostedCell<string>[],
  shownNow: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const cell of cells) {
    const shown = shownCellName(cell.field, cell.id);
    values[cellName(cell.field, cell.id)] = cell.typed.slice(0, ECHO_MAX);
    values[shown] = shownNow[shown] ?? cell.shown.slice(0, ECHO_MAX);
  }
  return values;
}
