import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { claimPhotoForToken } from "~/features/claims/claims-admin.server";
import { parseEntityId } from "~/utils/entity-history.server";
import { privateJpegResponse } from "~/utils/private-jpeg.server";
import type { Route } from "./+types/order-claim-photo";

/**
 * `/orders/:token/claim-photos/:photoId` (and under /hi/, /kn/): a photo the customer sent with
 * a claim on this order (docs/claims.md), only through the order's own tracking token, private.
 * Another order's photo, an unknown token or id: 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const photoId = parseEntityId(params.photoId);
  const jpeg =
    photoId === null ? null : await claimPhotoForToken(await getDb(), params.token, photoId);
  if (!jpeg) throw data(null, { status: 404 });
  return privateJpegResponse(jpeg);
}
