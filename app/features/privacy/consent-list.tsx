/**
 * A signed-in customer's consents (docs/accounts.md "Notice, consent and grievances"): each
 * optional purpose they agreed to, when, for which address and under which notice version, and
 * for a standing consent a form with one button that withdraws it (a plain POST: works without
 * JavaScript). Words: the `consent` messages (the page's loader sends them).
 */
import { Form, Link, useNavigation } from "react-router";
import { noticePath } from "~/components/ui/honeypot-field";
import { Trans, useLang, useLocalePath, useT } from "~/i18n/i18n-react";
import { formatDayIST } from "~/utils/dates";
import type { ConsentRecord } from "./consent.server";

/** The form field naming the consent to withdraw. */
export const CONSENT_ID_FIELD = "consentId";

function ConsentItem({ consent, action }: { consent: ConsentRecord; action: string }) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const purpose = t(`consent.purpose.${consent.purpose}`);
  const busy = navigation.formData?.get(CONSENT_ID_FIELD) === String(consent.id);
  return (
    <li className="consent-list__item">
      <h3>{purpose}</h3>
      <p>
        {t("consent.given", {
          date: formatDayIST(new Date(consent.givenAt), lang),
          contact: consent.email ?? consent.phone ?? "",
          version: consent.noticeVersion,
        })}
      </p>
      {consent.withdrawnAt ? (
        <p>{t("consent.withdrawn", { date: formatDayIST(new Date(consent.withdrawnAt), lang) })}</p>
      ) : (
        <Form method="post" action={action}>
          <input type="hidden" name={CONSENT_ID_FIELD} value={consent.id} />
          <button type="submit" className="button button--secondary" disabled={busy}>
            <Trans
              id="consent.withdraw"
              values={{ purpose }}
              components={{ 0: <span className="visually-hidden" /> }}
            />
          </button>
        </Form>
      )}
    </li>
  );
}

/**
 * The list; `action` is the URL its forms post to (`/account/consents` in the page's language),
 * `withdrawn` shows the confirmation after a withdrawal, `Heading` is "h1" on a page of its own
 * and "h2" (default) inside the account page.
 */
export function ConsentList({
  consents,
  action,
  withdrawn = false,
  Heading = "h2",
}: {
  consents: readonly ConsentRecord[];
  action: string;
  withdrawn?: boolean;
  Heading?: "h1" | "h2";
}) {
  const t = useT();
  const to = useLocalePath();
  return (
    <section aria-labelledby="consents-heading" className="consent-list">
      <Heading id="consents-heading">{t("consent.heading")}</Heading>
      <p>
        <Trans id="consent.lead" components={{ 0: <Link to={to(noticePath("newsletter"))} /> }} />
      </p>
      {withdrawn ? (
        <p role="status" className="success-message">
          {t("consent.done")}
        </p>
      ) : null}
      {consents.length === 0 ? (
        <p>{t("consent.none")}</p>
      ) : (
        <ul className="consent-list__items">
          {consents.map((consent) => (
            <ConsentItem key={consent.id} consent={consent} action={action} />
          ))}
        </ul>
      )}
    </section>
  );
}
