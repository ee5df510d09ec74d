/**
 * A customer's phone on a dashboard detail page (pickup, order): the number, a call link and a
 * WhatsApp chat link (`https://wa.me/91XXXXXXXXXX`, the route sheet's form; docs/dashboard.md
 * "Pickups", "Orders"). The chat opens in a new tab; the links name the customer for screen
 * readers. An erased phone ("", docs/accounts.md "Personal data and erasure") shows
 * nothing: no links to nowhere.
 */
import { formatIndianMobile, whatsAppChatUrl } from "~/utils/phone";

export function PhoneLinks({ phone, name }: { phone: string; name: string }) {
  if (phone === "") return null;
  return (
    <span className="dash-phone">
      <a href={`tel:${phone}`}>
        {formatIndianMobile(phone)}
        <span className="visually-hidden"> (call {name})</span>
      </a>{" "}
      <a
        className="button button--small"
        href={whatsAppChatUrl(phone)}
        rel="noopener noreferrer"
        target="_blank"
      >
        WhatsApp<span className="visually-hidden"> chat with {name}</span>
      </a>
    </span>
  );
}
