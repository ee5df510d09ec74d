/**
 * The staff side of the mailing list and reviews (docs/dashboard.md): registration and
 * review lists with search and keyset pagination (newest first), their CSV rows in batches, and
 * hiding or publishing a review with an audit row written in the same transaction.
 */
import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/db/audit.server";
import { notifyCacheChanged } from "~/db/cache-invalidation.server";
import type { Database } from "~/db/client.server";
import { registrations, reviewStatuses, reviews } from "~/db/schema/community";
import { csvRowsOf, csvYesNo } from "~/utils/csv.server";
import { formatDateTimeIST } from "~/utils/dates";
import { PAGE_SIZE, rowsOfEveryPage } from "~/utils/keyset.server";
import { epochMicros, olderThanCursor, pageOf } from "~/utils/keyset-time.server";
import { Refusal } from "~/utils/refusal";
import { containsPattern } from "~/utils/sql-like";
import { type MailingListState, mailingListState } from "./mailing-list-state";
import { type ReviewStatus, reviewStatusLabels } from "./review-status";

/** Rows per query when a CSV export walks a whole list. */
const EXPORT_BATCH = 1000;

/** The search field of both lists; messages are `dashboard.*` ids (ADR 0024). */
const searchText = z
  .string()
  .trim()
  .max(100, "dashboard.lists.searchTooLong")
  .transform((value) => value || undefined);

// ---------------------------------------------------------------------------------------------
// Registrations

/** Filters of the registrations list and its CSV export (docs/dashboard.md). */
export const registrationFiltersSchema = z.object({ q: searchText });
export type RegistrationFilters = z.infer<typeof registrationFiltersSchema>;

export interface RegistrationRow {
  id: number;
  name: string;
  email: string;
  /** E.164, +91XXXXXXXXXX. */
  phone: string;
  /** Where it stands in the double opt-in (docs/community.md "'Join us'"). */
  state: MailingListState;
  /** True when it gets newsletters: `state` is 'subscribed'. */
  subscribed: boolean;
  createdAt: Date;
}

function registrationSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  const digits = q.replace(/\D/g, "");
  return or(
    ilike(registrations.name, pattern),
    ilike(registrations.email, pattern),
    // A number is searched by its digits, however it was typed ("98450 12345", "+91 …").
    digits.length >= 3 && digits.length === q.replace(/[\s\-+().]/g, "").length
      ? sql`${registrations.phone} like ${containsPattern(digits)}`
      : undefined,
  );
}

/**
 * One page of registrations, newest first, matching `filters.q` (name or e-mail contains it,
 * case-insensitive; or, when `q` is a number, the phone contains its digits), each with its
 * double opt-in state at instant `now`.
 * @param after a cursor from the previous page's `next` (a bad cursor gives page 1).
 * @returns the rows and the cursor of the next page, or null on the last page.
 */
export async function listRegistrations(
  db: Database,
  filters: RegistrationFilters,
  after?: string | null,
  limit = PAGE_SIZE,
  now: Date = new Date(),
): Promise<{ rows: RegistrationRow[]; next: string | null }> {
  const found = await db
    .select({
      id: registrations.id,
      name: registrations.name,
      email: registrations.email,
      phone: registrations.phone,
      confirmedAt: registrations.confirmedAt,
      confirmSentAt: registrations.confirmSentAt,
      unsubscribedAt: registrations.unsubscribedAt,
      createdAt: registrations.createdAt,
      sortMicros: epochMicros(registrations.createdAt),
    })
    .from(registrations)
    .where(
      and(
        registrationSearch(filters.q),
        olderThanCursor(registrations.createdAt, registrations.id, after),
      ),
    )
    .orderBy(desc(registrations.createdAt), desc(registrations.id))
    .limit(limit + 1);
  const { rows, next } = pageOf(found, limit);
  return {
    rows: rows.map(({ confirmedAt, confirmSentAt, unsubscribedAt, ...row }) => {
      const state = mailingListState({ confirmedAt, confirmSentAt, unsubscribedAt }, now);
      return { ...row, state, subscribed: state === "subscribed" };
    }),
    next,
  };
}

export const registrationCsvHeader = [
  "Name",
  "Email",
  "Contact",
  "Subscribed",
  "Joined (Asia/Kolkata)",
] as const;

/**
 * Every registration matching `filters`, as CSV rows, read in keyset batches of 1000;
 * 'Subscribed' is yes only for a confirmed address not unsubscribed at `now`.
 */
export function registrationCsvRows(
  db: Database,
  filters: RegistrationFilters,
  now: Date = new Date(),
): AsyncGenerator<string[]> {
  const rows = rowsOfEveryPage((after) => listRegistrations(db, filters, after, EXPORT_BATCH, now));
  return csvRowsOf(rows, (row) => [
    row.name,
    row.email,
    row.phone,
    csvYesNo(row.subscribed),
    formatDateTimeIST(row.createdAt),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Reviews

/** Filters of the reviews list and its CSV export (docs/dashboard.md). */
export const reviewFiltersSchema = z.object({
  status: z
    .union([z.literal(""), z.enum(reviewStatuses)], {
      error: "dashboard.reviews.statusInvalid",
    })
    .optional()
    .transform((value) => value || undefined),
  q: searchText,
});
export type ReviewFilters = z.infer<typeof reviewFiltersSchema>;

export interface ReviewRow {
  id: number;
  body: string;
  rating: number;
  displayName: string | null;
  status: ReviewStatus;
  createdAt: Date;
}

/**
 * One page of reviews, newest first, with `filters.status` and `filters.q` (review text or
 * name contains it, case-insensitive). With a status the page is a range of
 * `reviews_status_created_idx`.
 * @returns the rows and the cursor of the next page, or null on the last page.
 */
export async function listReviews(
  db: Database,
  filters: ReviewFilters,
  after?: string | null,
  limit = PAGE_SIZE,
): Promise<{ rows: ReviewRow[]; next: string | null }> {
  const pattern = filters.q ? containsPattern(filters.q) : undefined;
  const found = await db
    .select({
      id: reviews.id,
      body: reviews.body,
      rating: reviews.rating,
      displayName: reviews.displayName,
      status: reviews.status,
      createdAt: reviews.createdAt,
      sortMicros: epochMicros(reviews.createdAt),
    })
    .from(reviews)
    .where(
      and(
        filters.status ? eq(reviews.status, filters.status) : undefined,
        pattern ? or(ilike(reviews.body, pattern), ilike(reviews.displayName, pattern)) : undefined,
        olderThanCursor(reviews.createdAt, reviews.id, after),
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit + 1);
  return pageOf(found, limit);
}

export const reviewCsvHeader = [
  "Id",
  "Rating",
  "Name",
  "Review",
  "Status",
  "Written (Asia/Kolkata)",
] as const;

/** Every review matching `filters`, as CSV rows, read in keyset batches of 1000. */
export function reviewCsvRows(
  db: Database,
  filters: ReviewFilters,
): AsyncGenerator<(string | number)[]> {
  const rows = rowsOfEveryPage((after) => listReviews(db, filters, after, EXPORT_BATCH));
  return csvRowsOf(rows, (row) => [
    row.id,
    row.rating,
    row.displayName ?? "",
    row.body,
    row.status,
    formatDateTimeIST(row.createdAt),
  ]);
}

/**
 * A refused review change: a refusal (ADR 0024) with a `dashboard.reviews.*` id and the HTTP
 * status for the page (404 unknown, 409 stale or already so).
 */
export class ReviewChangeError extends Refusal {
  override name = "ReviewChangeError";
  declare readonly status: 404 | 409;
  constructor(id: string, status: 404 | 409, values: Record<string, string | number> = {}) {
    super(id, values, { status });
  }
}

/** The review actions on the dashboard: the intent sent by the button and its target status. */
export const reviewIntents = { hide: "hidden", publish: "published" } as const;
export type ReviewIntent = keyof typeof reviewIntents;

/** The review action's form: intent, review id and the status the staff member saw. */
export const reviewActionSchema = z.object({
  intent: z.enum(["hide", "publish"], { error: "dashboard.reviews.actionInvalid" }),
  reviewId: z.coerce
    .number({ error: "dashboard.reviews.notFound" })
    .int("dashboard.reviews.notFound")
    .positive("dashboard.reviews.notFound")
    .max(2_147_483_647, "dashboard.reviews.notFound"),
  from: z
    .union([z.literal(""), z.enum(reviewStatuses)])
    .optional()
    .transform((value) => value || undefined),
});

/**
 * Hides or publishes a review (docs/dashboard.md) and records it in the audit log
 * (`review.hide` / `review.publish`, before and after status) in the same transaction. The home
 * page shows published reviews only, so a hidden review leaves it at once.
 * @param expectedFrom the status the staff member saw; a different current status is refused.
 * @throws ReviewChangeError 404 for an unknown review; 409 when it already has that status or
 *   changed meanwhile (nothing is written).
 */
export async function setReviewStatus(
  db: Database,
  actor: { email: string },
  reviewId: number,
  intent: ReviewIntent,
  expectedFrom?: ReviewStatus,
): Promise<{ before: ReviewStatus; after: ReviewStatus }> {
  const to = reviewIntents[intent];
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ status: reviews.status })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for("update");
    if (!review) throw new ReviewChangeError("dashboard.reviews.notFound", 404);
    if (expectedFrom && review.status !== expectedFrom) {
      throw new ReviewChangeError("dashboard.reviews.changedMeanwhile", 409, {
        id: reviewId,
        status: reviewStatusLabels[review.status].toLowerCase(),
      });
    }
    if (review.status === to) {
      throw new ReviewChangeError("dashboard.reviews.alreadyInStatus", 409, {
        id: reviewId,
        status: reviewStatusLabels[to].toLowerCase(),
      });
    }
    await tx.update(reviews).set({ status: to }).where(eq(reviews.id, reviewId));
    await notifyCacheChanged(tx, "reviews");
    await recordAudit(tx, {
      actor,
      action: `review.${intent}`,
      entity: "review",
      entityId: reviewId,
      before: { status: review.status },
      after: { status: to },
    });
    return { before: review.status, after: to };
  });
}
