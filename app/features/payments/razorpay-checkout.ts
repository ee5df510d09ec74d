/**
 * Browser side of Razorpay's Standard Checkout (docs/payments.md): loads
 * https://checkout.razorpay.com/v1/checkout.js once (Razorpay requires it to be loaded from
 * their host; /payment's CSP allows it) and opens the payment window. No server code here.
 */

export const CHECKOUT_SCRIPT_URL = "https://checkout.razorpay.com/v1/checkout.js";

/** What the widget hands to the success handler; posted back to /payment for verification. */
export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface CheckoutFailure {
  error?: { description?: string; reason?: string };
}

/** Options built by the server from the database (amount, order id, key id, prefill). */
export interface CheckoutOptions {
  key: string;
  order_id: string;
  /** Paise. */
  amount: number;
  currency: "INR";
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string; method: "upi"; vpa: string };
  notes: { reference: string };
}

interface RazorpayWidget {
  open(): void;
  on(event: "payment.failed", handler: (response: CheckoutFailure) => void): void;
}

type RazorpayConstructor = new (
  options: CheckoutOptions & {
    handler: (response: CheckoutSuccess) => void;
    modal: { ondismiss: () => void };
  },
) => RazorpayWidget;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | undefined;

/** Resolves with `window.Razorpay` once checkout.js has loaded; rejects when it cannot load. */
export function loadCheckoutScript(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = CHECKOUT_SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.Razorpay ? resolve(window.Razorpay) : reject(new Error("Razorpay missing"));
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error("checkout.js did not load"));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Opens the payment window. `success` or `dismiss` ends the attempt (once); `failure` may run
 * several times, as the window stays open for another try after a failed payment.
 */
export function openCheckout(
  Razorpay: RazorpayConstructor,
  options: CheckoutOptions,
  on: {
    success: (response: CheckoutSuccess) => void;
    failure: (response: CheckoutFailure) => void;
    dismiss: () => void;
  },
): void {
  let settled = false;
  const once =
    <T extends unknown[]>(callback: (...args: T) => void) =>
    (...args: T) => {
      if (settled) return;
      settled = true;
      callback(...args);
    };
  const widget = new Razorpay({
    ...options,
    handler: once(on.success),
    modal: { ondismiss: once(on.dismiss) },
  });
  widget.on("payment.failed", (response) => {
    if (!settled) on.failure(response);
  });
  widget.open();
}
