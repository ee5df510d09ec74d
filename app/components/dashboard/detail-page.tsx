/**
 * Pieces shared by the dashboard detail pages of orders and pickups (docs/dashboard.md):
 * the notice / error lines, a status-change button, and the history list. No server code here.
 */
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { FormError, StatusNotice } from "~/components/ui/form-messages";

/** The notice after a redirect (`?done=…`, hidden once an action answered) and the error. */
export function DetailMessages({
  notice,
  error,
  answered,
}: {
  notice: string | null;
  error: string | undefined;
  /** True when an action answered on this page (its message replaces the notice). */
  answered: boolean;
}) {
  return (
    <>
      <StatusNotice message={answered ? null : notice} />
      <FormError message={error} className="dash-error" />
    </>
  );
}

/**
 * A POST form with one button: `intent` and `expectedFrom` (the status the page showed, so a
 * stale page gets 409). Disabled while any form of the page is submitting.
 */
export function StatusButton({
  intent,
  expectedFrom,
  children,
}: {
  intent: string;
  expectedFrom: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="expectedFrom" value={expectedFrom} />
      <button type="submit" className="button" disabled={navigation.state === "submitting"}>
        {children}
      </button>
    </Form>
  );
}

/** One audit row as the detail page lists it (`at` already in Asia/Kolkata). */
export interface HistoryItem {
  id: number;
  at: string;
  actor: string;
  action: string;
  summary: string;
}

/** "History": the record's audit rows, oldest first, or "No changes recorded." */
export function HistoryList({ history }: { history: readonly HistoryItem[] }) {
  return (
    <>
      <h2>History</h2>
      {history.length === 0 ? (
        <p>No changes recorded.</p>
      ) : (
        <ol className="dash-history">
          {history.map((entry) => (
            <li key={entry.id}>
              {entry.at}: <strong>{entry.action}</strong> by {entry.actor}
              {entry.summary ? ` (${entry.summary})` : ""}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
