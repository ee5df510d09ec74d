/**
 * What a signed-in customer sees at /account (docs/accounts.md "My account"): every pickup and
 * order made with their phone, the coupons issued to those pickups and the payouts made for
 * them. The phone is E.164 `+91XXXXXXXXXX` as pickups and orders store it; money is integer
 * paise; pickup dates are Asia/Kolkata calendar dates. Each list is bounded (ACCOUNT_LIST_LIMIT
 * rows, newest first, with a flag when there are more) and read through an index on the phone
 * (`pickups_phone_idx`, `orders_phone_idx`; coupons and payouts by their unique `pickup_id`), so
 * a page costs the same for a customer with thousands of records.
 */
import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { coupons, type PayoutMethod, payouts } from "~/db/schema/exchange";
import { type PickupStatus, pickups } from "~/db/schema/pickups";
import { type OrderStatus, orders, type paymentStatuses } from "~/db/schema/shop";
import { type CouponState, couponState } from "~/features/orders/coupon-status";
import { ACCOUNT_LIST_LIMIT } from "./account-limits";

/** One pickup: its date and slot start (HH:MM, Asia/Kolkata) and its amount in paise. */
export interface AccountPickup {
  reference: string;
  trackingToken: string;
  pickupDate: string;
  slotStart: string;
  status: PickupStatus;
  /** The confirmed weigh sheet's payout once there is one, else the estimate; paise. */
  amountPaise: number;
  /** True while `amountPaise` is the booking's estimate. */
  estimated: boolean;
}

/** One order: when it was placed, its status and its total in paise. */
export interface AccountOrder {
  reference: string;
  trackingToken: string;
  placedAt: Date;
  status: OrderStatus;
  paymentStatus: (typeof paymentStatuses)[number];
  totalPaise: number;
}

/** A coupon issued for one of the phone's pickups, with its balance and state at `now`. */
export interface AccountCoupon {
  code: string;
  pickupReference: string;
  valuePaise: number;
  balancePaise: number;
  expiresAt: Date;
  state: CouponState;
}

/** Money paid for one of the phone's pickups. */
export interface AccountPayout {
  pickupReference: string;
  amountPaise: number;
  method: PayoutMethod;
  paidAt: Date;
}

/** A bounded list: its rows and whether older rows were left out. */
export interface Bounded<T> {
  rows: T[];
  more: boolean;
}

function bounded<T>(rows: T[]): Bounded<T> {
  return { rows: rows.slice(0, ACCOUNT_LIST_LIMIT), more: rows.length > ACCOUNT_LIST_LIMIT };
}

/** The phone's pickups, latest pickup date first (future ones on top). */
export async function accountPickups(db: Database, phone: string): Promise<Bounded<AccountPickup>> {
  const rows = await db
    .select({
      reference: pickups.reference,
      trackingToken: pickups.trackingToken,
      pickupDate: pickups.pickupDate,
      slotStart: pickups.slotStart,
      status: pickups.status,
      estimatePaise: pickups.estimatePaise,
      payoutPaise: pickups.payoutPaise,
    })
    .from(pickups)
    .where(eq(pickups.phone, phone))
    .orderBy(desc(pickups.pickupDate), desc(pickups.id))
    .limit(ACCOUNT_LIST_LIMIT + 1);
  return bounded(
    rows.map(({ estimatePaise, payoutPaise, ...row }) => ({
      ...row,
      amountPaise: payoutPaise ?? estimatePaise,
      estimated: payoutPaise === null,
    })),
  );
}

/** The phone's orders, newest first. */
export async function accountOrders(db: Database, phone: string): Promise<Bounded<AccountOrder>> {
  const rows = await db
    .select({
      reference: orders.reference,
      trackingToken: orders.trackingToken,
      placedAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalPaise: orders.totalPaise,
    })
    .from(orders)
    .where(eq(orders.phone, phone))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ACCOUNT_LIST_LIMIT + 1);
  return bounded(rows);
}

/**
 * The coupons issued to the phone's pickups, newest first, each with its state at `now`
 * (active, used up, expired: `couponState`, docs/exchange.md "Coupons").
 */
export async function accountCoupons(
  db: Database,
  phone: string,
  now: Date,
): Promise<Bounded<AccountCoupon>> {
  const rows = await db
    .select({
      code: coupons.code,
      pickupReference: pickups.reference,
      valuePaise: coupons.valuePaise,
      balancePaise: coupons.balancePaise,
      expiresAt: coupons.expiresAt,
    })
    .from(pickups)
    .innerJoin(coupons, eq(coupons.pickupId, pickups.id))
    .where(eq(pickups.phone, phone))
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(ACCOUNT_LIST_LIMIT + 1);
  return bounded(rows.map((row) => ({ ...row, state: couponState(row, now) })));
}

/**
 * The coupons of the phone that can still be spent at `now` (balance left, not expired), the
 * largest balance first: what checkout offers a signed-in customer.
 */
export async function spendableCoupons(
  db: Database,
  phone: string,
  now: Date,
): Promise<AccountCoupon[]> {
  const { rows } = await accountCoupons(db, phone, now);
  return rows
    .filter((coupon) => coupon.state === "active")
    .sort((a, b) => b.balancePaise - a.balancePaise);
}

/** The payouts made for the phone's pickups, latest first. */
export async function accountPayouts(db: Database, phone: string): Promise<Bounded<AccountPayout>> {
  const rows = await db
    .select({
      pickupReference: pickups.reference,
      amountPaise: payouts.amountPaise,
      method: payouts.method,
      paidAt: payouts.paidAt,
    })
    .from(pickups)
    .innerJoin(payouts, eq(payouts.pickupId, pickups.id))
    .where(eq(pickups.phone, phone))
    .orderBy(desc(payouts.paidAt), desc(payouts.id))
    .limit(ACCOUNT_LIST_LIMIT + 1);
  return bounded(rows);
}

/** Everything the account page lists for `phone`, read at once. */
export async function accountRecords(db: Database, phone: string, now: Date) {
  const [pickupList, orderList, couponList, payoutList] = await Promise.all([
    accountPickups(db, phone),
    accountOrders(db, phone),
    accountCoupons(db, phone, now),
    accountPayouts(db, phone),
  ]);
  return { pickups: pickupList, orders: orderList, coupons: couponList, payouts: payoutList };
}

/**
 * The e-mail address last typed with `phone` on a booking or an order, or null: the booking's
 * and checkout's e-mail field is filled from it for a signed-in customer.
 */
export async function lastEmailOf(db: Database, phone: string): Promise<string | null> {
  const [order] = await db
    .select({ email: orders.email, at: orders.createdAt })
    .from(orders)
    .where(eq(orders.phone, phone))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  const [pickup] = await db
    .select({ email: pickups.email, at: pickups.createdAt })
    .from(pickups)
    .where(eq(pickups.phone, phone))
    .orderBy(desc(pickups.pickupDate), desc(pickups.id))
    .limit(1);
  if (order && pickup) return order.at > pickup.at ? order.email : pickup.email;
  return order?.email ?? pickup?.email ?? null;
}
