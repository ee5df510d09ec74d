/**
 * Coupons for tests that spend them (docs/exchange.md "Coupons"): a coupon row inserted directly,
 * with the pickup (status 'collected' unless told otherwise) and weigh sheet its foreign keys
 * need. Money in paise.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { coupons, weighSheets } from "~/db/schema/exchange";
import { type PickupStatus, pickups } from "~/db/schema/pickups";
import { couponCode, humanReference, unguessableToken } from "~/utils/codes.server";

export interface CouponFixture {
  id: number;
  code: string;
  pickupId: number;
  pickupReference: string;
}

/** Days from now as an instant (negative: in the past). */
export function daysFromNow(days: number): Date {
  return new Date(Date.now() + days * 86_400_000);
}

/**
 * Inserts a pickup in `pickupStatus` (default 'collected'), a confirmed weigh sheet of
 * `valuePaise`, and a coupon worth `valuePaise` with `balancePaise` (default: the value) left,
 * expiring at `expiresAt` (default: in 180 days).
 */
export async function insertCoupon(
  db: Database,
  options: {
    valuePaise: number;
    balancePaise?: number;
    expiresAt?: Date;
    pickupStatus?: PickupStatus;
    createdAt?: Date;
  },
): Promise<CouponFixture> {
  const [pickup] = await db
    .insert(pickups)
    .values({
      reference: humanReference("PU"),
      trackingToken: unguessableToken(),
      status: options.pickupStatus ?? "collected",
      name: "Meera Iyer",
      email: "meera@example.com",
      phone: "+919845012345",
      addressLine1: "8 Church Street",
      addressLine2: "",
      city: "Bengaluru",
      pinCode: "560001",
      pickupDate: "2026-11-20",
      slotStart: "10:00",
      rewardPreference: "coupon",
      payoutPaise: options.valuePaise,
      collectedAt: new Date(),
    })
    .returning({ id: pickups.id, reference: pickups.reference });
  if (!pickup) throw new Error("no pickup");
  const [sheet] = await db
    .insert(weighSheets)
    .values({
      pickupId: pickup.id,
      version: 1,
      status: "confirmed",
      totalGrams: 15_500,
      subtotalPaise: options.valuePaise,
      payoutPaise: options.valuePaise,
      bonusPercent: 0,
      rewardValuePaise: options.valuePaise,
      createdByName: "Test collector",
      decidedAt: new Date(),
      confirmedVia: "tracking page",
    })
    .returning({ id: weighSheets.id });
  if (!sheet) throw new Error("no weigh sheet");
  const [coupon] = await db
    .insert(coupons)
    .values({
      code: couponCode(),
      pickupId: pickup.id,
      weighSheetId: sheet.id,
      valuePaise: options.valuePaise,
      balancePaise: options.balancePaise ?? options.valuePaise,
      expiresAt: options.expiresAt ?? daysFromNow(180),
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: coupons.id, code: coupons.code });
  if (!coupon) throw new Error("no coupon");
  return { ...coupon, pickupId: pickup.id, pickupReference: pickup.reference };
}

/** The coupon's balance now, paise. */
export async function couponBalance(db: Database, id: number): Promise<number> {
  const [row] = await db
    .select({ balancePaise: coupons.balancePaise })
    .from(coupons)
    .where(eq(coupons.id, id));
  if (!row) throw new Error(`No coupon ${id}`);
  return row.balancePaise;
}
