/**
 * Messages in React (docs/languages.md "Messages"; ADR 0020). `LanguageProvider` (in the root
 * layout) merges the compiled messages every matched route's loader returned as `messages` (see
 * `messagesFor` in i18n.server.ts) into one Lingui instance for the page's language; components
 * read them with `useT()` or `<Trans>` (messages with links or emphasis). Links keep the language
 * with `useLocalePath()`.
 */
import { setupI18n } from "@lingui/core";
import { I18nProvider, useLingui } from "@lingui/react";
import { useMemo } from "react";
import { useLocation, useMatches } from "react-router";
import { intlLocales, isLang, type Lang, langFromPath, localePath } from "./languages";

export { Trans } from "@lingui/react";

/**
 * A plain `<a>` for `<Trans components={{ 0: <MessageAnchor href="tel:…" /> }}>`: the message
 * supplies the link's words (for site pages use React Router's `<Link to=…/>`).
 */
export function MessageAnchor({ href, children }: { href: string; children?: React.ReactNode }) {
  return <a href={href}>{children}</a>;
}

/** Values a message's placeholders take (`{count}`, `{name}`…). */
export type MessageValues = Record<string, unknown>;
/** A function returning message `id` in the page's language with `values` filled in. */
export type Translate = (id: string, values?: MessageValues) => string;

function messagesOf(loaderData: unknown): Record<string, unknown> | undefined {
  if (loaderData && typeof loaderData === "object" && "messages" in loaderData) {
    return (loaderData as { messages?: Record<string, unknown> }).messages;
  }
  return undefined;
}

/** Every matched route's messages merged, later routes winning (shared by provider and meta). */
function mergedMessages(matches: readonly ({ loaderData?: unknown } | undefined)[]) {
  return Object.assign({}, ...matches.map((match) => messagesOf(match?.loaderData)));
}

/**
 * A translator for a route's `meta` function (titles and descriptions), from the messages its
 * matches' loaders returned and the language of `location`.
 */
export function metaTranslator(args: {
  matches: readonly ({ loaderData?: unknown } | undefined)[];
  location: { pathname: string };
}): Translate {
  const lang = langFromPath(args.location.pathname);
  const i18n = setupI18n({
    locale: lang,
    locales: [intlLocales[lang]],
    messages: { [lang]: mergedMessages(args.matches) },
  });
  return i18n._.bind(i18n) as Translate;
}

/**
 * Provides the page's messages (every matched route's `loaderData.messages`, later routes
 * winning) in `lang` to `useT`, `<Trans>` and `useLingui`.
 */
export function LanguageProvider({ lang, children }: { lang: Lang; children: React.ReactNode }) {
  const matches = useMatches();
  const i18n = useMemo(() => {
    const messages = mergedMessages(matches);
    return setupI18n({
      locale: lang,
      locales: [intlLocales[lang]],
      messages: { [lang]: messages },
    });
  }, [lang, matches]);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** `t(id, values)` for the current page's language. */
export function useT(): Translate {
  const { _ } = useLingui();
  return _ as Translate;
}

/** The language of the current URL (`/hi/…` → `hi`). */
export function useLang(): Lang {
  return langFromPath(useLocation().pathname);
}

/** Turns a site path into the current language's (`/plant` → `/hi/plant` on Hindi pages). */
export function useLocalePath(): (path: string) => string {
  const lang = useLang();
  return useMemo(() => (path: string) => localePath(lang, path), [lang]);
}

/**
 * The language the page's words are in: the deepest matched route's `loaderData.lang` when it
 * has one (the collector's screens are in the staff member's language on English URLs,
 * docs/languages.md "Staff language"), else the URL's.
 */
export function useContentLang(): Lang {
  const matches = useMatches();
  const urlLang = useLang();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData;
    if (data && typeof data === "object" && "lang" in data && isLang(data.lang)) return data.lang;
  }
  return urlLang;
}
