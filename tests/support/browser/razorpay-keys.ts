/**
 * Test keys of the browser tests' Razorpay (online payment): the web server gets them through
 * playwright.config.ts, and tests/support/browser/web-server.mjs starts the fake Razorpay API
 * (tests/support/fakes/razorpay.ts) on E2E_RAZORPAY_PORT with the same keys. Nothing here is a
 * real secret.
 */
export const E2E_RAZORPAY = {
  keyId: "rzp_test_E2eBrowserKey01",
  keySecret: "e2e_razorpay_key_secret_0123",
  webhookSecret: "e2e_razorpay_webhook_secret_0123",
};

/** The web server's environment for online payment against the fake on `port`. */
export function razorpayServerEnv(port: number): Record<string, string> {
  return {
    RAZORPAY_KEY_ID: E2E_RAZORPAY.keyId,
    RAZORPAY_KEY_SECRET: E2E_RAZORPAY.keySecret,
    RAZORPAY_WEBHOOK_SECRET: E2E_RAZORPAY.webhookSecret,
    RAZORPAY_API_BASE: `http://127.0.0.1:${port}`,
    E2E_RAZORPAY_PORT: String(port),
  };
}
