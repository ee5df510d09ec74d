/**
 * Reviews (spec §3 Review; §7 reads; docs/community.md). The mailing list ('Join us') is
 * mailing-list.server.ts. Review text is stored as the visitor wrote it and always rendered as
 * text, never as HTML.
 */
import { desc, eq, sql } from "drizzle-orm";
import { notifyCacheChanged } from "~/db/cache-invalidation.server";
import type { Database } from "~/db/client.server";
import { createReadCache } from "~/db/read-cache.server";
import { reviews } from "~/db/schema/community";

/** Stores a review; published at once unless approval is required (REVIEWS_REQUIRE_APPROVAL). */
export async function createReview(
  db: Database,
  input: { review: string; rating: number; displayName: string },
  requireApproval: boolean,
): Promise<{ status: "published" | "pending" }> {
  const status = requireApproval ? "pending" : "published";
  await db.insert(reviews).values({
    body: input.review,
    rating: input.rating,
    displayName: input.displayName || null,
    status,
  });
  // A published review shows on the home page at once (docs/operations.md "Page store").
  if (status === "published") await notifyCacheChanged(db, "reviews");
  return { status };
}

export interface PublishedReview {
  id: number;
  body: string;
  rating: number;
  displayName: string | null;
}

/** Longest time published reviews are served from memory, milliseconds. */
export const REVIEWS_CACHE_MS = 60_000;

// The public read side (home page) in memory, dropped on every "reviews" invalidation: a
// review published at once (createReview) or published/withdrawn by staff.
const reviewsCache = createReadCache("reviews", { maxAgeMs: REVIEWS_CACHE_MS, maxEntries: 8 });

/**
 * The latest published reviews, newest first (spec §7: 10 for the home carousel). Served
 * from memory when read before; the result is frozen.
 */
export function latestReviews(db: Database, limit = 10): Promise<PublishedReview[]> {
  return reviewsCache.get(db, `latest ${limit}`, () => readLatestReviews(db, limit));
}

async function readLatestReviews(db: Database, limit: number): Promise<PublishedReview[]> {
  return db
    .select({
      id: reviews.id,
      body: reviews.body,
      rating: reviews.rating,
      displayName: reviews.displayName,
    })
    .from(reviews)
    .where(eq(reviews.status, "published"))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

/** Average rating (one decimal) and count of published reviews; from memory like latestReviews. */
export function reviewSummary(db: Database): Promise<{ average: number; count: number }> {
  return reviewsCache.get(db, "summary", () => readReviewSummary(db));
}

async function readReviewSummary(db: Database): Promise<{ average: number; count: number }> {
  const [row] = await db
    .select({
      average: sql<string | null>`round(avg(${reviews.rating}), 1)`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(eq(reviews.status, "published"));
  return { average: Number(row?.average ?? 0), count: Number(row?.count ?? 0) };
}
