/**
 * What the booking form (/orderpage) and checkout show already filled in for a signed-in
 * customer (docs/accounts.md "My account"): name and address from their default address, the
 * phone they signed in with and the e-mail they last typed with it. Rendered by the server into
 * the fields' values (no JavaScript: the pages' first load is at its budget); the browser's
 * remembered details (app/utils/remembered-details.ts) then fill only fields still empty.
 */
import type { Database } from "~/db/client.server";
import { formatIndianMobile } from "~/utils/phone";
import { defaultAddress } from "./account-addresses.server";
import { lastEmailOf } from "./account-data.server";

/** Field values by the form's field names; absent fields stay empty. */
export type Prefill = Record<string, string>;

async function contactOf(db: Database, phone: string) {
  const [address, email] = await Promise.all([defaultAddress(db, phone), lastEmailOf(db, phone)]);
  const contact: Prefill = { phone: formatIndianMobile(phone) };
  if (email) contact.email = email;
  if (address) contact.name = address.name;
  return { address, contact };
}

/** The booking form's values: name, e-mail, phone, the two address lines, city and PIN code. */
export async function bookingPrefill(db: Database, phone: string): Promise<Prefill> {
  const { address, contact } = await contactOf(db, phone);
  if (!address) return contact;
  return {
    ...contact,
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2,
    city: address.city,
    pinCode: address.pinCode,
  };
}

/** The checkout's values: name, e-mail, phone, the address on one line, city, state, PIN code. */
export async function checkoutPrefill(db: Database, phone: string): Promise<Prefill> {
  const { address, contact } = await contactOf(db, phone);
  if (!address) return contact;
  return {
    ...contact,
    address: [address.addressLine1, address.addressLine2].filter(Boolean).join(", "),
    city: address.city,
    state: address.state,
    pinCode: address.pinCode,
  };
}
