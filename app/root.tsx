/**
 * Document shell: navigation bar with the cart count from the server, footer, pending
 * indicator, scroll restoration (top on each navigation, restored on back), error boundary.
 */
import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { useNonce } from "~/components/ui/nonce";
import { PendingIndicator } from "~/components/ui/pending-indicator";
import { getDb } from "~/db/db.server";
import { getCartCount } from "~/features/cart/cart.server";
import { NotFoundMessage, ProblemPage } from "~/features/site/not-found-message";
import { siteConfig } from "~/features/site/site-config";
import { SiteFooter } from "~/features/site/site-footer";
import { SiteHeader } from "~/features/site/site-header";
import { langOf, messagesFor } from "~/i18n/i18n.server";
import { LanguageProvider, MessageAnchor, Trans, useT } from "~/i18n/i18n-react";
import { type Lang, langFromPath, languages, switchLanguage } from "~/i18n/languages";
import { AFTER_PAINT_LOADER } from "~/utils/after-paint-scripts";
import { EARLY_CLICKS_SCRIPT, releaseEarlyClicks } from "~/utils/early-clicks";
import { env } from "~/utils/env.server";
import { refuseUnreadableForms } from "~/utils/form-body.server";
import { storedCartCountContext } from "~/utils/request-context";
import type { Route } from "./+types/root";
// Inlined: one small stylesheet (≈2.5 KB gzip) is cheaper than a render-blocking request on
// slow mobile networks (docs/budgets.md LCP budget).
import styles from "./styles/app.css?inline";

/** A broken multipart body answers 400, not 500 (docs/operations.md "Security"). */
export const middleware: Route.MiddlewareFunction[] = [refuseUnreadableForms];

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = langOf(request);
  const frame = {
    lang,
    // The site's own address, for canonical and hreflang links (never the request's Host).
    origin: env().messages.publicUrl,
    // `form`: the shared form components (field labels, stars, dialogs, the pending line).
    messages: messagesFor(lang, ["frame", "form"]),
  };
  // The page store renders a page for a given cart size without cookies (server/page-cache.ts).
  const stored = context.get(storedCartCountContext);
  if (stored !== null) return { ...frame, cartCount: stored };
  const db = await getDb();
  return { ...frame, cartCount: await getCartCount(db, request) };
}

/** The frame's messages change with the language: reload them when the prefix changes. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  langFromPath(currentUrl.pathname) !== langFromPath(nextUrl.pathname) || defaultShouldRevalidate;

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const lang = langFromPath(location.pathname);
  // The staff dashboard has its own header; the shop's navigation and footer stay public.
  const isDashboard = location.pathname.startsWith("/dashboard");
  // Hydrated: presses made before now are handled by React (app/utils/early-clicks.ts).
  useEffect(() => releaseEarlyClicks(), []);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1b5e20" />
        {/* `npm run dev` only: Vite's client gives this nonce to the styles it adds (ADR 0023). */}
        {import.meta.env.DEV ? (
          <meta property="csp-nonce" nonce={nonce} suppressHydrationWarning />
        ) : null}
        {/* The `js` class, and presses before hydration kept for React (app/utils/early-clicks.ts).
            Its text, like the after-paint loader's below, only on the server: the browser's bundle
            does not carry it twice (docs/budgets.md); the script has run before hydration, and
            React keeps an element's server text under suppressHydrationWarning. */}
        <script nonce={nonce} suppressHydrationWarning>
          {import.meta.env.SSR ? EARLY_CLICKS_SCRIPT : ""}
        </script>
        <Meta />
        {isDashboard || !data ? null : (
          <LanguageLinks
            origin={data.origin}
            lang={lang}
            pathname={location.pathname}
            search={location.search}
          />
        )}
        <Links />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, bundled at build time */}
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: styles }} />
      </head>
      <body>
        <LanguageProvider lang={isDashboard ? "en" : lang}>
          <SkipLink />
          {isDashboard ? null : <SiteHeader cartCount={data?.cartCount ?? 0} />}
          <PendingIndicator />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          {isDashboard ? null : <SiteFooter />}
        </LanguageProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* The server makes the scripts above inert; this starts them after the first paint (ADR 0017). */}
        <script nonce={nonce} suppressHydrationWarning>
          {import.meta.env.SSR ? AFTER_PAINT_LOADER : ""}
        </script>
      </body>
    </html>
  );
}

/** 'Skip to content', in the page's language. */
function SkipLink() {
  const t = useT();
  return (
    <a className="skip-link" href="#main">
      {t("frame.skipToContent")}
    </a>
  );
}

/**
 * The page's canonical URL and its versions in the other languages (`hreflang`, with
 * `x-default` on English), absolute on the site's own address; the query is kept, as the
 * switch keeps it.
 */
function LanguageLinks({
  origin,
  lang,
  pathname,
  search,
}: {
  origin: string;
  lang: Lang;
  pathname: string;
  search: string;
}) {
  const href = (target: Lang) => `${origin}${switchLanguage(target, pathname + search)}`;
  return (
    <>
      <link rel="canonical" href={href(lang)} />
      {languages.map((target) => (
        <link key={target} rel="alternate" hrefLang={target} href={href(target)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href("en")} />
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>{`${t("frame.notFound.heading")} | ${siteConfig.brandName}`}</title>
        <NotFoundMessage />
      </>
    );
  }
  const told = serverSentence(error);
  return (
    <ProblemPage
      heading={t("frame.error.heading")}
      title={`${t("frame.error.heading")} | ${siteConfig.brandName}`}
    >
      {told ? (
        <p>{told}</p>
      ) : (
        <p>
          <Trans
            id="frame.error.body"
            values={{ phone: siteConfig.phoneDisplay }}
            components={{ 0: <MessageAnchor href={`tel:${siteConfig.phoneE164}`} /> }}
          />
        </p>
      )}
    </ProblemPage>
  );
}

/**
 * The sentence of a 503 the server answered in plain words to a `.data` request, which React
 * Router's client turns into an error response with the text as its data: a write refused for
 * lack of disk space (app/utils/disk-full.server.ts) or failed because the database went away
 * (app/entry.server.tsx), already in the page's language. Null for
 * anything else, and for a body that looks like markup (a proxy's own error page).
 */
function serverSentence(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status !== 503) return null;
  const text = typeof error.data === "string" ? error.data.trim() : "";
  return text && text.length <= 500 && !text.includes("<") ? text : null;
}
