/**
 * The staff's forms on a pickup's dashboard page (docs/dashboard.md): the status buttons
 * (intent confirm | missed | cancel, each with `expectedFrom`, the status the page showed;
 * app/utils/intent-form.ts has the answers to a missing or stale one) and the weigh sheet
 * (intent weigh; its fields, with their own `expectedVersion`, are read by
 * `parseWeighSheetForm` in app/features/exchange/weigh-sheet.schema.ts). Server only (ADR 0006).
 */
import { z } from "zod";
import { pickupStatuses } from "~/db/schema/pickups";
import { expectedFromField, UNKNOWN_ACTION } from "~/utils/intent-form";

const expectedFrom = expectedFromField(pickupStatuses);

/** A posted pickup action; the weigh sheet's own fields are read by `parseWeighSheetForm`. */
export const pickupActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.enum(["confirm", "missed", "cancel"]), expectedFrom }),
    z.object({ intent: z.literal("weigh") }),
  ],
  { error: UNKNOWN_ACTION },
);

export type PickupAction = z.output<typeof pickupActionSchema>;

/** The status each button moves the pickup to. */
export const pickupActionTargets = {
  confirm: "confirmed",
  missed: "missed",
  cancel: "cancelled",
} as const;
