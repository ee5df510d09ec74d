import { useEffect, useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { getDb } from "~/db/db.server";
import { getOrderByToken } from "~/features/orders/orders.server";
import { pageMeta } from "~/features/site/meta";
import { formatPaise } from "~/utils/money";
import type { Route } from "./+types/order-placed";

export async function loader({ params }: Route.LoaderArgs) {
  const order = await getOrderByToken(await getDb(), params.token);
  if (!order) throw data(null, { status: 404 });
  return {
    reference: order.reference,
    totalPaise: order.totalPaise,
    trackingPath: `/orders/${order.trackingToken}`,
  };
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Order placed", "Your order has been placed and will be paid in cash on delivery."),
  { name: "robots", content: "noindex" },
];

/** Spec §4: after the order the page returns to / after 3 seconds (with JavaScript). */
export const RETURN_HOME_AFTER_MS = 3000;

export default function OrderPlaced({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [stay, setStay] = useState(false);
  useEffect(() => {
    if (stay) return;
    const timer = setTimeout(() => navigate("/"), RETURN_HOME_AFTER_MS);
    return () => clearTimeout(timer);
  }, [stay, navigate]);

  return (
    <div className="page page--narrow">
      <h1>Thank you</h1>
      <div role="status" className="success-message">
        <p>
          Order has been placed! You will receive your order soon. Total amount to be paid at
          delivery: {formatPaise(loaderData.totalPaise)}
        </p>
        <p>
          Your order reference is <strong>{loaderData.reference}</strong>.
        </p>
      </div>
      <p>
        <Link to={loaderData.trackingPath}>Track your order</Link> (keep this link to check its
        status or cancel it).
      </p>
      {stay ? null : (
        <p className="js-only">
          Taking you to the home page in 3 seconds.{" "}
          <button type="button" className="link-button" onClick={() => setStay(true)}>
            Stay on this page
          </button>
        </p>
      )}
    </div>
  );
}
