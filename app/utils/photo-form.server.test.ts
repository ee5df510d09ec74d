import { describe, expect, it } from "vitest";
import { readPhotoForm } from "./photo-form.server";
import { MAX_UPLOAD_BYTES, UploadedImageError } from "./uploaded-image.server";

function post(form: FormData): Request {
  return new Request("http://localhost/orders/x/claim", { method: "POST", body: form });
}

function withFiles(sizes: number[]): FormData {
  const form = new FormData();
  form.set("note", "Broken pot");
  form.append("line", "1");
  form.append("line", "2");
  for (const [i, size] of sizes.entries()) {
    form.append("photos", new File([new Uint8Array(size)], `p${i}.jpg`));
  }
  return form;
}

async function problem(request: Request, maxFiles = 3) {
  const error = await readPhotoForm(request, maxFiles).catch((caught: unknown) => caught);
  return error instanceof UploadedImageError ? error.problem : `no refusal: ${String(error)}`;
}

describe("readPhotoForm", () => {
  it("reads the fields and the files' bytes; an empty file input is no photo", async () => {
    const form = withFiles([10, 20]);
    form.append("photos", new File([], ""));
    const read = await readPhotoForm(post(form), 3);
    expect(read.fields.note).toBe("Broken pot");
    expect(read.all("line")).toEqual(["1", "2"]);
    expect(read.photos.map((photo) => photo.byteLength)).toEqual([10, 20]);
  });

  it("refuses more files than allowed and a file over the size limit while it streams", async () => {
    expect(await problem(post(withFiles([1, 1, 1, 1])))).toBe("tooMany");
    expect(await problem(post(withFiles([MAX_UPLOAD_BYTES + 1])))).toBe("tooLarge");
    expect(await problem(post(withFiles([10, 0])))).toBe("empty");
    const broken = new Request("http://localhost/x", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      body: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
    });
    expect(await problem(broken)).toBe("badForm");
  });
});
