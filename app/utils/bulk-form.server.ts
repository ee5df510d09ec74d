/**
 * Reading a posted bulk form (app/utils/bulk-form.ts, ADR 0031) and the answers of a refused
 * one: nothing was written, a message above the form, one next to each refused cell, and every
 * cell shown again as posted. In English, like the dashboard's pages (docs/languages.md
 * "Staff language").
 */
import { refusalText } from "~/i18n/i18n.server";
import {
  cellName,
  echoCells,
  type PostedCell,
  postedCells,
  type RefusedSheet,
  shownCellName,
} from "./bulk-form";
import { PAGE_OUT_OF_DATE } from "./intent-form";
import { type FormIssue, issueRef, type MessageRef, message } from "./refusal";

/** A cell typed differently from what the page showed: both as its field's schema reads them. */
export interface CellChange<F extends string, V> {
  id: number;
  field: F;
  shown: V;
  wanted: V;
}

/** What `readSheet` needs of a cell's zod schema. */
interface CellSchema<V> {
  safeParse(
    input: string,
  ): { success: true; data: V } | { success: false; error: { issues: readonly FormIssue[] } };
}

/**
 * Reads a posted bulk form (`posted`: its text fields): its cells of `fields` (`postedCells`),
 * each typed value checked by its field's schema in `schemas` (its first issue is the cell's
 * message) and each shown value read by `readShown` (null: not a value our page writes).
 * @returns the posted cells and those typed differently from what was shown; or the refusal:
 *   400 with a message per refused cell, or 400 PAGE_OUT_OF_DATE for a post no page of ours
 *   sends.
 */
export function readSheet<F extends string, V>(
  posted: Readonly<Record<string, string>>,
  fields: readonly F[],
  schemas: Readonly<Record<F, CellSchema<V>>>,
  readShown: (field: F, text: string) => V | null,
): { ok: true; cells: PostedCell<F>[]; changes: CellChange<F, V>[] } | RefusedSheet {
  const cells = postedCells(posted, fields);
  if (!cells) return sheetRefusedWhole(PAGE_OUT_OF_DATE);
  const changes: CellChange<F, V>[] = [];
  const errors: Record<string, MessageRef> = {};
  for (const cell of cells) {
    const shown = readShown(cell.field, cell.shown);
    if (shown === null) return sheetRefusedWhole(PAGE_OUT_OF_DATE);
    const parsed = schemas[cell.field].safeParse(cell.typed);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      errors[cellName(cell.field, cell.id)] = issue
        ? issueRef(issue, PAGE_OUT_OF_DATE)
        : message(PAGE_OUT_OF_DATE);
    } else if (parsed.data !== shown) {
      changes.push({ id: cell.id, field: cell.field, shown, wanted: parsed.data });
    }
  }
  if (Object.keys(errors).length > 0) return sheetRefused(cells, errors);
  return { ok: true, cells, changes };
}

/** A changed cell whose row no longer holds the value the page showed, and what it holds now. */
export interface CellConflict<F extends string, V> {
  change: CellChange<F, V>;
  /** null: the row is gone. */
  now: V | null;
}

/**
 * Sorts changed cells by what their rows hold now (`nowOf`, read FOR UPDATE by the caller): a
 * row already holding the wanted value is skipped, one holding the shown value is to be saved,
 * any other is a conflict (changed meanwhile, ADR 0031).
 */
export function sortChanges<F extends string, V>(
  changes: readonly CellChange<F, V>[],
  nowOf: (change: CellChange<F, V>) => V | null,
): { toSave: CellChange<F, V>[]; conflicts: CellConflict<F, V>[] } {
  const toSave: CellChange<F, V>[] = [];
  const conflicts: CellConflict<F, V>[] = [];
  for (const change of changes) {
    const now = nowOf(change);
    if (now === change.wanted) continue;
    if (now === change.shown) toSave.push(change);
    else conflicts.push({ change, now });
  }
  return { toSave, conflicts };
}

/**
 * 400 for the form as a whole, message `id`: PAGE_OUT_OF_DATE for a form no page of ours sends
 * now (`postedCells` gave null), UNKNOWN_ACTION for another intent.
 */
export function sheetRefusedWhole(id: string): RefusedSheet {
  const formError = refusalText("en", message(id));
  return { ok: false, status: 400, formError, errors: {}, values: {} };
}

/** 400: the cells `errors` names (by input name) were refused; the form shows `cells` again. */
export function sheetRefused(
  cells: readonly PostedCell<string>[],
  errors: Readonly<Record<string, MessageRef>>,
): RefusedSheet {
  return {
    ok: false,
    status: 400,
    formError: refusalText("en", message("dashboard.bulk.nothingSaved")),
    errors: Object.fromEntries(
      Object.entries(errors).map(([name, ref]) => [name, refusalText("en", ref)]),
    ),
    values: echoCells(cells),
  };
}

/** A cell whose record changed since the page was shown: its message and its value now. */
export interface SheetConflict {
  id: number;
  field: string;
  message: MessageRef;
  /** The record's value now, as the page writes it; null when the record is gone. */
  now: string | null;
}

/**
 * 409: the `conflicts` cells changed meanwhile. The form shows `cells` again, those with their
 * value now as the shown one, so that saving again replaces it knowingly.
 */
export function sheetChangedMeanwhile(
  cells: readonly PostedCell<string>[],
  conflicts: readonly SheetConflict[],
): RefusedSheet {
  const errors: Record<string, string> = {};
  const shownNow: Record<string, string> = {};
  for (const conflict of conflicts) {
    errors[cellName(conflict.field, conflict.id)] = refusalText("en", conflict.message);
    if (conflict.now !== null) shownNow[shownCellName(conflict.field, conflict.id)] = conflict.now;
  }
  return {
    ok: false,
    status: 409,
    formError: refusalText("en", message("dashboard.bulk.changedMeanwhile")),
    errors,
    values: echoCells(cells, shownNow),
  };
}
