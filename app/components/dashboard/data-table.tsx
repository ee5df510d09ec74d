/**
 * The dashboard's data table: scrolls sideways inside its wrapper on small screens, with a
 * caption for screen readers and one header row (docs/dashboard.md). No server code here.
 */
import type { ReactNode } from "react";
import { type ColumnHead, TableHead } from "~/components/ui/table-head";

/**
 * `children` are the body rows. Without `caption` the table is named by its surroundings (e.g.
 * a section's heading). `className` adds to `dash-table`, e.g. "dash-compact".
 */
export function DataTable({
  caption,
  className,
  columns,
  children,
}: {
  caption?: string;
  className?: string;
  columns: readonly ColumnHead[];
  children: ReactNode;
}) {
  return (
    <div className="dash-table-wrap">
      <table className={className ? `dash-table ${className}` : "dash-table"}>
        {caption === undefined ? null : <caption className="visually-hidden">{caption}</caption>}
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
