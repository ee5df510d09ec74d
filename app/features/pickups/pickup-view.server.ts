/**
 * What the pickup pages show of a booking: dates and slots as people read them, the estimate
 * lines in kg and paise. Shared by the success page and the tracking page.
 */
import { formatCalendarDate } from "~/utils/dates";
import { formatIndianMobile } from "~/utils/phone";
import type { PickupConfig } from "./pickup-config";
import type { PickupView } from "./pickups.server";
import { visitorCanChange } from "./pickups.server";

export function presentPickup(pickup: PickupView, now: Date, config: PickupConfig) {
  const slot = config.slots.find((s) => s.start === pickup.slotStart);
  return {
    reference: pickup.reference,
    status: pickup.status,
    name: pickup.name,
    phone: formatIndianMobile(pickup.phone),
    address: [pickup.addressLine1, pickup.addressLine2, `${pickup.city} ${pickup.pinCode}`],
    date: pickup.pickupDate,
    dateLabel: formatCalendarDate(pickup.pickupDate),
    slotStart: pickup.slotStart,
    slotLabel: slot?.label ?? pickup.slotStart,
    reward: pickup.rewardPreference,
    estimatePaise: pickup.estimatePaise,
    totalKg: pickup.items.reduce((sum, item) => sum + (item.estimatedGrams ?? 0), 0) / 1000,
    items: pickup.items.map((item) => ({
      id: item.id,
      material: item.material,
      ratePaisePerKg: item.ratePaisePerKg,
      kg: (item.estimatedGrams ?? 0) / 1000,
    })),
    canChange: visitorCanChange(pickup, now),
    minimumKg: config.minimumKg,
  };
}
