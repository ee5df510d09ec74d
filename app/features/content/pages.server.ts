/**
 * Static information pages (/faq, /privacy-policy, /terms-of-use, /privacy-notice) written in
 * markdown under content/pages and bundled at build time. The markdown is ours, so its HTML is trusted.
 * One file per language: English in content/pages/<slug>.md, Hindi and Kannada in
 * content/pages/hi/<slug>.md and content/pages/kn/<slug>.md; a language without its own file
 * shows the English one.
 */
import { marked } from "marked";
import type { Lang } from "~/i18n/languages";

export const infoPageSlugs = ["faq", "privacy-policy", "terms-of-use", "privacy-notice"] as const;
export type InfoPageSlug = (typeof infoPageSlugs)[number];

/** Every markdown file under content/pages, by path relative to this module. */
const files = import.meta.glob<string>("../../../content/pages/**/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** The markdown of `slug` in `lang`, or the English when that language has no file. */
function sourceOf(slug: InfoPageSlug, lang: Lang): { source: string; lang: Lang } {
  const english = files[`../../../content/pages/${slug}.md`];
  if (english === undefined) throw new Error(`content/pages/${slug}.md is missing`);
  if (lang === "en") return { source: english, lang };
  const translated = files[`../../../content/pages/${lang}/${slug}.md`];
  return translated === undefined ? { source: english, lang: "en" } : { source: translated, lang };
}

export interface InfoPage {
  title: string;
  /** First paragraph as plain text, for the meta description (≤ 160 chars). */
  description: string;
  html: string;
  /** The language the page is written in (English when its language has no file). */
  lang: Lang;
}

const cache = new Map<string, InfoPage>();

function plain(markdown: string): string {
  return markdown
    .replace(/[*_`#>[\]]/g, "")
    .replace(/\(([^)]*)\)/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Renders an info page in `lang` (English by default); the title is the first `# ` heading. */
export function getInfoPage(slug: InfoPageSlug, lang: Lang = "en"): InfoPage {
  const key = `${lang}:${slug}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const { source, lang: written } = sourceOf(slug, lang);
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
    lang: written,
  };
  cache.set(key, page);
  return page;
}
