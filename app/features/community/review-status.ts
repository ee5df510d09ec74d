/**
 * Review statuses for staff pages (docs/dashboard.md): published reviews show on the home page,
 * pending ones wait for approval (REVIEWS_REQUIRE_APPROVAL), hidden ones were taken down.
 */
import type { reviewStatuses } from "~/db/schema/community";

export type ReviewStatus = (typeof reviewStatuses)[number];

/** Labels, in the order the status filter offers them. */
export const reviewStatusLabels: Record<ReviewStatus, string> = {
  published: "Published",
  pending: "Waiting for approval",
  hidden: "Hidden",
};
