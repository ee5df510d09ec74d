/**
 * A posted form with photos (docs/uploads.md): read as it streams in with
 * `@remix-run/form-data-parser`, each file capped at MAX_UPLOAD_BYTES while it arrives and at
 * most `maxFiles` files, instead of `request.formData()`, which would hold any body in memory.
 * A file input left empty (a part with no name and no bytes) is no photo; a chosen file of 0
 * bytes is refused as empty.
 */
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { MAX_UPLOAD_BYTES, UploadedImageError } from "./uploaded-image.server";

/** The form's text fields (first value of each) and its files' bytes, in order. */
export interface PhotoForm {
  fields: Record<string, string>;
  all: (name: string) => string[];
  photos: Uint8Array[];
}

/**
 * Reads `request`'s form with at most `maxFiles` files of at most MAX_UPLOAD_BYTES each.
 * @throws UploadedImageError tooLarge (a file over the limit), tooMany (more files), badForm
 *   (a body that is not a well-formed form).
 */
export async function readPhotoForm(request: Request, maxFiles: number): Promise<PhotoForm> {
  const photos: Uint8Array[] = [];
  // A file input left empty sends a part with no bytes and no file name ("" from browsers,
  // none at all from some clients, which the parser calls "file-upload"); a chosen empty file
  // has its name.
  let emptyFileChosen = false;
  let form: FormData;
  try {
    form = await parseFormData(
      request,
      { maxFiles: maxFiles + 1, maxFileSize: MAX_UPLOAD_BYTES, maxParts: 100 },
      async (upload) => {
        const bytes = new Uint8Array(await upload.arrayBuffer());
        if (bytes.byteLength === 0) {
          if (upload.name !== "" && upload.name !== "file-upload") emptyFileChosen = true;
          return null;
        }
        photos.push(bytes);
        return null;
      },
    );
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) throw new UploadedImageError("tooLarge");
    if (error instanceof MaxFilesExceededError) throw new UploadedImageError("tooMany", maxFiles);
    if (error instanceof MultipartParseError || error instanceof FormDataParseError) {
      throw new UploadedImageError("badForm");
    }
    throw error;
  }
  if (photos.length > maxFiles) throw new UploadedImageError("tooMany", maxFiles);
  if (emptyFileChosen) throw new UploadedImageError("empty");
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && !(name in fields)) fields[name] = value.slice(0, 2000);
  }
  const all = (name: string) =>
    form.getAll(name).filter((value): value is string => typeof value === "string");
  return { fields, all, photos };
}
