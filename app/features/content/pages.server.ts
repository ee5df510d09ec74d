/**
 * Static information pages (/faq, /privacy-policy, /terms-of-use) written in markdown under
 * content/pages and bundled at build time. The markdown is ours, so its HTML is trusted.
 */
import { marked } from "marked";
import faq from "../../../content/pages/faq.md?raw";
import privacyPolicy from "../../../content/pages/privacy-policy.md?raw";
import termsOfUse from "../../../content/pages/terms-of-use.md?raw";

export const infoPageSlugs = ["faq", "privacy-policy", "terms-of-use"] as const;
export type InfoPageSlug = (typeof infoPageSlugs)[number];

const sources: Record<InfoPageSlug, string> = {
  faq,
  "privacy-policy": privacyPolicy,
  "terms-of-use": termsOfUse,
};

export interface InfoPage {
  title: string;
  /** First paragraph as plain text, for the meta description (≤ 160 chars). */
  description: string;
  html: string;
}

const cache = new Map<InfoPageSlug, InfoPage>();

function plain(markdown: string): string {
  return markdown
    .replace(/[*_`#>[\]]/g, "")
    .replace(/\(([^)]*)\)/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Renders an info page; the title is the first `# ` heading. */
export function getInfoPage(slug: InfoPageSlug): InfoPage {
  const cached = cache.get(slug);
  if (cached) return cached;
  const source = sources[slug];
  const title = /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? slug;
  const firstParagraph =
    source
      .split(/\n\s*\n/)
      .map((block) => block.trim())
      .find((block) => block && !block.startsWith("#")) ?? title;
  const description = plain(firstParagraph);
  const page: InfoPage = {
    title,
    description: description.length > 160 ? `${description.slice(0, 157)}…` : description,
    html: marked.parse(source, { async: false, gfm: true }),
  };
  cache.set(slug, page);
  return page;
}
