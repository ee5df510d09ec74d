import { data, Form, redirect, useNavigation } from "react-router";
import { bulkCell } from "~/components/dashboard/bulk-cell";
import { ConfirmLink, ConfirmStep } from "~/components/dashboard/confirm-step";
import { ErrorSummary, summaryItems } from "~/components/ui/error-summary";
import { fieldsOf, InputField, RupeesField, SelectField } from "~/components/ui/field";
import { FormError, StatusNotice } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import {
  MATERIAL_NAME_MAX,
  type RateSheetChange,
  rateFormFields,
} from "~/features/rates/rate.schema";
import {
  applyRateForm,
  applyRateSheet,
  listRatesForAdmin,
  type RateFormOutcome,
} from "~/features/rates/rates-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import type { RefusedSheet } from "~/utils/bulk-form";
import { askedStep, unconfirmedStep } from "~/utils/confirm-step";
import { textFields } from "~/utils/form-data";
import { formStrings } from "~/utils/intent-form";
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

/** The notice of a saved rate sheet with several changes (`?done=saved&rates=N&names=M`). */
function sheetNotice(params: URLSearchParams): string {
  const count = (name: string) => Number(/^\d{1,5}$/.exec(params.get(name) ?? "")?.[0] ?? 0);
  const [rates, names] = [count("rates"), count("names")];
  const parts = [
    rates > 0 ? `${rates} new ${rates === 1 ? "rate" : "rates"}` : "",
    names > 0 ? `the names of ${names} ${names === 1 ? "material" : "materials"}` : "",
  ].filter(Boolean);
  return `Saved ${parts.join(" and ")}. The rate list and the pickup form show them now.`;
}

/** The rate sheet (every material, for admins) and a step asked for (docs/dashboard.md). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "admin");
  const categories = await listRatesForAdmin(await getDb());
  const params = new URL(request.url).searchParams;
  const outcome = params.get("done");
  const materials = categories.flatMap((category) => category.materials);
  const material = materials.find((item) => String(item.id) === params.get("material"));
  let notice: string | null = null;
  if (outcome === "saved") notice = sheetNotice(params);
  else if (material && outcome && Object.hasOwn(notices, outcome)) {
    notice = notices[outcome as RateFormOutcome](
      material.name,
      formatPaise(material.ratePaisePerKg),
    );
  } else if (outcome === "unchanged") notice = "Nothing changed: every rate and name is as it was.";
  // The confirmation step of Retire (app/utils/confirm-step.ts), for an active material.
  const retiring = askedStep(request.url, ["retire"])
    ? (materials.find((item) => String(item.id) === params.get("materialId") && item.active) ??
      null)
    : null;
  return { categories, notice, retiring };
}

/** Where a saved rate sheet goes: one change's own notice, or the counts. */
function savedSheetUrl(saved: readonly RateSheetChange[]): string {
  const rates = saved.filter((change) => change.field === "rate");
  const renamed = new Set(saved.filter((c) => c.field !== "rate").map((c) => c.id));
  const [only] = saved;
  if (!only) return "/dashboard/rates?done=unchanged";
  if (saved.length === rates.length && rates.length === 1) {
    return `/dashboard/rates?done=rate&material=${only.id}`;
  }
  if (rates.length === 0 && renamed.size === 1) {
    return `/dashboard/rates?done=renamed&material=${only.id}`;
  }
  return `/dashboard/rates?done=saved&rates=${rates.length}&names=${renamed.size}`;
}

/**
 * The rate sheet (intent save-rates: every rate and name, one Save, all or nothing; ADR 0031)
 * or one of the page's other forms (add-material, retire, restore). Retire without its
 * confirmation goes to the confirmation step and changes nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "admin");
  const form = await request.formData();
  const posted = formStrings(form);
  const step = unconfirmedStep(request, posted, { retire: ["materialId"] });
  if (step) return redirect(step);
  const db = await getDb();
  if (posted.intent === "save-rates") {
    const result = await applyRateSheet(db, { email: user.email }, posted);
    if (!result.ok) return data({ sheet: result }, { status: result.status });
    return redirect(savedSheetUrl(result.saved));
  }
  const fields = textFields(form, rateFormFields);
  const result = await applyRateForm(db, { email: user.email }, fields);
  if (!result.ok) return data({ values: fields, errors: result.errors }, { status: result.status });
  return redirect(`/dashboard/rates?done=${result.outcome}&material=${result.materialId}`);
}

export const meta: Route.MetaFunction = () => [{ title: "Scrap rates | Staff dashboard" }];

type RateCategory = Route.ComponentProps["loaderData"]["categories"][number];
type Material = RateCategory["materials"][number];
type RateFormValues = Partial<Record<string, string>>;

export default function Rates({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, notice, retiring } = loaderData;
  const submitting = useNavigation().state === "submitting";
  const sheet = actionData && "sheet" in actionData ? actionData.sheet : undefined;
  const single = actionData && !("sheet" in actionData) ? actionData : undefined;
  const values = single?.values;
  const errors: Partial<Record<string, string>> = single?.errors ?? {};
  const adding = values?.intent === "add-material";
  return (
    <>
      <h1>Scrap rates</h1>
      <p>
        Rates in ₹ per kg, up to 2 decimals, from ₹0 to ₹10,000. Change any rates and names, then
        press 'Save rates' once at the end: only changed rows are saved, and nothing is saved while
        a row is refused. The public rate list and the pickup form show new rates at once; booked
        pickups keep theirs.
      </p>
      <div className="dash-actions">
        <a href="/dashboard/rates/export" className="button button--small" download>
          Download CSV
        </a>
      </div>
      <StatusNotice message={actionData ? null : notice} />
      {retiring ? <RetireStep material={retiring} /> : null}
      <FormError
        className="dash-error"
        message={
          single && !adding
            ? (errors.intent ?? errors.materialId ?? "This change was refused.")
            : null
        }
      />
      <RateSheet categories={categories} sheet={sheet} submitting={submitting} />
      {categories.flatMap((category) =>
        category.materials
          .filter((material) => !material.active)
          .map((material) => <RestoreForm key={material.id} material={material} />),
      )}
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

/** The confirmation step of Retire (app/utils/confirm-step.ts). */
function RetireStep({ material }: { material: Material }) {
  return (
    <ConfirmStep
      title={`Retire ${material.name}?`}
      intent="retire"
      row={{ materialId: material.id }}
      confirmLabel={`Retire ${material.name}`}
      backLabel="Keep it on the list"
      backHref={`/dashboard/rates#material-${material.id}`}
    >
      <p>
        It leaves the public rate list and the pickup form at once. Pickups already booked keep it,
        and you can bring it back later.
      </p>
    </ConfirmStep>
  );
}

/**
 * The rate sheet: every material's rate and Hindi and Kannada names in one form with one Save
 * (intent save-rates). Each input has a hidden twin with the value shown (app/utils/bulk-form.ts);
 * a refused sheet shows what was posted again (`sheet.values`), with a message next to each
 * refused row and a summary linking to them at the top.
 */
function RateSheet({
  categories,
  sheet,
  submitting,
}: {
  categories: readonly RateCategory[];
  sheet: RefusedSheet | undefined;
  submitting: boolean;
}) {
  return (
    <Form method="post" className="rate-sheet" noValidate>
      <ErrorSummary items={summaryItems(sheet?.errors ?? {})} formError={sheet?.formError} />
      <input type="hidden" name="intent" value="save-rates" />
      {categories.map((category) => (
        <section key={category.id} aria-labelledby={`category-${category.id}`}>
          <h2 id={`category-${category.id}`}>{category.name}</h2>
          {category.materials.length === 0 ? (
            <p>No materials yet.</p>
          ) : (
            <ul className="rate-rows">
              {category.materials.map((material) => (
                <MaterialRow key={material.id} material={material} sheet={sheet} />
              ))}
            </ul>
          )}
        </section>
      ))}
      <button type="submit" className="button" disabled={submitting}>
        Save rates
      </button>
    </Form>
  );
}

/** The translated names a material has, in the order the sheet shows them. */
const translatedNames = [
  { lang: "hi", language: "Hindi", field: "nameHi" },
  { lang: "kn", language: "Kannada", field: "nameKn" },
] as const;

/** A material: its name, rate, Hindi and Kannada names (folded away) and Retire / Bring back. */
function MaterialRow({ material, sheet }: { material: Material; sheet: RefusedSheet | undefined }) {
  const saved = String(material.ratePaisePerKg);
  const rate = bulkCell(
    sheet,
    "rate",
    material.id,
    saved,
    paiseToRupeesText(material.ratePaisePerKg),
  );
  const names = translatedNames.map(({ lang, language, field }) => ({
    lang,
    language,
    cell: bulkCell(sheet, field, material.id, material[field], material[field]),
  }));
  return (
    <li className="rate-row" id={`material-${material.id}`}>
      <p className="rate-row__name">
        {material.name}
        {material.active ? null : <span className="dash-badge">Retired</span>}
      </p>
      <div className="rate-row__rate">
        <label htmlFor={rate.input.id}>
          ₹/kg<span className="visually-hidden"> for {material.name}</span>
        </label>
        <input key={rate.key} {...rate.input} inputMode="decimal" maxLength={12} size={7} />
        {rate.after}
      </div>
      <details
        className="rate-row__names"
        open={names.some((name) => name.cell.input["aria-invalid"])}
      >
        <summary>
          Hindi and Kannada names<span className="visually-hidden"> of {material.name}</span>
          <span className="rate-row__preview">
            {material.nameHi || material.nameKn ? (
              <>
                : <span lang="hi">{material.nameHi || "–"}</span>,{" "}
                <span lang="kn">{material.nameKn || "–"}</span>
              </>
            ) : (
              ": not set"
            )}
          </span>
        </summary>
        {names.map(({ lang, language, cell }) => (
          <div className="rate-row__name-field" key={lang}>
            <label htmlFor={cell.input.id}>
              {language} name<span className="visually-hidden"> of {material.name}</span>
            </label>
            <input key={cell.key} {...cell.input} lang={lang} maxLength={MATERIAL_NAME_MAX} />
            {cell.after}
          </div>
        ))}
      </details>
      <div className="rate-row__action">
        {material.active ? (
          <ConfirmLink intent="retire" row={{ materialId: material.id }} rowName={material.name}>
            Retire
          </ConfirmLink>
        ) : (
          <button
            type="submit"
            form={`restore-${material.id}`}
            className="button button--small button--secondary"
          >
            Bring back<span className="visually-hidden"> {material.name}</span>
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * The form a retired material's 'Bring back' button submits (through its `form` attribute: the
 * button stands in the sheet, and forms cannot nest).
 */
function RestoreForm({ material }: { material: Material }) {
  return (
    <Form method="post" id={`restore-${material.id}`}>
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="materialId" value={material.id} />
    </Form>
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
