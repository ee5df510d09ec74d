/**
 * /payment (docs/payments.md; spec §2 /payment; docs/product.md): pay a stored order online. The
 * reference and amount come from the database (`?order=<tracking token>`), never from the
 * browser. 'Pay Now' validates the UPI ID, creates the Razorpay order on the server and opens
 * Razorpay's payment window with the UPI ID prefilled; its success callback is verified on the
 * server before the order counts as paid. The CSP of this page alone allows Razorpay's script
 * (server/security.ts), so links to it load a new document.
 */
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { InputField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import { CashOnDeliverySwitch } from "~/features/orders/cash-on-delivery-switch";
import { payFormSchema, verifyFormSchema } from "~/features/payments/payment.schema";
import {
  payFields,
  UPI_ID_MAX_LENGTH,
  UPI_ID_PATTERN,
  verifyFields,
} from "~/features/payments/payment-fields";
import {
  confirmCheckoutPayment,
  getPaymentPage,
  PaymentError,
  startOnlinePayment,
} from "~/features/payments/payments.server";
import { razorpayConfig } from "~/features/payments/razorpay.server";
import {
  type CheckoutOptions,
  loadCheckoutScript,
  openCheckout,
} from "~/features/payments/razorpay-checkout";
import { localisedPageMeta } from "~/features/site/meta";
import { siteConfig } from "~/features/site/site-config";
import {
  fieldErrorTexts,
  langOf,
  messagesFor,
  refusalText,
  t as serverT,
} from "~/i18n/i18n.server";
import { Trans, useLocalePath, useT } from "~/i18n/i18n-react";
import { localePath } from "~/i18n/languages";
import { isUnguessableToken } from "~/utils/codes.server";
import { textFields } from "~/utils/form-data";
import { formatPaise } from "~/utils/money";
import { message } from "~/utils/refusal";
import type { Route } from "./+types/payment";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("order") ?? "";
  const messages = messagesFor(langOf(request), ["payment", "form"]);
  if (!razorpayConfig()) {
    return {
      enabled: false as const,
      order: null,
      trackingPath: isUnguessableToken(token) ? `/orders/${token}` : null,
      messages,
    };
  }
  if (!token) return { enabled: true as const, order: null, trackingPath: null, messages };
  const order = await getPaymentPage(await getDb(), token);
  if (!order) throw data(null, { status: 404 });
  return { enabled: true as const, order, trackingPath: `/orders/${token}`, messages };
}

type ActionResult = {
  values?: { upiId: string };
  errors?: Record<string, string>;
  formError?: string;
  checkout?: CheckoutOptions;
};

/**
 * intent=pay: validate the UPI ID and start the payment (Razorpay order from the database
 * total); intent=verify: the widget's success callback, checked on the server, then the
 * order-placed page. Amounts or order ids in the form are never read.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lang = langOf(request);
  const config = razorpayConfig();
  if (!config) {
    return data<ActionResult>(
      { formError: refusalText(lang, message("errors.payment.unavailable")) },
      { status: 404 },
    );
  }
  const db = await getDb();
  try {
    if (form.get("intent") === "verify") {
      const parsed = verifyFormSchema.safeParse(textFields(form, verifyFields));
      if (!parsed.success) {
        return data<ActionResult>(
          { formError: refusalText(lang, message("errors.payment.verifyFailed")) },
          { status: 400 },
        );
      }
      const paid = await confirmCheckoutPayment(db, config, parsed.data);
      return redirect(localePath(lang, `/orders/${paid.trackingToken}/placed`), { status: 303 });
    }
    if (form.get("intent") !== "pay") {
      return data<ActionResult>(
        { formError: refusalText(lang, message("errors.pickup.unknownAction")) },
        { status: 400 },
      );
    }
    const fields = textFields(form, payFields);
    const values = { upiId: fields.upiId };
    const parsed = payFormSchema.safeParse(fields);
    if (!parsed.success) {
      const errors = fieldErrorTexts(lang, parsed.error.issues);
      return data<ActionResult>(
        { values, errors, formError: errors.order },
        { status: errors.order ? 404 : 400 },
      );
    }
    const started = await startOnlinePayment(db, config, { token: parsed.data.order });
    const checkout: CheckoutOptions = {
      key: config.keyId,
      order_id: started.razorpayOrderId,
      amount: started.amountPaise,
      currency: started.currency,
      name: siteConfig.brandName,
      description: serverT(lang, "payment.widgetDescription", { reference: started.reference }),
      prefill: {
        name: started.name,
        email: started.email,
        contact: started.phone,
        method: "upi",
        vpa: parsed.data.upiId,
      },
      notes: { reference: started.reference },
    };
    return data<ActionResult>({ values, checkout });
  } catch (error) {
    if (error instanceof PaymentError) {
      return data<ActionResult>({ formError: refusalText(lang, error) }, { status: error.status });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) => [
  ...localisedPageMeta(
    args,
    "payment.meta.title",
    args.loaderData?.enabled === false
      ? "payment.meta.descriptionDisabled"
      : "payment.meta.description",
  ),
  // One shopper's order is private; the page without one explains how paying works.
  ...(args.loaderData?.trackingPath ? [{ name: "robots", content: "noindex" }] : []),
];

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const t = useT();
  const to = useLocalePath();
  if (!loaderData.enabled) {
    return (
      <div className="page page--narrow">
        <h1>{t("payment.meta.title")}</h1>
        <p role="status">{t("payment.disabled")}</p>
        {loaderData.trackingPath ? (
          <p>
            <Link to={to(loaderData.trackingPath)}>{t("payment.seeOrder")}</Link>
          </p>
        ) : (
          <p>
            <Link to={to("/plant")}>{t("payment.browsePlants")}</Link>
          </p>
        )}
      </div>
    );
  }
  const { order } = loaderData;
  if (!order) {
    return (
      <div className="page page--narrow">
        <h1>{t("payment.meta.title")}</h1>
        <p>{t("payment.howTo")}</p>
        <p>
          <Link to={to("/cart")}>{t("payment.goToCart")}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page page--narrow">
      <h1>{t("payment.meta.title")}</h1>
      <p>
        <Trans
          id="payment.order"
          values={{ reference: order.reference }}
          components={{ 0: <strong /> }}
        />
      </p>
      <p className="cart-total">
        <span>{order.state === "paid" ? t("payment.amountPaid") : t("payment.amountToPay")}</span>{" "}
        <strong>{formatPaise(order.totalPaise)}</strong>
      </p>
      <FormError message={result?.formError} />
      {order.state === "payable" ? (
        <PayForm token={order.trackingToken} result={result} />
      ) : (
        <p role="status">
          {order.state === "paid"
            ? t("payment.state.paid")
            : order.state === "cash-on-delivery"
              ? t("payment.state.cod")
              : t("payment.state.closed")}
        </p>
      )}
      <p>
        <Link to={to(`/orders/${order.trackingToken}`)}>{t("payment.seeOrder")}</Link>
      </p>
    </div>
  );
}

function PayForm({ token, result }: { token: string; result: ActionResult | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const checkout = result?.checkout;
  const { script, notice } = useRazorpayWindow(checkout, token);
  const errors = result?.errors ?? {};
  const t = useT();
  const to = useLocalePath();
  return (
    <>
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="intent" value="pay" />
        <input type="hidden" name="order" value={token} />
        <InputField
          id="upiId"
          name="upiId"
          label={t("payment.upi.label")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={UPI_ID_MAX_LENGTH}
          pattern={UPI_ID_PATTERN}
          hint={t("payment.upi.hint")}
          defaultValue={result?.values?.upiId}
          error={errors.upiId}
        />
        <button type="submit" className="button button--large" disabled={busy}>
          {t("payment.payNow")}
        </button>
      </Form>
      <div aria-live="polite">
        {busy ? <p>{t("payment.wait")}</p> : notice ? <p>{notice}</p> : null}
      </div>
      <FormError message={script === "failed" ? t("payment.scriptFailed") : null} />
      {checkout ? <p className="no-js-only">{t("payment.needsJs")}</p> : null}
      <CashOnDeliverySwitch action={to(`/orders/${token}`)} busy={busy} />
    </>
  );
}

/**
 * Loads Razorpay's script in the browser and opens its payment window once for each new
 * `checkout` the server answered 'Pay Now' with. A success is sent back (intent=verify) to be
 * checked on the server; a failure or a closed window becomes `notice`, a line to show.
 */
function useRazorpayWindow(
  checkout: CheckoutOptions | undefined,
  token: string,
): { script: "loading" | "ready" | "failed"; notice: string | null } {
  const submit = useSubmit();
  const t = useT();
  const [script, setScript] = useState<"loading" | "ready" | "failed">("loading");
  const [notice, setNotice] = useState<string | null>(null);
  const opened = useRef<CheckoutOptions | null>(null);

  useEffect(() => {
    loadCheckoutScript().then(
      () => setScript("ready"),
      () => setScript("failed"),
    );
  }, []);

  useEffect(() => {
    if (!checkout || opened.current === checkout || script !== "ready" || !window.Razorpay) {
      return;
    }
    opened.current = checkout;
    setNotice(null);
    openCheckout(window.Razorpay, checkout, {
      success(response) {
        setNotice(t("payment.notice.received"));
        submit(
          {
            intent: "verify",
            order: token,
            razorpay_payment_id: response.razorpay_payment_id,
            razorpay_order_id: response.razorpay_order_id,
            razorpay_signature: response.razorpay_signature,
          },
          { method: "post" },
        );
      },
      failure(response) {
        const reason = response.error?.description;
        setNotice(
          reason ? t("payment.notice.failedReason", { reason }) : t("payment.notice.failed"),
        );
      },
      dismiss() {
        setNotice(t("payment.notice.dismissed"));
      },
    });
  }, [checkout, script, submit, token, t]);

  return { script, notice };
}
