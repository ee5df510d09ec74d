/**
 * Signed-in customers for account tests (docs/accounts.md "Signing in"): a session made with
 * the real `startCustomerSession` (as after an accepted one-time code), so tests send the same
 * signed cookie a browser would.
 */
import type { Database } from "~/db/client.server";
import { startCustomerSession } from "~/features/accounts/customer-session.server";

/**
 * A signed-in customer for `phone`: the Cookie header value to send with requests.
 * @param phone `+91XXXXXXXXXX` (normalise typed numbers with `normaliseIndianMobile` first).
 */
export async function signedInCustomer(db: Database, phone: string): Promise<{ cookie: string }> {
  const setCookie = await startCustomerSession(
    new Request("http://localhost/account", { method: "POST" }),
    phone,
    db,
  );
  return { cookie: setCookie.split(";")[0] ?? "" };
}
