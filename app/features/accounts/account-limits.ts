/**
 * The account's bounds (docs/accounts.md "My account"), shared by its pages and its server
 * code: rows per list on /account, and saved addresses per phone.
 */

/** Rows of each list on /account (pickups, orders, coupons, payouts), newest first. */
export const ACCOUNT_LIST_LIMIT = 50;

/** A phone keeps at most this many saved addresses. */
export const MAX_ADDRESSES = 10;
