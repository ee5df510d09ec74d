/**
 * The messages of a pickup or order on its staff page, and the rows of the Messages page
 * (docs/messages.md "Staff pages"): channel, template, recipient, time, status, attempts and
 * the last error, with 'Send again' for sent, failed and skipped messages (a real POST form to
 * /dashboard/messages/:id/resend, which returns to this page with a notice).
 */
import { Form, Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { DataTable, Row } from "~/components/dashboard/data-table";
import { StatusNotice } from "~/components/ui/form-messages";
import { TOO_LATE } from "~/db/outbox-reasons";
import { formatDateTimeIST } from "~/utils/dates";
import { templateName } from "~/utils/shop-words";
import {
  messageChannelLabels,
  messageEntityPath,
  messageStatusLabels,
  resendableStatuses,
  resendNotices,
} from "./message-status";
import type { MessageRow } from "./messages-admin.server";

/**
 * One message as the loaders send it: a `MessageRow` (messages-admin.server.ts) whose times may
 * arrive as strings after serialisation.
 */
export type MessageView = Omit<MessageRow, "createdAt" | "sendAfter" | "sentAt"> & {
  createdAt: Date | string;
  sendAfter: Date | string;
  sentAt: Date | string | null;
};

/** Longest error text shown in a table cell (the CSV has all of it). */
const ERROR_SHOWN = 200;

function timeOf(message: MessageView): string {
  if (message.sentAt) return formatDateTimeIST(new Date(message.sentAt));
  if (message.status === "pending") return `due ${formatDateTimeIST(new Date(message.sendAfter))}`;
  return formatDateTimeIST(new Date(message.createdAt));
}

/**
 * 'Send again' for one message; `back` is the page to return to. A newsletter row shows it only
 * to admins (`isAdmin`; the server refuses others as well, messages-admin.server.ts).
 */
export function SendAgainButton({
  message,
  back,
  isAdmin = false,
}: {
  message: MessageView;
  back: string;
  isAdmin?: boolean;
}) {
  const submitting = useNavigation().state === "submitting";
  if (!resendableStatuses.includes(message.status)) return null;
  if (message.template === "newsletter" && !isAdmin) return null;
  // Skipped as too late: a copy would be too late as well (docs/messages.md "Too late").
  if (message.status === "skipped" && message.lastError === TOO_LATE) return null;
  return (
    <Form method="post" action={`/dashboard/messages/${message.id}/resend`}>
      <input type="hidden" name="back" value={back} />
      <button type="submit" className="button button--small" disabled={submitting}>
        Send again
        <span className="visually-hidden">
          {" "}
          {templateName(message.template)} to {message.recipient}
        </span>
      </button>
    </Form>
  );
}

/** The notice of a 'Send again' that returned to this page (`?message=…`). */
export function ResendNotice() {
  const [params] = useSearchParams();
  const key = params.get("message");
  const notice = key && Object.hasOwn(resendNotices, key) ? resendNotices[key as "resent"] : null;
  return <StatusNotice message={notice} />;
}

/** The page to come back to after 'Send again': this page without an earlier notice. */
export function useBackPath(): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("message");
  const query = params.toString();
  return query ? `${location.pathname}?${query}` : location.pathname;
}

/**
 * One message's table row; `withAbout` adds the pickup or order it belongs to (linked);
 * `isAdmin` shows 'Send again' on newsletter rows too.
 */
export function MessageTableRow({
  message,
  back,
  withAbout = false,
  isAdmin = false,
}: {
  message: MessageView;
  back: string;
  withAbout?: boolean;
  isAdmin?: boolean;
}) {
  const about = messageEntityPath(message.entityType, message.entityId);
  const error = message.lastError ?? "";
  return (
    <Row>
      <th scope="row">{timeOf(message)}</th>
      <td>{messageChannelLabels[message.channel]}</td>
      <td>{templateName(message.template)}</td>
      <td>{message.recipient}</td>
      {withAbout ? (
        <td>
          {about ? (
            <Link to={about}>
              {message.reference ?? `${message.entityType} ${message.entityId}`}
            </Link>
          ) : (
            (message.entityType ?? "–")
          )}
        </td>
      ) : null}
      <td>{messageStatusLabels[message.status]}</td>
      <td className="num">{message.attempts}</td>
      <td>{error.length > ERROR_SHOWN ? `${error.slice(0, ERROR_SHOWN)}…` : error}</td>
      <td>
        <SendAgainButton message={message} back={back} isAdmin={isAdmin} />
      </td>
    </Row>
  );
}

export const messageColumns = [
  "Time",
  "Channel",
  "Template",
  { label: "Recipient", card: "wide" },
  "Status",
  { label: "Attempts", numeric: true },
  { label: "Error", card: "wide" },
  { label: "Action", card: "wide" },
] as const;

/** "Messages": every message of this pickup or order, newest first, or "No messages yet." */
export function MessageLog({ messages }: { messages: readonly MessageView[] }) {
  const back = useBackPath();
  return (
    <section aria-labelledby="message-log-heading">
      <h2 id="message-log-heading">Messages</h2>
      <ResendNotice />
      {messages.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <DataTable label="Messages" columns={messageColumns} cards>
          {messages.map((message) => (
            <MessageTableRow key={message.id} message={message} back={back} />
          ))}
        </DataTable>
      )}
    </section>
  );
}
