import { Form, isRouteErrorResponse, Link, NavLink, Outlet } from "react-router";
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
  { to: "/dashboard/coupons", label: "Coupons", end: false, adminOnly: false },
  { to: "/dashboard/payouts", label: "Payouts", end: false, adminOnly: false },
  { to: "/dashboard/registrations", label: "Registrations", end: false, adminOnly: false },
  { to: "/dashboard/reviews", label: "Reviews", end: false, adminOnly: false },
  { to: "/dashboard/catalogue", label: "Catalogue", end: false, adminOnly: true },
  { to: "/dashboard/rates", label: "Rates", end: false, adminOnly: true },
  { to: "/dashboard/staff", label: "Staff", end: false, adminOnly: true },
  { to: "/dashboard/messages", label: "Messages", end: false, adminOnly: false },
  { to: "/dashboard/newsletter", label: "Newsletter", end: false, adminOnly: true },
  { to: "/dashboard/audit", label: "Audit log", end: false, adminOnly: false },
] as const;

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <div className="dash">
      <header className="dash__header">
        <p className="dash__brand">
          <Link to="/dashboard">Staff dashboard</Link>
        </p>
        <nav aria-label="Dashboard" className="dash__nav">
          <ul>
            {sections
              .filter((section) =>
                // A collector sees only the route sheet (docs/exchange.md).
                user.role === "collector"
                  ? section.to === "/dashboard/route"
                  : !section.adminOnly || user.role === "admin",
              )
              .map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to} end={section.end}>
                    {section.label}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
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
