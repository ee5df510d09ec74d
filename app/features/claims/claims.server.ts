/**
 * Filing a claim for plants that arrived damaged (docs/claims.md): from the order's tracking page
 * (the token is the customer's proof), within the claim window after delivery, for lines of that
 * order, each at most the quantity delivered and once ever, with one to three photos. The photos
 * are checked and re-encoded first (app/utils/uploaded-image.server.ts), then the claim, its lines
 * and photos are written in one transaction with an audit row; a refusal writes nothing.
 */
import { eq, inArray } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { enqueueMessage } from "~/db/outbox.server";
import { type ClaimReason, claimLines, claimPhotos, claims } from "~/db/schema/claims";
import { orderLines, orders } from "~/db/schema/shop";
import { orderMessageParams, shopAlertEmail } from "~/features/orders/order-messages.server";
import { humanReference, isUnguessableToken } from "~/utils/codes.server";
import { formatLongDayIST } from "~/utils/dates";
import { isUniqueViolation } from "~/utils/pg-errors";
import { Refusal, type RefusalStatus } from "~/utils/refusal";
import { storedPhoto } from "~/utils/uploaded-image.server";
import { claimWindowEnd, DEFAULT_CLAIM_DAYS } from "./claim-window";

/** At most this many photos per claim. */
export const MAX_CLAIM_PHOTOS = 3;

/** A refused claim (`errors.claim.*`), with the field it belongs to when it has one. */
export class ClaimError extends Refusal {
  override name = "ClaimError";
  constructor(
    id: string,
    status: RefusalStatus,
    values: Record<string, string | number> = {},
    field?: string,
  ) {
    super(`errors.claim.${id}`, values, { status, field });
  }
}

export interface ClaimedLine {
  orderLineId: number;
  quantity: number;
  reason: ClaimReason;
}

/**
 * The claimed lines checked against order `orderId`: each a line of that order, claimed at most
 * as many as delivered, once, and never claimed before.
 * @returns the order lines claimed (id, name, quantity), for the refusal words.
 * @throws ClaimError 404 `lineNotFound`; 422 `quantity`, `noLines` (a line twice); 409
 *   `alreadyClaimed`.
 */
async function checkClaimedLines(db: Database, orderId: number, lines: readonly ClaimedLine[]) {
  const wanted = lines.map((line) => line.orderLineId);
  const delivered = await db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      name: orderLines.name,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(inArray(orderLines.id, wanted));
  for (const line of lines) {
    const row = delivered.find((candidate) => candidate.id === line.orderLineId);
    if (!row || row.orderId !== orderId) throw new ClaimError("lineNotFound", 404, {}, "lines");
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > row.quantity) {
      throw new ClaimError("quantity", 422, { product: row.name, max: row.quantity }, "lines");
    }
  }
  if (new Set(wanted).size !== wanted.length) throw new ClaimError("noLines", 422, {}, "lines");
  const [claimed] = await db
    .select({ orderLineId: claimLines.orderLineId })
    .from(claimLines)
    .where(inArray(claimLines.orderLineId, wanted))
    .limit(1);
  if (claimed) {
    const product = delivered.find((row) => row.id === claimed.orderLineId)?.name ?? "";
    throw new ClaimError("alreadyClaimed", 409, { product }, "lines");
  }
  return delivered;
}

/**
 * Files a claim on the order of tracking token `token` at `now`.
 * @returns the claim's id and reference (CL-…).
 * @throws ClaimError 404 `notFound` (unknown token) or `lineNotFound` (a line of another order);
 *   409 `notDelivered`, `windowClosed` ({date}), `alreadyClaimed` ({product}); 422 `noLines`,
 *   `quantity` ({product}, {max}), `photoCount` ({max}). UploadedImageError for a photo that is
 *   not one. Nothing is written on any of them.
 */
export async function fileClaim(
  db: Database,
  input: {
    token: string;
    lines: readonly ClaimedLine[];
    note?: string;
    photos: readonly Uint8Array[];
    now: Date;
    windowDays?: number;
  },
): Promise<{ id: number; reference: string }> {
  if (!isUnguessableToken(input.token)) throw new ClaimError("notFound", 404);
  if (input.lines.length === 0) throw new ClaimError("noLines", 422, {}, "lines");
  if (input.photos.length === 0 || input.photos.length > MAX_CLAIM_PHOTOS) {
    throw new ClaimError("photoCount", 422, { max: MAX_CLAIM_PHOTOS }, "photos");
  }
  const [order] = await db
    .select({ id: orders.id, status: orders.status, deliveredAt: orders.deliveredAt })
    .from(orders)
    .where(eq(orders.trackingToken, input.token));
  if (!order) throw new ClaimError("notFound", 404);
  if (order.status !== "delivered" || !order.deliveredAt) {
    throw new ClaimError("notDelivered", 409);
  }
  const closes = claimWindowEnd(order.deliveredAt, input.windowDays ?? DEFAULT_CLAIM_DAYS);
  if (input.now >= closes) {
    throw new ClaimError("windowClosed", 409, {
      date: formatLongDayIST(new Date(closes.getTime() - 1)),
    });
  }
  const delivered = await checkClaimedLines(db, order.id, input.lines);
  // CPU work before the transaction: no lock is held while photos are re-encoded.
  const photos: Awaited<ReturnType<typeof storedPhoto>>[] = [];
  for (const photo of input.photos) photos.push(await storedPhoto(photo));
  try {
    return await db.transaction(async (tx) => {
      const [claim] = await tx
        .insert(claims)
        .values({
          reference: humanReference("CL"),
          orderId: order.id,
          note: (input.note ?? "").trim().slice(0, 500),
          createdAt: input.now,
        })
        .returning({ id: claims.id, reference: claims.reference });
      if (!claim) throw new Error("claims: the insert returned no row");
      await tx
        .insert(claimLines)
        .values(input.lines.map((line) => ({ claimId: claim.id, ...line })));
      await tx.insert(claimPhotos).values(
        photos.map((photo) => ({
          claimId: claim.id,
          jpeg: photo.data,
          width: photo.width,
          height: photo.height,
        })),
      );
      await enqueueClaimFiled(tx, claim, order.id, input.lines.length);
      await recordAudit(tx, {
        actor: "visitor",
        action: "claim.filed",
        entity: "claim",
        entityId: claim.id,
        after: { reference: claim.reference, orderId: order.id, lines: input.lines.length },
      });
      return claim;
    });
  } catch (error) {
    if (isUniqueViolation(error, "claim_lines_order_line_unique")) {
      // Filed at the same moment by another request (the unique index decided).
      const product = delivered.length === 1 ? (delivered[0]?.name ?? "") : "";
      throw new ClaimError("alreadyClaimed", 409, { product }, "lines");
    }
    throw error;
  }
}

/**
 * A filed claim's messages (docs/messages.md), inside its transaction: 'claim_received' to the
 * order's e-mail and WhatsApp in the order's language, and 'staff_new_claim' to
 * SHOP_ALERT_EMAIL (none when it is unset).
 */
async function enqueueClaimFiled(
  tx: Database,
  claim: { id: number; reference: string },
  orderId: number,
  lineCount: number,
): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`Order ${orderId} not found for its claim's messages`);
  const params = { ...orderMessageParams(order), claimReference: claim.reference };
  await enqueueMessage(tx, {
    template: "claim_received",
    to: { email: order.email, whatsapp: order.phone },
    params,
    language: order.language,
    dedupeKey: `claim:${claim.id}:received`,
    entity: { type: "order", id: order.id },
  });
  const alert = shopAlertEmail();
  if (!alert) return;
  await enqueueMessage(tx, {
    template: "staff_new_claim",
    to: { email: alert },
    params: { ...params, dashboardPath: `/dashboard/claims/${claim.id}`, lineCount },
    language: "en",
    dedupeKey: `claim:${claim.id}:staff`,
    entity: { type: "order", id: order.id },
  });
}

/** What the claim form shows for the order of `token` at `now`; null for an unknown token. */
export async function claimFormView(
  db: Database,
  token: string,
  now: Date,
  windowDays = DEFAULT_CLAIM_DAYS,
) {
  if (!isUnguessableToken(token)) return null;
  const [order] = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      status: orders.status,
      deliveredAt: orders.deliveredAt,
    })
    .from(orders)
    .where(eq(orders.trackingToken, token));
  if (!order) return null;
  const delivered = order.status === "delivered" && order.deliveredAt !== null;
  const closes = order.deliveredAt ? claimWindowEnd(order.deliveredAt, windowDays) : null;
  const lines = await db
    .select({ id: orderLines.id, name: orderLines.name, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.id);
  const claimedIds = new Set(
    (
      await db
        .select({ id: claimLines.orderLineId })
        .from(claimLines)
        .where(
          inArray(
            claimLines.orderLineId,
            lines.map((line) => line.id),
          ),
        )
    ).map((row) => row.id),
  );
  return {
    reference: order.reference,
    state: !delivered
      ? ("notDelivered" as const)
      : closes && now >= closes
        ? ("windowClosed" as const)
        : ("open" as const),
    /** The last day a claim is taken, the instant just before the window closes. */
    lastDay: closes ? new Date(closes.getTime() - 1) : null,
    lines: lines.filter((line) => !claimedIds.has(line.id)),
  };
}
