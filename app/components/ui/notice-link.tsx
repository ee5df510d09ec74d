/**
 * "How we use this: <link>" next to a form that collects personal data (docs/accounts.md
 * "Notice, consent and grievances"; Digital Personal Data Protection Act 2023 s.5): a link to the
 * purpose's section of the itemised privacy notice (/privacy-notice, content/pages) in the page's
 * language. Its words are `form.notice.howWeUse` (the root sends the `form` messages).
 */
import { Link } from "react-router";
import { Trans, useLocalePath } from "~/i18n/i18n-react";

/** The purposes the notice itemises, each a section `#<purpose>` of /privacy-notice. */
export const noticeSections = [
  "pickups",
  "orders",
  "messages",
  "newsletter",
  "reviews",
  "account",
  "grievances",
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
