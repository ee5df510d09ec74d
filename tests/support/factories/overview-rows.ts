/**
 * Bare pickup and order rows for the overview's tests, inserted straight into `pickups` and
 * `orders` (no booking or checkout flow): each call a new reference, tracking token and e-mail,
 * numbered within the test file. Money in paise.
 */
import type { pickups } from "~/db/schema/pickups";
import type { orders } from "~/db/schema/shop";

let seq = 0;

/** A pickup on `date` (YYYY-MM-DD, Asia/Kolkata) at `slotStart` (HH:MM), money reward. */
export function pickupRow(
  date: string,
  slotStart: string,
  status: (typeof pickups.$inferInsert)["status"],
) {
  seq += 1;
  return {
    reference: `PU-T${String(seq).padStart(5, "0")}`,
    trackingToken: `pickup-token-${seq}`,
    status,
    name: `Pickup person ${seq}`,
    email: `p${seq}@example.com`,
    phone: "+919845012345",
    addressLine1: "12 MG Road",
    addressLine2: "",
    city: "Bengaluru",
    pinCode: "560001",
    pickupDate: date,
    slotStart,
    rewardPreference: "money" as const,
  };
}

/**
 * An order placed at `createdAt` for `totalPaise` (₹150 unless given); cash on delivery, unpaid,
 * unless `payment` says otherwise.
 */
export function orderRow(
  createdAt: Date,
  status: (typeof orders.$inferInsert)["status"],
  totalPaise = 15000,
  payment: Partial<Pick<typeof orders.$inferInsert, "paymentMethod" | "paymentStatus">> = {},
) {
  seq += 1;
  return {
    reference: `OR-T${String(seq).padStart(5, "0")}`,
    trackingToken: `order-token-${seq}`,
    idempotencyKey: `order-key-${seq}`,
    status,
    name: `Shopper ${seq}`,
    email: `o${seq}@example.com`,
    phone: "+919845012345",
    address: "12 MG Road",
    city: "Bengaluru",
    state: "Karnataka",
    pinCode: "560001",
    subtotalPaise: totalPaise,
    totalPaise,
    createdAt,
    ...payment,
  };
}
