/**
 * The signed-in part of /account as the page shows it (docs/accounts.md "My account"): the
 * records of the customer's phone (account-data.server.ts) with their dates and amounts written
 * in the page's language and their tracking links in it, the saved addresses and the language of
 * the customer's messages. Dates in Asia/Kolkata; amounts from integer paise.
 */
import type { Database } from "~/db/client.server";
import { stateMessageId } from "~/features/orders/indian-states";
import { type Lang, languageLabels, localePath } from "~/i18n/languages";
import { formatDayIST, formatLongDayIST, kolkataInstant } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { listAddresses } from "./account-addresses.server";
import { accountRecords, type Bounded } from "./account-data.server";
import { preferredLanguage } from "./account-language.server";

function view<T, V>(list: Bounded<T>, each: (row: T) => V) {
  return { rows: list.rows.map(each), more: list.more };
}

/**
 * Everything the signed-in part of /account renders for `phone` in `lang` at `now`.
 * `slotLabel` writes a slot start ("11:00") as the booking page does ("11 am – 1 pm"); the route
 * passes the pickups feature's.
 */
export async function loadAccountHome(
  db: Database,
  options: { phone: string; lang: Lang; now: Date; slotLabel: (start: string) => string },
) {
  const { phone, lang, now, slotLabel } = options;
  const [records, addresses, language] = await Promise.all([
    accountRecords(db, phone, now),
    listAddresses(db, phone),
    preferredLanguage(db, phone),
  ]);
  return {
    pickups: view(records.pickups, (pickup) => ({
      reference: pickup.reference,
      href: localePath(lang, `/pickups/${pickup.trackingToken}`),
      when: {
        date: formatLongDayIST(kolkataInstant(pickup.pickupDate, pickup.slotStart), lang),
        slot: slotLabel(pickup.slotStart),
      },
      status: pickup.status,
      amount: formatPaise(pickup.amountPaise),
      estimated: pickup.estimated,
    })),
    orders: view(records.orders, (order) => ({
      reference: order.reference,
      href: localePath(lang, `/orders/${order.trackingToken}`),
      placedOn: formatDayIST(order.placedAt, lang),
      status: order.status,
      total: formatPaise(order.totalPaise),
    })),
    coupons: view(records.coupons, (coupon) => ({
      code: coupon.code,
      pickupReference: coupon.pickupReference,
      balance: formatPaise(coupon.balancePaise),
      value: formatPaise(coupon.valuePaise),
      expires: formatLongDayIST(coupon.expiresAt, lang),
      state: coupon.state,
    })),
    payouts: view(records.payouts, (payout) => ({
      pickupReference: payout.pickupReference,
      amount: formatPaise(payout.amountPaise),
      method: payout.method,
      paidOn: formatDayIST(payout.paidAt, lang),
    })),
    addresses: addresses.map((address) => ({
      id: address.id,
      label: address.label,
      isDefault: address.isDefault,
      lines: [
        address.name,
        address.addressLine1,
        address.addressLine2,
        `${address.city} ${address.pinCode}`,
      ].filter(Boolean),
      stateId: stateMessageId(address.state),
    })),
    language: language ?? lang,
  };
}

export type AccountHomeView = Awaited<ReturnType<typeof loadAccountHome>>;

/** What a change on the account's pages did, as `/account?done=<key>` names it. */
const notices = {
  addressSaved: "myAccount.addresses.saved",
  addressDeleted: "myAccount.addresses.deleted",
  defaultChanged: "myAccount.addresses.defaultChanged",
  language: "myAccount.language.saved",
  detailsCorrected: "myAccount.details.saved",
} as const;

/**
 * The notice for /account's `done` query parameter (after a change redirected there), as a
 * message id with its values, or null for none or an unknown key.
 */
export function accountNotice(
  done: string | null,
  view: Pick<AccountHomeView, "language">,
): { id: string; values: Record<string, string> } | null {
  if (!done || !Object.hasOwn(notices, done)) return null;
  const id = notices[done as keyof typeof notices];
  return { id, values: { language: languageLabels[view.language] } };
}

/** The catalogue scopes the signed-in part of /account renders (`messagesFor`). */
export const accountHomeMessages = [
  "myAccount",
  "pickup.status",
  "order.status",
  "exchange.payoutMethod",
  "state",
] as const;
