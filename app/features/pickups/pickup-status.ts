/**
 * Pickup status workflow (docs/pickups.md): requested → confirmed → collected, or cancelled /
 * missed from requested or confirmed. Every status change goes through here.
 */
import type { PickupStatus } from "~/db/schema/pickups";
import { IllegalStatusChangeError, statusWorkflow } from "~/utils/status-workflow";

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

const pickupWorkflow = statusWorkflow(pickupTransitions, "A pickup");

/** Thrown for a status change the workflow does not allow ("A pickup that is X cannot become Y."). */
export const IllegalPickupTransitionError = IllegalStatusChangeError;
export type IllegalPickupTransitionError = IllegalStatusChangeError<PickupStatus>;

/** @throws IllegalPickupTransitionError when `from → to` is not in the workflow. */
export const assertPickupTransition = pickupWorkflow.assert;
