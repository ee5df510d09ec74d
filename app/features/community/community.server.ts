/**
 * Mailing list ('Join us') and reviews (spec §3 Registered users, Review; §7 reads; docs/community.md).
 * Review text is stored as the visitor wrote it and always rendered as text, never as HTML.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { notifyCacheChanged } from "~/db/cache-invalidation.server";
import type { Database } from "~/db/client.server";
import { createReadCache } from "~/db/read-cache.server";
import { returnedRow } from "~/db/returned-row";
import { registrations, reviews } from "~/db/schema/community";
import type { Lang } from "~/i18n/languages";
import { isUnguessableToken, unguessableToken } from "~/utils/codes.server";
import { skipPendingNewsletters } from "./newsletter.server";

/**
 * Adds the address to the mailing list, or updates its name and number (and re-subscribes it) when
 * the e-mail address is already there: one row per address. `language` is the language of the page
 * it was sent from (the latest one wins; docs/languages.md): newsletters and their unsubscribe link
 * use it.
 * @returns the unsubscribe token and whether a new row was made.
 */
export async function upsertRegistration(
  db: Database,
  input: { name: string; email: string; contact: string },
  language: Lang = "en",
): Promise<{ unsubscribeToken: string; created: boolean }> {
  const written = await db
    .insert(registrations)
    .values({
      name: input.name,
      email: input.email,
      phone: input.contact,
      unsubscribeToken: unguessableToken(),
      language,
    })
    .onConflictDoUpdate({
      target: registrations.email,
      set: {
        name: input.name,
        phone: input.contact,
        language,
        unsubscribedAt: null,
        updatedAt: new Date(),
      },
    })
    .returning({
      unsubscribeToken: registrations.unsubscribeToken,
      created: sql<boolean>`(xmax = 0)`,
    });
  const row = returnedRow(written, "Registration upsert");
  return { unsubscribeToken: row.unsubscribeToken, created: Boolean(row.created) };
}

/**
 * One-click unsubscribe by token (idempotent; docs/messages.md "Newsletter"): marks the
 * registration unsubscribed and skips its newsletter rows still waiting in the outbox, in one
 * transaction.
 * @returns "unsubscribed", "already" or "unknown".
 */
export async function unsubscribe(
  db: Database,
  token: string,
): Promise<"unsubscribed" | "already" | "unknown"> {
  if (!isUnguessableToken(token)) return "unknown";
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(registrations)
      .set({ unsubscribedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(registrations.unsubscribeToken, token), isNull(registrations.unsubscribedAt)))
      .returning({ id: registrations.id, email: registrations.email });
    const [row] = updated;
    if (row) {
      await skipPendingNewsletters(tx, row.email);
      return "unsubscribed";
    }
    const [existing] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.unsubscribeToken, token));
    return existing ? "already" : "unknown";
  });
}

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
