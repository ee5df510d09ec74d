/**
 * The close-dispute form (docs/exchange.md "Disputes"): the outcome, and the note whose length
 * (3 to 500 characters) `closeDispute` checks so its message stands next to the field. Messages
 * are catalogue ids (ADR 0024).
 */
import { z } from "zod";
import { disputeRefusalIds } from "./close-dispute";

export const closeDisputeSchema = z.object({
  outcome: z.enum(["collected", "cancelled"], { error: disputeRefusalIds.chooseOutcome }),
  note: z.string().default(""),
});
