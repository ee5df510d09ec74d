/**
 * How a staff account signs in: its e-mail, or for a collector who has only a phone, the phone
 * (docs/dashboard.md "Accounts"; ADR 0032). better-auth and the audit log need an e-mail on every
 * account, so a phone-only account keeps a stand-in address under the reserved `.invalid` domain
 * (RFC 2606), which can never receive mail nor be typed by mistake as someone's real address.
 * Shared by server and pages (no database here).
 */
import { formatIndianMobile } from "~/utils/phone";

/** The reserved domain of the stand-in addresses of phone-only accounts. */
export const NO_EMAIL_DOMAIN = "phone.invalid";

/**
 * The stand-in e-mail of a new phone-only account: `<10 digits>.<suffix>@phone.invalid`, e.g.
 * `9845012345.3f9a0c1be24d@phone.invalid`; the digits make the audit log readable, the suffix
 * keeps it unique when the number later moves to another account.
 * @param phone `+91XXXXXXXXXX` (app/utils/phone.ts).
 * @param suffix random lower-case hex (12 characters from auth.server.ts).
 */
export function noEmailAddressFor(phone: string, suffix: string): string {
  return `${phone.replace(/^\+91/, "")}.${suffix}@${NO_EMAIL_DOMAIN}`;
}

/** True when `email` is the stand-in address of a phone-only account. */
export function hasNoEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`);
}

/**
 * The name the dashboard shows for an account where it names it in a label or notice: its
 * e-mail, or for a phone-only account its phone (`+91 98450 12345`).
 */
export function signInNameOf(account: { email: string; phone: string | null }): string {
  if (!hasNoEmail(account.email)) return account.email;
  return account.phone ? formatIndianMobile(account.phone) : "an account without e-mail";
}
