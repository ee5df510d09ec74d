/**
 * The two steps of a destructive dashboard action (app/utils/confirm-step.ts, ADR 0031): the
 * row's link, drawn as a red-outlined button, and the confirmation box with its red button and
 * a way back. No server code here.
 */
import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { CONFIRM_FIELD, CONFIRM_STEP_ID, CONFIRMED, confirmStepHref } from "~/utils/confirm-step";

/**
 * The first step: a link to this page's confirmation step of `intent` for `row`. Its
 * accessible name ends with `rowName` ("Retire Brass"), like a row action's.
 */
export function ConfirmLink({
  intent,
  row = {},
  rowName,
  small = true,
  children,
}: {
  intent: string;
  row?: Readonly<Record<string, string | number>>;
  /** Read after the visible text, for screen readers only. */
  rowName?: ReactNode;
  small?: boolean;
  /** The visible text, e.g. "Retire". */
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <Link
      to={confirmStepHref(pathname, intent, row)}
      className={small ? "button button--small button--danger-line" : "button button--danger-line"}
    >
      {children}
      {rowName ? <span className="visually-hidden"> {rowName}</span> : null}
    </Link>
  );
}

/**
 * The second step: `title` ("Retire Brass?"), what will happen (`children`), and a form that
 * posts `intent`, the `row` fields and `confirm=yes` to this page's path (so the step's query
 * is gone afterwards), beside a link back (`backHref`, this page by default). The box takes
 * focus when it appears: `autofocus` in the server's HTML, `focus()` after a client-side visit.
 */
export function ConfirmStep({
  title,
  intent,
  row,
  confirmLabel,
  backLabel,
  backHref,
  children,
}: {
  title: string;
  intent: string;
  row: Readonly<Record<string, string | number>>;
  /** The red button's text, e.g. "Retire Brass". */
  confirmLabel: string;
  /** The way back's text, e.g. "Keep Brass on the list". */
  backLabel: string;
  backHref?: string;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const busy = useNavigation().state === "submitting";
  const box = useRef<HTMLElement>(null);
  // Again for another row's step (`title` names the row).
  useEffect(() => {
    if (title) box.current?.focus();
  }, [title]);
  return (
    <section
      ref={box}
      id={CONFIRM_STEP_ID}
      className="dash-confirm"
      aria-labelledby="confirm-title"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: the step replaces a click on a destructive button; it is read and seen first, also without JavaScript.
      autoFocus
    >
      <h2 id="confirm-title">{title}</h2>
      {children}
      <Form method="post" action={pathname} className="dash-confirm__actions">
        {Object.entries(row).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={CONFIRM_FIELD} value={CONFIRMED} />
        <button
          type="submit"
          name="intent"
          value={intent}
          className="button button--danger"
          disabled={busy}
        >
          {confirmLabel}
        </button>
        <Link to={backHref ?? pathname} className="button button--secondary">
          {backLabel}
        </Link>
      </Form>
    </section>
  );
}
