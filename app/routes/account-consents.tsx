import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { requireCustomer } from "~/features/accounts/customer-session.server";
import { consentsOf, emailsOfPhone, withdrawConsent } from "~/features/privacy/consent.server";
import { CONSENT_ID_FIELD, ConsentList } from "~/features/privacy/consent-list";
import { localisedPageMeta } from "~/features/site/meta";
import { langOf, messagesFor } from "~/i18n/i18n.server";
import { useLocalePath } from "~/i18n/i18n-react";
import { parseEntityId } from "~/utils/entity-history.server";
import { textFields } from "~/utils/form-data";
import type { Route } from "./+types/account-consents";

// Loader and action headers (Cache-Control of a personal page) reach document responses too.
export { headers } from "~/utils/route-headers";

/** A personal page: never stored by a browser or a proxy (DESIGN.md §4). */
const personal = { "Cache-Control": "private, no-store" };

/**
 * The signed-in customer's consents (docs/accounts.md "Notice, consent and grievances"): those
 * of their phone and of the e-mail addresses they gave with it. Signed out: a redirect to the
 * sign-in page in the page's language.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const lang = langOf(request);
  const customer = await requireCustomer(request, lang);
  const db = await getDb();
  const emails = await emailsOfPhone(db, customer.phone);
  return data(
    {
      consents: await consentsOf(db, customer.phone, emails),
      messages: messagesFor(lang, ["consent"]),
    },
    { headers: personal },
  );
}

/**
 * Withdraws one consent in one request (a plain POST with `consentId`): only one of the
 * customer's own, else 404; a newsletter consent unsubscribes its address too.
 */
export async function action({ request }: Route.ActionArgs) {
  const customer = await requireCustomer(request, langOf(request));
  const form = textFields(await request.formData(), [CONSENT_ID_FIELD]);
  const id = parseEntityId(form[CONSENT_ID_FIELD]);
  const db = await getDb();
  const own = await consentsOf(db, customer.phone, await emailsOfPhone(db, customer.phone));
  if (id === null || !own.some((consent) => consent.id === id)) {
    throw data(null, { status: 404, headers: personal });
  }
  await withdrawConsent(db, id, new Date());
  return data({ withdrawn: true }, { headers: personal });
}

export const meta: Route.MetaFunction = (args) => [
  ...localisedPageMeta(args, "consent.meta.title", "consent.meta.description"),
  { name: "robots", content: "noindex" },
];

export default function AccountConsents({ loaderData, actionData }: Route.ComponentProps) {
  const to = useLocalePath();
  return (
    <div className="page page--narrow">
      <ConsentList
        consents={loaderData.consents}
        action={to("/account/consents")}
        withdrawn={Boolean(actionData?.withdrawn)}
        Heading="h1"
      />
    </div>
  );
}
