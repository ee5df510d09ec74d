/**
 * The header row of a data table: one column header (`scope="col"`) per column, numeric
 * columns right-aligned with the `num` class (docs/layout.md).
 */

/** A column's header: its text, or its text and `numeric: true` for a right-aligned column. */
export type ColumnHead = string | { label: string; numeric: true };

/** `<thead>` with one header row; column texts must differ (they are the React keys). */
export function TableHead({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === "string" ? (
            <th key={column} scope="col">
              {column}
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
