/**
 * The 'Photos' section of the dashboard's product page (docs/dashboard.md, docs/uploads.md
 * "Product photos"): the product's photos as thumbnails, each with 'Show first' and 'Remove'
 * (a destructive action with its confirmation step, ADR 0031), and the upload form (multipart,
 * works without JavaScript), whose refusal stands next to its field. English only, like the
 * rest of the dashboard. It imports nothing from product-photo.ts (the loader gives the
 * thumbnails' addresses and the limit), so that module stays in the catalogue pages' own script
 * instead of a chunk shared with this page (docs/budgets.md, first-load JavaScript).
 */
import { Form } from "react-router";
import { ConfirmLink, ConfirmStep } from "~/components/dashboard/confirm-step";

/** A photo as the section lists it (ListedPhoto of product-photos.server.ts). */
export interface SectionPhoto {
  id: number;
  width: number;
  height: number;
  bytes: number;
  /** The address of its narrowest JPEG. */
  thumbnail: string;
}

/** Thumbnails are drawn this wide, CSS pixels (the 320 px JPEG, sharp on a 2x screen). */
const THUMBNAIL_WIDTH = 160;

/** The form's file types, as the browser's picker filters them (the server checks content). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/heic";

export function ProductPhotosSection({
  productId,
  productName,
  photos,
  maxPhotos,
  removingId,
  error,
}: {
  productId: number;
  productName: string;
  photos: readonly SectionPhoto[];
  /** MAX_PRODUCT_PHOTOS. */
  maxPhotos: number;
  /** The photo whose removal awaits confirmation (`?confirm=removePhoto&photoId=…`). */
  removingId: number | null;
  /** The upload's refusal, shown next to the file field. */
  error: string | undefined;
}) {
  const removing = photos.findIndex((photo) => photo.id === removingId);
  return (
    <section id="photos" className="dash-photos" aria-labelledby="photos-title">
      <h2 id="photos-title">Photos</h2>
      <p>
        The shop shows the first photo on the product's card instead of the drawn image, in the size
        each phone needs. At most {maxPhotos} photos; each is stored without its location or camera
        details.
      </p>
      {removing >= 0 ? (
        <ConfirmStep
          title={`Remove photo ${removing + 1} of ${productName}?`}
          intent="removePhoto"
          row={{ photoId: removingId ?? 0 }}
          confirmLabel={`Remove photo ${removing + 1}`}
          backLabel="Keep the photo"
          backHref={`/dashboard/catalogue/${productId}#photos`}
        >
          <p>
            It disappears from the shop at once and cannot be brought back: upload it again to show
            it.{" "}
            {photos.length === 1
              ? "The product has no other photo: its card shows the drawn image again."
              : null}
          </p>
        </ConfirmStep>
      ) : null}
      {photos.length === 0 ? (
        <p>No photos yet: the shop shows the drawn image.</p>
      ) : (
        <ol className="dash-photos__list">
          {photos.map((photo, index) => (
            <PhotoItem
              key={photo.id}
              photo={photo}
              index={index}
              count={photos.length}
              productName={productName}
            />
          ))}
        </ol>
      )}
      <UploadForm productId={productId} count={photos.length} maxPhotos={maxPhotos} error={error} />
    </section>
  );
}

/** One photo: its thumbnail, size, and its actions. */
function PhotoItem({
  photo,
  index,
  count,
  productName,
}: {
  photo: SectionPhoto;
  index: number;
  /** How many photos the product has. */
  count: number;
  productName: string;
}) {
  return (
    <li className="dash-photos__item">
      <img
        src={photo.thumbnail}
        alt={`${productName}, ${index + 1} of ${count}`}
        width={THUMBNAIL_WIDTH}
        height={Math.round((THUMBNAIL_WIDTH * photo.height) / photo.width)}
        loading="lazy"
      />
      <p>
        {index === 0 ? "First: shown on the card. " : null}
        {photo.width} × {photo.height} px, {Math.ceil(photo.bytes / 1024)} KB in all files.
      </p>
      <div className="dash-actions">
        {index > 0 ? (
          <Form method="post">
            <input type="hidden" name="photoId" value={photo.id} />
            <button
              type="submit"
              name="intent"
              value="firstPhoto"
              className="button button--small button--secondary"
            >
              Show first<span className="visually-hidden"> (photo {index + 1})</span>
            </button>
          </Form>
        ) : null}
        <ConfirmLink
          intent="removePhoto"
          row={{ photoId: photo.id }}
          rowName={`photo ${index + 1}`}
        >
          Remove
        </ConfirmLink>
      </div>
    </li>
  );
}

/** The upload form: one photo per upload, to the product's photo path (its body limit). */
function UploadForm({
  productId,
  count,
  maxPhotos,
  error,
}: {
  productId: number;
  count: number;
  maxPhotos: number;
  error: string | undefined;
}) {
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={`/dashboard/catalogue/${productId}/photos`}
      className="form dash-form"
      noValidate
    >
      <div className="field" data-invalid={error ? true : undefined}>
        <label htmlFor="photos">Add a photo</label>
        <p id="photos-hint" className="field__hint">
          JPEG, PNG, WebP or HEIC, up to 10 MB ({count} of {maxPhotos} photos so far).
        </p>
        <input
          id="photos"
          name="photos"
          type="file"
          accept={PHOTO_ACCEPT}
          aria-describedby={error ? "photos-hint photos-error" : "photos-hint"}
          aria-invalid={error ? true : undefined}
        />
        {error ? (
          <p id="photos-error" className="field__error">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button">
        Upload photo
      </button>
    </Form>
  );
}
