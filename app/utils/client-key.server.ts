/**
 * A client address kept as evidence without the address itself (consents, grievances, tie-up
 * enquiries): docs/accounts.md "Notice, consent and grievances". Server only.
 */
import crypto from "node:crypto";
import { sessionSecret } from "./secrets.server";

/**
 * The client address as evidence that does not keep it: HMAC-SHA256 (hex) under the session
 * secret, so equal addresses give equal keys on this shop only. Null for an unknown address.
 */
export function clientKeyHash(clientAddress: string | undefined): string | null {
  if (!clientAddress || clientAddress === "unknown") return null;
  return crypto.createHmac("sha256", sessionSecret()).update(clientAddress).digest("hex");
}
