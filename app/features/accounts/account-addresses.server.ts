/**
 * The address book of a signed-in customer (docs/accounts.md "My account"): at most
 * MAX_ADDRESSES addresses per phone (E.164 `+91XXXXXXXXXX`), exactly one of them the default
 * while there is any. Every change runs in one transaction under a per-phone advisory lock, so
 * two tabs adding at once cannot pass the limit, and the partial unique index
 * `customer_addresses_one_default_idx` keeps a second default out of the table whatever the code
 * does. An address of another phone is "not found" (404 on the pages): ids are not secrets.
 */
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type CustomerAddress, customerAddresses } from "~/db/schema/customer-profile";
import { Refusal } from "~/utils/refusal";
import type { AddressInput } from "./account-address.schema";
import { MAX_ADDRESSES } from "./account-limits";

/** A refused change to the address book: the limit (409) or an address not of this phone (404). */
export class AddressBookError extends Refusal {}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Serialises the changes of one phone's address book until the transaction ends. */
async function lockAddressBook(tx: Transaction, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer_addresses:${phone}`}))`);
}

function notFound(): AddressBookError {
  return new AddressBookError("errors.address.notFound", {}, { status: 404 });
}

/** The phone's addresses, the default first, then the newest first (at most MAX_ADDRESSES). */
export async function listAddresses(db: Database, phone: string): Promise<CustomerAddress[]> {
  return db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.phone, phone))
    .orderBy(desc(customerAddresses.isDefault), desc(customerAddresses.id))
    .limit(MAX_ADDRESSES);
}

/** The phone's default address, or null when it has none. */
export async function defaultAddress(db: Database, phone: string): Promise<CustomerAddress | null> {
  const [row] = await db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.phone, phone), eq(customerAddresses.isDefault, true)))
    .limit(1);
  return row ?? null;
}

/**
 * One address of the phone.
 * @throws AddressBookError 404 when there is no such address or it belongs to another phone.
 */
export async function getAddress(
  db: Database | Transaction,
  phone: string,
  id: number,
): Promise<CustomerAddress> {
  const [row] = await db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.phone, phone)));
  if (!row) throw notFound();
  return row;
}

/**
 * Saves a new address for `phone`; the first one becomes the default, and so does one saved
 * with `makeDefault`.
 * @throws AddressBookError 409 (`errors.address.tooMany`) when the phone has MAX_ADDRESSES.
 */
export async function addAddress(
  db: Database,
  phone: string,
  input: AddressInput,
  options: { makeDefault?: boolean; now: Date },
): Promise<CustomerAddress> {
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, phone);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(customerAddresses)
      .where(eq(customerAddresses.phone, phone));
    const existing = count?.n ?? 0;
    if (existing >= MAX_ADDRESSES) {
      throw new AddressBookError("errors.address.tooMany", { max: MAX_ADDRESSES }, { status: 409 });
    }
    const isDefault = existing === 0 || options.makeDefault === true;
    if (isDefault) await clearDefault(tx, phone, options.now);
    const [row] = await tx
      .insert(customerAddresses)
      .values({ ...input, phone, isDefault, createdAt: options.now, updatedAt: options.now })
      .returning();
    if (!row) throw new Error("The address was not saved");
    return row;
  });
}

/**
 * Replaces the fields of the phone's address `id` (its default flag stays).
 * @throws AddressBookError 404 for an address of another phone or none.
 */
export async function updateAddress(
  db: Database,
  phone: string,
  id: number,
  input: AddressInput,
  now: Date,
): Promise<CustomerAddress> {
  return changeOwnAddress(db, phone, id, async (tx) => {
    const [row] = await tx
      .update(customerAddresses)
      .set({ ...input, updatedAt: now })
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.phone, phone)))
      .returning();
    if (!row) throw notFound();
    return row;
  });
}

/**
 * Runs `change` on the phone's address `id` in one transaction under the phone's lock, once the
 * address is found to be the phone's.
 * @throws AddressBookError 404 for an address of another phone or none.
 */
async function changeOwnAddress<T>(
  db: Database,
  phone: string,
  id: number,
  change: (tx: Transaction, address: CustomerAddress) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, phone);
    return change(tx, await getAddress(tx, phone, id));
  });
}

async function setDefault(tx: Transaction, id: number, now: Date): Promise<void> {
  await tx
    .update(customerAddresses)
    .set({ isDefault: true, updatedAt: now })
    .where(eq(customerAddresses.id, id));
}

async function clearDefault(tx: Transaction, phone: string, now: Date): Promise<void> {
  await tx
    .update(customerAddresses)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(customerAddresses.phone, phone), eq(customerAddresses.isDefault, true)));
}

/**
 * Makes the phone's address `id` its default (the former default stops being one).
 * @throws AddressBookError 404 for an address of another phone or none.
 */
export async function makeDefaultAddress(
  db: Database,
  phone: string,
  id: number,
  now: Date,
): Promise<void> {
  await changeOwnAddress(db, phone, id, async (tx) => {
    await clearDefault(tx, phone, now);
    await setDefault(tx, id, now);
  });
}

/**
 * Deletes the phone's address `id`. When it was the default, the oldest remaining address
 * becomes the default, so a phone with addresses always has exactly one.
 * @throws AddressBookError 404 for an address of another phone or none.
 */
export async function deleteAddress(
  db: Database,
  phone: string,
  id: number,
  now: Date,
): Promise<void> {
  await changeOwnAddress(db, phone, id, async (tx, address) => {
    await tx
      .delete(customerAddresses)
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.phone, phone)));
    if (!address.isDefault) return;
    const [next] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(and(eq(customerAddresses.phone, phone), ne(customerAddresses.id, id)))
      .orderBy(asc(customerAddresses.id))
      .limit(1);
    if (next) await setDefault(tx, next.id, now);
  });
}
