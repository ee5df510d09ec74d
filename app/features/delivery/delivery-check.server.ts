/**
 * A shopper's delivery check (docs/shop.md "Delivery areas"): what delivery to one PIN code
 * costs for the goods in hand, for the cart's and checkout's pages, and the PIN code remembered
 * in a cookie so the next page (checkout) knows it. Money in paise; days are calendar days.
 */
import { createCookie } from "react-router";
import type { Database } from "~/db/client.server";
import { sessionSecret } from "~/utils/secrets.server";
import { listDeliveryAreas } from "./delivery-areas.server";
import { type DeliveryCheck, deliveryCheckOf } from "./delivery-quote";

/**
 * The answer for `pinCode` and goods worth `goodsPaise` (before any coupon) by the areas as
 * they are now; null when `pinCode` is not a PIN code (six digits, first not 0).
 */
export async function checkDelivery(
  db: Database,
  pinCode: string,
  goodsPaise: number,
): Promise<DeliveryCheck | null> {
  return deliveryCheckOf(await listDeliveryAreas(db), pinCode, goodsPaise);
}

let cookie: ReturnType<typeof createCookie> | undefined;

/**
 * The PIN code a shopper last checked or ordered to (cookie `delivery_pin`, signed, HttpOnly,
 * 30 days): it lets checkout show the delivery charge before anything is typed. `Secure` is set
 * per response from the request's protocol, as for the cart cookie (ADR 0002).
 */
function pinCookie() {
  cookie ??= createCookie("delivery_pin", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60 * 60 * 24 * 30,
    secrets: [sessionSecret()],
  });
  return cookie;
}

/** The remembered PIN code, or null when absent, unsigned or not a PIN code. */
export async function readDeliveryPin(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("delivery_pin=")) return null;
  const value: unknown = await pinCookie().parse(header);
  return typeof value === "string" && /^[1-9][0-9]{5}$/.test(value) ? value : null;
}

/** Set-Cookie header value remembering `pinCode`. */
export function rememberDeliveryPin(request: Request, pinCode: string): Promise<string> {
  return pinCookie().serialize(pinCode, { secure: new URL(request.url).protocol === "https:" });
}
