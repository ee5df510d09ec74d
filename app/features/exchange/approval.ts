/**
 * The approval rule of a large weigh sheet (docs/exchange.md "Approval of a large sheet"),
 * browser-safe: the server refuses confirmations with it, the dashboard and the tracking page
 * show the waiting state with it.
 */

/**
 * Whether the sheet version still lacks the admin's approval it needs: it was worth more than
 * WEIGH_SHEET_APPROVAL_ABOVE_PAISE when saved and nobody has approved it (whatever its status;
 * callers that show a pending sheet check `status === "pending"` too).
 */
export function awaitsApproval(sheet: {
  approvalRequired: boolean;
  approvedAt: Date | string | null;
}): boolean {
  return sheet.approvalRequired && sheet.approvedAt === null;
}
