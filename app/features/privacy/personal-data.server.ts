/**
 * Everything the shop holds about one customer, found by their phone (docs/accounts.md
 * "Download my data"; Digital Personal Data Protection Act 2023 s.11, the right to access): the
 * pickups and orders booked with that phone and what hangs off them (items, weigh sheets,
 * coupons and their redemptions, payouts, audit rows), the messages sent about them or to that
 * phone, and the 'Join us' registrations with that phone or one of the e-mail addresses found
 * on those pickups and orders. Rows as stored: money in paise, weights in grams, instants UTC.
 *
 * Another phone's records are never included, even when they carry one of the same e-mail
 * addresses (an e-mail typed on a form is not proof of whose it is).
 */
import { and, asc, eq, inArray, isNull, like, or, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { registrations } from "~/db/schema/community";
import { customerAddresses, customerPreferences } from "~/db/schema/customer-profile";
import { customerSessions, oneTimeCodes, verifiedPhones } from "~/db/schema/customer-sign-in";
import {
  couponRedemptions,
  coupons,
  payouts,
  weighSheetLines,
  weighSheetPlants,
  weighSheets,
} from "~/db/schema/exchange";
import { messages } from "~/db/schema/messages";
import { pickupItems, pickups } from "~/db/schema/pickups";
import { orderLines, orders } from "~/db/schema/shop";

/** Something that can run a select: the database or an open transaction. */
type Reader = Pick<Database, "select">;

/** The ids and e-mail addresses that make up one customer's records. */
export interface CustomerScope {
  /** E.164, +91XXXXXXXXXX. */
  phone: string;
  pickupIds: number[];
  orderIds: number[];
  /** Lower-cased e-mail addresses of those pickups and orders and of 'Join us' with the phone. */
  emails: string[];
}

/**
 * The customer's pickups, orders and e-mail addresses. Pass `forUpdate` inside a transaction to
 * lock those pickup and order rows (erasure does, so no booking changes under it).
 */
export async function customerScope(
  db: Reader,
  phone: string,
  forUpdate = false,
): Promise<CustomerScope> {
  const pickupQuery = db
    .select({ id: pickups.id, email: pickups.email })
    .from(pickups)
    .where(eq(pickups.phone, phone))
    .orderBy(asc(pickups.id));
  const orderQuery = db
    .select({ id: orders.id, email: orders.email })
    .from(orders)
    .where(eq(orders.phone, phone))
    .orderBy(asc(orders.id));
  const [pickupRows, orderRows] = forUpdate
    ? [await pickupQuery.for("update"), await orderQuery.for("update")]
    : [await pickupQuery, await orderQuery];
  // A 'Join us' address given with the phone is theirs too (sign-in codes may go to it).
  const registered = await db
    .select({ email: registrations.email })
    .from(registrations)
    .where(eq(registrations.phone, phone));
  const emails = new Set(
    [...pickupRows, ...orderRows, ...registered]
      .map((row) => row.email.toLowerCase())
      .filter(Boolean),
  );
  return {
    phone,
    pickupIds: pickupRows.map((row) => row.id),
    orderIds: orderRows.map((row) => row.id),
    emails: [...emails].sort(),
  };
}

/** `column in (values)`, or false for an empty list (no row). */
function within<T extends string | number>(
  column: Parameters<typeof inArray>[0],
  values: T[],
): SQL {
  return values.length > 0 ? inArray(column, values) : sql`false`;
}

/**
 * The customer's messages: about their pickups or orders, to their phone, their sign-in codes
 * (keyed `sign-in:<phone>:…`), or newsletters and other messages about no record to their e-mails.
 */
export function customerMessages(scope: CustomerScope): SQL {
  const about = (type: string, ids: number[]) =>
    and(eq(messages.entityType, type), within(messages.entityId, ids.map(String)));
  return or(
    about("pickup", scope.pickupIds),
    about("order", scope.orderIds),
    eq(messages.recipient, scope.phone),
    like(messages.dedupeKey, `sign-in:${scope.phone}:%`),
    and(
      within(messages.recipient, scope.emails),
      or(isNull(messages.entityType), eq(messages.entityType, "newsletter")),
    ),
  ) as SQL;
}

/** The customer's 'Join us' registrations: with their phone or one of their e-mail addresses. */
export function customerRegistrations(scope: CustomerScope): SQL {
  return or(
    eq(registrations.phone, scope.phone),
    within(sql`lower(${registrations.email})`, scope.emails),
  ) as SQL;
}

/** The exported tables, in the order of the JSON object and of the CSV sections. */
export const exportedTables = [
  "pickups",
  "pickup_items",
  "weigh_sheets",
  "weigh_sheet_lines",
  "weigh_sheet_plants",
  "coupons",
  "payouts",
  "orders",
  "order_lines",
  "coupon_redemptions",
  "registrations",
  "customer_addresses",
  "customer_preferences",
  "messages",
  "customer_sessions",
  "one_time_codes",
  "verified_phones",
  "audit_log",
] as const;
export type ExportedTable = (typeof exportedTables)[number];

/** One object per table: its rows as stored (column names as in the schema's TypeScript). */
export type PersonalDataExport = Record<ExportedTable, Record<string, unknown>[]>;

async function rowsOf(db: Reader, table: PgTable, where: SQL, order: SQL) {
  return (await db.select().from(table).where(where).orderBy(order)) as unknown as Record<
    string,
    unknown
  >[];
}

/**
 * Everything held about `phone` (E.164), table by table. Secrets are left out, as they are not
 * data about the person: registrations' unsubscribe and confirmation tokens, sessions' id hash,
 * one-time codes' hash.
 */
export async function exportPersonalData(db: Database, phone: string): Promise<PersonalDataExport> {
  const scope = await customerScope(db, phone);
  const sheets = await rowsOf(
    db,
    weighSheets,
    within(weighSheets.pickupId, scope.pickupIds),
    asc(weighSheets.id),
  );
  const sheetIds = sheets.map((row) => row.id as number);
  const audited = or(
    and(eq(auditLog.entity, "pickup"), within(auditLog.entityId, scope.pickupIds.map(String))),
    and(eq(auditLog.entity, "order"), within(auditLog.entityId, scope.orderIds.map(String))),
  ) as SQL;
  const registrationRows = await rowsOf(
    db,
    registrations,
    customerRegistrations(scope),
    asc(registrations.id),
  );
  return {
    pickups: await rowsOf(db, pickups, within(pickups.id, scope.pickupIds), asc(pickups.id)),
    pickup_items: await rowsOf(
      db,
      pickupItems,
      within(pickupItems.pickupId, scope.pickupIds),
      asc(pickupItems.id),
    ),
    weigh_sheets: sheets,
    weigh_sheet_lines: await rowsOf(
      db,
      weighSheetLines,
      within(weighSheetLines.weighSheetId, sheetIds),
      asc(weighSheetLines.id),
    ),
    weigh_sheet_plants: await rowsOf(
      db,
      weighSheetPlants,
      within(weighSheetPlants.weighSheetId, sheetIds),
      asc(weighSheetPlants.id),
    ),
    coupons: await rowsOf(db, coupons, within(coupons.pickupId, scope.pickupIds), asc(coupons.id)),
    payouts: await rowsOf(db, payouts, within(payouts.pickupId, scope.pickupIds), asc(payouts.id)),
    orders: await rowsOf(db, orders, within(orders.id, scope.orderIds), asc(orders.id)),
    order_lines: await rowsOf(
      db,
      orderLines,
      within(orderLines.orderId, scope.orderIds),
      asc(orderLines.id),
    ),
    coupon_redemptions: await rowsOf(
      db,
      couponRedemptions,
      within(couponRedemptions.orderId, scope.orderIds),
      asc(couponRedemptions.id),
    ),
    registrations: registrationRows.map(
      ({ unsubscribeToken: _u, confirmToken: _c, ...row }) => row,
    ),
    customer_addresses: await rowsOf(
      db,
      customerAddresses,
      eq(customerAddresses.phone, phone),
      asc(customerAddresses.id),
    ),
    customer_preferences: await rowsOf(
      db,
      customerPreferences,
      eq(customerPreferences.phone, phone),
      asc(customerPreferences.phone),
    ),
    messages: await rowsOf(db, messages, customerMessages(scope), asc(messages.id)),
    customer_sessions: (
      await rowsOf(
        db,
        customerSessions,
        eq(customerSessions.phone, phone),
        asc(customerSessions.createdAt),
      )
    ).map(({ idHash: _secret, ...row }) => row),
    one_time_codes: (
      await rowsOf(db, oneTimeCodes, eq(oneTimeCodes.phone, phone), asc(oneTimeCodes.id))
    ).map(({ codeHash: _secret, ...row }) => row),
    verified_phones: await rowsOf(
      db,
      verifiedPhones,
      eq(verifiedPhones.phone, phone),
      asc(verifiedPhones.phone),
    ),
    audit_log: await rowsOf(db, auditLog, audited, asc(auditLog.id)),
  };
}

/** A cell of the CSV: instants as ISO 8601 UTC, objects (JSON columns) as JSON, null as empty. */
function csvCell(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === "object") return JSON.stringify(value);
  return value;
}

/**
 * The export as CSV rows: for each table a section line `# <table>` (always), its header of
 * column names and its rows (none for an empty table), then an empty line. One file that any
 * spreadsheet opens; money in paise as in the JSON (docs/accounts.md "Download my data").
 */
export function* personalDataCsvRows(data: PersonalDataExport): Generator<unknown[]> {
  for (const table of exportedTables) {
    const rows = data[table];
    yield [`# ${table}`];
    const header = Object.keys(rows[0] ?? {});
    if (header.length > 0) yield header;
    for (const row of rows) yield header.map((key) => csvCell(row[key]));
    yield [];
  }
}
