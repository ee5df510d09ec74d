import { createContext, useContext } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ProductPhotosSection, type SectionPhoto } from "./product-photos-section";

const photos: SectionPhoto[] = [
  { id: 7, width: 960, height: 720, bytes: 200_000, thumbnail: "/media/products/7-320.jpg" },
  { id: 9, width: 400, height: 300, bytes: 50_000, thumbnail: "/media/products/9-320.jpg" },
];

type SectionProps = Parameters<typeof ProductPhotosSection>[0];
const Props = createContext<SectionProps | null>(null);

function ProductPage() {
  const props = useContext(Props);
  return props ? <ProductPhotosSection {...props} /> : null;
}

// The section's forms and links need a router.
const Stub = createRoutesStub([{ path: "/dashboard/catalogue/:id", Component: ProductPage }]);

/** The section as the product page at `url` renders it on the server. */
function render(url: string, props: { error?: string; removingId?: number | null } = {}) {
  const section: SectionProps = {
    productId: 3,
    productName: "Tulsi",
    photos,
    maxPhotos: 5,
    removingId: props.removingId ?? null,
    error: props.error,
  };
  return renderToStaticMarkup(
    <Props.Provider value={section}>
      <Stub initialEntries={[url]} />
    </Props.Provider>,
  );
}

describe("the product page's Photos section", () => {
  it("posts a multipart form with the photo field to the photo path, without JavaScript", () => {
    const html = render("/dashboard/catalogue/3");
    expect(html).toContain('action="/dashboard/catalogue/3/photos"');
    // React writes the attribute as encType; HTML attribute names are case-insensitive.
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain('accept="image/jpeg,image/png,image/webp,image/heic"');
    expect(html).toContain("(2 of 5 photos so far)");
    expect(html).toContain(
      '<img src="/media/products/7-320.jpg" alt="Tulsi, 1 of 2" width="160" height="120"',
    );
    // Remove is a link to the confirmation step; only the second photo can be moved first.
    expect(html).toContain(
      'href="/dashboard/catalogue/3?confirm=removePhoto&amp;photoId=9#confirm"',
    );
    expect(html.match(/value="firstPhoto"/g)).toHaveLength(1);
    expect(html).not.toContain('id="photos-error"');
  });

  it("shows a refusal next to the file field, tied to it", () => {
    const html = render("/dashboard/catalogue/3", { error: "This file is not a photo." });
    expect(html).toContain(
      '<p id="photos-error" class="field__error">This file is not a photo.</p>',
    );
    expect(html).toContain('aria-describedby="photos-hint photos-error" aria-invalid="true"');
  });

  it("asks to confirm a removal with the photo's number", () => {
    const html = render("/dashboard/catalogue/3?confirm=removePhoto&photoId=9", { removingId: 9 });
    expect(html).toContain("Remove photo 2 of Tulsi?");
    expect(html).toContain('<input type="hidden" name="photoId" value="9"/>');
    expect(html).toContain('<input type="hidden" name="confirm" value="yes"/>');
  });
});
