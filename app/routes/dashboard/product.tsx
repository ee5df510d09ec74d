import { data, Form, Link, redirect, useNavigation } from "react-router";
import { CheckboxGroupField } from "~/components/ui/checkbox-group-field";
import {
  type BoundField,
  fieldsOf,
  InputField,
  RupeesField,
  SelectField,
  TextareaField,
} from "~/components/ui/field";
import { FormError, StatusNotice } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import { feedGroups, plantUsages, productKinds } from "~/db/schema/catalogue";
import {
  getProductForAdmin,
  listIllustrations,
  ProductNotFoundError,
  productFormValues,
  saveProductForm,
} from "~/features/catalogue/catalogue-admin.server";
import {
  gstRateChoices,
  type ProductField,
  productFields,
  productLimits,
} from "~/features/catalogue/product.schema";
import { MAX_PRODUCT_PHOTOS } from "~/features/catalogue/product-photo";
import {
  addProductPhoto,
  listProductPhotos,
  moveProductPhotoFirst,
  ProductPhotoError,
  removeProductPhoto,
} from "~/features/catalogue/product-photos.server";
import { ProductPhotosSection } from "~/features/catalogue/product-photos-section";
import { requireStaff } from "~/features/staff/session.server";
import { refusalText } from "~/i18n/i18n.server";
import { askedStep, unconfirmedStep } from "~/utils/confirm-step";
import { textFields } from "~/utils/form-data";
import { readPhotoForm } from "~/utils/photo-form.server";
import { UploadedImageError } from "~/utils/uploaded-image.server";
import type { Route } from "./+types/product";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

function notFound(): never {
  const refusal = new ProductNotFoundError();
  throw data(refusalText("en", refusal), { status: refusal.status });
}

/** The product id of /dashboard/catalogue/:id; null on /dashboard/catalogue/new. */
function productId(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  return /^[1-9]\d{0,8}$/.test(params.id) ? Number(params.id) : notFound();
}

const newProduct: Record<ProductField, string> = {
  slug: "",
  name: "",
  nameHi: "",
  nameKn: "",
  kind: "plant",
  price: "",
  stock: "0",
  active: "on",
  description: "",
  descriptionHi: "",
  descriptionKn: "",
  size: "",
  hsnCode: "0602",
  gstRate: "0",
  usage: "",
  sunlight: "",
  sunlightHi: "",
  sunlightKn: "",
  watering: "",
  wateringHi: "",
  wateringKn: "",
  plantHeight: "",
  plantHeightHi: "",
  plantHeightKn: "",
  features: "",
  featuresHi: "",
  featuresKn: "",
  feedGroup: "",
  fitsGroups: "",
  careUse: "",
  careUseHi: "",
  careUseKn: "",
  careAmount: "",
  careAmountHi: "",
  careAmountKn: "",
  careFrequency: "",
  careFrequencyHi: "",
  careFrequencyKn: "",
  imagePath: "",
  imageAlt: "",
};

/** What the page's notice says after a redirect (`?saved=…`). */
const notices: Readonly<Record<string, string>> = {
  created: "Product created.",
  "1": "Saved.",
  "0": "Nothing changed.",
  photoAdded: "Photo added. The shop shows it now.",
  photoRemoved: "Photo removed.",
  photoMoved: "Photo moved first: the product's card shows it now.",
};

/**
 * The product form, empty for a new product (docs/dashboard.md), and a saved product's photos
 * with the confirmation step of removing one (`?confirm=removePhoto&photoId=…`).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "admin");
  const id = productId(params);
  const db = await getDb();
  const product = id === null ? null : await getProductForAdmin(db, id);
  if (id !== null && !product) notFound();
  const search = new URL(request.url).searchParams;
  const saved = search.get("saved") ?? "";
  return {
    id,
    name: product?.name ?? null,
    version: product?.updatedAt.toISOString() ?? "new",
    values: product ? productFormValues(product) : newProduct,
    illustrations: listIllustrations(),
    photos: id === null ? [] : await listProductPhotos(db, id),
    // From the loader, so the page's script does not share product-photo.ts with the catalogue.
    maxPhotos: MAX_PRODUCT_PHOTOS,
    removingPhotoId: askedStep(request.url, ["removePhoto"])
      ? Number(search.get("photoId")) || null
      : null,
    notice: Object.hasOwn(notices, saved) ? notices[saved] : null,
  };
}

/** A refused photo change: the message next to the file field (`photos`) or over the form. */
function photoRefused(error: UploadedImageError | ProductPhotoError) {
  const text = refusalText("en", error);
  return data(
    { values: null, errors: { [error.field ?? "form"]: text } as Partial<Record<string, string>> },
    { status: error.status },
  );
}

/**
 * Adds the posted photo (multipart, one file in `photos`, read as it streams) to product `id`,
 * then back to the product's photos; a refusal next to the field, with nothing stored.
 */
async function uploadPhoto(request: Request, actor: { email: string }, id: number) {
  try {
    const form = await readPhotoForm(request, 1);
    const [photo] = form.photos;
    if (!photo) throw new ProductPhotoError("missing");
    await addProductPhoto(await getDb(), actor, id, photo);
  } catch (error) {
    if (error instanceof ProductNotFoundError) notFound();
    if (error instanceof UploadedImageError || error instanceof ProductPhotoError) {
      return photoRefused(error);
    }
    throw error;
  }
  return redirect(`/dashboard/catalogue/${id}?saved=photoAdded#photos`, { status: 303 });
}

/** intent = removePhoto (after its confirmation step) or firstPhoto, for the posted `photoId`. */
async function changePhoto(request: Request, form: FormData, actor: { email: string }, id: number) {
  const fields = textFields(form, ["intent", "photoId", "confirm"]);
  const step = unconfirmedStep(request, fields, { removePhoto: ["photoId"] });
  if (step) return redirect(step);
  const photoId = /^[1-9]\d{0,8}$/.test(fields.photoId ?? "") ? Number(fields.photoId) : 0;
  try {
    if (fields.intent === "removePhoto")
      await removeProductPhoto(await getDb(), actor, id, photoId);
    else await moveProductPhotoFirst(await getDb(), actor, id, photoId);
  } catch (error) {
    if (error instanceof ProductPhotoError) return photoRefused(error);
    throw error;
  }
  const saved = fields.intent === "removePhoto" ? "photoRemoved" : "photoMoved";
  return redirect(`/dashboard/catalogue/${id}?saved=${saved}#photos`, { status: 303 });
}

/**
 * Creates or saves the product; field messages and the typed values on error (status 400).
 * On a saved product also: a photo upload (multipart, to `/dashboard/catalogue/:id/photos`,
 * whose body limit allows it) and intent = removePhoto or firstPhoto.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "admin");
  const id = productId(params);
  const type = request.headers.get("content-type") ?? "";
  if (id !== null && type.toLowerCase().startsWith("multipart/form-data")) {
    return uploadPhoto(request, { email: user.email }, id);
  }
  const form = await request.formData();
  const intent = form.get("intent");
  if (id !== null && (intent === "removePhoto" || intent === "firstPhoto")) {
    return changePhoto(request, form, { email: user.email }, id);
  }
  // The fitting groups' boxes send one value each: the schema reads them joined.
  const fields = {
    ...textFields(form, productFields),
    fitsGroups: form
      .getAll("fitsGroups")
      .filter((value) => typeof value === "string")
      .join(","),
  };
  try {
    const result = await saveProductForm(await getDb(), { email: user.email }, id, fields);
    if (!result.ok) return data({ values: fields, errors: result.errors }, { status: 400 });
    const saved = id === null ? "created" : result.changed ? "1" : "0";
    return redirect(`/dashboard/catalogue/${result.id}?saved=${saved}`);
  } catch (error) {
    if (error instanceof ProductNotFoundError) notFound();
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.name ? `Edit ${loaderData.name}` : "Add a product"} | Staff dashboard`,
  },
];

const kindLabel = { plant: "Plant", fertiliser: "Fertiliser" } as const;
const usageLabel = { indoor: "Indoor", outdoor: "Outdoor", both: "Indoor and outdoor" } as const;
const kindOptions = productKinds.map((kind) => ({ value: kind, label: kindLabel[kind] }));
const usageOptions = plantUsages.map((usage) => ({ value: usage, label: usageLabel[usage] }));
const feedGroupLabel = {
  foliage: "Leafy (foliage) plants",
  flowering: "Flowering plants",
  succulent: "Cacti and succulents",
  edible: "Herbs and edible plants",
} as const;
const feedGroupOptions = feedGroups.map((group) => ({
  value: group,
  label: feedGroupLabel[group],
}));

/** The id, name, value (as typed, or as saved) and error of one field of the form. */
type FieldOf = (field: ProductField) => BoundField;

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { id, name, version, illustrations, notice, photos } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const submitting = useNavigation().state === "submitting";
  const field: FieldOf = fieldsOf({ values, errors }, { limits: productLimits });
  return (
    <>
      <p>
        <Link to="/dashboard/catalogue">Back to the catalogue</Link>
      </p>
      <h1>{name ? `Edit ${name}` : "Add a product"}</h1>
      <StatusNotice message={notice} />
      <FormError
        className="dash-error"
        message={
          actionData &&
          (errors.form ?? "Please correct the fields marked below. Nothing was saved.")
        }
      />
      <Form method="post" className="form dash-form" noValidate key={version}>
        <ProductBasics
          field={field}
          savedSlug={id === null ? null : loaderData.values.slug}
          active={values.active}
        />
        <Translations field={field} />
        <PlantDetails field={field} />
        <SupplyCare field={field} fitsGroups={values.fitsGroups} />
        <ProductImage
          field={field}
          illustrations={illustrations}
          savedImage={id === null ? "" : loaderData.values.imagePath}
        />
        <button type="submit" className="button" disabled={submitting}>
          {id === null ? "Add product" : "Save changes"}
        </button>
      </Form>
      {id === null ? (
        <p>Save the product first; then you can add its photos here.</p>
      ) : (
        <ProductPhotosSection
          productId={id}
          productName={name ?? ""}
          photos={photos}
          maxPhotos={loaderData.maxPhotos}
          removingId={loaderData.removingPhotoId}
          error={errors.photos}
        />
      )}
    </>
  );
}

/**
 * Web address name (typed for a new product, shown once saved: it cannot change), name, kind,
 * price, stock, shown in the shop, description and pack size.
 */
function ProductBasics({
  field,
  savedSlug,
  active,
}: {
  field: FieldOf;
  savedSlug: string | null;
  active: string;
}) {
  return (
    <>
      {savedSlug === null ? (
        <InputField
          {...field("slug")}
          label="Web address name"
          hint="Lower-case words joined by hyphens, like money-plant. Leave it empty to make it from the name. It cannot be changed later."
          autoCapitalize="none"
          spellCheck={false}
        />
      ) : (
        <p>
          Web address name: <code>{savedSlug}</code>
        </p>
      )}
      <InputField {...field("name")} label="Name" required />
      <SelectField
        {...field("kind")}
        label="Kind"
        options={kindOptions}
        placeholder="Choose a kind"
        required
      />
      <RupeesField
        {...field("price")}
        label="Price (₹)"
        hint="In rupees, up to 2 decimals, like 249 or 249.50."
      />
      <InputField
        {...field("stock")}
        label="Stock"
        hint="Units in hand, 0 to 10,000."
        inputMode="numeric"
        maxLength={6}
        required
      />
      <div className="dash-checkbox">
        <input
          id="active"
          name="active"
          type="checkbox"
          defaultChecked={active === "on" || active === "true"}
        />
        <label htmlFor="active">Active (shown in the shop)</label>
      </div>
      <TextareaField {...field("description")} label="Description" rows={4} required />
      <InputField
        {...field("size")}
        label="Pack size (fertilisers)"
        hint="As printed on the pack, like 1kg or 500ml."
      />
      <InputField
        {...field("hsnCode")}
        label="HSN code"
        hint="Printed on its bills (docs/tax.md): 0602 live plants, 3101 organic manure, 3808 bio-pesticides."
        inputMode="numeric"
        maxLength={8}
      />
      <SelectField
        {...field("gstRate")}
        label="GST rate"
        hint="0 % for exempt goods such as live plants and loose manure. Prices already include it."
        options={gstRateChoices}
        optionLabel={(rate) => `${rate} %`}
        placeholder="Choose a rate"
        defaultValue={field("gstRate").defaultValue ?? "0"}
      />
    </>
  );
}

/**
 * The name and description in Hindi and Kannada, shown on /hi and /kn pages;
 * empty ones show the English there.
 */
function Translations({ field }: { field: FieldOf }) {
  return (
    <fieldset className="dash-fieldset">
      <legend>Hindi and Kannada (optional)</legend>
      <p>Leave a field empty to show the English name or description on that language's pages.</p>
      <InputField {...field("nameHi")} label="Name (Hindi)" lang="hi" />
      <InputField {...field("nameKn")} label="Name (Kannada)" lang="kn" />
      <TextareaField {...field("descriptionHi")} label="Description (Hindi)" rows={3} lang="hi" />
      <TextareaField {...field("descriptionKn")} label="Description (Kannada)" rows={3} lang="kn" />
    </fieldset>
  );
}

/**
 * The fields only plants use, in their own fieldset; the care details also in Hindi and
 * Kannada (optional: an empty one shows the English on that language's pages).
 */
function PlantDetails({ field }: { field: FieldOf }) {
  return (
    <fieldset className="dash-fieldset">
      <legend>Plant details (plants only)</legend>
      <p>Leave a Hindi or Kannada field empty to show the English on that language's pages.</p>
      <SelectField
        {...field("usage")}
        label="Indoor or outdoor"
        options={usageOptions}
        placeholder="Choose where it grows"
      />
      <SelectField
        {...field("feedGroup")}
        label="Feeding group"
        hint="Its card's 'What to feed this plant' shows the supplies that fit this group."
        options={feedGroupOptions}
        placeholder="Choose a group"
      />
      <InputField {...field("sunlight")} label="Sunlight" />
      <InputField {...field("sunlightHi")} label="Sunlight (Hindi)" lang="hi" />
      <InputField {...field("sunlightKn")} label="Sunlight (Kannada)" lang="kn" />
      <InputField {...field("watering")} label="Watering" />
      <InputField {...field("wateringHi")} label="Watering (Hindi)" lang="hi" />
      <InputField {...field("wateringKn")} label="Watering (Kannada)" lang="kn" />
      <InputField {...field("plantHeight")} label="Plant height" hint="Like 30–40 cm." />
      <InputField
        {...field("plantHeightHi")}
        label="Height (Hindi)"
        hint="Like 30–40 सेमी."
        lang="hi"
      />
      <InputField
        {...field("plantHeightKn")}
        label="Height (Kannada)"
        hint="Like 30–40 ಸೆಂ.ಮೀ."
        lang="kn"
      />
      <TextareaField
        {...field("features")}
        label="Features"
        hint="One per line, at most 10."
        rows={3}
      />
      <TextareaField
        {...field("featuresHi")}
        label="Features (Hindi)"
        hint="One per line, at most 10."
        rows={3}
        lang="hi"
      />
      <TextareaField
        {...field("featuresKn")}
        label="Features (Kannada)"
        hint="One per line, at most 10."
        rows={3}
        lang="kn"
      />
    </fieldset>
  );
}

/**
 * The fields only fertilisers use: the plants' feeding groups it fits and its care guidance
 * (what it is for, how much, how often), also in Hindi and Kannada (docs/shop.md "What to feed
 * this plant").
 */
function SupplyCare({ field, fitsGroups }: { field: FieldOf; fitsGroups: string }) {
  const careField = (name: "careUse" | "careAmount" | "careFrequency", label: string) => (
    <>
      <InputField {...field(name)} label={label} />
      <InputField {...field(`${name}Hi`)} label={`${label} (Hindi)`} lang="hi" />
      <InputField {...field(`${name}Kn`)} label={`${label} (Kannada)`} lang="kn" />
    </>
  );
  return (
    <fieldset className="dash-fieldset">
      <legend>Care guidance (fertilisers only)</legend>
      <CheckboxGroupField
        name="fitsGroups"
        legend="Suggested for"
        hint="The plants whose 'What to feed this plant' lists this supply."
        options={feedGroupOptions}
        defaultValues={fitsGroups.split(",")}
        error={field("fitsGroups").error}
      />
      {careField("careUse", "What it is for")}
      {careField("careAmount", "How much")}
      {careField("careFrequency", "How often")}
    </fieldset>
  );
}

/**
 * The image path, with the drawn illustrations to choose from, a preview of the saved image
 * (`savedImage`, "" for none) and its alt text.
 */
function ProductImage({
  field,
  illustrations,
  savedImage,
}: {
  field: FieldOf;
  illustrations: readonly string[];
  savedImage: string;
}) {
  return (
    <>
      <InputField
        {...field("imagePath")}
        label="Image"
        hint="Choose an illustration from the list, or type a path under /images/."
        list="illustrations"
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <datalist id="illustrations">
        {illustrations.map((path) => (
          <option key={path} value={path} />
        ))}
      </datalist>
      {savedImage ? (
        <img src={savedImage} alt="" width={96} height={96} className="dash-product-image" />
      ) : null}
      <InputField
        {...field("imageAlt")}
        label="Image description (alt text)"
        hint="What the image shows, for people who cannot see it."
        required
      />
    </>
  );
}
