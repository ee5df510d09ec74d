import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server";
import { unsubscribeStatus } from "~/features/community/mailing-list.server";
import { unsubscribeWithConsent } from "~/features/privacy/consent.server";
import { localisedPageMeta } from "~/features/site/meta";
import { siteConfig } from "~/features/site/site-config";
import { langOf, messagesFor } from "~/i18n/i18n.server";
import { Trans, useLocalePath, useT } from "~/i18n/i18n-react";
import type { Route } from "./+types/unsubscribe";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

/**
 * The unsubscribe link of every newsletter (docs/community.md "'Join us'", ADR 0027). GET only
 * shows a page with an 'Unsubscribe' button: mail scanners and link previews open links, and
 * must not take anyone off the list. An unknown token is a 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const status = await unsubscribeStatus(await getDb(), params.token);
  if (status === "unknown") throw data(null, { status: 404 });
  return { status, messages: messagesFor(langOf(request), ["community"]) };
}

/**
 * POST unsubscribes, idempotently, whatever the body: the page's button (a plain form, no
 * JavaScript needed) and a mail provider's one-click `List-Unsubscribe=One-Click` (RFC 8058),
 * which comes without cookies or Origin. The address's newsletter consent is withdrawn with it
 * (docs/accounts.md "Notice, consent and grievances").
 */
export async function action({ params }: Route.ActionArgs) {
  const result = await unsubscribeWithConsent(await getDb(), params.token, new Date());
  if (result === "unknown") throw data(null, { status: 404 });
  return { result };
}

export const meta: Route.MetaFunction = (args) => [
  ...localisedPageMeta(
    args,
    "community.unsubscribe.meta.title",
    "community.unsubscribe.meta.description",
    { brand: siteConfig.brandName },
  ),
  { name: "robots", content: "noindex" },
];

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const navigation = useNavigation();
  if (actionData?.result || loaderData.status === "unsubscribed") {
    return (
      <div className="page page--narrow">
        <h1>{t("community.unsubscribe.heading")}</h1>
        <p role="status">{t("community.unsubscribe.body")}</p>
        <p>
          <Trans id="community.unsubscribe.again" components={{ 0: <Link to={to("/#join")} /> }} />
        </p>
      </div>
    );
  }
  return (
    <div className="page page--narrow">
      <h1>{t("community.unsubscribe.ask.heading")}</h1>
      <p>{t("community.unsubscribe.ask.body", { brand: siteConfig.brandName })}</p>
      <Form method="post" className="form">
        <button type="submit" className="button" disabled={navigation.state === "submitting"}>
          {t("community.unsubscribe.ask.submit")}
        </button>
      </Form>
    </div>
  );
}
