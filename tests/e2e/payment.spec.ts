/**
 * Online payment with Razorpay as a shopper, against the production build whose Razorpay API is
 * the fake from tests/support/fakes/razorpay.ts (started by tests/support/browser/web-server.mjs).
 * Razorpay's checkout.js cannot load here, so the test serves a stand-in for its URL: it shows a
 * small dialog, and 'Pay' asks the fake to pay the Razorpay order, which answers with the payment
 * id, order id and signature the real widget would hand over.
 */
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";
import { expect, test } from "../support/browser/fixtures";
import { E2E_RAZORPAY } from "../support/browser/razorpay-keys";
import {
  fillCheckout,
  inNewContext,
  openCheckoutWith,
  PHONE_VIEWPORT,
} from "../support/browser/steps";
import { startServerProcess } from "../support/processes/server";

const CHECKOUT_JS = "https://checkout.razorpay.com/v1/checkout.js";
const fakeBase = `http://127.0.0.1:${process.env.E2E_RAZORPAY_PORT}`;

/** The widget test double: the same constructor, `on` and `open` as checkout.js. */
const WIDGET_DOUBLE = `
window.Razorpay = function (options) {
  var handlers = {};
  return {
    on: function (event, handler) { handlers[event] = handler; },
    open: function () {
      window.razorpayDoubleOpened({
        key: options.key, order_id: options.order_id, amount: options.amount,
        currency: options.currency, prefill: options.prefill, description: options.description,
      });
      var dialog = document.createElement("div");
      dialog.setAttribute("role", "dialog");
      dialog.setAttribute("aria-label", "Razorpay test double");
      var close = function () { dialog.remove(); };
      var button = function (label, onClick) {
        var b = document.createElement("button");
        b.type = "button";
        b.textContent = label;
        b.addEventListener("click", onClick);
        dialog.append(b);
      };
      button("Pay with the test double", function () {
        window.razorpayDoublePay(options.order_id).then(function (response) {
          close();
          options.handler(response);
        });
      });
      button("Fail the payment", function () {
        handlers["payment.failed"]({ error: { description: "Declined by the test bank" } });
      });
      button("Close the payment window", function () {
        close();
        options.modal.ondismiss();
      });
      document.body.append(dialog);
    },
  };
};
`;

interface OpenedWidget {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  prefill: { vpa: string; method: string; email: string; contact: string };
}

/** Serves the double for checkout.js and records what each `open()` received. */
async function useWidgetDouble(page: Page): Promise<OpenedWidget[]> {
  const opened: OpenedWidget[] = [];
  await page.exposeFunction("razorpayDoubleOpened", (options: OpenedWidget) => {
    opened.push(options);
  });
  await page.exposeFunction("razorpayDoublePay", async (orderId: string) => {
    const response = await fetch(`${fakeBase}/_test/pay`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ order_id: orderId }),
    });
    expect(response.status).toBe(200);
    return response.json();
  });
  await page.route(CHECKOUT_JS, (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: WIDGET_DOUBLE }),
  );
  return opened;
}

/** Adds Tulsi (₹60) to a new cart and confirms the checkout with online payment. */
async function checkOutOnline(page: Page, javaScript = true) {
  await openCheckoutWith(page, { from: "/plant", product: /^Tulsi/, javaScript });
  await fillCheckout(page);
  await expect(page.getByRole("radio", { name: "Cash on delivery" })).toBeChecked();
  await page.getByRole("radio", { name: "Pay online (UPI, cards)" }).check();
  await page.getByRole("button", { name: "Confirm Order" }).click();
  await expect(page).toHaveURL(/\/payment\?order=[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
  const token = new URL(page.url()).searchParams.get("order") ?? "";
  return { token };
}

async function sendWebhook(body: string) {
  const signature = crypto
    .createHmac("sha256", E2E_RAZORPAY.webhookSecret)
    .update(body)
    .digest("hex");
  // Like Razorpay's servers: no Origin, no Sec-Fetch-Site, raw JSON.
  const response = await fetch(`${test.info().project.use.baseURL}/payments/razorpay/webhook`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Razorpay-Signature": signature,
      "X-Razorpay-Event-Id": `evt_${crypto.randomBytes(7).toString("hex")}`,
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as { result?: string } };
}

function paymentEvent(event: string, orderId: string, amount: number) {
  const failed = event === "payment.failed";
  return JSON.stringify({
    entity: "event",
    event,
    contains: ["payment"],
    payload: {
      payment: {
        entity: {
          id: `pay_${crypto.randomBytes(7).toString("hex")}`,
          entity: "payment",
          amount,
          currency: "INR",
          status: failed ? "failed" : "captured",
          order_id: orderId,
          method: "upi",
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}

test.describe("with test keys against the fake Razorpay", () => {
  test.use({ viewport: PHONE_VIEWPORT });

  test("a shopper checks out online, pays with UPI in the payment window and sees 'Paid'", async ({
    page,
  }) => {
    const opened = await useWidgetDouble(page);
    const response = page.waitForResponse((r) => r.url().includes("/payment?order="));
    await checkOutOnline(page);
    const csp = (await response).headers()["content-security-policy"] ?? "";
    expect(csp).toContain("https://checkout.razorpay.com");

    await expect(page.locator(".cart-total")).toContainText("Amount to pay ₹60");
    await expectNoAxeViolations(page);

    await page.getByLabel("UPI ID").fill("asha");
    await page.getByRole("button", { name: "Pay Now" }).click();
    await expect(page.getByText("Enter a UPI ID like name@bank, e.g. asha@okicici.")).toBeVisible();
    await expect(page.getByLabel("UPI ID")).toHaveAttribute("aria-invalid", "true");
    expect(opened).toHaveLength(0);

    await page.getByLabel("UPI ID").fill("asha.rao@okicici");
    await page.getByRole("button", { name: "Pay Now" }).click();
    const widget = page.getByRole("dialog", { name: "Razorpay test double" });
    await widget.getByRole("button", { name: "Close the payment window" }).click();
    await expect(page.getByText("The payment window was closed before paying.")).toBeVisible();

    await page.getByRole("button", { name: "Pay Now" }).click();
    await widget.getByRole("button", { name: "Fail the payment" }).click();
    await expect(
      page.getByText("The payment did not go through: Declined by the test bank."),
    ).toBeVisible();
    await widget.getByRole("button", { name: "Pay with the test double" }).click();

    await expect(
      page.getByText(
        "Order has been placed! You will receive your order soon. Total amount paid online: ₹60",
      ),
    ).toBeVisible();
    await expect(page.getByText("to be paid at delivery")).toHaveCount(0);
    expect(opened).toHaveLength(2);
    expect(new Set(opened.map((o) => o.order_id)).size).toBe(1);
    expect(opened[0]).toMatchObject({
      key: E2E_RAZORPAY.keyId,
      amount: 6000,
      currency: "INR",
      prefill: {
        vpa: "asha.rao@okicici",
        method: "upi",
        email: "asha@example.com",
        contact: "+919845012345",
      },
    });
    expect(opened[0]?.order_id).toMatch(/^order_/);

    await page.getByRole("button", { name: "Stay on this page" }).click();
    await page.getByRole("link", { name: "Track your order" }).click();
    await expect(page.locator(".order-payment")).toContainText("Paid");
    await expect(page.locator(".order-payment")).toContainText(/Razorpay payment id pay_/);
    await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Pay online now" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a failed payment is retried or switched to cash on delivery; Razorpay's webhook marks it paid", async ({
    page,
  }) => {
    const opened = await useWidgetDouble(page);
    const { token } = await checkOutOnline(page);
    await page.getByLabel("UPI ID").fill("asha@ybl");
    await page.getByRole("button", { name: "Pay Now" }).click();
    await page
      .getByRole("dialog", { name: "Razorpay test double" })
      .getByRole("button", { name: "Close the payment window" })
      .click();
    const razorpayOrderId = opened[0]?.order_id ?? "";

    const failed = await sendWebhook(paymentEvent("payment.failed", razorpayOrderId, 6000));
    expect(failed).toEqual({ status: 200, body: expect.objectContaining({ result: "failed" }) });
    await page.goto(`/orders/${token}`);
    await expect(page.locator(".order-payment")).toContainText("Payment failed");
    await expect(page.getByRole("link", { name: "Pay online now" })).toHaveAttribute(
      "href",
      `/payment?order=${token}`,
    );
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Pay in cash on delivery instead" }).click();
    await expect(page.locator(".order-payment")).toHaveText("Payment: Cash on delivery");
    await expect(page.getByRole("button", { name: "Pay in cash on delivery instead" })).toHaveCount(
      0,
    );
    await page.goto(`/payment?order=${token}`);
    await expect(page.getByText("This order will be paid in cash on delivery.")).toBeVisible();

    // The shopper had paid after all: the capture arrives late, twice.
    const capture = paymentEvent("payment.captured", razorpayOrderId, 6000);
    expect((await sendWebhook(capture)).body.result).toBe("paid");
    await page.goto(`/orders/${token}`);
    await expect(page.locator(".order-payment")).toContainText("Online (UPI, cards) — Paid");
  });

  test("without JavaScript, /payment explains that the payment window needs it", async ({
    browser,
  }) => {
    await inNewContext(
      browser,
      async (page) => {
        await checkOutOnline(page, false);
        await page.getByLabel("UPI ID").fill("asha@okicici");
        await page.getByRole("button", { name: "Pay Now" }).click();
        await expect(page.getByText("Razorpay's payment window needs JavaScript.")).toBeVisible();
        await page.getByRole("button", { name: "Pay in cash on delivery instead" }).click();
        await expect(page.locator(".order-payment")).toHaveText("Payment: Cash on delivery");
      },
      { javaScriptEnabled: false },
    );
  });
});

test("without Razorpay keys there is no online option and /payment says it is not available", async ({
  page,
  dataDir,
}) => {
  test.setTimeout(90_000);
  const server = await startServerProcess(dataDir, {
    LOG_LEVEL: "warn",
    RAZORPAY_KEY_ID: "",
    RAZORPAY_KEY_SECRET: "",
    RAZORPAY_WEBHOOK_SECRET: "",
  });
  try {
    await openCheckoutWith(page, { from: `${server.base}/plant`, product: /^Tulsi/ });
    await expect(page.getByText("Payment: cash on delivery.")).toBeVisible();
    await expect(page.getByRole("radio")).toHaveCount(0);
    await expect(page.getByText("Pay online (UPI, cards)")).toHaveCount(0);
    await expect(page.getByText("Total to pay at delivery")).toBeVisible();

    const payment = await page.goto(`${server.base}/payment`);
    expect(payment?.status()).toBe(200);
    await expect(page.getByText("Online payment is not available.")).toBeVisible();
    expect(payment?.headers()["content-security-policy"]).toBeDefined();
  } finally {
    await server.stop();
  }
});
