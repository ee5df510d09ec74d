/**
 * The claim page's forms (docs/claims.md "Deciding"): a decision with staff's note to the
 * customer, and a cash-on-delivery refund paid back (how, and its reference). Messages are
 * dashboard ids (English).
 */
import { z } from "zod";
import { claimDecisions, refundPaidMethods } from "./claim-decisions.server";

/** intent=decide: what staff decided and their note (≤ 500 characters). */
export const claimDecisionSchema = z.object({
  decision: z.enum(claimDecisions, { error: "dashboard.claims.chooseDecision" }),
  note: z.string().trim().max(500, "dashboard.claims.noteTooLong").default(""),
});

/** intent=refundPaid: how the refund was paid and its UPI or bank reference (none for cash). */
export const refundPaidSchema = z.object({
  method: z.enum(refundPaidMethods, { error: "dashboard.claims.chooseMethod" }),
  reference: z.string().trim().max(100, "dashboard.claims.referenceTooLong").default(""),
});
