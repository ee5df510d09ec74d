/**
 * What /account shows for a phone (docs/accounts.md "My account"), through the data functions
 * on a real database: every pickup and order of that phone and none of another's, newest
 * first and bounded; coupons with balance and state; payouts; the address book's limit, its
 * one default and another phone's addresses out of reach; the language of new messages.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerAddresses } from "~/db/schema/customer-profile";
import { payouts } from "~/db/schema/exchange";
import { pickups } from "~/db/schema/pickups";
import { orders } from "~/db/schema/shop";
import {
  AddressBookError,
  addAddress,
  defaultAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  makeDefaultAddress,
  updateAddress,
} from "~/features/accounts/account-addresses.server";
import {
  accountCoupons,
  accountOrders,
  accountPayouts,
  accountPickups,
  lastEmailOf,
  spendableCoupons,
} from "~/features/accounts/account-data.server";
import {
  messageLanguageFor,
  preferredLanguage,
  setPreferredLanguage,
} from "~/features/accounts/account-language.server";
import { ACCOUNT_LIST_LIMIT, MAX_ADDRESSES } from "~/features/accounts/account-limits";
import { bookingPrefill, checkoutPrefill } from "~/features/accounts/account-prefill.server";
import { addDays, todayInKolkata } from "~/utils/dates";
import { daysFromNow, insertCoupon } from "../support/factories/coupons";
import { orderRow, pickupRow } from "../support/factories/overview-rows";
import { testDatabaseForFile } from "../support/processes/test-database";

const database = testDatabaseForFile();
const db = () => database.db;

let phoneSeq = 0;
/** A phone of its own for each test: +91 98xxxxxxxx. */
function newPhone(): string {
  phoneSeq += 1;
  return `+9198${String(4000_0000 + phoneSeq * 7919).padStart(8, "0")}`;
}

const home = {
  label: "home" as const,
  name: "Meera Iyer",
  addressLine1: "8 Church Street",
  addressLine2: "Ashok Nagar",
  city: "Bengaluru",
  state: "Karnataka" as const,
  pinCode: "560001",
};

describe("pickups and orders of a phone", () => {
  it("lists the phone's own, latest first, with their status and amount, and nothing of another phone", async () => {
    const phone = newPhone();
    const other = newPhone();
    const today = todayInKolkata(new Date());
    await db()
      .insert(pickups)
      .values([
        { ...pickupRow(addDays(today, -3), "09:00", "collected"), phone, payoutPaise: 25_000 },
        { ...pickupRow(addDays(today, 2), "11:00", "requested"), phone, estimatePaise: 12_000 },
        { ...pickupRow(addDays(today, 1), "13:00", "requested"), phone: other },
      ]);
    const now = new Date();
    await db()
      .insert(orders)
      .values([
        { ...orderRow(new Date(now.getTime() - 86_400_000), "delivered", 30_000), phone },
        { ...orderRow(now, "placed", 45_000), phone },
        { ...orderRow(now, "placed", 99_900), phone: other },
      ]);

    const mine = await accountPickups(db(), phone);
    expect(mine.more).toBe(false);
    expect(mine.rows.map((p) => [p.pickupDate, p.status, p.amountPaise, p.estimated])).toEqual([
      [addDays(today, 2), "requested", 12_000, true],
      [addDays(today, -3), "collected", 25_000, false],
    ]);
    const myOrders = await accountOrders(db(), phone);
    expect(myOrders.rows.map((o) => [o.status, o.totalPaise])).toEqual([
      ["placed", 45_000],
      ["delivered", 30_000],
    ]);
    expect(myOrders.rows.every((o) => o.trackingToken.length > 0)).toBe(true);
  });

  it("bounds each list and says that older rows were left out", async () => {
    const phone = newPhone();
    const today = todayInKolkata(new Date());
    await db()
      .insert(pickups)
      .values(
        Array.from({ length: ACCOUNT_LIST_LIMIT + 3 }, (_, i) => ({
          ...pickupRow(addDays(today, -i), "09:00", "collected"),
          phone,
        })),
      );
    const list = await accountPickups(db(), phone);
    expect(list.rows).toHaveLength(ACCOUNT_LIST_LIMIT);
    expect(list.more).toBe(true);
    expect(list.rows[0]?.pickupDate).toBe(today);
  });
});

describe("coupons and payouts of a phone", () => {
  it("lists coupons with balance and state, and offers only the spendable ones at checkout", async () => {
    const phone = "+919845012345"; // the coupon factory's phone
    const now = new Date();
    const active = await insertCoupon(db(), { valuePaise: 20_000, balancePaise: 5_000 });
    const usedUp = await insertCoupon(db(), { valuePaise: 10_000, balancePaise: 0 });
    const expired = await insertCoupon(db(), { valuePaise: 8_000, expiresAt: daysFromNow(-1) });
    const rich = await insertCoupon(db(), { valuePaise: 30_000 });
    const listed = await accountCoupons(db(), phone, now);
    const state = (code: string) => listed.rows.find((c) => c.code === code);
    expect(state(active.code)).toMatchObject({
      state: "active",
      balancePaise: 5_000,
      valuePaise: 20_000,
    });
    expect(state(usedUp.code)?.state).toBe("used-up");
    expect(state(expired.code)?.state).toBe("expired");
    expect(state(active.code)?.pickupReference).toBe(active.pickupReference);
    const spendable = await spendableCoupons(db(), phone, now);
    expect(spendable.map((c) => c.code)).toEqual([rich.code, active.code]);
    expect(await accountCoupons(db(), newPhone(), now)).toEqual({ rows: [], more: false });
  });

  it("lists the payouts made for the phone's pickups", async () => {
    const phone = newPhone();
    const [pickup] = await db()
      .insert(pickups)
      .values({ ...pickupRow("2026-01-15", "09:00", "collected"), phone, payoutPaise: 12_345 })
      .returning({ id: pickups.id, reference: pickups.reference });
    if (!pickup) throw new Error("no pickup");
    const paidAt = new Date();
    await db().insert(payouts).values({
      pickupId: pickup.id,
      amountPaise: 12_345,
      method: "upi",
      reference: "UPI123",
      paidByName: "Admin",
      paidAt,
    });
    const listed = await accountPayouts(db(), phone);
    expect(listed.rows).toEqual([
      { pickupReference: pickup.reference, amountPaise: 12_345, method: "upi", paidAt },
    ]);
    expect((await accountPayouts(db(), newPhone())).rows).toEqual([]);
  });
});

describe("the address book", () => {
  it("keeps exactly one default: the first address, a chosen one, the next after a delete", async () => {
    const phone = newPhone();
    const now = new Date();
    const first = await addAddress(db(), phone, home, { now });
    expect(first.isDefault).toBe(true);
    const office = await addAddress(db(), phone, { ...home, label: "office" }, { now });
    expect(office.isDefault).toBe(false);
    await makeDefaultAddress(db(), phone, office.id, now);
    expect((await defaultAddress(db(), phone))?.id).toBe(office.id);
    const third = await addAddress(
      db(),
      phone,
      { ...home, label: "other" },
      { now, makeDefault: true },
    );
    expect((await defaultAddress(db(), phone))?.id).toBe(third.id);
    await deleteAddress(db(), phone, third.id, now);
    expect((await defaultAddress(db(), phone))?.id).toBe(first.id);
    const defaults = (await listAddresses(db(), phone)).filter((a) => a.isDefault);
    expect(defaults).toHaveLength(1);
    await updateAddress(db(), phone, first.id, { ...home, city: "Mysuru", pinCode: "570001" }, now);
    expect(await getAddress(db(), phone, first.id)).toMatchObject({
      city: "Mysuru",
      isDefault: true,
    });
  });

  it(`refuses an address beyond ${MAX_ADDRESSES}, also when added at once`, async () => {
    const phone = newPhone();
    const now = new Date();
    const results = await Promise.allSettled(
      Array.from({ length: MAX_ADDRESSES + 2 }, () => addAddress(db(), phone, home, { now })),
    );
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AddressBookError);
      expect((r as PromiseRejectedResult).reason.id).toBe("errors.address.tooMany");
    }
    const rows = await db()
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.phone, phone));
    expect(rows).toHaveLength(MAX_ADDRESSES);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });

  it("never reads, changes or deletes another phone's address", async () => {
    const owner = newPhone();
    const stranger = newPhone();
    const now = new Date();
    const address = await addAddress(db(), owner, home, { now });
    for (const attempt of [
      () => getAddress(db(), stranger, address.id),
      () => updateAddress(db(), stranger, address.id, { ...home, name: "Thief" }, now),
      () => makeDefaultAddress(db(), stranger, address.id, now),
      () => deleteAddress(db(), stranger, address.id, now),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ id: "errors.address.notFound", status: 404 });
    }
    expect(await getAddress(db(), owner, address.id)).toMatchObject({ name: home.name });
  });
});

describe("pre-filled forms and the language of messages", () => {
  it("fills booking and checkout from the default address and the last e-mail typed", async () => {
    const phone = newPhone();
    expect(await bookingPrefill(db(), phone)).toEqual({ phone: expect.stringMatching(/^\+91 /) });
    await db()
      .insert(orders)
      .values({ ...orderRow(new Date(), "placed"), phone, email: "meera@example.com" });
    await addAddress(db(), phone, home, { now: new Date() });
    expect(await lastEmailOf(db(), phone)).toBe("meera@example.com");
    expect(await checkoutPrefill(db(), phone)).toMatchObject({
      name: home.name,
      email: "meera@example.com",
      address: "8 Church Street, Ashok Nagar",
      city: "Bengaluru",
      state: "Karnataka",
      pinCode: "560001",
    });
    expect(await bookingPrefill(db(), phone)).toMatchObject({
      addressLine1: "8 Church Street",
      addressLine2: "Ashok Nagar",
      pinCode: "560001",
    });
  });

  it("keeps the chosen language by phone and uses it for new records' messages", async () => {
    const phone = newPhone();
    expect(await preferredLanguage(db(), phone)).toBeNull();
    expect(await messageLanguageFor(db(), phone, "hi")).toBe("hi");
    await setPreferredLanguage(db(), phone, "kn", new Date());
    await setPreferredLanguage(db(), phone, "en", new Date());
    expect(await preferredLanguage(db(), phone)).toBe("en");
    expect(await messageLanguageFor(db(), phone, "hi")).toBe("en");
    expect(await messageLanguageFor(db(), null, "kn")).toBe("kn");
  });
});
