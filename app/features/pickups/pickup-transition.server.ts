/**
 * Refusing a pickup status change the workflow does not list (pickup-status.ts,
 * docs/pickups.md). Server only (status-change.server.ts).
 */
import type { PickupStatus } from "~/db/schema/pickups";
import { assertStatusChange, IllegalStatusChangeError } from "~/utils/status-change.server";
import { pickupWorkflow } from "./pickup-status";

/** Thrown for a status change the workflow does not allow ("A pickup that is X cannot become Y."). */
export const IllegalPickupTransitionError = IllegalStatusChangeError;
export type IllegalPickupTransitionError = IllegalStatusChangeError<PickupStatus>;

/** @throws IllegalPickupTransitionError when `from → to` is not in the workflow. */
export function assertPickupTransition(from: PickupStatus, to: PickupStatus): void {
  assertStatusChange(pickupWorkflow, from, to);
}
