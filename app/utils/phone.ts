/**
 * Indian mobile numbers (foundation of checkout, pickups and 'Join us'; docs/shop.md):
 * 10 digits starting 6–9, optionally written with +91, 91 or 0 in front and with spaces or
 * dashes; stored as E.164 `+91XXXXXXXXXX`.
 */
const MOBILE = /^[6-9]\d{9}$/;

/** `+91XXXXXXXXXX`, or null when the input is not an Indian mobile number. */
export function normaliseIndianMobile(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, "");
  if (compact.length > 16) return null;
  let digits = compact;
  if (digits.startsWith("+91")) digits = digits.slice(3);
  else if (digits.startsWith("0091")) digits = digits.slice(4);
  else if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  return MOBILE.test(digits) ? `+91${digits}` : null;
}

/**
 * `+91 98450 12345` for display; "" for "" (a phone erased at the customer's request,
 * docs/accounts.md "Personal data and erasure").
 */
export function formatIndianMobile(e164: string): string {
  if (e164 === "") return "";
  const digits = e164.replace(/^\+91/, "");
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

/**
 * The WhatsApp chat link of an Indian mobile number, `https://wa.me/91XXXXXXXXXX` (WhatsApp's
 * click-to-chat form: country code and number, digits only; https://faq.whatsapp.com/5913398998672934).
 * @param e164 `+91XXXXXXXXXX` as stored (any spelling ending in the 10 digits works).
 */
export function whatsAppChatUrl(e164: string): string {
  return `https://wa.me/91${e164.replace(/\D/g, "").slice(-10)}`;
}
