import { data, Form, Link, redirect, useNavigation } from "react-router";
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
import { plantUsages, productKinds } from "~/db/schema/catalogue";
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
import { requireStaff } from "~/features/staff/session.server";
import { refusalText } from "~/i18n/i18n.server";
import { textFields } from "~/utils/form-data";
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
  imagePath: "",
  imageAlt: "",
};

/** The product form, empty for a new product (docs/dashboard.md). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "admin");
  const id = productId(params);
  const product = id === null ? null : await getProductForAdmin(await getDb(), id);
  if (id !== null && !product) notFound();
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    id,
    name: product?.name ?? null,
    version: product?.updatedAt.toISOString() ?? "new",
    values: product ? productFormValues(product) : newProduct,
    illustrations: listIllustrations(),
    notice:
      saved === "created"
        ? "Product created."
        : saved === "1"
          ? "Saved."
          : saved === "0"
            ? "Nothing changed."
            : null,
  };
}

/** Creates or saves the product; field messages and the typed values on error (status 400). */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "admin");
  const id = productId(params);
  const fields = textFields(await request.formData(), productFields);
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

/** The id, name, value (as typed, or as saved) and error of one field of the form. */
type FieldOf = (field: ProductField) => BoundField;

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { id, name, version, illustrations, notice } = loaderData;
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
        <ProductImage
          field={field}
          illustrations={illustrations}
          savedImage={id === null ? "" : loaderData.values.imagePath}
        />
        <button type="submit" className="button" disabled={submitting}>
          {id === null ? "Add product" : "Save changes"}
        </button>
      </Form>
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
