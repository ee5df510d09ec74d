import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ErrorSummary } from "~/components/ui/error-summary";
import { ShareLink } from "~/components/ui/share-link";
import { TableHead } from "~/components/ui/table-head";
import { getDb } from "~/db/db.server";
import { productNames, shownName } from "~/db/localised-names.server";
import { OneTimeCodeError } from "~/features/accounts/one-time-codes.server";
import {
  type AwaitingOrder,
  confirmOrderWithCode,
  sendFirstOrderCode,
  sendOrderCode,
} from "~/features/accounts/order-code.server";
import { OrderCodeForm } from "~/features/accounts/order-code-form";
import { claimWindowEnd, DEFAULT_CLAIM_DAYS } from "~/features/claims/claim-window";
import { type ClaimNotice, claimNoticesOf } from "~/features/claims/order-claims.server";
import { billsOfOrder } from "~/features/orders/bills.server";
import { CashOnDeliverySwitch } from "~/features/orders/cash-on-delivery-switch";
import { deliveryLine } from "~/features/orders/delivery-window-text.server";
import { stateMessageId } from "~/features/orders/indian-states";
import { shopperCanCancel } from "~/features/orders/order-status";
import {
  cancelOrderByToken,
  getOrderByToken,
  OrderRejectedError,
} from "~/features/orders/orders.server";
import { canPayOnline } from "~/features/payments/payment-status";
import { PaymentError, switchToCashOnDelivery } from "~/features/payments/payments.server";
import { razorpayConfig } from "~/features/payments/razorpay.server";
import { ERASED_NAME } from "~/features/privacy/personal-data";
import { localisedPageMeta } from "~/features/site/meta";
import { langOf, messagesFor, refusalText } from "~/i18n/i18n.server";
import { Trans, useLocalePath, useT } from "~/i18n/i18n-react";
import { localePath } from "~/i18n/languages";
import { formatDateTimeIST, formatDayIST } from "~/utils/dates";
import { env } from "~/utils/env.server";
import { formatPaise } from "~/utils/money";
import { formatIndianMobile } from "~/utils/phone";
import { message } from "~/utils/refusal";
import { clientAddressContext } from "~/utils/request-context";
import type { Route } from "./+types/order-tracking";

export async function loader({ params, request }: Route.LoaderArgs) {
  const db = await getDb();
  const order = await getOrderByToken(db, params.token);
  if (!order) throw data(null, { status: 404 });
  const {
    id: _id,
    trackingToken: _token,
    language: _language,
    createdAt,
    phone,
    lines,
    ...view
  } = order;
  const lang = langOf(request);
  // Line items keep the English name they were ordered with; shown in the page's language
  // while the product exists (ADR 0030).
  const names = await productNames(
    db,
    lang,
    lines.map((line) => line.productId),
  );
  return {
    ...view,
    lines: lines.map(({ productId, ...line }) => ({
      ...line,
      name: shownName(names, productId, line.name),
    })),
    phone: formatIndianMobile(phone),
    placedAt: formatDateTimeIST(createdAt, lang),
    delivery: deliveryLine(createdAt, order.status, lang, order),
    trackingPath: `/orders/${order.trackingToken}`,
    // docs/tax.md "Issuing": the order's bills and credit notes, each a PDF by the token.
    bills: (await billsOfOrder(db, order.id)).map((bill) => ({
      id: bill.id,
      kind: bill.kind,
      number: bill.number,
      date: formatDayIST(bill.issuedAt, lang),
      href: `/orders/${order.trackingToken}/bills/${bill.id}`,
    })),
    // docs/claims.md: 'Report a problem' while the claim window is open; the report just sent.
    canClaim:
      order.status === "delivered" &&
      order.deliveredAt !== null &&
      new Date() < claimWindowEnd(order.deliveredAt, DEFAULT_CLAIM_DAYS),
    claims: await claimNoticesOf(db, order, lang),
    claimSent: /^CL-[0-9A-Z]{6}$/.exec(new URL(request.url).searchParams.get("claim") ?? "")?.[0],
    canCancel:
      shopperCanCancel(order.status) &&
      !(order.paymentMethod === "online" && order.paymentStatus === "paid"),
    // docs/payments.md: a pending (abandoned) or failed online payment can be retried while
    // Razorpay is configured, or switched to cash on delivery.
    canRetryPayment: canPayOnline(order) && razorpayConfig() !== null,
    canSwitchToCashOnDelivery: canPayOnline(order),
    paymentPath: `/payment?order=${order.trackingToken}`,
    // docs/shop.md "Confirming a cash-on-delivery order": the code box and its deadline.
    awaitingCode: order.status === "awaiting_confirmation",
    cancelAt: formatDateTimeIST(
      new Date(createdAt.getTime() + env().operations.codConfirmMinutes * 60_000),
      lang,
    ),
    messages: messagesFor(lang, [
      "order",
      "payment",
      "checkout",
      "form",
      "share",
      "state",
      "delivery.line",
    ]),
  };
}

/** What a refused action answers: a message at the top, or next to the code field. */
type ActionResult = { error?: string; codeError?: string; codeSent?: boolean };

/**
 * The shopper cancels while the order is 'placed' or awaiting their code (docs/shop.md),
 * switches a pending or failed online payment to cash on delivery (docs/payments.md), or
 * confirms a cash-on-delivery order with the code sent to its phone (`confirm-code`,
 * `send-code`; docs/shop.md "Confirming a cash-on-delivery order").
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "confirm-code" || intent === "send-code") {
    return codeAction(request, params.token, {
      intent,
      code: String(form.get("code") ?? "").slice(0, 40),
      clientAddress: context.get(clientAddressContext),
    });
  }
  if (intent !== "cancel" && intent !== "cash-on-delivery")
    return data<ActionResult>(
      { error: refusalText(langOf(request), message("errors.pickup.unknownAction")) },
      { status: 400 },
    );
  const lang = langOf(request);
  try {
    if (intent === "cancel") await cancelOrderByToken(await getDb(), params.token);
    else {
      const switched = await switchToCashOnDelivery(await getDb(), params.token);
      if (switched.awaitingCode) {
        await sendFirstOrderCode(await getDb(), {
          order: switched.order,
          clientAddress: context.get(clientAddressContext),
          now: new Date(),
        });
      }
    }
  } catch (error) {
    if (error instanceof OrderRejectedError || error instanceof PaymentError)
      return data<ActionResult>({ error: refusalText(lang, error) }, { status: error.status });
    throw error;
  }
  return redirect(localePath(lang, `/orders/${params.token}`), { status: 303 });
}

/**
 * 'Confirm order' (the code → the order is 'placed', then the thank-you page) and 'Send a new
 * code'. An order that no longer waits just shows its page again; a refused code answers with
 * its message next to the field (422, 429 with Retry-After).
 */
async function codeAction(
  request: Request,
  token: string,
  form: { intent: "confirm-code" | "send-code"; code: string; clientAddress: string },
) {
  const lang = langOf(request);
  const db = await getDb();
  const found = await getOrderByToken(db, token);
  if (!found) throw data(null, { status: 404 });
  const pagePath = localePath(lang, `/orders/${token}`);
  if (found.status !== "awaiting_confirmation") return redirect(pagePath, { status: 303 });
  const order: AwaitingOrder = {
    id: found.id,
    reference: found.reference,
    phone: found.phone,
    language: found.language,
  };
  const now = new Date();
  try {
    if (form.intent === "send-code") {
      await sendOrderCode(db, { order, clientAddress: form.clientAddress, now });
      return data<ActionResult>({ codeSent: true });
    }
    await confirmOrderWithCode(db, {
      order,
      code: form.code,
      clientAddress: form.clientAddress,
      now,
    });
  } catch (error) {
    if (error instanceof OneTimeCodeError) {
      const headers: Record<string, string> =
        error.retryAfterSeconds === undefined
          ? {}
          : { "Retry-After": String(error.retryAfterSeconds) };
      return data<ActionResult>(
        { codeError: refusalText(lang, error.ref) },
        { status: error.status, headers },
      );
    }
    if (error instanceof OrderRejectedError) return redirect(pagePath, { status: 303 });
    throw error;
  }
  return redirect(localePath(lang, `/orders/${token}/placed`), { status: 303 });
}

export const meta: Route.MetaFunction = (args) => [
  ...localisedPageMeta(args, "order.tracking.title", "order.tracking.meta.description", {
    reference: args.loaderData?.reference ?? "",
  }),
  { name: "robots", content: "noindex" },
];

type TrackedOrder = Route.ComponentProps["loaderData"];

export default function OrderTracking({ loaderData: order, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const cancelling = navigation.state !== "idle" && navigation.formMethod === "POST";
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="page page--narrow">
      <h1>{t("order.tracking.title", { reference: order.reference })}</h1>
      {/* A refused cancel or switch, at the top where the page opens again without JavaScript. */}
      <ErrorSummary items={[]} formError={actionData?.error} />
      {order.awaitingCode ? (
        <OrderCodeForm
          phone={order.phone}
          cancelAt={order.cancelAt}
          error={actionData?.codeError}
          sent={actionData?.codeSent}
        />
      ) : null}
      <p className="order-status">
        <Trans
          id="order.tracking.status"
          values={{ status: t(`order.status.${order.status}`) }}
          components={{ 0: <strong /> }}
        />
      </p>
      <p>{t("order.tracking.placedOn", { date: order.placedAt })}</p>
      {order.delivery ? (
        <p className="order-delivery">{t(order.delivery.id, order.delivery.values)}</p>
      ) : null}
      <PaymentLine order={order} />
      {order.canRetryPayment || order.canSwitchToCashOnDelivery ? (
        <UnpaidOnlineActions order={order} busy={cancelling} />
      ) : null}
      <OrderItems order={order} />
      <OrderBills bills={order.bills} />
      {order.claimSent ? (
        <p className="success-message" role="status">
          {t("order.claim.sent", { reference: order.claimSent })}
        </p>
      ) : null}
      <OrderClaims claims={order.claims} />
      {order.canClaim ? (
        <p>
          <Link to={to(`${order.trackingPath}/claim`)}>{t("order.claim.link")}</Link>
        </p>
      ) : null}
      <section aria-labelledby="address-title">
        <h2 id="address-title">{t("order.tracking.address")}</h2>
        {/* Erased at the customer's request (docs/accounts.md): said, not the tombstone. */}
        {order.name === ERASED_NAME ? (
          <p>{t("order.tracking.erased")}</p>
        ) : (
          <address>
            {order.name}
            <br />
            {order.address}
            <br />
            {order.city}, {t(stateMessageId(order.state))} {order.pinCode}
            <br />
            {order.phone}
          </address>
        )}
      </section>
      {order.canCancel ? (
        <Form method="post" className="order-cancel">
          <p>{t("order.tracking.cancelNote")}</p>
          <button
            type="submit"
            name="intent"
            value="cancel"
            className="button button--secondary"
            disabled={cancelling}
          >
            {t("order.tracking.cancel")}
          </button>
        </Form>
      ) : null}
      <ShareLink
        path={order.trackingPath}
        shareText={t("order.share.text", { reference: order.reference })}
      />
    </div>
  );
}

/**
 * The order's bills (docs/tax.md "Issuing"): each a download of its PDF; none until the order is
 * delivered or paid online.
 */
function OrderBills({ bills }: { bills: TrackedOrder["bills"] }) {
  const t = useT();
  const to = useLocalePath();
  if (bills.length === 0) return null;
  return (
    <section aria-labelledby="bills-title">
      <h2 id="bills-title">{t("order.bills.heading")}</h2>
      <ul className="order-bills">
        {bills.map((bill) => (
          <li key={bill.id}>
            <a href={to(bill.href)} download>
              {t("order.bills.download", {
                title: t(`order.bills.kind.${bill.kind}`),
                number: bill.number,
              })}
            </a>{" "}
            <span>{t("order.bills.issued", { date: bill.date })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How the order is paid; its payment status too when paid online or paid at all. */
function PaymentLine({ order }: { order: TrackedOrder }) {
  const t = useT();
  return (
    <p className="order-payment">
      {t("order.tracking.payment", { method: t(`payment.method.${order.paymentMethod}`) })}
      {order.paymentMethod === "online" || order.paymentStatus === "paid" ? (
        <>
          {" "}
          — <strong>{t(`payment.status.${order.paymentStatus}`)}</strong>
        </>
      ) : null}
      {order.razorpayPaymentId ? (
        <> {t("order.tracking.razorpayId", { id: order.razorpayPaymentId })}</>
      ) : null}
    </p>
  );
}

/** An online payment not received (pending, failed or expired): pay now, or switch to cash on delivery. */
function UnpaidOnlineActions({ order, busy }: { order: TrackedOrder; busy: boolean }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="order-payment-actions">
      <p>
        {order.paymentStatus === "failed"
          ? t("order.tracking.unpaid.failed")
          : order.paymentStatus === "expired"
            ? t("order.tracking.unpaid.expired")
            : t("order.tracking.unpaid.pending")}{" "}
        {order.paymentStatus === "expired"
          ? t("order.tracking.unpaid.optionsExpired")
          : t("order.tracking.unpaid.options")}
      </p>
      {order.canRetryPayment ? (
        // A new document: /payment's CSP allows Razorpay's payment window.
        <a className="button" href={to(order.paymentPath)}>
          {t("order.payOnlineNow")}
        </a>
      ) : null}{" "}
      <CashOnDeliverySwitch busy={busy} />
    </div>
  );
}

/** The ordered lines as stored at checkout, and the total with how it is paid. */
function OrderItems({ order }: { order: TrackedOrder }) {
  const t = useT();
  return (
    <section aria-labelledby="items-title">
      <h2 id="items-title">{t("order.tracking.items")}</h2>
      <table className="order-lines">
        <TableHead
          columns={[
            t("order.tracking.column.item"),
            t("order.tracking.column.price"),
            t("order.tracking.column.qty"),
            t("order.tracking.column.total"),
          ]}
        />
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
                {t("checkout.coupon.discount", { code: order.couponCode })}
              </th>
              <td>−{formatPaise(order.discountPaise)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" colSpan={3}>
              {t("delivery.line.label")}
            </th>
            <td>
              {order.deliveryPaise === 0
                ? t("delivery.line.free")
                : formatPaise(order.deliveryPaise)}
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              {order.paymentStatus === "paid"
                ? t("order.tracking.totalPaid")
                : order.paymentMethod === "online"
                  ? t("order.tracking.totalOnline")
                  : t("order.tracking.totalAtDelivery")}
            </th>
            <td>{formatPaise(order.totalPaise)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

/** The order's claims and where each stands (docs/claims.md), words written by the server. */
function OrderClaims({ claims }: { claims: readonly ClaimNotice[] }) {
  const t = useT();
  const to = useLocalePath();
  if (claims.length === 0) return null;
  return (
    <section aria-labelledby="claims-title">
      <h2 id="claims-title">{t("order.claims.title")}</h2>
      {claims.map((claim) => (
        <div key={claim.reference}>
          <p>{claim.text}</p>
          {claim.note ? <p>{claim.note}</p> : null}
          {claim.replacementHref ? (
            <p>
              <Link to={to(claim.replacementHref)}>{t("order.claims.replacement")}</Link>
            </p>
          ) : null}
          <p>
            {claim.photos.map((photo) => (
              <a key={photo.href} href={to(photo.href)}>
                {photo.label}{" "}
              </a>
            ))}
          </p>
        </div>
      ))}
    </section>
  );
}
