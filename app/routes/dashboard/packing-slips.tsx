import { data, isRouteErrorResponse, Link } from "react-router";
import { getDb } from "~/db/db.server";
import {
  type PackingSlip,
  PackingSlipError,
  packingSlips,
  readPackingSlipRequest,
  type SlipPayment,
  type SlipWidth,
} from "~/features/orders/packing-slip.server";
import { siteConfig } from "~/features/site/site-config";
import { requireStaff } from "~/features/staff/session.server";
import { refusalText } from "~/i18n/i18n.server";
import slipStyles from "~/styles/packing-slip.css?url";
import { formatPaise } from "~/utils/money";
import type { Route } from "./+types/packing-slips";

/**
 * Packing slips (docs/dashboard.md "Packing slips", ADR 0035), a bare page without the
 * dashboard's frame so that it prints as it is: `/dashboard/orders/:id/slip` for one order,
 * `/dashboard/orders/slips?id=…&id=…` for up to 50 (the orders list's form); `width=80mm` for
 * an 80 mm thermal roll, A4 otherwise. Staff and admins only. A refused request (no order,
 * too many, a malformed or unknown id) answers 400 or 404 with its message.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  try {
    const asked = readPackingSlipRequest(url.searchParams, params.id);
    const slips = await packingSlips(await getDb(), asked.ids);
    const single = params.id !== undefined;
    // Built from the ids, not the request's path (a `.data` request's path ends in `.data`).
    const path = single ? `/dashboard/orders/${asked.ids[0]}/slip` : "/dashboard/orders/slips";
    const hrefFor = (width: SlipWidth) => {
      const search = new URLSearchParams(single ? [] : asked.ids.map((id) => ["id", String(id)]));
      if (width === "80mm") search.set("width", width);
      return search.size > 0 ? `${path}?${search}` : path;
    };
    return {
      slips,
      width: asked.width,
      widthLinks: { a4: hrefFor("a4"), "80mm": hrefFor("80mm") },
      back: single
        ? {
            href: `/dashboard/orders/${asked.ids[0]}`,
            label: `Back to order ${slips[0]?.reference}`,
          }
        : { href: "/dashboard/orders", label: "Back to orders" },
    };
  } catch (error) {
    if (error instanceof PackingSlipError) {
      throw data(refusalText("en", error), { status: error.status });
    }
    throw error;
  }
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: slipStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const slips = loaderData?.slips ?? [];
  const title =
    slips.length === 1 ? `Packing slip ${slips[0]?.reference}` : `Packing slips (${slips.length})`;
  return [
    { title: `${title} | Staff dashboard` },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

type LoaderData = Route.ComponentProps["loaderData"];

const widthLabels: Record<SlipWidth, string> = { a4: "A4", "80mm": "80 mm" };

/** Screen only: the heading, the paper switch, Print (with JavaScript) and the way back. */
function SlipToolbar({ loaderData }: { loaderData: LoaderData }) {
  const { slips, width } = loaderData;
  return (
    <div className="slips__toolbar">
      <h1>
        {slips.length === 1
          ? `Packing slip ${slips[0]?.reference}`
          : `Packing slips for ${slips.length} orders`}
      </h1>
      <p>
        <Link to={loaderData.back.href}>← {loaderData.back.label}</Link>
      </p>
      <nav aria-label="Paper" className="slips__paper">
        Paper:{" "}
        {(["a4", "80mm"] as const).map((option) => (
          <Link
            key={option}
            to={loaderData.widthLinks[option]}
            aria-current={option === width ? "page" : undefined}
          >
            {widthLabels[option]}
          </Link>
        ))}
      </nav>
      <p className="slips__print">
        <button type="button" className="button js-only" onClick={() => window.print()}>
          Print
        </button>
        <span className="no-js-only">Print with your browser's Print (Ctrl+P).</span>
      </p>
    </div>
  );
}

/** The money line: cash to collect stands out; otherwise what was paid, or a warning. */
function PaymentBox({ payment }: { payment: SlipPayment }) {
  if (payment.kind === "collect") {
    return (
      <p className="slip__payment slip__payment--collect">
        Cash on delivery — collect <strong>{formatPaise(payment.amountPaise)}</strong>
      </p>
    );
  }
  const words = {
    "paid-online": "Paid online (UPI, cards) — collect nothing",
    "paid-cash": "Paid — collect nothing",
    "nothing-due": "Paid with a coupon — collect nothing",
    "awaiting-online": "Online payment not received — do not send until it is paid",
  }[payment.kind];
  return (
    <p
      className={`slip__payment${payment.kind === "awaiting-online" ? " slip__payment--warn" : ""}`}
    >
      {words}
    </p>
  );
}

/** One order's slip: shop, reference, date, customer and address, payment, items, packer. */
function SlipSheet({ slip }: { slip: PackingSlip }) {
  const headingId = `slip-${slip.id}`;
  return (
    <article className="slip" aria-labelledby={headingId}>
      <header className="slip__shop">
        <p className="slip__brand">{siteConfig.brandName}</p>
        <p>
          {siteConfig.phoneDisplay} · {siteConfig.supportEmail}
        </p>
        <p className="slip__kind">Packing slip</p>
      </header>
      <h2 id={headingId} className="slip__reference">
        {slip.reference}
      </h2>
      <p>Order placed {slip.placedAt}</p>

      <section className="slip__to" aria-label={`Deliver to, ${slip.reference}`}>
        <h3>Deliver to</h3>
        <p className="slip__name">{slip.name}</p>
        <p>{slip.phone}</p>
        <p>{slip.address}</p>
        <p>
          {slip.city}, {slip.state}
        </p>
        <p className="slip__pin">PIN {slip.pinCode}</p>
      </section>
      {slip.status === "cancelled" ? (
        // Instead of the payment: nothing is collected for an order that does not go.
        <p className="slip__payment slip__payment--warn">Cancelled order — do not pack or send</p>
      ) : (
        <PaymentBox payment={slip.payment} />
      )}
      <SlipItems slip={slip} />
      <p className="slip__packed">
        Packed by <span className="slip__blank" /> Date <span className="slip__blank" />
      </p>
    </article>
  );
}

/** The lines with a box to tick each as it goes in, and the number of items. */
function SlipItems({ slip }: { slip: PackingSlip }) {
  return (
    <table className="slip__items">
      <caption>
        {slip.itemCount} {slip.itemCount === 1 ? "item" : "items"}
        {slip.lines.length > 1 ? ` (${slip.lines.length} products)` : ""}
      </caption>
      <thead>
        <tr>
          <th scope="col">Packed</th>
          <th scope="col" className="num">
            Qty
          </th>
          <th scope="col">Item</th>
        </tr>
      </thead>
      <tbody>
        {slip.lines.map((line) => (
          <tr key={line.id}>
            <td>
              <span className="slip__tick" />
            </td>
            <td className="num">{line.quantity}</td>
            <td>{line.name}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function PackingSlips({ loaderData }: Route.ComponentProps) {
  const { slips, width } = loaderData;
  return (
    <div className={`slips slips--${width}`}>
      <SlipToolbar loaderData={loaderData} />
      {slips.map((slip, index) => (
        <div key={slip.id} className="slips__one">
          {width === "80mm" && index > 0 ? (
            <p className="slips__cut" aria-hidden="true">
              cut here
            </p>
          ) : null}
          <SlipSheet slip={slip} />
        </div>
      ))}
    </div>
  );
}

/** A refused request's message (400, 404, 403) and the way back, outside the dashboard's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : "Something went wrong. Please try again.";
  return (
    <div className="slips slips__problem">
      <h1>{status === 404 ? "Not found" : "No packing slips"}</h1>
      <p role="alert">{message}</p>
      <p>
        {status === 401 ? (
          <Link to="/dashboard/login">Log in</Link>
        ) : status === 403 ? (
          <Link to="/dashboard">Back to the dashboard</Link>
        ) : (
          <Link to="/dashboard/orders">Back to orders</Link>
        )}
      </p>
    </div>
  );
}
