/**
 * A valid scrap-pickup booking (docs/pickups.md): Ravi Kumar at 4 Residency Road, Flat 2B,
 * Bengaluru 560025 (a serviceable PIN code), 11 am, plants as the reward, a fresh idempotency
 * key. As the booking form's fields (two days ahead: always bookable) or as the `PickupInput`
 * that `bookPickup` takes (on 23 Nov 2026, no items). A test overrides what it is about.
 */
import type { PickupInput } from "~/features/pickups/pickup.schema";
import { idempotencyKey } from "~/utils/codes.server";
import { addDays, todayInKolkata } from "~/utils/dates";

const requester = {
  name: "Ravi Kumar",
  email: "ravi@example.com",
  phone: "+919845012345",
  addressLine1: "4 Residency Road",
  addressLine2: "Flat 2B",
  city: "Bengaluru",
  pinCode: "560025",
};

/** The booking form's fields, as the page posts them. */
export function pickupBookingForm(overrides: Record<string, string> = {}) {
  return {
    ...requester,
    pickupDate: addDays(todayInKolkata(new Date()), 2),
    pickupTime: "11:00",
    reward: "plants",
    idempotencyKey: idempotencyKey(),
    ...overrides,
  };
}

/** What `bookPickup` takes. */
export function pickupInput(overrides: Partial<PickupInput> = {}): PickupInput {
  return {
    ...requester,
    pickupDate: "2026-11-23",
    pickupTime: "11:00",
    reward: "plants",
    idempotencyKey: idempotencyKey(),
    items: [],
    ...overrides,
  };
}
