import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { claimPhotoForStaff } from "~/features/claims/claims-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { parseEntityId } from "~/utils/entity-history.server";
import { privateJpegResponse } from "~/utils/private-jpeg.server";
import type { Route } from "./+types/claim-photo";

/**
 * `/dashboard/claims/:id/photos/:photoId`: a claim's photo (JPEG, re-encoded without metadata;
 * docs/uploads.md) for signed-in office staff only, never cached by a shared cache. Another
 * claim's photo or an unknown id: 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const claimId = parseEntityId(params.id);
  const photoId = parseEntityId(params.photoId);
  const jpeg =
    claimId === null || photoId === null
      ? null
      : await claimPhotoForStaff(await getDb(), claimId, photoId);
  if (!jpeg) throw data(null, { status: 404 });
  return privateJpegResponse(jpeg);
}
