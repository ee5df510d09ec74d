/**
 * The map of personal data (docs/accounts.md "Personal data and erasure", ADR 0039): every
 * column of `app/db/schema/*.ts` whose name looks personal, what it holds and what erasing a
 * customer does to it. The table in docs/accounts.md is checked against this list, and a test
 * (personal-data.test.ts) fails when a schema column whose name looks personal is missing here.
 *
 * The tombstones are the values `eraseCustomer` writes (erasure.server.ts); each passes its
 * table's check constraints (a PIN code must be six digits, first not 0). Browser-safe data.
 */

/** The name written over a customer's name. */
export const ERASED_NAME = "Erased customer";
/** The text written over an address, a city and a free-text note. */
export const ERASED_TEXT = "Erased";
/** A sign-in message's dedupe key after erasure: this prefix and the message's id. */
export const ERASED_KEY_PREFIX = "erased:";
/** A PIN code that passes `^[1-9][0-9]{5}$` and is no delivery area of the shop. */
export const ERASED_PIN_CODE = "999999";

/**
 * What erasure does to a column:
 * - `tombstone`: a value that was not null is replaced by `value`;
 * - `deleted`: the row is deleted;
 * - `kept`: kept on purpose for `why` (a law and its period);
 * - `outside`: not a customer's data found by their phone (staff, anonymous visitors, the
 *   catalogue); `why` says what happens to it instead.
 */
export type ErasureEffect =
  | { kind: "tombstone"; value: string | null }
  | { kind: "deleted" }
  | { kind: "kept"; why: string }
  | { kind: "outside"; why: string };

export interface PersonalColumn {
  /** SQL table name, e.g. 'pickups'. */
  table: string;
  /** SQL column name, e.g. 'address_line1'. */
  column: string;
  /** What it holds, in a few words. */
  holds: string;
  effect: ErasureEffect;
}

const tombstone = (value: string | null): ErasureEffect => ({ kind: "tombstone", value });
const deleted: ErasureEffect = { kind: "deleted" };
const outside = (why: string): ErasureEffect => ({ kind: "outside", why });

/** Buyer details on a bill: kept for the statutory period of accounts (ADR 0039). */
const BILL_KEPT =
  "on a bill (delivered or paid order) kept until its statutory period ends (CGST Act s.36, Rule 56; Income-tax Act books), then the tombstone; otherwise the tombstone";
const STAFF = "a staff member's data: removed with the staff account (docs/dashboard.md)";
const CATALOGUE = "the catalogue's words, no person's data";
const SHOP = "the shop's own particulars printed on its bills, no customer's data";
/** Consent records are the shop's proof of notice and consent (and of its withdrawal). */
const CONSENT_PROOF =
  "the shop's proof that consent was given under a notice version and withdrawn (DPDP Act 2023 s.6(10)); a withdrawn consent is deleted 3 years after its withdrawal (the 'delete-old-consents-and-grievances' job)";
/** A grievance and its handling are the shop's record of answering it. */
const GRIEVANCE_RECORD =
  "the record of a complaint and its answer (DPDP Act 2023 s.13; Consumer Protection (E-Commerce) Rules 2020 r.4(5)); deleted 3 years after it was answered, as the privacy notice says (the 'delete-old-consents-and-grievances' job)";

/** A column that holds no personal data although its name looks so. */
const notPersonal = (table: string, column: string, holds: string): PersonalColumn => ({
  table,
  column,
  holds,
  effect: outside(CATALOGUE),
});

/** Every column whose name looks personal, table by table, in schema order. */
export const personalDataMap: readonly PersonalColumn[] = [
  // pickups: the booking form's fields.
  { table: "pickups", column: "name", holds: "customer's name", effect: tombstone(ERASED_NAME) },
  { table: "pickups", column: "email", holds: "customer's e-mail", effect: tombstone("") },
  { table: "pickups", column: "phone", holds: "customer's mobile (E.164)", effect: tombstone("") },
  {
    table: "pickups",
    column: "address_line1",
    holds: "pickup address",
    effect: tombstone(ERASED_TEXT),
  },
  { table: "pickups", column: "address_line2", holds: "pickup address", effect: tombstone("") },
  { table: "pickups", column: "city", holds: "pickup city", effect: tombstone(ERASED_TEXT) },
  {
    table: "pickups",
    column: "pin_code",
    holds: "pickup PIN code",
    effect: tombstone(ERASED_PIN_CODE),
  },
  {
    table: "pickups",
    column: "reward_given",
    holds: "free-text note of an old collection",
    effect: tombstone(null),
  },
  {
    table: "pickups",
    column: "handover_code",
    holds: "4-digit code shown to the customer",
    effect: tombstone(null),
  },
  // orders: the checkout's shipping fields.
  {
    table: "orders",
    column: "name",
    holds: "buyer's name",
    effect: { kind: "kept", why: BILL_KEPT },
  },
  { table: "orders", column: "email", holds: "buyer's e-mail", effect: tombstone("") },
  { table: "orders", column: "phone", holds: "buyer's mobile (E.164)", effect: tombstone("") },
  {
    table: "orders",
    column: "address",
    holds: "delivery address",
    effect: { kind: "kept", why: BILL_KEPT },
  },
  {
    table: "orders",
    column: "city",
    holds: "delivery city",
    effect: { kind: "kept", why: BILL_KEPT },
  },
  {
    table: "orders",
    column: "state",
    holds: "delivery state (place of supply)",
    effect: { kind: "kept", why: BILL_KEPT },
  },
  {
    table: "orders",
    column: "pin_code",
    holds: "delivery PIN code",
    effect: { kind: "kept", why: BILL_KEPT },
  },
  {
    table: "orders",
    column: "buyer_gstin",
    holds: "a business buyer's GSTIN (its PAN inside)",
    effect: { kind: "kept", why: BILL_KEPT },
  },
  notPersonal("order_lines", "name", "the product's name when ordered"),
  // Claims for damaged plants (docs/claims.md); their photos are deleted with the customer.
  {
    table: "claims",
    column: "note",
    holds: "customer's free text",
    effect: tombstone(ERASED_TEXT),
  },
  {
    table: "claims",
    column: "decision_note",
    holds: "staff's words to the customer",
    effect: tombstone(ERASED_TEXT),
  },
  {
    table: "claims",
    column: "decided_by_name",
    holds: "the staff member who decided",
    effect: outside(STAFF),
  },
  {
    table: "claim_lines",
    column: "reason",
    holds: "one of damaged, dead, wrong item, missing",
    effect: outside("a fixed choice, no person's data"),
  },
  {
    table: "claim_refunds",
    column: "paid_by_name",
    holds: "the staff member who paid a refund back",
    effect: outside(STAFF),
  },
  // Bills (docs/tax.md "Issuing"): the printed copy of the buyer.
  {
    table: "bills",
    column: "content",
    holds: "the bill as printed: the buyer's name, delivery address, State and GSTIN",
    effect: { kind: "kept", why: BILL_KEPT },
  },
  // The shop's own particulars on its bills.
  {
    table: "shop_settings",
    column: "legal_name",
    holds: "the shop's legal name",
    effect: outside(SHOP),
  },
  { table: "shop_settings", column: "address", holds: "the shop's address", effect: outside(SHOP) },
  { table: "shop_settings", column: "state", holds: "the shop's State", effect: outside(SHOP) },
  // The exchange loop.
  {
    table: "weigh_sheets",
    column: "created_by_name",
    holds: "collector's name",
    effect: outside(STAFF),
  },
  {
    table: "weigh_sheets",
    column: "dispute_reason",
    holds: "customer's free text",
    effect: tombstone(ERASED_TEXT),
  },
  {
    table: "weigh_sheets",
    column: "resolution_note",
    holds: "staff's note about the customer",
    effect: tombstone(ERASED_TEXT),
  },
  {
    table: "weigh_sheets",
    column: "approved_by_name",
    holds: "admin's name",
    effect: outside(STAFF),
  },
  notPersonal("weigh_sheet_lines", "material_name", "the material's name when weighed"),
  notPersonal("weigh_sheet_plants", "name", "the plant's name"),
  {
    table: "payouts",
    column: "reference",
    holds: "UPI or bank reference of money paid",
    effect: {
      kind: "kept",
      why: "a payment record of the books, no name in it: kept for the Income-tax Act's books period",
    },
  },
  {
    table: "payouts",
    column: "paid_by_name",
    holds: "staff member's name",
    effect: outside(STAFF),
  },
  // The outbox.
  {
    table: "messages",
    column: "recipient",
    holds: "customer's e-mail or mobile",
    effect: tombstone(""),
  },
  {
    table: "messages",
    column: "params",
    holds: "message values (names, references, links)",
    effect: tombstone("{}"),
  },
  {
    table: "messages",
    column: "dedupe_key",
    holds: "key of a sign-in code's message, with the mobile in it",
    effect: tombstone(`${ERASED_KEY_PREFIX}<id>`),
  },
  {
    table: "messages",
    column: "last_error",
    holds: "provider's error, may quote the recipient",
    effect: tombstone(ERASED_TEXT),
  },
  // Customer sign-in (ADR 0037): the sessions and one-time codes of the phone.
  {
    table: "customer_sessions",
    column: "phone",
    holds: "signed-in customer's mobile",
    effect: deleted,
  },
  {
    table: "one_time_codes",
    column: "phone",
    holds: "mobile a sign-in or order code was sent to",
    effect: deleted,
  },
  {
    table: "verified_phones",
    column: "phone",
    holds: "mobile that once entered a correct code",
    effect: deleted,
  },
  // The address book and language of the account (docs/accounts.md "My account").
  ...["name", "address_line1", "address_line2", "city", "state", "pin_code", "phone"].map(
    (column): PersonalColumn => ({
      table: "customer_addresses",
      column,
      holds: "a saved address of the customer",
      effect: deleted,
    }),
  ),
  {
    table: "customer_preferences",
    column: "phone",
    holds: "customer's mobile (their language)",
    effect: deleted,
  },
  // 'Join us' (the mailing list subscription) and reviews.
  { table: "registrations", column: "name", holds: "subscriber's name", effect: deleted },
  { table: "registrations", column: "email", holds: "subscriber's e-mail", effect: deleted },
  { table: "registrations", column: "phone", holds: "subscriber's mobile", effect: deleted },
  {
    table: "reviews",
    column: "display_name",
    holds: "reviewer's chosen name",
    effect: outside(
      "reviews are anonymous (no phone): staff hide one on request (docs/community.md)",
    ),
  },
  {
    table: "reviews",
    column: "body",
    holds: "reviewer's free text",
    effect: outside(
      "reviews are anonymous (no phone): staff hide one on request (docs/community.md)",
    ),
  },
  // Consent records and grievances (docs/accounts.md "Notice, consent and grievances").
  ...(["phone", "email"] as const).map(
    (column): PersonalColumn => ({
      table: "consents",
      column,
      holds: "whose consent to the newsletter was given or withdrawn",
      effect: { kind: "kept", why: CONSENT_PROOF },
    }),
  ),
  ...(["name", "phone", "email", "details", "note"] as const).map(
    (column): PersonalColumn => ({
      table: "grievances",
      column,
      holds: "a grievance: who filed it, what it says, staff's notes",
      effect: { kind: "kept", why: GRIEVANCE_RECORD },
    }),
  ),
  // Organisations' tie-up enquiries (docs/corporate.md).
  ...(
    ["contact_name", "contact_phone", "contact_email", "pin_code", "message", "note"] as const
  ).map(
    (column): PersonalColumn => ({
      table: "leads",
      column,
      holds: "an organisation's tie-up enquiry: its contact person, their words, staff's notes",
      effect: outside(
        "a business contact given for an organisation, not a customer's record: deleted 3 years after staff close the lead (the 'delete-old-consents-and-grievances' job)",
      ),
    }),
  ),
  // Organisation accounts and their sites (docs/corporate.md "Organisation accounts").
  ...(
    [
      ["organisations", "name"],
      ["organisations", "contact_name"],
      ["organisations", "contact_phone"],
      ["organisations", "contact_email"],
      ["organisations", "payout_details"],
      ["organisation_sites", "name"],
      ["organisation_sites", "address_line1"],
      ["organisation_sites", "address_line2"],
      ["organisation_sites", "city"],
      ["organisation_sites", "pin_code"],
      ["organisation_sites", "contact_name"],
      ["organisation_sites", "contact_phone"],
    ] as const
  ).map(
    ([table, column]): PersonalColumn => ({
      table,
      column,
      holds: "an organisation's account: its sites, contact people and where its money goes",
      effect: outside(
        "an organisation's business contacts and sites, not a customer's record: kept while the tie-up runs",
      ),
    }),
  ),
  {
    table: "recyclers",
    column: "name",
    holds: "a registered recycler's company name",
    effect: outside("a company's name, no person's data"),
  },
  {
    table: "site_pickup_dates",
    column: "note",
    holds: "why a scheduled date moved or was skipped (the closed day's reason)",
    effect: outside("the shop's calendar, no person's data"),
  },
  // The audit log.
  {
    table: "audit_log",
    column: "details",
    holds:
      "before and after of a change: statuses, dates, amounts; logins' e-mail and client address",
    effect: {
      kind: "kept",
      why: "no customer field is copied into it (references and ids only); staff logins' rows are staff data",
    },
  },
  // The proof of erasures itself.
  {
    table: "erasure_log",
    column: "phone_hash",
    holds: "keyed hash of an erased customer's mobile",
    effect: {
      kind: "kept",
      why: "the shop's proof that it erased (DPDP Act s.8(7)); no number can be read back without the server's secret",
    },
  },
  notPersonal("erasure_log", "reason", "'request' or 'retention'"),
  // Staff (better-auth tables) and the login throttle.
  { table: "staff_user", column: "name", holds: "staff member's name", effect: outside(STAFF) },
  { table: "staff_user", column: "email", holds: "staff member's e-mail", effect: outside(STAFF) },
  {
    table: "staff_user",
    column: "email_verified",
    holds: "whether the e-mail was verified",
    effect: outside(STAFF),
  },
  { table: "staff_user", column: "phone", holds: "staff member's mobile", effect: outside(STAFF) },
  {
    table: "staff_user",
    column: "ban_reason",
    holds: "why an admin disabled the account",
    effect: outside(STAFF),
  },
  {
    table: "staff_session",
    column: "ip_address",
    holds: "staff member's IP address",
    effect: outside(STAFF),
  },
  {
    table: "staff_session",
    column: "user_agent",
    holds: "staff member's browser",
    effect: outside(STAFF),
  },
  {
    table: "staff_verification",
    column: "identifier",
    holds: "staff member's e-mail",
    effect: outside(STAFF),
  },
  {
    table: "staff_login_throttle",
    column: "key",
    holds: "e-mail or client address of failed logins",
    effect: outside(
      "deleted a day after the last failure (docs/operations.md 'prune-login-throttle')",
    ),
  },
  {
    table: "rate_limits",
    column: "key",
    holds: "a visitor's client address (IP) and the limit",
    effect: outside("counters expire within the hour (docs/operations.md 'Anti-automation')"),
  },
  // Catalogue and rate list.
  notPersonal("products", "name", "plant or fertiliser name"),
  notPersonal("products", "name_hi", "plant or fertiliser name"),
  notPersonal("products", "name_kn", "plant or fertiliser name"),
  notPersonal("scrap_categories", "name", "scrap category name"),
  notPersonal("scrap_categories", "name_hi", "scrap category name"),
  notPersonal("scrap_categories", "name_kn", "scrap category name"),
  notPersonal("scrap_materials", "name", "scrap material name"),
  notPersonal("scrap_materials", "name_hi", "scrap material name"),
  notPersonal("scrap_materials", "name_kn", "scrap material name"),
  notPersonal("delivery_areas", "name", "delivery area name, e.g. 'Bengaluru'"),
  notPersonal("closed_dates", "reason", "why the shop is closed that day, e.g. 'Diwali'"),
];

/**
 * Column names that look personal: a schema column matching this must be in
 * {@link personalDataMap} (the test walks every table of app/db/schema).
 */
export const PERSONAL_LOOKING_COLUMN =
  /(^|_)(name|phone|mobile|email|e_mail|address|pin|pin_code|city|state|note|notes|reason|recipient|body|params|details|ip|ip_address|user_agent|identifier|display)(_|$)/;

/** The tombstone of `table.column`, or undefined when erasure does not overwrite it. */
export function tombstoneOf(table: string, column: string): string | null | undefined {
  const entry = personalDataMap.find((e) => e.table === table && e.column === column);
  return entry?.effect.kind === "tombstone" ? entry.effect.value : undefined;
}
