import { getInfoPage, type InfoPageSlug, infoPageSlugs } from "~/features/content/pages.server";
import { pageMeta } from "~/features/site/meta";
import type { Route } from "./+types/info-page";

export async function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  if (!(infoPageSlugs as readonly string[]).includes(slug)) {
    throw new Response("Not Found", { status: 404 });
  }
  return getInfoPage(slug as InfoPageSlug);
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta(loaderData.title, loaderData.description) : [];

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  return (
    <article
      className="page page--narrow prose"
      // Rendered from our own markdown in content/pages at build time.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted content from the repository
      dangerouslySetInnerHTML={{ __html: loaderData.html }}
    />
  );
}
