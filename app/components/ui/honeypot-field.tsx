/**
 * The honeypot of a public form (`HONEYPOT_FIELD`, app/utils/honeypot.ts): a text field hidden
 * from people, visually and from assistive technology, out of the tab order, that
 * form-spamming bots fill in. The server refuses a submission with it filled (docs/community.md).
 */
import { useT } from "~/i18n/i18n-react";
import { HONEYPOT_FIELD } from "~/utils/honeypot";

/** The hidden field and its label (in the page's language, for the rare person who meets it). */
export function HoneypotField() {
  const t = useT();
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>{t("form.honeypot")}</label>
      <input
        id={HONEYPOT_FIELD}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
      />
    </div>
  );
}
