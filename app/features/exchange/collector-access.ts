/**
 * Who may act on a pickup at the door (docs/exchange.md): a collector only on the pickups
 * assigned to them, admins and staff on any; nobody on a cancelled, missed or collected one.
 * A collector may act before the pickup's date (customers sometimes ask them to come early).
 * Browser-safe: the route sheet hides buttons with the same rule the server enforces.
 */
import type { PickupStatus } from "~/db/schema/pickups";
import type { StaffRole } from "~/db/schema/staff";
import type { MessageRef } from "~/utils/refusal";

/** The signed-in staff member acting at the door. */
export interface DoorActor {
  id: string;
  name: string;
  role: StaffRole;
}

/** Statuses in which the visit (on my way, arrived, weigh sheet) can still happen. */
export const doorStatuses: readonly PickupStatus[] = [
  "requested",
  "confirmed",
  "weighed",
  "disputed",
];

/**
 * Why `actor` may not act on `pickup`, or null when they may: the HTTP status and the message
 * (a `collector.refusal.*` id, in the three catalogues; render with `refusalText(lang, message)`
 * in the viewer's language).
 * - 403 "This pickup is not assigned to you." for a collector on someone else's pickup;
 * - 409 for a pickup that is cancelled, missed or already collected.
 */
export function doorActionProblem(
  pickup: { status: PickupStatus; collectorId: string | null },
  actor: Pick<DoorActor, "id" | "role">,
): { status: 403 | 409; message: MessageRef } | null {
  if (actor.role === "collector" && pickup.collectorId !== actor.id) {
    return { status: 403, message: { id: "collector.refusal.notAssigned", values: {} } };
  }
  if (!doorStatuses.includes(pickup.status)) {
    const id =
      pickup.status === "cancelled"
        ? "collector.refusal.cancelled"
        : pickup.status === "collected"
          ? "collector.refusal.collected"
          : "collector.refusal.missed";
    return { status: 409, message: { id, values: {} } };
  }
  return null;
}
