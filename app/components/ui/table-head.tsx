/**
 * The header row of a data table: one column header (`scope="col"`) per column, numeric
 * columns right-aligned with the `num` class (docs/layout.md).
 */

/**
 * A column's header: its text, or an object with its text (`label`), `numeric: true` for a
 * right-aligned column, and how its cells show on a phone card (docs/dashboard.md "Phone
 * layout"): `card: "wide"` takes the card's whole width (long text, a list, buttons),
 * `card: "bare"` shows no label above the cell (a checkbox that carries its own).
 */
export type ColumnHead = string | { label: string; numeric?: true; card?: "wide" | "bare" };

/** A column's text. */
export function columnLabel(column: ColumnHead): string {
  return typeof column === "string" ? column : column.label;
}

/** `<thead>` with one header row; column texts must differ (they are the React keys). */
export function TableHead({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === "string" || !column.numeric ? (
            <th key={columnLabel(column)} scope="col">
              {columnLabel(column)}
            </th>
          ) : (
            <th key={column.label} scope="col" className="num">
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
