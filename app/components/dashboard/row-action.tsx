/**
 * A dashboard table row's action: a POST form with one small button that sends `intent`, with
 * hidden fields naming the row (docs/dashboard.md). The button's accessible name ends with
 * `rowName`, so a screen reader hears which row it acts on ("Disable asha@example.com").
 */
import type { ReactNode } from "react";
import { Form } from "react-router";

export function RowAction({
  row,
  intent,
  rowName,
  disabled,
  children,
}: {
  /** The hidden fields, e.g. `{ userId: "…" }`, in the order given. */
  row: Record<string, string | number>;
  intent: string;
  /** Read after the visible text, for screen readers only. */
  rowName: ReactNode;
  disabled?: boolean;
  /** The visible text, e.g. "Disable". */
  children: ReactNode;
}) {
  return (
    <Form method="post">
      {Object.entries(row).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        name="intent"
        value={intent}
        className="button button--small"
        disabled={disabled}
      >
        {children}
        <span className="visually-hidden"> {rowName}</span>
      </button>
    </Form>
  );
}
