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
import { EARLY_CLICKS_SCRIPT, releaseEarlyClicks } from "~/utils/early-clicks";
import { refuseUnreadableForms } from "~/utils/form-body.server";
import { storedCartCountContext } from "~/utils/request-context";
import type { Route } from "./+types/root";
// Inlined: one small stylesheet (≈2.5 KB gzip) is cheaper than a render-blocking request on
// slow mobile networks (docs/budgets.md LCP budget).
import styles from "./styles/app.css?inline";

/** A broken multipart body answers 400, not 500 (issue 14 security review). */
export const middleware: Route.MiddlewareFunction[] = [refuseUnreadableForms];

export async function loader({ request, context }: Route.LoaderArgs) {
  // The page store renders a page for a given cart size without cookies (server/page-cache.ts).
  const stored = context.get(storedCartCountContext);
  if (stored !== null) return { cartCount: stored };
  const db = await getDb();
  return { cartCount: await getCartCount(db, request) };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  // The staff dashboard has its own header; the shop's navigation and footer stay public.
  const isDashboard = useLocation().pathname.startsWith("/dashboard");
  // Hydrated: presses made before now are handled by React (app/utils/early-clicks.ts).
  useEffect(() => releaseEarlyClicks(), []);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1b5e20" />
        {/* The `js` class, and presses before hydration kept for React (app/utils/early-clicks.ts). */}
        <script nonce={nonce} suppressHydrationWarning>
          {EARLY_CLICKS_SCRIPT}
        </script>
        <Meta />
        <Links />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, bundled at build time */}
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: styles }} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {isDashboard ? null : <SiteHeader cartCount={data?.cartCount ?? 0} />}
        <PendingIndicator />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {isDashboard ? null : <SiteFooter />}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>{`Page Not Found | ${siteConfig.brandName}`}</title>
        <NotFoundMessage />
      </>
    );
  }
  return (
    <ProblemPage
      heading="Something went wrong"
      title={`Something went wrong | ${siteConfig.brandName}`}
    >
      <p>
        We could not show this page just now. Please try again in a moment, or call us on{" "}
        <a href={`tel:${siteConfig.phoneE164}`}>{siteConfig.phoneDisplay}</a>.
      </p>
    </ProblemPage>
  );
}
