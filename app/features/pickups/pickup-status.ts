/**
 * Pickup status workflow (docs/pickups.md): requested → confirmed → collected, or cancelled /
 * missed from requested or confirmed. Every status change goes through here.
 */
import type { PickupStatus } from "~/db/schema/pickups";

export const pickupTransitions: Record<PickupStatus, readonly PickupStatus[]> = {
  requested: ["confirmed", "cancelled", "missed"],
  confirmed: ["collected", "cancelled", "missed"],
  collected: [],
  cancelled: [],
  missed: [],
};

export const pickupStatusLabels: Record<PickupStatus, string> = {
  requested: "Requested",
  confirmed: "Confirmed",
  collected: "Collected",
  cancelled: "Cancelled",
  missed: "Missed",
};

/** Statuses that hold a place in their slot. */
export const activePickupStatuses: readonly PickupStatus[] = ["requested", "confirmed"];

export class IllegalPickupTransitionError extends Error {
  override name = "IllegalPickupTransitionError";
  constructor(
    readonly from: PickupStatus,
    readonly to: PickupStatus,
  ) {
    super(`A pickup that is ${from} cannot become ${to}.`);
  }
}

/** @throws IllegalPickupTransitionError when `from → to` is not in the workflow. */
export function assertPickupTransition(from: PickupStatus, to: PickupStatus): void {
  if (!pickupTransitions[from].includes(to)) throw new IllegalPickupTransitionError(from, to);
}
