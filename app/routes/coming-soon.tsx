/**
 * Placeholder for routes of the specification whose own issue has not landed yet
 * (foundation issue, item 7). Each such route is listed in routes.ts.
 */
import { Link } from "react-router";
import { pageMeta } from "~/features/site/meta";
import { siteConfig } from "~/features/site/site-config";
import type { Route } from "./+types/coming-soon";

const titles: Record<string, string> = {
  "/payment": "Payment",
  "/dashboard": "Dashboard",
};

export function loader({ request }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname.replace(/\/+$/, "");
  return { title: titles[pathname] ?? "Coming soon" };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(
    loaderData?.title ?? "Coming soon",
    `${loaderData?.title ?? "This page"} opens soon at ${siteConfig.brandName}.`,
  );

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page page--narrow">
      <h1>{loaderData.title}</h1>
      <p>This page is coming soon. Meanwhile, call us to book a pickup or place an order:</p>
      <p>
        <a className="button" href={`tel:${siteConfig.phoneE164}`}>
          Call {siteConfig.phoneDisplay}
        </a>
      </p>
      <p>
        <Link to="/plant">Browse plants</Link> · <Link to="/ratelist">See scrap rates</Link>
      </p>
    </div>
  );
}
