/**
 * What every public form that asks for personal data carries, in one module (one small chunk
 * for the pages that have such a form):
 * - the honeypot (`HONEYPOT_FIELD`, app/utils/honeypot.ts): a text field hidden from people,
 *   visually and from assistive technology, out of the tab order, that form-spamming bots fill
 *   in. The server refuses a submission with it filled (docs/community.md);
 * - "How we use this: <link>" (`NoticeLink`; docs/accounts.md "Notice, consent and grievances";
 *   Digital Personal Data Protection Act 2023 s.5): a link to the form's section of the itemised
 *   privacy notice (/privacy-notice, content/pages) in the page's language, words
 *   `form.notice.howWeUse` (the root sends the `form` messages).
 */
import { Link } from "react-router";
import { Trans, useLocalePath, useT } from "~/i18n/i18n-react";
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

/** The purposes the notice itemises, each a section `#<purpose>` of /privacy-notice. */
export const noticeSections = [
  "pickups",
  "orders",
  "messages",
  "newsletter",
  "reviews",
  "account",
  "grievances",
  "tieups",
] as const;
export type NoticeSection = (typeof noticeSections)[number];

/** The notice's site-relative path with the section of `purpose` (before the language prefix). */
export function noticePath(purpose?: NoticeSection): string {
  return purpose ? `/privacy-notice#${purpose}` : "/privacy-notice";
}

/** The line, for a form of `purpose`. */
export function NoticeLink({ purpose }: { purpose: NoticeSection }) {
  const to = useLocalePath();
  return (
    <p className="form__notice">
      <Trans id="form.notice.howWeUse" components={{ 0: <Link to={to(noticePath(purpose))} /> }} />
    </p>
  );
}
