/**
 * The language switch (docs/languages.md): `GET /language/hi?next=/plant?q=x`
 * remembers the choice in the `lang` cookie (a year) and answers 303 to the same page in that
 * language, so `/` sends the visitor back to it later. An unknown language is a 404; an unsafe
 * `next` (another site, junk) falls back to that language's home page. The URL it builds is
 * checked again: taking the language prefix off or resolving dot segments can turn a safe
 * `next` into `//host` (`/hi//evil.example`, `/kn/..//evil.example`), an open redirect.
 */
import { data, redirect } from "react-router";
import { isLang, LANGUAGE_COOKIE, localePath, switchLanguage } from "~/i18n/languages";
import { safeRedirect } from "~/utils/safe-redirect";
import type { Route } from "./+types/language";

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export function loader({ request, params }: Route.LoaderArgs) {
  if (!isLang(params.lang)) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const home = localePath(params.lang, "/");
  const next = safeRedirect(url.searchParams.get("next"), "/");
  const target = safeRedirect(switchLanguage(params.lang, next), home);
  const secure = url.protocol === "https:" ? "; Secure" : "";
  return redirect(target, {
    status: 303,
    headers: {
      "Set-Cookie": `${LANGUAGE_COOKIE}=${params.lang}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`,
      "Cache-Control": "private, no-store",
    },
  });
}
