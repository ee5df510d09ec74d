import { data, Form, redirect, useNavigation } from "react-router";
import { FormError } from "~/components/ui/form-messages";
import { TableHead } from "~/components/ui/table-head";
import { getDb } from "~/db/db.server";
import { CashOnDeliverySwitch } from "~/features/orders/cash-on-delivery-switch";
import { orderStatusLabels, shopperCanCancel } from "~/features/orders/order-status";
import {
  cancelOrderByToken,
  getOrderByToken,
  OrderRejectedError,
} from "~/features/orders/orders.server";
import {
  canPayOnline,
  paymentMethodLabels,
  paymentStatusLabels,
} from "~/features/payments/payment-status";
import { PaymentError, switchToCashOnDelivery } from "~/features/payments/payments.server";
import { razorpayConfig } from "~/features/payments/razorpay.server";
import { pageMeta } from "~/features/site/meta";
import { formatDateTimeIST } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { formatIndianMobile } from "~/utils/phone";
import type { Route } from "./+types/order-tracking";

export async function loader({ params }: Route.LoaderArgs) {
  const order = await getOrderByToken(await getDb(), params.token);
  if (!order) throw data(null, { status: 404 });
  const { id: _id, trackingToken: _token, createdAt, phone, ...view } = order;
  return {
    ...view,
    phone: formatIndianMobile(phone),
    placedAt: formatDateTimeIST(createdAt),
    canCancel:
      shopperCanCancel(order.status) &&
      !(order.paymentMethod === "online" && order.paymentStatus === "paid"),
    // docs/payments.md: a pending (abandoned) or failed online payment can be retried while
    // Razorpay is configured, or switched to cash on delivery.
    canRetryPayment: canPayOnline(order) && razorpayConfig() !== null,
    canSwitchToCashOnDelivery: canPayOnline(order),
    paymentPath: `/payment?order=${order.trackingToken}`,
  };
}

/**
 * The shopper cancels while the order is 'placed' (docs/shop.md), or switches a pending or
 * failed online payment to cash on delivery (docs/payments.md).
 */
export async function action({ params, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "cancel" && intent !== "cash-on-delivery")
    return data({ error: "Unknown action." }, { status: 400 });
  try {
    if (intent === "cancel") await cancelOrderByToken(await getDb(), params.token);
    else await switchToCashOnDelivery(await getDb(), params.token);
  } catch (error) {
    if (error instanceof OrderRejectedError || error instanceof PaymentError)
      return data({ error: error.message }, { status: error.status });
    throw error;
  }
  return redirect(`/orders/${params.token}`, { status: 303 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(
    loaderData ? `Order ${loaderData.reference}` : "Order",
    "The status, items and delivery address of your order.",
  ),
  { name: "robots", content: "noindex" },
];

type TrackedOrder = Route.ComponentProps["loaderData"];

export default function OrderTracking({ loaderData: order, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const cancelling = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <div className="page page--narrow">
      <h1>Order {order.reference}</h1>
      <p className="order-status">
        Status: <strong>{orderStatusLabels[order.status]}</strong>
      </p>
      <p>Placed on {order.placedAt}.</p>
      <PaymentLine order={order} />
      {order.canRetryPayment || order.canSwitchToCashOnDelivery ? (
        <UnpaidOnlineActions order={order} busy={cancelling} />
      ) : null}
      <OrderItems order={order} />
      <section aria-labelledby="address-title">
        <h2 id="address-title">Delivery address</h2>
        <address>
          {order.name}
          <br />
          {order.address}
          <br />
          {order.city}, {order.state} {order.pinCode}
          <br />
          {order.phone}
        </address>
      </section>
      <FormError message={actionData?.error} />
      {order.canCancel ? (
        <Form method="post" className="order-cancel">
          <p>You can cancel this order until we confirm it.</p>
          <button
            type="submit"
            name="intent"
            value="cancel"
            className="button button--secondary"
            disabled={cancelling}
          >
            Cancel order
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** How the order is paid; its payment status too when paid online or paid at all. */
function PaymentLine({ order }: { order: TrackedOrder }) {
  return (
    <p className="order-payment">
      Payment: {paymentMethodLabels[order.paymentMethod]}
      {order.paymentMethod === "online" || order.paymentStatus === "paid" ? (
        <>
          {" "}
          — <strong>{paymentStatusLabels[order.paymentStatus]}</strong>
        </>
      ) : null}
      {order.razorpayPaymentId ? <> (Razorpay payment id {order.razorpayPaymentId})</> : null}
    </p>
  );
}

/** An online payment not received (pending, failed or expired): pay now, or switch to cash on delivery. */
function UnpaidOnlineActions({ order, busy }: { order: TrackedOrder; busy: boolean }) {
  return (
    <div className="order-payment-actions">
      <p>
        {order.paymentStatus === "failed"
          ? "Your online payment did not go through."
          : order.paymentStatus === "expired"
            ? "The time to pay online ran out and the items went back on sale."
            : "We have not received your online payment yet."}{" "}
        You can pay now, or pay in cash when the order arrives
        {order.paymentStatus === "expired" ? " (while the items are still in stock)" : ""}.
      </p>
      {order.canRetryPayment ? (
        // A new document: /payment's CSP allows Razorpay's payment window.
        <a className="button" href={order.paymentPath}>
          Pay online now
        </a>
      ) : null}{" "}
      <CashOnDeliverySwitch busy={busy} />
    </div>
  );
}

/** The ordered lines as stored at checkout, and the total with how it is paid. */
function OrderItems({ order }: { order: TrackedOrder }) {
  return (
    <section aria-labelledby="items-title">
      <h2 id="items-title">Items</h2>
      <table className="order-lines">
        <TableHead columns={["Item", "Price", "Qty", "Total"]} />
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">{line.name}</th>
              <td>{formatPaise(line.unitPricePaise)}</td>
              <td>{line.quantity}</td>
              <td>{formatPaise(line.lineTotalPaise)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {order.couponCode ? (
            <tr>
              <th scope="row" colSpan={3}>
                Coupon {order.couponCode}:
              </th>
              <td>−{formatPaise(order.discountPaise)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" colSpan={3}>
              {order.paymentStatus === "paid"
                ? "Total paid"
                : order.paymentMethod === "online"
                  ? "Total to pay online"
                  : "Total to pay at delivery"}
            </th>
            <td>{formatPaise(order.totalPaise)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
