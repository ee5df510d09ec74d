/**
 * Pickup status workflow (docs/pickups.md, docs/exchange.md): requested → confirmed → weighed
 * (the collector saved a weigh sheet) → collected (the customer confirmed it) or disputed (the
 * customer objected); a disputed pickup is weighed again (a corrected sheet), closed as
 * collected, or cancelled. Cancelled / missed from requested or confirmed; a weighed pickup may
 * be cancelled when the customer keeps the scrap. A new sheet version keeps 'weighed' (no move).
 * Every status change goes through here.
 */
import type { PickupStatus } from "~/db/schema/pickups";
import { IllegalStatusChangeError, statusWorkflow } from "~/utils/status-workflow";

export const pickupTransitions: Record<PickupStatus, readonly PickupStatus[]> = {
  requested: ["confirmed", "weighed", "cancelled", "missed"],
  confirmed: ["weighed", "cancelled", "missed"],
  weighed: ["collected", "disputed", "cancelled"],
  disputed: ["weighed", "collected", "cancelled"],
  collected: [],
  cancelled: [],
  missed: [],
};

export const pickupStatusLabels: Record<PickupStatus, string> = {
  requested: "Requested",
  confirmed: "Confirmed",
  weighed: "Weighed",
  disputed: "Disputed",
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
