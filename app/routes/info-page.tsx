import { getInfoPage, type InfoPageSlug, infoPageSlugs } from "~/features/content/pages.server";
import { pageMeta } from "~/features/site/meta";
import { langOf } from "~/i18n/i18n.server";
import { stripLang } from "~/i18n/languages";
import { pagePathOf } from "~/utils/data-request";
import type { Route } from "./+types/info-page";

/** The page's markdown in the URL's language (`/hi/faq` → content/pages/hi/faq.md). */
export async function loader({ request }: Route.LoaderArgs) {
  // The page's path: a client-side navigation asks for `/faq.data` (app/utils/data-request.ts).
  const slug = stripLang(pagePathOf(request)).replace(/^\/+|\/+$/g, "");
  if (!(infoPageSlugs as readonly string[]).includes(slug)) {
    throw new Response("Not Found", { status: 404 });
  }
  return getInfoPage(slug as InfoPageSlug, langOf(request));
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta(loaderData.title, loaderData.description) : [];

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  return (
    <article
      className="page page--narrow prose"
      // English text on a Hindi or Kannada page (no translation yet) says so to screen readers.
      lang={loaderData.lang}
      // Rendered from our own markdown in content/pages at build time.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted content from the repository
      dangerouslySetInnerHTML={{ __html: loaderData.html }}
    />
  );
}
