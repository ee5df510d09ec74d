import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useLocation } from "react-router";
import { requireStaff } from "~/features/staff/session.server";
import dashboardStyles from "~/styles/dashboard.css?url";
import type { Route } from "./+types/layout";

/** Every dashboard page sits in this frame; each child route checks the session itself too. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "route");
  return { user: { name: user.name, email: user.email, role: user.role } };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: dashboardStyles }];

export const meta: Route.MetaFunction = () => [
  { title: "Dashboard | Scrap & Sprout" },
  { name: "robots", content: "noindex, nofollow" },
];

const sections = [
  { to: "/dashboard", label: "Overview", end: true, adminOnly: false },
  { to: "/dashboard/route", label: "Route", end: false, adminOnly: false },
  { to: "/dashboard/pickups", label: "Pickups", end: false, adminOnly: false },
  { to: "/dashboard/orders", label: "Orders", end: false, adminOnly: false },
  { to: "/dashboard/claims", label: "Claims", end: false, adminOnly: false },
  { to: "/dashboard/coupons", label: "Coupons", end: false, adminOnly: false },
  { to: "/dashboard/payouts", label: "Payouts", end: false, adminOnly: false },
  { to: "/dashboard/registrations", label: "Registrations", end: false, adminOnly: false },
  { to: "/dashboard/reviews", label: "Reviews", end: false, adminOnly: false },
  { to: "/dashboard/grievances", label: "Grievances", end: false, adminOnly: false },
  { to: "/dashboard/leads", label: "Leads", end: false, adminOnly: false },
  { to: "/dashboard/organisations", label: "Organisations", end: false, adminOnly: false },
  { to: "/dashboard/catalogue", label: "Catalogue", end: false, adminOnly: true },
  { to: "/dashboard/rates", label: "Rates", end: false, adminOnly: true },
  { to: "/dashboard/delivery", label: "Delivery", end: false, adminOnly: true },
  { to: "/dashboard/closed-days", label: "Closed days", end: false, adminOnly: true },
  { to: "/dashboard/bills", label: "Bills", end: false, adminOnly: true },
  { to: "/dashboard/settings", label: "Settings", end: false, adminOnly: true },
  { to: "/dashboard/staff", label: "Staff", end: false, adminOnly: true },
  { to: "/dashboard/messages", label: "Messages", end: false, adminOnly: false },
  { to: "/dashboard/newsletter", label: "Newsletter", end: false, adminOnly: true },
  { to: "/dashboard/audit", label: "Audit log", end: false, adminOnly: false },
] as const;

type Section = (typeof sections)[number];

/** The sections `role` may open: a collector only the route sheet (docs/exchange.md). */
function sectionsFor(role: string): Section[] {
  return sections.filter((section) =>
    role === "collector"
      ? section.to === "/dashboard/route"
      : !section.adminOnly || role === "admin",
  );
}

/** The section a dashboard path belongs to (its page or one under it), if any. */
function currentSection(shown: readonly Section[], pathname: string): Section | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return shown.find((section) =>
    section.end ? path === section.to : path === section.to || path.startsWith(`${section.to}/`),
  );
}

function SectionLinks({ shown }: { shown: readonly Section[] }) {
  return (
    <ul>
      {shown.map((section) => (
        <li key={section.to}>
          <NavLink to={section.to} end={section.end}>
            {section.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The sections' links. Below 600 px, with more than one section, they fold into a menu: a
 * `<details>` whose summary ("Menu: Pickups") is the disclosure button, so it opens without
 * JavaScript; from 600 px dashboard.css hides the summary and shows the links
 * (docs/dashboard.md "Phone layout"). A new page closes it again (`key`).
 */
function SectionNav({ role }: { role: string }) {
  const { pathname } = useLocation();
  const shown = sectionsFor(role);
  const current = currentSection(shown, pathname);
  return (
    <nav aria-label="Dashboard" className="dash__nav">
      {shown.length > 1 ? (
        <details className="dash__menu" key={pathname}>
          <summary className="dash-disclosure dash__menu-button">
            Menu{current ? `: ${current.label}` : ""}
          </summary>
          <SectionLinks shown={shown} />
        </details>
      ) : (
        <SectionLinks shown={shown} />
      )}
    </nav>
  );
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <div className="dash">
      <header className="dash__header">
        <p className="dash__brand">
          <Link to="/dashboard">Staff dashboard</Link>
        </p>
        <SectionNav role={user.role} />
        <div className="dash__user">
          {/* The public site, as customers see it (a document load: it has its own frame). */}
          <a href="/">View shop</a>
          <span>
            {user.name} ({user.role})
          </span>
          <Form method="post" action="/dashboard/logout">
            <button type="submit" className="button button--small">
              Log out
            </button>
          </Form>
        </div>
      </header>
      <div className="dash__body">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string" && error.data
      ? error.data
      : error.statusText
    : "Something went wrong. Please try again.";
  return (
    <div className="dash__body">
      <h1>{status === 404 ? "Not found" : status === 403 ? "Not allowed" : "Sorry"}</h1>
      <p role="alert">{message}</p>
      <p>
        {status === 401 ? (
          <Link to="/dashboard/login">Log in</Link>
        ) : (
          <Link to="/dashboard">Back to the overview</Link>
        )}
      </p>
    </div>
  );
}
