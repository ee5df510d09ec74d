import { useEffect, useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { getDb } from "~/db/db.server";
import { CouponDiscountLine } from "~/features/orders/coupon-field";
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
    discountPaise: order.discountPaise,
    couponCode: order.couponCode,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    trackingPath: `/orders/${order.trackingToken}`,
    paymentPath: `/payment?order=${order.trackingToken}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(
    "Order placed",
    loaderData?.paymentMethod === "online"
      ? "Your order has been placed and is paid online."
      : "Your order has been placed and will be paid in cash on delivery.",
  ),
  { name: "robots", content: "noindex" },
];

/** Spec §4: after the order the page returns to / after 3 seconds (with JavaScript). */
export const RETURN_HOME_AFTER_MS = 3000;

export default function OrderPlaced({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [stay, setStay] = useState(false);
  // An online payment still due keeps the shopper here, with the way to pay.
  const paymentDue = loaderData.paymentMethod === "online" && loaderData.paymentStatus !== "paid";
  useEffect(() => {
    if (stay || paymentDue) return;
    const timer = setTimeout(() => navigate("/"), RETURN_HOME_AFTER_MS);
    return () => clearTimeout(timer);
  }, [stay, paymentDue, navigate]);

  return (
    <div className="page page--narrow">
      <h1>Thank you</h1>
      <div role="status" className="success-message">
        {loaderData.paymentStatus === "paid" && loaderData.paymentMethod === "online" ? (
          <p>
            Order has been placed! You will receive your order soon. Total amount paid online:{" "}
            {formatPaise(loaderData.totalPaise)}
          </p>
        ) : paymentDue ? (
          <p>
            Order has been placed, but its online payment is not complete yet. Total amount to pay:{" "}
            {formatPaise(loaderData.totalPaise)}
          </p>
        ) : (
          <p>
            Order has been placed! You will receive your order soon. Total amount to be paid at
            delivery: {formatPaise(loaderData.totalPaise)}
          </p>
        )}
        <p>
          Your order reference is <strong>{loaderData.reference}</strong>.
        </p>
      </div>
      {loaderData.couponCode ? (
        <CouponDiscountLine code={loaderData.couponCode} discountPaise={loaderData.discountPaise} />
      ) : null}
      <p>
        <Link to={loaderData.trackingPath}>Track your order</Link> (keep this link to check its
        status or cancel it).
      </p>
      {paymentDue ? (
        <p>
          <a className="button" href={loaderData.paymentPath}>
            Pay online now
          </a>
        </p>
      ) : null}
      {stay || paymentDue ? null : (
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
