import { useEffect, useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { ShareLink } from "~/components/ui/share-link";
import { getDb } from "~/db/db.server";
import { CouponDiscountLine } from "~/features/orders/coupon-field";
import { deliveryLine } from "~/features/orders/delivery-window-text.server";
import { getOrderByToken } from "~/features/orders/orders.server";
import { rememberOrder } from "~/features/orders/recent-order";
import { localisedPageMeta } from "~/features/site/meta";
import { langOf, messagesFor } from "~/i18n/i18n.server";
import { Trans, useLocalePath, useT } from "~/i18n/i18n-react";
import { formatPaise } from "~/utils/money";
import { forgetCoupon } from "~/utils/remembered-details";
import type { Route } from "./+types/order-placed";

export async function loader({ params, request }: Route.LoaderArgs) {
  const order = await getOrderByToken(await getDb(), params.token);
  if (!order) throw data(null, { status: 404 });
  const lang = langOf(request);
  return {
    reference: order.reference,
    totalPaise: order.totalPaise,
    discountPaise: order.discountPaise,
    couponCode: order.couponCode,
    deliveryPaise: order.deliveryPaise,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    trackingPath: `/orders/${order.trackingToken}`,
    paymentPath: `/payment?order=${order.trackingToken}`,
    delivery: deliveryLine(order.createdAt, order.status, lang, order),
    messages: messagesFor(lang, ["order", "checkout", "share", "delivery.line"]),
  };
}

export const meta: Route.MetaFunction = (args) => [
  ...localisedPageMeta(
    args,
    "order.placed.meta.title",
    args.loaderData?.paymentMethod === "online"
      ? "order.placed.meta.descriptionOnline"
      : "order.placed.meta.description",
  ),
  { name: "robots", content: "noindex" },
];

/**
 * Spec §4: after the order the page returns to / after 3 seconds (with JavaScript); the home
 * page then shows the order's reference and tracking link until dismissed (recent-order.tsx).
 */
export const RETURN_HOME_AFTER_MS = 3000;

export default function OrderPlaced({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const t = useT();
  const to = useLocalePath();
  const home = to("/");
  const total = formatPaise(loaderData.totalPaise);
  const [stay, setStay] = useState(false);
  // An online payment still due keeps the shopper here, with the way to pay.
  const paymentDue = loaderData.paymentMethod === "online" && loaderData.paymentStatus !== "paid";
  const { reference, trackingPath } = loaderData;
  useEffect(() => rememberOrder({ reference, trackingPath }), [reference, trackingPath]);
  const usedCoupon = Boolean(loaderData.couponCode);
  useEffect(() => {
    if (usedCoupon) forgetCoupon();
  }, [usedCoupon]);
  useEffect(() => {
    if (stay || paymentDue) return;
    const timer = setTimeout(() => navigate(home), RETURN_HOME_AFTER_MS);
    return () => clearTimeout(timer);
  }, [stay, paymentDue, navigate, home]);

  return (
    <div className="page page--narrow">
      <h1>{t("order.placed.heading")}</h1>
      <div role="status" className="success-message">
        {loaderData.paymentStatus === "paid" && loaderData.paymentMethod === "online" ? (
          <p>{t("order.placed.paidOnline", { total })}</p>
        ) : paymentDue ? (
          <p>{t("order.placed.paymentDue", { total })}</p>
        ) : (
          <p>{t("order.placed.cod", { total })}</p>
        )}
        <p>
          <Trans
            id="order.placed.reference"
            values={{ reference: loaderData.reference }}
            components={{ 0: <strong /> }}
          />
        </p>
      </div>
      {loaderData.couponCode ? (
        <CouponDiscountLine code={loaderData.couponCode} discountPaise={loaderData.discountPaise} />
      ) : null}
      {loaderData.deliveryPaise > 0 ? (
        <p className="summary-line">
          <span>{t("delivery.line.label")}</span>{" "}
          <span>{formatPaise(loaderData.deliveryPaise)}</span>
        </p>
      ) : null}
      {loaderData.delivery ? (
        <p className="order-delivery">{t(loaderData.delivery.id, loaderData.delivery.values)}</p>
      ) : null}
      <p>
        <Trans
          id="order.placed.track"
          components={{ 0: <Link to={to(loaderData.trackingPath)} /> }}
        />
      </p>
      <ShareLink
        path={loaderData.trackingPath}
        shareText={t("order.share.text", { reference: loaderData.reference })}
      />
      {paymentDue ? (
        <p>
          <a className="button" href={to(loaderData.paymentPath)}>
            {t("order.payOnlineNow")}
          </a>
        </p>
      ) : null}
      {stay || paymentDue ? null : (
        <p className="js-only">
          {t("order.placed.returning")}{" "}
          <button type="button" className="link-button" onClick={() => setStay(true)}>
            {t("order.placed.stay")}
          </button>
        </p>
      )}
    </div>
  );
}
