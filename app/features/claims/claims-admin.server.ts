/**
 * What staff see of claims (docs/claims.md "Deciding"; docs/dashboard.md): the list, open ones
 * first, oldest on top; one claim with its order, lines, photos, decision, refund, coupon and
 * credit notes; a claim's photo for the dashboard or for the order's own tracking token. Money
 * in paise; times as Date (the pages show them in Asia/Kolkata).
 */
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { bills } from "~/db/schema/billing";
import { claimLines, claimPhotos, claimRefunds, claims } from "~/db/schema/claims";
import { coupons } from "~/db/schema/exchange";
import { orderLines, orders } from "~/db/schema/shop";
import { isUnguessableToken } from "~/utils/codes.server";

/** How many decided claims the list shows after the open ones. */
const DECIDED_SHOWN = 50;

/** One row of the claims list. */
export interface ClaimListRow {
  id: number;
  reference: string;
  orderId: number;
  orderReference: string;
  name: string;
  status: (typeof claims.$inferSelect)["status"];
  createdAt: Date;
  valuePaise: number;
  refundToPay: boolean;
}

/** Every open claim (oldest first), then the last 50 decided (newest first). */
export async function listClaims(db: Database): Promise<ClaimListRow[]> {
  const columns = {
    id: claims.id,
    reference: claims.reference,
    orderId: claims.orderId,
    orderReference: orders.reference,
    name: orders.name,
    status: claims.status,
    createdAt: claims.createdAt,
    valuePaise: sql<number>`(select coalesce(sum(${orderLines.unitPricePaise} * ${claimLines.quantity}), 0)::int
      from ${claimLines} join ${orderLines} on ${orderLines.id} = ${claimLines.orderLineId}
      where ${claimLines.claimId} = ${claims.id})`,
    refundToPay: sql<boolean>`exists (select 1 from ${claimRefunds}
      where ${claimRefunds.claimId} = ${claims.id} and ${claimRefunds.status} in ('to_pay', 'pending'))`,
  };
  const open = await db
    .select(columns)
    .from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .where(eq(claims.status, "open"))
    .orderBy(asc(claims.createdAt), asc(claims.id));
  const decided = await db
    .select(columns)
    .from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .where(ne(claims.status, "open"))
    .orderBy(desc(claims.decidedAt), desc(claims.id))
    .limit(DECIDED_SHOWN);
  return [...open, ...decided].map((row) => ({ ...row, valuePaise: Number(row.valuePaise) }));
}

/** One claim as its dashboard page shows it; null when there is none. */
export async function getClaimForStaff(db: Database, claimId: number) {
  const [claim] = await db.select().from(claims).where(eq(claims.id, claimId));
  if (!claim) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, claim.orderId));
  if (!order) return null;
  const lines = await db
    .select({
      orderLineId: orderLines.id,
      name: orderLines.name,
      unitPricePaise: orderLines.unitPricePaise,
      delivered: orderLines.quantity,
      quantity: claimLines.quantity,
      reason: claimLines.reason,
      productId: orderLines.productId,
    })
    .from(claimLines)
    .innerJoin(orderLines, eq(orderLines.id, claimLines.orderLineId))
    .where(eq(claimLines.claimId, claimId))
    .orderBy(asc(orderLines.id));
  const photos = await db
    .select({ id: claimPhotos.id, width: claimPhotos.width, height: claimPhotos.height })
    .from(claimPhotos)
    .where(eq(claimPhotos.claimId, claimId))
    .orderBy(asc(claimPhotos.id));
  const [refund] = await db.select().from(claimRefunds).where(eq(claimRefunds.claimId, claimId));
  const [coupon] = await db
    .select({ code: coupons.code, valuePaise: coupons.valuePaise, expiresAt: coupons.expiresAt })
    .from(coupons)
    .where(eq(coupons.claimId, claimId));
  const creditNotes = await db
    .select({ id: bills.id, number: bills.number })
    .from(bills)
    .where(eq(bills.claimId, claimId))
    .orderBy(asc(bills.id));
  const [replacement] = claim.replacementOrderId
    ? await db
        .select({ id: orders.id, reference: orders.reference, status: orders.status })
        .from(orders)
        .where(eq(orders.id, claim.replacementOrderId))
    : [];
  return {
    claim,
    order,
    lines,
    valuePaise: lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0),
    photos,
    refund: refund ?? null,
    coupon: coupon ?? null,
    creditNotes,
    replacement: replacement ?? null,
  };
}

/** A claim photo's JPEG for staff; null when there is none. */
export async function claimPhotoForStaff(
  db: Database,
  claimId: number,
  photoId: number,
): Promise<Buffer | null> {
  const [photo] = await db
    .select({ jpeg: claimPhotos.jpeg })
    .from(claimPhotos)
    .where(and(eq(claimPhotos.id, photoId), eq(claimPhotos.claimId, claimId)));
  return photo?.jpeg ?? null;
}

/**
 * A claim photo's JPEG for the customer: only through the tracking token of the claim's own
 * order (docs/claims.md); null otherwise, so another order's photo is a 404 like an unknown one.
 */
export async function claimPhotoForToken(
  db: Database,
  token: string,
  photoId: number,
): Promise<Buffer | null> {
  if (!isUnguessableToken(token)) return null;
  const [photo] = await db
    .select({ jpeg: claimPhotos.jpeg })
    .from(claimPhotos)
    .innerJoin(claims, eq(claims.id, claimPhotos.claimId))
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .where(and(eq(claimPhotos.id, photoId), eq(orders.trackingToken, token)));
  return photo?.jpeg ?? null;
}

/**
 * The claims of order `orderId`, as its tracking page shows them: reference, status, when
 * filed and decided, staff's note, the replacement order's reference and token, the refund's
 * amount and state, the coupon, and the photo ids (served through the same token).
 */
export async function claimsOfOrder(db: Database, orderId: number) {
  const rows = await db
    .select({
      id: claims.id,
      reference: claims.reference,
      status: claims.status,
      createdAt: claims.createdAt,
      decisionNote: claims.decisionNote,
      replacementReference: sql<
        string | null
      >`(select ${orders.reference} from ${orders} where ${orders.id} = ${claims.replacementOrderId})`,
      replacementToken: sql<
        string | null
      >`(select ${orders.trackingToken} from ${orders} where ${orders.id} = ${claims.replacementOrderId})`,
      refundPaise: claimRefunds.amountPaise,
      refundStatus: claimRefunds.status,
      couponCode: coupons.code,
      couponPaise: coupons.valuePaise,
      couponExpiresAt: coupons.expiresAt,
    })
    .from(claims)
    .leftJoin(claimRefunds, eq(claimRefunds.claimId, claims.id))
    .leftJoin(coupons, eq(coupons.claimId, claims.id))
    .where(eq(claims.orderId, orderId))
    .orderBy(asc(claims.id));
  const photos = await db
    .select({ id: claimPhotos.id, claimId: claimPhotos.claimId })
    .from(claimPhotos)
    .innerJoin(claims, eq(claims.id, claimPhotos.claimId))
    .where(eq(claims.orderId, orderId))
    .orderBy(asc(claimPhotos.id));
  return rows.map((row) => ({
    ...row,
    photoIds: photos.filter((photo) => photo.claimId === row.id).map((photo) => photo.id),
  }));
}
