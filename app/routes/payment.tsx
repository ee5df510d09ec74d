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
import { pageMeta } from "~/features/site/meta";
import { siteConfig } from "~/features/site/site-config";
import { isUnguessableToken } from "~/utils/codes.server";
import { firstIssuePerField, textFields } from "~/utils/form-data";
import { formatPaise } from "~/utils/money";
import type { Route } from "./+types/payment";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("order") ?? "";
  if (!razorpayConfig()) {
    return {
      enabled: false as const,
      order: null,
      trackingPath: isUnguessableToken(token) ? `/orders/${token}` : null,
    };
  }
  if (!token) return { enabled: true as const, order: null, trackingPath: null };
  const order = await getPaymentPage(await getDb(), token);
  if (!order) throw data(null, { status: 404 });
  return { enabled: true as const, order, trackingPath: `/orders/${token}` };
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
  const config = razorpayConfig();
  if (!config) {
    return data<ActionResult>(
      { formError: "Online payment is not available. Please pay in cash on delivery." },
      { status: 404 },
    );
  }
  const db = await getDb();
  try {
    if (form.get("intent") === "verify") {
      const parsed = verifyFormSchema.safeParse(textFields(form, verifyFields));
      if (!parsed.success) {
        return data<ActionResult>(
          { formError: "We could not confirm this payment. Please try again." },
          { status: 400 },
        );
      }
      const paid = await confirmCheckoutPayment(db, config, parsed.data);
      return redirect(`/orders/${paid.trackingToken}/placed`, { status: 303 });
    }
    if (form.get("intent") !== "pay") {
      return data<ActionResult>({ formError: "Unknown action." }, { status: 400 });
    }
    const fields = textFields(form, payFields);
    const values = { upiId: fields.upiId };
    const parsed = payFormSchema.safeParse(fields);
    if (!parsed.success) {
      const errors = firstIssuePerField(parsed.error.issues);
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
      description: `Order ${started.reference}`,
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
      return data<ActionResult>({ formError: error.message }, { status: error.status });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(
    "Payment",
    loaderData?.enabled === false
      ? "Online payment is not available; orders are paid in cash on delivery."
      : "Pay for your order online by UPI or card through Razorpay.",
  ),
  // One shopper's order is private; the page without one explains how paying works.
  ...(loaderData?.trackingPath ? [{ name: "robots", content: "noindex" }] : []),
];

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  if (!loaderData.enabled) {
    return (
      <div className="page page--narrow">
        <h1>Payment</h1>
        <p role="status">Online payment is not available. Orders are paid in cash on delivery.</p>
        {loaderData.trackingPath ? (
          <p>
            <Link to={loaderData.trackingPath}>See your order</Link>
          </p>
        ) : (
          <p>
            <Link to="/plant">Browse plants</Link>
          </p>
        )}
      </div>
    );
  }
  const { order } = loaderData;
  if (!order) {
    return (
      <div className="page page--narrow">
        <h1>Payment</h1>
        <p>
          To pay online, choose 'Pay online (UPI, cards)' when you confirm your order at checkout,
          or open the payment link on your order's page.
        </p>
        <p>
          <Link to="/cart">Go to your cart</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page page--narrow">
      <h1>Payment</h1>
      <p>
        Order <strong>{order.reference}</strong>
      </p>
      <p className="cart-total">
        <span>{order.state === "paid" ? "Amount paid" : "Amount to pay"}</span>{" "}
        <strong>{formatPaise(order.totalPaise)}</strong>
      </p>
      <FormError message={result?.formError} />
      {order.state === "payable" ? (
        <PayForm token={order.trackingToken} result={result} />
      ) : (
        <p role="status">
          {order.state === "paid"
            ? "This order is paid. Thank you!"
            : order.state === "cash-on-delivery"
              ? "This order will be paid in cash on delivery."
              : "This order can no longer be paid online."}
        </p>
      )}
      <p>
        <Link to={`/orders/${order.trackingToken}`}>See your order</Link>
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
  return (
    <>
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="intent" value="pay" />
        <input type="hidden" name="order" value={token} />
        <InputField
          id="upiId"
          name="upiId"
          label="UPI ID"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={UPI_ID_MAX_LENGTH}
          pattern={UPI_ID_PATTERN}
          hint="Like name@bank, e.g. asha@okicici. Cards also work in the payment window."
          defaultValue={result?.values?.upiId}
          error={errors.upiId}
        />
        <button type="submit" className="button button--large" disabled={busy}>
          Pay Now
        </button>
      </Form>
      <div aria-live="polite">{busy ? <p>Please wait…</p> : notice ? <p>{notice}</p> : null}</div>
      <FormError
        message={
          script === "failed"
            ? "The payment window could not be loaded. Check your connection and reload this page, or pay in cash on delivery."
            : null
        }
      />
      {checkout ? (
        <p className="no-js-only">
          Razorpay's payment window needs JavaScript. Turn it on and press Pay Now again, or pay in
          cash on delivery.
        </p>
      ) : null}
      <CashOnDeliverySwitch action={`/orders/${token}`} busy={busy} />
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
        setNotice("Payment received. Confirming it with Razorpay…");
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
          `The payment did not go through${reason ? `: ${reason}` : ""}. You can try again.`,
        );
      },
      dismiss() {
        setNotice("The payment window was closed before paying. You can try again.");
      },
    });
  }, [checkout, script, submit, token]);

  return { script, notice };
}
