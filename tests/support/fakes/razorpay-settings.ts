/**
 * The app's Razorpay settings in a Vitest file (docs/payments.md): pointed at a fake Razorpay API
 * on 127.0.0.1 (razorpay.ts), or left unset so that online payment is off. Set with
 * `vi.stubEnv` in `beforeAll`, before any route of the file reads them (`env()` reads them once);
 * `vi.unstubAllEnvs()` in `afterAll` puts every stubbed variable back.
 */
import { afterAll, beforeAll, vi } from "vitest";
import { type FakeRazorpay, startFakeRazorpay } from "./razorpay";

/**
 * A fake Razorpay for the calling test file, with these keys, and the app's settings pointing at
 * it: started before the file's first test, closed after its last. Use it inside tests and hooks
 * (it runs only once `beforeAll` has).
 */
export function fakeRazorpayForFile(keys: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}): FakeRazorpay {
  let current: FakeRazorpay | undefined;
  const started = () => {
    if (!current) throw new Error("The fake Razorpay starts in beforeAll; use it inside tests.");
    return current;
  };
  beforeAll(async () => {
    current = await startFakeRazorpay({ keyId: keys.keyId, keySecret: keys.keySecret });
    vi.stubEnv("RAZORPAY_KEY_ID", keys.keyId);
    vi.stubEnv("RAZORPAY_KEY_SECRET", keys.keySecret);
    vi.stubEnv("RAZORPAY_WEBHOOK_SECRET", keys.webhookSecret);
    vi.stubEnv("RAZORPAY_API_BASE", current.base);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await current?.close();
  });
  return {
    get base() {
      return started().base;
    },
    get orders() {
      return started().orders;
    },
    get orderRequests() {
      return started().orderRequests;
    },
    get refunds() {
      return started().refunds;
    },
    failNext: (status) => started().failNext(status),
    pay: (orderId) => started().pay(orderId),
    close: () => started().close(),
  };
}

/** No Razorpay keys for the calling test file: the shop offers cash on delivery only. */
export function noRazorpayForFile(): void {
  beforeAll(() => {
    for (const key of ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"]) {
      vi.stubEnv(key, undefined);
    }
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });
}
