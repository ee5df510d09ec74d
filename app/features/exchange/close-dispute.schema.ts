/**
 * The close-dispute form (docs/exchange.md "Disputes"): the outcome, and the note whose length
 * (3 to 500 characters) `closeDispute` checks so its message stands next to the field.
 */
import { z } from "zod";
import { CHOOSE_OUTCOME } from "./close-dispute";

export const closeDisputeSchema = z.object({
  outcome: z.enum(["collected", "cancelled"], { error: CHOOSE_OUTCOME }),
  note: z.string().default(""),
});
