/**
 * The dashboard's data table (docs/dashboard.md): a table in a wrapper that scrolls sideways
 * when it must, with a caption for screen readers and one header row. A list's table (`cards`)
 * turns into one card per row below 600 px ("Phone layout"): its rows are {@link Row}s, which
 * give each cell its column's label (`data-label`), shown above the cell by dashboard.css.
 * No server code here.
 */
import {
  Children,
  cloneElement,
  createContext,
  isValidElement,
  type ReactElement,
  type ReactNode,
  use,
} from "react";
import { type ColumnHead, columnLabel, TableHead } from "~/components/ui/table-head";

/**
 * The sideways-scrolling wrapper of a wide table: a named region that takes keyboard focus, so a
 * keyboard user can scroll it too (axe rule scrollable-region-focusable, WCAG 2.1.1).
 * `className` adds to `dash-table-wrap`.
 */
export function TableScroll({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={className ? `dash-table-wrap ${className}` : "dash-table-wrap"}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
      tabIndex={0}
    >
      {children}
    </section>
  );
}

/** The columns of the card table a {@link Row} is in; null outside one. */
const CardColumns = createContext<readonly ColumnHead[] | null>(null);

/**
 * `children` are the body rows. Without `caption` the table is named by its surroundings (e.g.
 * a section's heading) and
 * `label` names the scrolling region (default: the caption, else "Table"). `className` adds to `dash-table`, e.g. "dash-compact".
 * With `cards`, the rows ({@link Row}) show as cards below 600 px (the header row then stays
 * for screen readers only).
 */
export function DataTable({
  caption,
  label,
  className,
  columns,
  cards = false,
  children,
}: {
  caption?: string;
  label?: string;
  className?: string;
  columns: readonly ColumnHead[];
  cards?: boolean;
  children: ReactNode;
}) {
  const classes = ["dash-table", cards ? "dash-table--cards" : "", className ?? ""];
  return (
    <TableScroll
      label={label ?? caption ?? "Table"}
      className={cards ? "dash-table-wrap--cards" : undefined}
    >
      <table className={classes.filter(Boolean).join(" ")}>
        {caption === undefined ? null : <caption className="visually-hidden">{caption}</caption>}
        <TableHead columns={columns} />
        <CardColumns value={cards ? columns : null}>
          <tbody>{children}</tbody>
        </CardColumns>
      </table>
    </TableScroll>
  );
}

/**
 * A body row of a {@link DataTable}: a `<tr>` of `children`, its cells (`<th>`/`<td>`; a
 * null child is no cell). In a card table each cell gets `data-label` (its column's text,
 * by position) and `data-card` (the column's `card` option), which lay out the card on a phone.
 */
export function Row({ children }: { children: ReactNode }) {
  const columns = use(CardColumns);
  if (columns === null) return <tr>{children}</tr>;
  return (
    <tr>
      {Children.toArray(children).map((cell, index) => {
        const column = columns[index];
        if (!isValidElement(cell) || column === undefined) return cell;
        return cloneElement(cell as ReactElement<Record<string, unknown>>, {
          "data-label": columnLabel(column),
          "data-card": typeof column === "string" ? undefined : column.card,
        });
      })}
    </tr>
  );
}
