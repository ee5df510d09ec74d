/**
 * The staff's status buttons on an order's dashboard page (docs/dashboard.md): intent
 * confirm | ship | deliver | cancel (through `transitionOrder`) or cash-collected, each with
 * `expectedFrom`, the status the page showed (app/utils/intent-form.ts has the answers to a
 * missing or stale one). Server only (ADR 0006).
 */
import { z } from "zod";
import { type OrderStatus, orderStatuses } from "~/db/schema/shop";
import { expectedFromField, UNKNOWN_ACTION } from "~/utils/intent-form";

const expectedFrom = expectedFromField(orderStatuses);

/** The status each workflow button moves the order to. */
export const orderActionTargets = {
  confirm: "confirmed",
  ship: "shipped",
  deliver: "delivered",
  cancel: "cancelled",
} as const satisfies Record<string, OrderStatus>;

export type OrderTransitionIntent = keyof typeof orderActionTargets;

/** A posted order action. */
export const orderActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.enum(["confirm", "ship", "deliver", "cancel"]), expectedFrom }),
    z.object({ intent: z.literal("cash-collected"), expectedFrom }),
  ],
  { error: UNKNOWN_ACTION },
);

export type OrderAction = z.output<typeof orderActionSchema>;
