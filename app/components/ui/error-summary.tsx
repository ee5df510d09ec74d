/**
 * What a refused form shows at its top (docs/layout.md "Forms"; the GOV.UK Design System's error
 * summary is the model): a box titled "There is a problem" listing each refused field's message
 * as a link to that field, which takes focus (and so scrolls into view) as soon as it appears —
 * through `autofocus` in the server's HTML without JavaScript, and by `focus()` after each
 * refused submit with it. `PageTitle` renders the page's `<title>` (React hoists it into the
 * head), starting with "Error:" in the page's language while the form shows errors.
 */
import { type ReactNode, useEffect, useRef } from "react";
import { useT } from "~/i18n/i18n-react";

/** One refused field: the id of the element to link to and its message, in the page's language. */
export interface ErrorSummaryItem {
  target: string;
  message: string;
}

/**
 * The summary, or nothing when there is neither an item nor `formError` (a refusal of the whole
 * form, shown first without a link). Needs the `form` messages in the page's catalogue.
 */
export function ErrorSummary({
  items,
  formError,
  details,
}: {
  items: readonly ErrorSummaryItem[];
  formError?: string | null;
  /** More about `formError` (e.g. the cart lines that changed), under it. */
  details?: ReactNode;
}) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  // A new refusal (another message list) takes focus again, after a client-side submit too.
  const signature = JSON.stringify([formError ?? "", items]);
  useEffect(() => {
    const element = box.current;
    if (!element || signature === JSON.stringify(["", []])) return;
    // Its top in view (clear of the sticky header: scroll-padding-top), not just its last line.
    element.scrollIntoView({ block: "start" });
    element.focus({ preventScroll: true });
  }, [signature]);
  if (items.length === 0 && !formError) return null;
  return (
    <div
      ref={box}
      className="error-summary"
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: the GOV.UK pattern: a refused form's summary takes focus so it is read and seen first, also without JavaScript.
      autoFocus
    >
      <h2 id="error-summary-title" className="error-summary__title">
        {t("form.errorSummary.title")}
      </h2>
      {formError ? <p>{formError}</p> : null}
      {formError ? details : null}
      {items.length > 0 ? (
        <ul className="error-summary__list">
          {items.map((item) => (
            <li key={`${item.target} ${item.message}`}>
              <a href={`#${item.target}`}>{item.message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The summary's items from a form's messages by field name, in `order` (the form's field order;
 * fields not listed follow in the order of `errors`). `targetOf` maps a field name to the id of
 * the element to link to (the field name itself by default, as `fieldsOf` names ids).
 */
export function summaryItems(
  errors: Readonly<Partial<Record<string, string>>>,
  order: readonly string[] = [],
  targetOf: (field: string) => string = (field) => field,
): ErrorSummaryItem[] {
  const fields = [...order, ...Object.keys(errors).filter((field) => !order.includes(field))];
  return fields.flatMap((field) => {
    const message = errors[field];
    return message ? [{ target: targetOf(field), message }] : [];
  });
}

/**
 * The page's `<title>`: `title` (with the brand: `brandedTitle` of features/site/meta.ts), or
 * "Error: <title>" (in the page's language) while `hasErrors`. Use it instead of a `title` in
 * the route's `meta`.
 */
export function PageTitle({ title, hasErrors }: { title: string; hasErrors: boolean }) {
  const t = useT();
  return <title>{hasErrors ? t("form.errorTitle", { title }) : title}</title>;
}
