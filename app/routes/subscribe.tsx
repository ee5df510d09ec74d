import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server";
import {
  type ConfirmationStatus,
  confirmationStatus,
} from "~/features/community/mailing-list.server";
import { CONFIRMATION_VALID_DAYS } from "~/features/community/mailing-list-state";
import { confirmNewsletterWithConsent } from "~/features/privacy/consent.server";
import { localisedPageMeta } from "~/features/site/meta";
import { siteConfig } from "~/features/site/site-config";
import { langOf, messagesFor } from "~/i18n/i18n.server";
import { Trans, useLocalePath, useT } from "~/i18n/i18n-react";
import { clientAddressContext } from "~/utils/request-context";
import type { Route } from "./+types/subscribe";

// Loader and action headers reach document responses too.
export { headers } from "~/utils/route-headers";

/**
 * The link of the 'Join us' confirmation e-mail (double opt-in: docs/community.md "'Join us'",
 * ADR 0027), in the page's language. GET only shows where the link stands, with a 'Confirm'
 * button while it works: mail scanners open links and must not subscribe anyone. An unknown
 * token is a 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const status = await confirmationStatus(await getDb(), params.token, new Date());
  if (status === "unknown") throw data(null, { status: 404 });
  return { status, messages: messagesFor(langOf(request), ["community"]) };
}

/**
 * POST confirms (a plain form: no JavaScript needed), idempotently, and records the newsletter
 * consent with the privacy notice's version (docs/accounts.md "Notice, consent and
 * grievances"); an expired link answers 410 and a link whose address unsubscribed since 409,
 * both writing nothing.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const result = await confirmNewsletterWithConsent(await getDb(), params.token, {
    now: new Date(),
    clientAddress: context.get(clientAddressContext),
  });
  if (result === "unknown") throw data(null, { status: 404 });
  const status: Exclude<ConfirmationStatus, "unknown"> =
    result === "already" || result === "confirmed" ? "confirmed" : result;
  const code = status === "expired" ? 410 : status === "left" ? 409 : 200;
  return data({ status }, { status: code });
}

export const meta: Route.MetaFunction = (args) => [
  ...localisedPageMeta(args, "community.confirm.meta.title", "community.confirm.meta.description", {
    brand: siteConfig.brandName,
  }),
  { name: "robots", content: "noindex" },
];

/** The words of a link that no longer asks for a button press. */
const outcomes = {
  confirmed: { heading: "community.confirm.done.heading", body: "community.confirm.done.body" },
  expired: { heading: "community.confirm.expired.heading", body: "community.confirm.expired.body" },
  left: { heading: "community.confirm.left.heading", body: "community.confirm.left.body" },
} as const;

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const navigation = useNavigation();
  const status = actionData?.status ?? loaderData.status;
  if (status === "pending") {
    return (
      <div className="page page--narrow">
        <h1>{t("community.confirm.ask.heading")}</h1>
        <p>{t("community.confirm.ask.body", { brand: siteConfig.brandName })}</p>
        <Form method="post" className="form">
          <button type="submit" className="button" disabled={navigation.state === "submitting"}>
            {t("community.confirm.ask.submit")}
          </button>
        </Form>
      </div>
    );
  }
  const words = outcomes[status];
  return (
    <div className="page page--narrow">
      <h1>{t(words.heading)}</h1>
      <p role="status">
        <Trans
          id={words.body}
          values={{ brand: siteConfig.brandName, days: CONFIRMATION_VALID_DAYS }}
          components={{ 0: <Link to={to("/#join")} /> }}
        />
      </p>
    </div>
  );
}
