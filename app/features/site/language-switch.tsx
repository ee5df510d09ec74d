/**
 * The language switch of the header and footer (docs/languages.md "The switch and the cookie"):
 * 'English', 'हिन्दी', 'ಕನ್ನಡ', each a plain link through `/language/:lang` (routes/language.ts),
 * which remembers the choice and opens the same page, query kept, in that language. Plain links:
 * the switch works before and without JavaScript, and the new language's page loads whole.
 */
import { useLocation } from "react-router";
import { useT } from "~/i18n/i18n-react";
import { type Lang, langFromPath, languageLabels, languages } from "~/i18n/languages";

/** The switch's address for `target` from the page at `pathWithQuery`. */
export function switchHref(target: Lang, pathWithQuery: string): string {
  return `/language/${target}?${new URLSearchParams({ next: pathWithQuery })}`;
}

export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const location = useLocation();
  const current = langFromPath(location.pathname);
  const here = location.pathname + location.search;
  return (
    <ul
      className={className ? `language-switch ${className}` : "language-switch"}
      aria-label={t("frame.language.label")}
    >
      {languages.map((lang) => (
        <li key={lang}>
          <a
            href={switchHref(lang, here)}
            lang={lang}
            hrefLang={lang}
            aria-current={lang === current ? "true" : undefined}
          >
            {languageLabels[lang]}
          </a>
        </li>
      ))}
    </ul>
  );
}
