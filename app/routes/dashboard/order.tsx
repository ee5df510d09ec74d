import { data, Link, redirect } from "react-router";
import { ConfirmLink, ConfirmStep } from "~/components/dashboard/confirm-step";
import { TableScroll } from "~/components/dashboard/data-table";
import { DetailMessages, HistoryList, StatusButton } from "~/components/dashboard/detail-page";
import { PhoneLinks } from "~/components/dashboard/phone-links";
import { getDb } from "~/db/db.server";
import { MessageLog } from "~/features/messages/message-log";
import { messagesOf } from "~/features/messages/messages-admin.server";
import { billTitles } from "~/features/orders/bill-titles";
import { billsOfOrder } from "~/features/orders/bills.server";
import {
  type OrderTransitionIntent,
  orderActionSchema,
  orderActionTargets,
} from "~/features/orders/order-actions.schema";
import { orderStatusLabels, orderTransitions } from "~/features/orders/order-status";
import { IllegalTransitionError } from "~/features/orders/order-transition.server";
import { OrderRejectedError, transitionOrder } from "~/features/orders/orders.server";
import { getOrderForStaff, markCashCollected } from "~/features/orders/orders-admin.server";
import { paymentMethodLabels, paymentStatusLabels } from "~/features/payments/payment-status";
import { requireStaff } from "~/features/staff/session.server";
import { refusalText } from "~/i18n/i18n.server";
import { askedStep, unconfirmedStep } from "~/utils/confirm-step";
import { formatDateTimeIST } from "~/utils/dates";
import { parseEntityId } from "~/utils/entity-history.server";
import { formStrings, readIntentForm } from "~/utils/intent-form";
import { formatPaise } from "~/utils/money";
import type { Route } from "./+types/order";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

const notices: Record<string, string> = {
  confirmed: "Order confirmed.",
  shipped: "Order marked shipped.",
  delivered: "Order marked delivered.",
  cancelled: "Order cancelled; its stock was put back.",
  paid: "Cash collected: the payment is marked paid.",
};

/** Order detail: lines, totals, address, payment, history and actions (docs/dashboard.md). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const id = parseEntityId(params.id);
  const found = id === null ? null : await getOrderForStaff(await getDb(), id);
  if (!found) throw data("This order does not exist.", { status: 404 });
  const done = new URL(request.url).searchParams.get("done") ?? "";
  const cancellable = orderTransitions[found.order.status].includes("cancelled");
  return {
    ...found,
    // The confirmation step of Cancel (app/utils/confirm-step.ts), while it can be cancelled.
    cancelling: cancellable && askedStep(request.url, ["cancel"]) !== null,
    placedAt: formatDateTimeIST(found.order.createdAt),
    paidAt: found.order.paidAt ? formatDateTimeIST(found.order.paidAt) : null,
    notice: notices[done] ?? null,
    messageLog: await messagesOf(await getDb(), { type: "order", id: found.order.id }),
    bills: (await billsOfOrder(await getDb(), found.order.id)).map((bill) => ({
      ...bill,
      issuedAt: formatDateTimeIST(bill.issuedAt),
    })),
  };
}

/**
 * intent = confirm | ship | deliver | cancel (through `transitionOrder`, which writes the audit
 * row) or cash-collected, read by `orderActionSchema`; `expectedFrom` is the status the page
 * showed. Unknown intent or missing `expectedFrom` → 400; a stale page → 409 (intent-form.ts).
 * Cancel without `confirm=yes` goes to its confirmation step and changes nothing.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const id = parseEntityId(params.id);
  if (id === null) throw data("This order does not exist.", { status: 404 });
  const posted = await request.formData();
  const step = unconfirmedStep(request, formStrings(posted), { cancel: [] });
  if (step) return redirect(step);
  const form = readIntentForm(orderActionSchema, posted);
  if (!form.ok) return data({ error: refusalText("en", form.ref) }, { status: form.status });
  const { intent, expectedFrom } = form.data;
  const db = await getDb();
  try {
    if (intent === "cash-collected") {
      await markCashCollected(db, id, user.email, expectedFrom);
      return redirect(`/dashboard/orders/${id}?done=paid`);
    }
    const to = orderActionTargets[intent];
    await transitionOrder(db, id, to, user.email, expectedFrom);
    return redirect(`/dashboard/orders/${id}?done=${to}`);
  } catch (error) {
    if (error instanceof OrderRejectedError) {
      if (error.status === 404) throw data(refusalText("en", error), { status: 404 });
      return data({ error: refusalText("en", error) }, { status: error.status });
    }
    if (error instanceof IllegalTransitionError) {
      return data({ error: refusalText("en", error) }, { status: 409 });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.order.reference ?? "Order"} | Staff dashboard` },
];

type LoaderData = Route.ComponentProps["loaderData"];

const buttons: { intent: OrderTransitionIntent; label: string }[] = [
  { intent: "confirm", label: "Confirm order" },
  { intent: "ship", label: "Mark shipped" },
  { intent: "deliver", label: "Mark delivered" },
  { intent: "cancel", label: "Cancel order" },
];

/** Who, where, and how the order is paid. */
function OrderFacts({ loaderData }: { loaderData: LoaderData }) {
  const { order } = loaderData;
  return (
    <dl className="dash-details">
      <dt>Placed</dt>
      <dd>{loaderData.placedAt}</dd>
      <dt>Name</dt>
      <dd>{order.name}</dd>
      <dt>Phone</dt>
      <dd>
        <PhoneLinks phone={order.phone} name={order.name} />
      </dd>
      <dt>E-mail</dt>
      <dd>{order.email}</dd>
      <dt>Address</dt>
      <dd>
        {order.address}, {order.city}, {order.state} {order.pinCode}
      </dd>
      <dt>Payment method</dt>
      <dd>{paymentMethodLabels[order.paymentMethod]}</dd>
      <dt>Payment status</dt>
      <dd>{paymentStatusLabels[order.paymentStatus]}</dd>
      {loaderData.paidAt ? (
        <>
          <dt>Paid</dt>
          <dd>{loaderData.paidAt}</dd>
        </>
      ) : null}
      {order.razorpayPaymentId ? (
        <>
          <dt>Razorpay payment id</dt>
          <dd>
            <code>{order.razorpayPaymentId}</code>
          </dd>
        </>
      ) : null}
      {order.razorpayOrderId ? (
        <>
          <dt>Razorpay order id</dt>
          <dd>
            <code>{order.razorpayOrderId}</code>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** The Razorpay webhook events received for the order, oldest first. */
function PaymentEvents({ payments }: { payments: LoaderData["payments"] }) {
  if (payments.length === 0) return null;
  return (
    <>
      <h2>Payment events from Razorpay</h2>
      <TableScroll label="Payment events from Razorpay">
        <table className="dash-table">
          <thead>
            <tr>
              <th scope="col">Received (IST)</th>
              <th scope="col">Event</th>
              <th scope="col">Outcome</th>
              <th scope="col">Payment id</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((event) => (
              <tr key={event.eventId}>
                <td>{event.receivedAt}</td>
                <td>{event.event}</td>
                <td>{event.outcome}</td>
                <td>
                  <code>{event.razorpayPaymentId ?? "—"}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

/** The order's lines with unit prices, quantities and totals (paise shown as rupees). */
function OrderLines({ order, lines, bills }: Pick<LoaderData, "order" | "lines" | "bills">) {
  return (
    <>
      <h2>Items</h2>
      <TableScroll label="Items">
        <table className="dash-table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="num">
                Unit price
              </th>
              <th scope="col" className="num">
                Quantity
              </th>
              <th scope="col" className="num">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id}>
                <th scope="row">{line.name}</th>
                <td className="num">{formatPaise(line.unitPricePaise)}</td>
                <td className="num">{line.quantity}</td>
                <td className="num">{formatPaise(line.lineTotalPaise)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Subtotal
              </th>
              <td className="num">{formatPaise(order.subtotalPaise)}</td>
            </tr>
            {order.couponCode ? (
              <tr>
                <th scope="row" colSpan={3}>
                  Coupon {order.couponCode}:
                </th>
                <td className="num">−{formatPaise(order.discountPaise)}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row" colSpan={3}>
                Delivery
              </th>
              <td className="num">
                {order.deliveryPaise === 0 ? "Free" : formatPaise(order.deliveryPaise)}
              </td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                Total
              </th>
              <td className="num">{formatPaise(order.totalPaise)}</td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      <OrderBills orderId={order.id} bills={bills} />
    </>
  );
}

/**
 * The order's bills and credit notes (docs/tax.md "Issuing"), each a PDF download; said plainly
 * when there are none yet (they are issued on delivery, or when paid online).
 */
function OrderBills({ orderId, bills }: { orderId: number; bills: LoaderData["bills"] }) {
  return (
    <section aria-labelledby="bills-title">
      <h2 id="bills-title">Bills</h2>
      {bills.length === 0 ? (
        <p>None yet: the bill is issued when the order is delivered, or when it is paid online.</p>
      ) : (
        <ul>
          {bills.map((bill) => (
            <li key={bill.id}>
              <a href={`/dashboard/orders/${orderId}/bills/${bill.id}`} download>
                {billTitles[bill.kind]} {bill.number} (PDF)
              </a>{" "}
              issued {bill.issuedAt}, {formatPaise(bill.totalPaise)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The status buttons the workflow allows now, and 'cash collected' when it applies. */
function OrderActions({ order, cashCollectable }: Pick<LoaderData, "order" | "cashCollectable">) {
  const allowed = orderTransitions[order.status];
  if (allowed.length === 0 && !cashCollectable) return null;
  return (
    <>
      <h2>Actions</h2>
      <div className="dash-actions">
        {buttons
          .filter((button) => allowed.includes(orderActionTargets[button.intent]))
          .map((button) =>
            button.intent === "cancel" ? (
              <ConfirmLink key={button.intent} intent="cancel" small={false}>
                {button.label}
              </ConfirmLink>
            ) : (
              <StatusButton key={button.intent} intent={button.intent} expectedFrom={order.status}>
                {button.label}
              </StatusButton>
            ),
          )}
        {cashCollectable ? (
          <StatusButton intent="cash-collected" expectedFrom={order.status}>
            Cash collected ({formatPaise(order.totalPaise)})
          </StatusButton>
        ) : null}
      </div>
    </>
  );
}

/** The confirmation step of Cancel (app/utils/confirm-step.ts). */
function CancelStep({ order }: Pick<LoaderData, "order">) {
  return (
    <ConfirmStep
      title={`Cancel order ${order.reference}?`}
      intent="cancel"
      row={{ expectedFrom: order.status }}
      confirmLabel={`Cancel order ${order.reference}`}
      backLabel="Keep the order"
    >
      <p>
        {order.status === "awaiting_confirmation"
          ? "Nothing is sent (the customer never confirmed it with their code); its"
          : "The customer is told, its"}{" "}
        items go back into stock and a coupon used on it is refunded.
        {order.paymentStatus === "paid"
          ? ` It is paid: give the ${formatPaise(order.totalPaise)} back afterwards.`
          : ""}
      </p>
    </ConfirmStep>
  );
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { order, lines, history, notice, cashCollectable } = loaderData;
  return (
    <>
      <p>
        <Link to="/dashboard/orders">← All orders</Link>
      </p>
      <h1>
        Order {order.reference}: {orderStatusLabels[order.status]}
      </h1>
      <DetailMessages notice={notice} error={actionData?.error} answered={Boolean(actionData)} />
      {loaderData.cancelling ? <CancelStep order={order} /> : null}
      <OrderFacts loaderData={loaderData} />
      <p className="dash-actions">
        <Link to={`/dashboard/orders/${order.id}/slip`}>Packing slip (A4)</Link>
        <Link to={`/dashboard/orders/${order.id}/slip?width=80mm`}>Packing slip (80 mm)</Link>
      </p>
      {loaderData.needsRefund ? (
        <p className="dash-error" role="status">
          This order was paid online and then cancelled: refund {formatPaise(order.totalPaise)} in
          the Razorpay dashboard (payment {order.razorpayPaymentId}).
        </p>
      ) : null}
      {loaderData.paidWithoutStock ? (
        <p className="dash-error" role="status">
          This order was paid after its payment time ran out, and some items were no longer in stock
          (see the history): restock them or refund the missing items.
        </p>
      ) : null}
      <PaymentEvents payments={loaderData.payments} />
      <OrderLines order={order} lines={lines} bills={loaderData.bills} />
      <OrderActions order={order} cashCollectable={cashCollectable} />
      <MessageLog messages={loaderData.messageLog} />
      <HistoryList history={history} />
    </>
  );
}
