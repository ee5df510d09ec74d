import { Fragment } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { DataTable } from "~/components/dashboard/data-table";
import { RowAction } from "~/components/dashboard/row-action";
import { fieldsOf, InputField, RupeesField, SelectField } from "~/components/ui/field";
import { FormError, StatusNotice } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import { MATERIAL_NAME_MAX, rateFormFields } from "~/features/rates/rate.schema";
import {
  applyRateForm,
  listRatesForAdmin,
  type RateFormOutcome,
} from "~/features/rates/rates-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { textFields } from "~/utils/form-data";
import { formatPaise, paiseToRupeesText } from "~/utils/money";
import type { Route } from "./+types/rates";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

const notices: Record<RateFormOutcome, (name: string, rate: string) => string> = {
  rate: (name, rate) => `${name}: the rate is now ${rate} per kg.`,
  unchanged: (name) => `${name}: nothing changed.`,
  added: (name, rate) => `${name} added at ${rate} per kg.`,
  retired: (name) => `${name} retired: it no longer shows on the rate list or the pickup form.`,
  restored: (name, rate) => `${name} is back on the rate list at ${rate} per kg.`,
  renamed: (name) => `${name}: the Hindi and Kannada names are saved.`,
};

/** The scrap rate list, every material, for admins (docs/dashboard.md). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "admin");
  const categories = await listRatesForAdmin(await getDb());
  const params = new URL(request.url).searchParams;
  const outcome = params.get("done");
  const material = categories
    .flatMap((category) => category.materials)
    .find((item) => String(item.id) === params.get("material"));
  const notice =
    material && outcome && Object.hasOwn(notices, outcome)
      ? notices[outcome as RateFormOutcome](material.name, formatPaise(material.ratePaisePerKg))
      : null;
  return { categories, notice };
}

/** One of the page's forms (intent update-rate, add-material, rename-material, retire, restore). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "admin");
  const fields = textFields(await request.formData(), rateFormFields);
  const result = await applyRateForm(await getDb(), { email: user.email }, fields);
  if (!result.ok) return data({ values: fields, errors: result.errors }, { status: result.status });
  return redirect(`/dashboard/rates?done=${result.outcome}&material=${result.materialId}`);
}

export const meta: Route.MetaFunction = () => [{ title: "Scrap rates | Staff dashboard" }];

type Material = Route.ComponentProps["loaderData"]["categories"][number]["materials"][number];

/** A refused form of one row: the rate as typed and its message, or the names as typed and theirs. */
interface RowFailure {
  rateError?: string;
  typedRate?: string;
  namesError?: string;
  typedNames?: { nameHi?: string; nameKn?: string };
}

function MaterialRow({ material, failure }: { material: Material; failure?: RowFailure }) {
  const error = failure?.rateError;
  const typed = failure?.typedRate;
  const inputId = `rate-${material.id}`;
  const errorId = `${inputId}-error`;
  return (
    <tr>
      <th scope="row">
        {material.name}
        {material.active ? null : <span className="dash-badge">Retired</span>}
      </th>
      <td>
        <Form method="post" className="dash-rate-form">
          <input type="hidden" name="intent" value="update-rate" />
          <input type="hidden" name="materialId" value={material.id} />
          <label htmlFor={inputId}>
            ₹/kg<span className="visually-hidden"> for {material.name}</span>
          </label>
          <input
            key={`${material.id}-${material.ratePaisePerKg}`}
            id={inputId}
            name="rate"
            inputMode="decimal"
            maxLength={12}
            size={7}
            defaultValue={typed ?? paiseToRupeesText(material.ratePaisePerKg)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button type="submit" className="button button--small">
            Save<span className="visually-hidden"> the rate of {material.name}</span>
          </button>
          {error ? (
            <p id={errorId} className="field__error">
              {error}
            </p>
          ) : null}
        </Form>
      </td>
      <td>
        <MaterialNamesForm material={material} failure={failure} />
      </td>
      <td>
        <RowAction
          row={{ materialId: material.id }}
          intent={material.active ? "retire" : "restore"}
          rowName={material.name}
        >
          {material.active ? "Retire" : "Bring back"}
        </RowAction>
      </td>
    </tr>
  );
}

/**
 * The material's Hindi and Kannada names, shown on /hi and /kn pages; an empty one
 * shows the English name there.
 */
/** The translated names a material has, in the order the form shows them. */
const translatedNames = [
  { lang: "hi", language: "Hindi", field: "nameHi" },
  { lang: "kn", language: "Kannada", field: "nameKn" },
] as const;

function MaterialNamesForm({ material, failure }: { material: Material; failure?: RowFailure }) {
  const errorId = `names-${material.id}-error`;
  const error = failure?.namesError;
  const describedBy = error ? errorId : undefined;
  return (
    <Form method="post" className="dash-rate-form">
      <input type="hidden" name="intent" value="rename-material" />
      <input type="hidden" name="materialId" value={material.id} />
      {translatedNames.map(({ lang, language, field }) => (
        <Fragment key={lang}>
          <label htmlFor={`name-${lang}-${material.id}`}>
            {language} name<span className="visually-hidden"> of {material.name}</span>
          </label>
          <input
            key={`${lang}-${material.id}-${material[field]}`}
            id={`name-${lang}-${material.id}`}
            name={field}
            lang={lang}
            maxLength={MATERIAL_NAME_MAX}
            size={14}
            defaultValue={failure?.typedNames?.[field] ?? material[field]}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </Fragment>
      ))}
      <button type="submit" className="button button--small">
        Save<span className="visually-hidden"> the names of {material.name}</span>
      </button>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

type RateCategory = Route.ComponentProps["loaderData"]["categories"][number];
type RateFormValues = Partial<Record<string, string>>;

export default function Rates({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, notice } = loaderData;
  const submitting = useNavigation().state === "submitting";
  const values = actionData?.values;
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const adding = values?.intent === "add-material";
  const failedMaterial = !adding && values ? values.materialId : null;
  const shownOnARow = categories.some((category) =>
    category.materials.some((material) => String(material.id) === failedMaterial),
  );
  const formError = actionData && !adding && !shownOnARow;
  return (
    <>
      <h1>Scrap rates</h1>
      <p>
        Rates in ₹ per kg, up to 2 decimals, from ₹0 to ₹10,000. A change shows on the public rate
        list and the pickup form at once; booked pickups keep the rate they were booked at.
      </p>
      <div className="dash-actions">
        <a href="/dashboard/rates/export" className="button button--small" download>
          Download CSV
        </a>
      </div>
      <StatusNotice message={notice} />
      <FormError
        className="dash-error"
        message={
          actionData &&
          (formError
            ? (errors.intent ?? errors.materialId ?? errors.rate ?? "This change was refused.")
            : "Nothing was saved. See the message below.")
        }
      />
      {categories.map((category) => (
        <CategoryRates
          key={category.id}
          category={category}
          failedMaterial={failedMaterial}
          failure={failedMaterial ? rowFailure(values, errors) : undefined}
        />
      ))}
      <section aria-labelledby="add-material">
        <h2 id="add-material">Add a material</h2>
        <AddMaterialForm
          key={categories.reduce((sum, category) => sum + category.materials.length, 0)}
          categories={categories}
          values={adding ? values : undefined}
          errors={adding ? errors : {}}
          submitting={submitting}
        />
      </section>
    </>
  );
}

/** What a refused row form (rate or names) shows on its row. */
function rowFailure(
  values: RateFormValues | undefined,
  errors: Partial<Record<string, string>>,
): RowFailure {
  if (values?.intent === "rename-material") {
    return {
      namesError: errors.nameHi ?? errors.nameKn ?? errors.materialId,
      typedNames: { nameHi: values.nameHi, nameKn: values.nameKn },
    };
  }
  return {
    rateError: errors.rate ?? errors.materialId,
    typedRate: values?.intent === "update-rate" ? values.rate : undefined,
  };
}

/**
 * One category's materials, each row with its rate and names forms. The row of
 * `failedMaterial` (the material id of a refused form) shows `failure`.
 */
function CategoryRates({
  category,
  failedMaterial,
  failure,
}: {
  category: RateCategory;
  failedMaterial: string | null | undefined;
  failure: RowFailure | undefined;
}) {
  return (
    <section aria-labelledby={`category-${category.id}`}>
      <h2 id={`category-${category.id}`}>{category.name}</h2>
      <DataTable
        className="dash-rates"
        columns={["Material", "Rate per kg", "Hindi and Kannada names", "On the list"]}
      >
        {category.materials.map((material) => {
          const failed = String(material.id) === failedMaterial;
          return (
            <MaterialRow
              key={material.id}
              material={material}
              failure={failed ? failure : undefined}
            />
          );
        })}
      </DataTable>
    </section>
  );
}

/** A new material: its category, name and rate (`values`/`errors` of a refused add). */
function AddMaterialForm({
  categories,
  values,
  errors,
  submitting,
}: {
  categories: readonly RateCategory[];
  values: RateFormValues | undefined;
  errors: Partial<Record<string, string>>;
  submitting: boolean;
}) {
  const field = fieldsOf(
    { values, errors },
    {
      limits: { name: MATERIAL_NAME_MAX, nameHi: MATERIAL_NAME_MAX, nameKn: MATERIAL_NAME_MAX },
    },
  );
  return (
    <Form method="post" className="form dash-form" noValidate>
      <input type="hidden" name="intent" value="add-material" />
      <SelectField
        {...field("categoryId")}
        label="Category"
        options={categories.map((category) => ({
          value: String(category.id),
          label: category.name,
        }))}
        placeholder="Choose a category"
        required
      />
      <InputField {...field("name")} label="Material name" required />
      <InputField
        {...field("nameHi")}
        label="Hindi name"
        hint="Optional: empty shows the English name on the Hindi pages."
        lang="hi"
      />
      <InputField
        {...field("nameKn")}
        label="Kannada name"
        hint="Optional: empty shows the English name on the Kannada pages."
        lang="kn"
      />
      <RupeesField {...field("rate")} label="Rate (₹ per kg)" hint="Like 12 or 12.50." />
      <button type="submit" className="button" disabled={submitting}>
        Add material
      </button>
    </Form>
  );
}
