import { data, Form, Link, redirect, useNavigation } from "react-router";
import { TableScroll } from "~/components/dashboard/data-table";
import { DetailMessages, HistoryList } from "~/components/dashboard/detail-page";
import { PhoneLinks } from "~/components/dashboard/phone-links";
import { InputField, RadioGroupField, TextareaField } from "~/components/ui/field";
import { getDb } from "~/db/db.server";
import { claimDecisionSchema, refundPaidSchema } from "~/features/claims/claim-decision.schema";
import {
  decideClaim,
  recordClaimRefundPaid,
  refundIdOfClaim,
  sendClaimRefund,
} from "~/features/claims/claim-decisions.server";
import {
  claimReasonLabels,
  claimStatusLabels,
  decisionChoices,
  refundStatusLabels,
} from "~/features/claims/claim-labels";
import { getClaimForStaff } from "~/features/claims/claims-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import { formatDateTimeIST } from "~/utils/dates";
import { entityHistory, parseEntityId } from "~/utils/entity-history.server";
import { env } from "~/utils/env.server";
import { textFields } from "~/utils/form-data";
import { formatPaise } from "~/utils/money";
import { isRefusal } from "~/utils/refusal";
import type { Route } from "./+types/claim";

// Loader and action headers reach document responses too.
export { headers } from "~/utils/route-headers";

const notices: Record<string, string> = {
  replaced: "Replacement order placed; the customer is told.",
  refunded: "Refund recorded; the customer is told.",
  credited: "Coupon issued; the customer is told.",
  rejected: "Claim rejected; the customer is told.",
  refundPaid: "Refund recorded as paid; the customer is told.",
  refundSent: "Razorpay accepted the refund.",
  refundNotSent: "Razorpay did not accept the refund yet; it is tried again every 5 minutes.",
};

/** One claim: its order, claimed goods, photos, decision, refund and history (docs/claims.md). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const id = parseEntityId(params.id);
  const db = await getDb();
  const found = id === null ? null : await getClaimForStaff(db, id);
  if (!found) throw data("This claim does not exist.", { status: 404 });
  const { claim, order, refund, coupon } = found;
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return {
    ...found,
    claim: {
      ...claim,
      statusLabel: claimStatusLabels[claim.status],
      createdAt: formatDateTimeIST(claim.createdAt),
      decidedAt: claim.decidedAt ? formatDateTimeIST(claim.decidedAt) : null,
    },
    order: {
      id: order.id,
      reference: order.reference,
      name: order.name,
      phone: order.phone,
      paymentMethod: order.paymentMethod,
      paidOnline: order.paymentMethod === "online" && order.razorpayPaymentId !== null,
    },
    lines: found.lines.map((line) => ({ ...line, reason: claimReasonLabels[line.reason] })),
    refund: refund
      ? {
          ...refund,
          statusLabel: refundStatusLabels[refund.status],
          paidAt: refund.paidAt ? formatDateTimeIST(refund.paidAt) : null,
        }
      : null,
    coupon: coupon ? { ...coupon, expiresAt: formatDateTimeIST(coupon.expiresAt) } : null,
    history: await entityHistory(db, "claim", claim.id),
    notice: notices[done] ?? null,
  };
}

type ActionResult = {
  error?: string;
  values?: Record<string, string>;
  errors?: Record<string, string>;
};

/**
 * intent = decide (`decideClaim`, then Razorpay for an online refund), refundPaid
 * (`recordClaimRefundPaid`) or sendRefund (Razorpay again for a pending refund). A bad form →
 * 400 with the message next to its field; a refusal → its status with the message next to its
 * field or above the form; success redirects back with a notice.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const id = parseEntityId(params.id);
  if (id === null) throw data("This claim does not exist.", { status: 404 });
  const values = textFields(await request.formData(), [
    "intent",
    "decision",
    "note",
    "method",
    "reference",
  ]);
  const db = await getDb();
  const staff = { email: user.email, name: user.name };
  const now = new Date();
  try {
    if (values.intent === "sendRefund") {
      const refundId = await refundIdOfClaim(db, id);
      const sent = refundId ? await sendClaimRefund(db, refundId, now) : false;
      return redirect(`/dashboard/claims/${id}?done=${sent ? "refundSent" : "refundNotSent"}`);
    }
    if (values.intent === "refundPaid") {
      const parsed = refundPaidSchema.safeParse(values);
      if (!parsed.success) return formErrors(values, parsed.error.issues);
      await recordClaimRefundPaid(db, { claimId: id, ...parsed.data, staff, now });
      return redirect(`/dashboard/claims/${id}?done=refundPaid`);
    }
    const parsed = claimDecisionSchema.safeParse(values);
    if (!parsed.success) return formErrors(values, parsed.error.issues);
    const outcome = await decideClaim(db, {
      claimId: id,
      ...parsed.data,
      staff,
      now,
      couponValidDays: env().exchange.couponValidDays,
    });
    if (outcome.refundToSend) await sendClaimRefund(db, outcome.refundToSend, now);
    return redirect(`/dashboard/claims/${id}?done=${outcome.status}`);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const text = refusalText("en", error);
    return data<ActionResult>(
      error.field ? { values, errors: { [error.field]: text } } : { values, error: text },
      { status: error.status },
    );
  }
}

function formErrors(values: Record<string, string>, issues: Parameters<typeof fieldErrorTexts>[1]) {
  return data<ActionResult>({ values, errors: fieldErrorTexts("en", issues) }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Claim ${loaderData?.claim.reference ?? ""} | Staff dashboard` },
];

type Loaded = Route.ComponentProps["loaderData"];

function ClaimedGoods({ lines, valuePaise }: Pick<Loaded, "lines" | "valuePaise">) {
  return (
    <TableScroll label="Claimed goods">
      <table className="dash-table">
        <caption>Claimed goods</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Claimed</th>
            <th scope="col">What happened</th>
            <th scope="col" className="num">
              Value
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.orderLineId}>
              <th scope="row">{line.name}</th>
              <td>
                {line.quantity} of {line.delivered}
              </td>
              <td>{line.reason}</td>
              <td className="num">{formatPaise(line.unitPricePaise * line.quantity)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Claimed value
            </th>
            <td className="num">{formatPaise(valuePaise)}</td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}

function Photos({ claim, photos }: Pick<Loaded, "claim" | "photos">) {
  return (
    <>
      <h2>Photos</h2>
      <ul className="dash-photos__list">
        {photos.map((photo, index) => {
          const src = `/dashboard/claims/${claim.id}/photos/${photo.id}`;
          return (
            <li key={photo.id} className="dash-photos__item">
              <a href={src}>
                <img
                  src={src}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  alt={`What the customer sent for claim ${claim.reference}, ${index + 1} of ${photos.length}`}
                />
              </a>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function DecideForm({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { order, valuePaise } = loaderData;
  const values = actionData?.values ?? {};
  const errors = actionData?.errors ?? {};
  const refundHow = order.paidOnline
    ? "to the customer's online payment, through Razorpay"
    : "which you pay back yourself (cash on delivery): record it here once paid";
  return (
    <Form method="post" className="dash-form">
      <input type="hidden" name="intent" value="decide" />
      <RadioGroupField
        name="decision"
        legend="Decision"
        options={decisionChoices}
        defaultValue={values.decision ?? ""}
        hint={`The claimed value is ${formatPaise(valuePaise)}: a refund goes ${refundHow}. A refund or store credit gets a credit note for the claimed goods.`}
        error={errors.decision}
      />
      <TextareaField
        id="note"
        name="note"
        label="Note to the customer (required to reject)"
        rows={3}
        maxLength={500}
        defaultValue={values.note ?? ""}
        error={errors.note}
      />
      <button type="submit" className="button" disabled={navigation.state === "submitting"}>
        Decide and tell the customer
      </button>
    </Form>
  );
}

function RefundPaidForm({ actionData }: Pick<Route.ComponentProps, "actionData">) {
  const navigation = useNavigation();
  const values = actionData?.values ?? {};
  const errors = actionData?.errors ?? {};
  return (
    <Form method="post" className="dash-form">
      <input type="hidden" name="intent" value="refundPaid" />
      <RadioGroupField
        name="method"
        legend="Paid back by"
        options={[
          { value: "upi", label: "UPI" },
          { value: "cash", label: "Cash" },
          { value: "bank_transfer", label: "Bank transfer" },
        ]}
        defaultValue={values.method ?? ""}
        error={errors.method}
      />
      <InputField
        id="reference"
        name="reference"
        label="UPI transaction id or bank reference (none for cash)"
        maxLength={100}
        defaultValue={values.reference ?? ""}
        error={errors.reference}
      />
      <button type="submit" className="button" disabled={navigation.state === "submitting"}>
        Record the refund as paid
      </button>
    </Form>
  );
}

function Decision({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { claim, replacement, refund, coupon, creditNotes, order } = loaderData;
  return (
    <>
      <h2>Decision</h2>
      <dl className="dash-details">
        <dt>Decided</dt>
        <dd>
          {claim.statusLabel}, {claim.decidedAt} by {claim.decidedByName}
        </dd>
        <dt>Note to the customer</dt>
        <dd>{claim.decisionNote || "–"}</dd>
        {replacement ? (
          <>
            <dt>Replacement order</dt>
            <dd>
              <Link to={`/dashboard/orders/${replacement.id}`} className="dash-ref">
                {replacement.reference}
              </Link>{" "}
              ({replacement.status})
            </dd>
          </>
        ) : null}
        {refund ? (
          <>
            <dt>Refund</dt>
            <dd>
              {formatPaise(refund.amountPaise)}: {refund.statusLabel}
              {refund.razorpayRefundId ? ` (${refund.razorpayRefundId})` : ""}
              {refund.paidAt
                ? `, ${refund.paidAt} by ${refund.paidByName}${refund.reference ? `, ${refund.reference}` : ""}`
                : ""}
              {refund.lastError && refund.status === "pending" ? (
                <span className="dash-error"> Last try: {refund.lastError}</span>
              ) : null}
            </dd>
          </>
        ) : null}
        {coupon ? (
          <>
            <dt>Coupon</dt>
            <dd>
              {coupon.code}, {formatPaise(coupon.valuePaise)}, valid until {coupon.expiresAt}
            </dd>
          </>
        ) : null}
        {creditNotes.length > 0 ? (
          <>
            <dt>Credit notes</dt>
            <dd>
              {creditNotes.map((note) => (
                <a key={note.id} href={`/dashboard/orders/${order.id}/bills/${note.id}`} download>
                  {note.number}{" "}
                </a>
              ))}
            </dd>
          </>
        ) : null}
      </dl>
    </>
  );
}

export default function ClaimDetail(props: Route.ComponentProps) {
  const { loaderData, actionData } = props;
  const { claim, order, history, notice, refund } = loaderData;
  const navigation = useNavigation();
  return (
    <>
      <p>
        <Link to="/dashboard/claims">All claims</Link>
      </p>
      <h1>Claim {claim.reference}</h1>
      <DetailMessages notice={notice} error={actionData?.error} answered={Boolean(actionData)} />
      <dl className="dash-details">
        <dt>Order</dt>
        <dd>
          <Link to={`/dashboard/orders/${order.id}`} className="dash-ref">
            {order.reference}
          </Link>{" "}
          ({order.paidOnline ? "paid online" : "cash on delivery"})
        </dd>
        <dt>Customer</dt>
        <dd>
          {order.name} · <PhoneLinks phone={order.phone} name={order.name} />
        </dd>
        <dt>Filed</dt>
        <dd>{claim.createdAt}</dd>
        <dt>Status</dt>
        <dd>{claim.statusLabel}</dd>
        <dt>Customer's note</dt>
        <dd>{claim.note || "–"}</dd>
      </dl>
      <ClaimedGoods lines={loaderData.lines} valuePaise={loaderData.valuePaise} />
      <Photos claim={claim} photos={loaderData.photos} />
      {claim.status === "open" ? <DecideForm {...props} /> : <Decision loaderData={loaderData} />}
      {refund?.status === "to_pay" ? <RefundPaidForm actionData={actionData} /> : null}
      {refund?.status === "pending" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="sendRefund" />
          <button
            type="submit"
            className="button button--secondary"
            disabled={navigation.state === "submitting"}
          >
            Send the refund to Razorpay again
          </button>
        </Form>
      ) : null}
      <HistoryList history={history} />
    </>
  );
}
