/**
 * One customer's records for the privacy tests (docs/accounts.md "Personal data and erasure"):
 * bare rows inserted straight into the tables, all on `phone` and an e-mail of its own: a
 * collected pickup with a confirmed weigh sheet (disputed once, with a note) and a coupon, a
 * delivered order (a bill) that spent the coupon, a cancelled order, messages to the phone and
 * the e-mail (one a sign-in code, keyed by the phone), a confirmed 'Join us' registration, a
 * saved address and the staff digest listing the pickup.
 * Money in paise; every instant relative to `now`.
 */
import type { Database } from "~/db/client.server";
import { claimPhotos, claims } from "~/db/schema/claims";
import { registrations } from "~/db/schema/community";
import { customerAddresses } from "~/db/schema/customer-profile";
import { couponRedemptions, coupons, weighSheets } from "~/db/schema/exchange";
import { messages } from "~/db/schema/messages";
import { pickups } from "~/db/schema/pickups";
import { orders } from "~/db/schema/shop";
import { couponCode, humanReference, unguessableToken } from "~/utils/codes.server";
import { todayInKolkata } from "~/utils/dates";

export interface CustomerRecords {
  phone: string;
  email: string;
  pickupId: number;
  pickupReference: string;
  pickupToken: string;
  couponCode: string;
  billId: number;
  /** The bill's tracking token as placed. */
  billToken: string;
  cancelledOrderId: number;
  registrationId: number;
  /** A rejected claim on the bill's order, with the customer's and staff's words and a photo. */
  claimId: number;
}

let seq = 0;
const DAY = 86_400_000;

function must<T>(row: T | undefined): T {
  if (!row) throw new Error("insert returned no row");
  return row;
}

async function insertOrder(
  db: Database,
  phone: string,
  email: string,
  createdAt: Date,
  status: "delivered" | "cancelled",
) {
  seq += 1;
  return must(
    (
      await db
        .insert(orders)
        .values({
          reference: humanReference("OR"),
          trackingToken: unguessableToken(),
          idempotencyKey: `privacy-${phone}-${seq}`,
          status,
          name: `Buyer ${phone}`,
          email,
          phone,
          address: `${seq} Residency Road`,
          city: "Bengaluru",
          state: "Karnataka",
          pinCode: "560025",
          subtotalPaise: 30000,
          discountPaise: 10000,
          totalPaise: 20000,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: orders.id, reference: orders.reference, token: orders.trackingToken })
    )[0],
  );
}

async function insertCollectedPickup(db: Database, phone: string, email: string, at: Date) {
  return must(
    (
      await db
        .insert(pickups)
        .values({
          reference: humanReference("PU"),
          trackingToken: unguessableToken(),
          status: "collected",
          name: `Seller ${phone}`,
          email,
          phone,
          addressLine1: "8 Church Street",
          addressLine2: "Flat 2",
          city: "Bengaluru",
          pinCode: "560001",
          pickupDate: todayInKolkata(at),
          slotStart: "10:00",
          rewardPreference: "coupon",
          payoutPaise: 10000,
          rewardGiven: "old note",
          collectedAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .returning({
          id: pickups.id,
          reference: pickups.reference,
          token: pickups.trackingToken,
          date: pickups.pickupDate,
        })
    )[0],
  );
}

/** Inserts the records of one customer on `phone`, the latest activity at `at`. */
export async function customerRecords(
  db: Database,
  phone: string,
  at: Date = new Date(),
): Promise<CustomerRecords> {
  const email = `customer${phone.slice(-4)}@example.com`;
  const pickup = await insertCollectedPickup(db, phone, email, at);
  const sheet = must(
    (
      await db
        .insert(weighSheets)
        .values({
          pickupId: pickup.id,
          version: 1,
          status: "confirmed",
          totalGrams: 15_500,
          subtotalPaise: 10000,
          payoutPaise: 10000,
          bonusPercent: 0,
          rewardValuePaise: 10000,
          createdByName: "Test collector",
          decidedAt: at,
          confirmedVia: "tracking page",
          disputeReason: "My neighbour Ravi saw 20 kg",
          resolutionNote: "Called Seller back",
        })
        .returning({ id: weighSheets.id })
    )[0],
  );
  const coupon = must(
    (
      await db
        .insert(coupons)
        .values({
          code: couponCode(),
          pickupId: pickup.id,
          weighSheetId: sheet.id,
          valuePaise: 10000,
          balancePaise: 0,
          expiresAt: new Date(at.getTime() + 180 * DAY),
          createdAt: at,
        })
        .returning({ id: coupons.id, code: coupons.code })
    )[0],
  );
  const bill = await insertOrder(db, phone, email, at, "delivered");
  const claim = must(
    await db
      .insert(claims)
      .values({
        reference: humanReference("CL"),
        orderId: bill.id,
        status: "rejected",
        note: `The pot broke, call me on ${phone}`,
        createdAt: at,
        decidedAt: at,
        decidedByName: "Asha Admin",
        decisionNote: `Spoke to ${email}`,
      })
      .returning({ id: claims.id })
      .then((rows) => rows[0]),
  );
  await db.insert(claimPhotos).values({
    claimId: claim.id,
    jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
    width: 1,
    height: 1,
  });
  await db
    .insert(couponRedemptions)
    .values({ couponId: coupon.id, orderId: bill.id, amountPaise: 10000, createdAt: at });
  const cancelled = await insertOrder(db, phone, email, at, "cancelled");
  const registration = must(
    (
      await db
        .insert(registrations)
        .values({
          name: `Seller ${phone}`,
          email,
          phone,
          unsubscribeToken: unguessableToken(),
          confirmedAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: registrations.id })
    )[0],
  );
  await db.insert(customerAddresses).values({
    phone,
    label: "home",
    name: `Seller ${phone}`,
    addressLine1: "8 Church Street",
    city: "Bengaluru",
    state: "Karnataka",
    pinCode: "560001",
    isDefault: true,
    createdAt: at,
    updatedAt: at,
  });
  const message = (values: Partial<typeof messages.$inferInsert>) => {
    seq += 1;
    return {
      channel: "whatsapp" as const,
      template: "pickup_booked",
      recipient: phone,
      params: { name: `Seller ${phone}`, reference: pickup.reference },
      dedupeKey: `privacy:${seq}`,
      status: "sent" as const,
      createdAt: at,
      updatedAt: at,
      ...values,
    };
  };
  await db.insert(messages).values([
    message({ entityType: "pickup", entityId: String(pickup.id) }),
    message({ channel: "email", recipient: email, entityType: "order", entityId: String(bill.id) }),
    message({ channel: "email", recipient: email, status: "pending", lastError: `550 ${email}` }),
    message({ template: "sign_in_code", dedupeKey: `sign-in:${phone}:${at.toISOString()}` }),
    message({
      channel: "email",
      recipient: "shop@example.com",
      template: "staff_daily_digest",
      entityType: "digest",
      entityId: pickup.date,
      dedupeKey: `digest:${pickup.date}:${pickup.reference}`,
      params: {
        date: pickup.date,
        slots: [
          { label: "10 AM", pickups: [{ reference: pickup.reference, name: `Seller ${phone}` }] },
        ],
      },
    }),
  ]);
  return {
    phone,
    email,
    pickupId: pickup.id,
    pickupReference: pickup.reference,
    pickupToken: pickup.token,
    couponCode: coupon.code,
    billId: bill.id,
    billToken: bill.token,
    cancelledOrderId: cancelled.id,
    registrationId: registration.id,
    claimId: claim.id,
  };
}
