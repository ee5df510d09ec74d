/**
 * The dashboard's data table: scrolls sideways inside its wrapper on small screens, with a
 * caption for screen readers and one header row (docs/dashboard.md). No server code here.
 */
import type { ReactNode } from "react";
import { type ColumnHead, TableHead } from "~/components/ui/table-head";

/**
 * The sideways-scrolling wrapper of a wide table: a named region that takes keyboard focus, so a
 * keyboard user can scroll it too (axe rule scrollable-region-focusable, WCAG 2.1.1).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section className="dash-table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/**
 * `children` are the body rows. Without `caption` the table is named by its surroundings (e.g.
 * a section's heading) and
 * `label` names the scrolling region (default: the caption, else "Table"). `className` adds to `dash-table`, e.g. "dash-compact".
 */
export function DataTable({
  caption,
  label,
  className,
  columns,
  children,
}: {
  caption?: string;
  label?: string;
  className?: string;
  columns: readonly ColumnHead[];
  children: ReactNode;
}) {
  return (
    <TableScroll label={label ?? caption ?? "Table"}>
      <table className={className ? `dash-table ${className}` : "dash-table"}>
        {caption === undefined ? null : <caption className="visually-hidden">{caption}</caption>}
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
