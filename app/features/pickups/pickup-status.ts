/**
 * Pickup status workflow (docs/pickups.md, docs/exchange.md): requested → confirmed → weighed
 * (the collector saved a weigh sheet) → collected (the customer confirmed it) or disputed (the
 * customer objected); a disputed pickup is weighed again (a corrected sheet), closed as
 * collected, or cancelled. Cancelled / missed from requested or confirmed; a weighed pickup may
 * be cancelled when the customer keeps the scrap. A new sheet version keeps 'weighed' (no move).
 * Every status change goes through `assertPickupTransition` (pickup-transition.server.ts).
 */
import type { PickupStatus } from "~/db/schema/pickups";
import { statusWorkflow } from "~/utils/status-workflow";

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

/** The pickup workflow (browser-safe); refused changes: pickup-transition.server.ts. */
export const pickupWorkflow = statusWorkflow(pickupTransitions, "A pickup");
