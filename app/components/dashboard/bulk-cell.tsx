/**
 * A cell of a dashboard bulk form (app/utils/bulk-form.ts, ADR 0031): the props of its input,
 * and what follows the input: the hidden value shown and the cell's message. A refused form
 * shows what was posted (`sheet.values`); otherwise the saved value. No server code here.
 */
import type { ReactNode } from "react";
import { cellName, type RefusedSheet, shownCellName } from "~/utils/bulk-form";

/**
 * Cell `field` of row `id`: `saved` is the value as the hidden twin carries it (paise, units,
 * text) and `savedText` as the input shows it. Give the input `key` (a new value shown remounts
 * it with its new default), spread `input` into it, and put `after` right after it.
 */
export function bulkCell(
  sheet: RefusedSheet | undefined,
  field: string,
  id: number,
  saved: string,
  savedText: string,
): {
  key: string;
  input: {
    id: string;
    name: string;
    defaultValue: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
  };
  after: ReactNode;
} {
  const name = cellName(field, id);
  const shownName = shownCellName(field, id);
  const shown = sheet?.values[shownName] ?? saved;
  const error = sheet?.errors[name];
  return {
    key: `${name}-${shown}`,
    input: {
      id: name,
      name,
      defaultValue: sheet?.values[name] ?? savedText,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${name}-error` : undefined,
    },
    after: (
      <>
        <input type="hidden" name={shownName} value={shown} />
        {error ? (
          <p id={`${name}-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </>
    ),
  };
}
