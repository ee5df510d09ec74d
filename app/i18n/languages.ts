/**
 * The site's languages and their URLs (docs/languages.md; docs/contracts.md "Languages"; ADR 0020):
 * English at today's URLs, Hindi under `/hi/…`, Kannada under `/kn/…`. Shared by server and
 * browser; no catalogue here.
 */

/** Every language, English first (the specification's words and the fallback). */
export const languages = ["en", "hi", "kn"] as const;
export type Lang = (typeof languages)[number];

/** The prefixed languages (English has no prefix). */
export const prefixedLanguages = ["hi", "kn"] as const satisfies readonly Lang[];

/** The switch's labels, each in its own language (docs/languages.md). */
export const languageLabels: Record<Lang, string> = {
  en: "English",
  hi: "हिन्दी",
  kn: "ಕನ್ನಡ",
};

/** `Intl` locale of a language: Indian English, Hindi and Kannada as written in India. */
export const intlLocales: Record<Lang, string> = { en: "en-IN", hi: "hi-IN", kn: "kn-IN" };

/** The cookie remembering a visitor's choice (a preference, not personal data). */
export const LANGUAGE_COOKIE = "lang";

/** True for `en`, `hi` and `kn`; anything else (junk cookies, `/fr`) is not a language. */
export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** The language a path is in: `/hi/plant` → `hi`, `/plant` → `en`, `/fr/plant` → `en`. */
export function langFromPath(pathname: string): Lang {
  const first = pathname.split("/")[1];
  return first === "hi" || first === "kn" ? first : "en";
}

/** A path without its language prefix: `/hi/plant` → `/plant`, `/hi` → `/`. */
export function stripLang(pathname: string): string {
  const lang = langFromPath(pathname);
  if (lang === "en") return pathname;
  const rest = pathname.slice(lang.length + 1);
  return rest === "" ? "/" : rest;
}

/**
 * A site path in a language: `localePath("hi", "/plant?q=x")` → `/hi/plant?q=x`,
 * `localePath("hi", "/")` → `/hi`; English paths are returned as given. Only for paths
 * starting with `/` (fragments such as `#about` and absolute URLs are returned unchanged).
 */
export function localePath(lang: Lang, path: string): string {
  if (lang === "en" || !path.startsWith("/") || path.startsWith("//")) return path;
  if (langFromPath(path) !== "en") return localePath(lang, stripLang(path));
  if (path === "/") return `/${lang}`;
  if (path.startsWith("/?") || path.startsWith("/#")) return `/${lang}${path.slice(1)}`;
  return `/${lang}${path}`;
}

/** The same page (path, query and fragment kept) in another language. */
export function switchLanguage(target: Lang, pathWithQuery: string): string {
  const url = new URL(pathWithQuery, "http://x");
  return localePath(target, stripLang(url.pathname)) + url.search + url.hash;
}
