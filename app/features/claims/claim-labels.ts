/**
 * The dashboard's English words for claims (docs/claims.md): statuses, reasons, decisions and
 * refund states. Customer pages use the message catalogues instead (`claim.*`).
 */
import type { ClaimReason, ClaimStatus, RefundStatus } from "~/db/schema/claims";

export const claimStatusLabels: Record<ClaimStatus, string> = {
  open: "Open",
  replaced: "Replacement sent",
  refunded: "Refunded",
  credited: "Store credit given",
  rejected: "Rejected",
};

export const claimReasonLabels: Record<ClaimReason, string> = {
  damaged: "Arrived damaged",
  dead: "Arrived dead or dying",
  wrong_item: "Wrong item",
  missing: "Missing",
};

export const refundStatusLabels: Record<RefundStatus, string> = {
  pending: "Sent to Razorpay, not accepted yet",
  processed: "Refunded by Razorpay",
  to_pay: "To pay back (cash on delivery)",
  paid: "Paid back",
};

/** The decisions as the claim page offers them, with what each does. */
export const decisionChoices = [
  { value: "replace", label: "Replace: send the claimed plants again at no cost (stock is taken)" },
  { value: "refund", label: "Refund the claimed value" },
  { value: "credit", label: "Store credit: a coupon for the claimed value" },
  { value: "reject", label: "Reject (tell the customer why)" },
] as const;
