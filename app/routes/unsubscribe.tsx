import { data, Link } from "react-router";
import { getDb } from "~/db/db.server";
import { unsubscribe } from "~/features/community/community.server";
import { localisedPageMeta } from "~/features/site/meta";
import { siteConfig } from "~/features/site/site-config";
import { langOf, messagesFor } from "~/i18n/i18n.server";
import { Trans, useLocalePath, useT } from "~/i18n/i18n-react";
import type { Route } from "./+types/unsubscribe";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

/**
 * One-click unsubscribe (docs/community.md): opening the link removes the address from the
 * mailing list and says so. POST does the same (List-Unsubscribe-Post).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const result = await unsubscribe(await getDb(), params.token);
  if (result === "unknown") throw data(null, { status: 404 });
  return { result, messages: messagesFor(langOf(request), ["community"]) };
}

export async function action({ params }: Route.ActionArgs) {
  const result = await unsubscribe(await getDb(), params.token);
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

export default function Unsubscribed() {
  const t = useT();
  const to = useLocalePath();
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
