/**
 * The weigh sheet form (docs/exchange.md "The weigh sheet"), on the collector's page and the
 * staff pickup page. One row per material, a fieldset whose legend is "Material: <name>", with
 * an input under the visible label "Weighed kg" whose accessible name is "Weighed kg, <name>"
 * (aria-label): `getByLabel("Weighed kg, Newspaper and books")`, or within the row
 * `getByRole("group", { name: /Newspaper and books/ }).getByLabel("Weighed kg")`, finds it.
 * Rows "Added material 1…3" (fieldsets of that name) offer a "Material" select and a "Weighed
 * kg" input ("Weighed kg, added row n") for what the estimate did not list. A 'plants' reward gets a
 * plant picker (quantity per plant). Posts intent=weigh and `expectedVersion`.
 *
 * Works as a plain form: the server prices the sheet and the page shows the totals after saving.
 * With JavaScript the amounts and totals follow the weights as they are typed (the same
 * `priceWeighSheet` the server runs). Kg are typed with up to 3 decimals.
 */
import { type ChangeEvent, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useContentLang, useT } from "~/i18n/i18n-react";
import { formatPaise, formatRatePerKg } from "~/utils/money";
import { formatKg, gramsToKgText } from "~/utils/units";
import { parseWeighedKg } from "./collection";
import {
  EXTRA_WEIGH_ROWS,
  weighSheetFields as f,
  MAX_WEIGH_NOTE,
  type PricedWeighSheet,
  priceWeighSheet,
  type RewardPreference,
  type WeighSheetFormData,
  type WeighSheetLineInput,
  type WeighSheetPricingSettings,
} from "./weigh-sheet";

/** The latest saved version, to prefill the form (grams; quantities). */
export interface WeighSheetPrefill {
  version: number;
  lines: { materialId: number; grams: number }[];
  plants: { productId: number; quantity: number }[];
}

export interface WeighSheetFormProps {
  data: WeighSheetFormData;
  latest: WeighSheetPrefill | null;
  reward: RewardPreference;
  pricing: WeighSheetPricingSettings;
  /** Messages by field name ("form" for the whole form) from the last refused post. */
  errors: Record<string, string>;
  /** The fields as typed in the last refused post (null: prefill from `latest`). */
  values: Record<string, string> | null;
  /** Staff correcting a disputed sheet get a 'Note' field. */
  showNote?: boolean;
}

const addedRows = Array.from({ length: EXTRA_WEIGH_ROWS }, (_, i) => i + 1);

type Track = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;

/** The text each field starts with: what was posted, else the latest version's figures. */
function initialValues(props: WeighSheetFormProps): Record<string, string> {
  if (props.values) return props.values;
  const values: Record<string, string> = {};
  for (const line of props.latest?.lines ?? []) {
    values[f.kg(line.materialId)] = gramsToKgText(line.grams);
  }
  for (const plant of props.latest?.plants ?? []) {
    values[f.plant(plant.productId)] = String(plant.quantity);
  }
  return values;
}

/** The materials that get a row of their own: the estimate's, then the latest version's. */
function listedMaterialIds(props: WeighSheetFormProps): number[] {
  const ids = [...props.data.estimateMaterialIds];
  for (const line of props.latest?.lines ?? []) {
    if (!ids.includes(line.materialId)) ids.push(line.materialId);
  }
  return ids;
}

/** The sheet as typed so far, priced like the server will (invalid weights left out). */
function livePrice(
  props: WeighSheetFormProps,
  listed: number[],
  typed: Record<string, string>,
): PricedWeighSheet {
  const materials = new Map(props.data.materials.map((m) => [m.id, m]));
  const lines: WeighSheetLineInput[] = [];
  const add = (materialId: number, text: string | undefined) => {
    const material = materials.get(materialId);
    const grams = text?.trim() ? parseWeighedKg(text) : null;
    if (!material || !grams?.ok || grams.value === 0) return;
    if (lines.some((line) => line.materialId === materialId)) return;
    lines.push({
      materialId,
      materialName: material.name,
      grams: grams.value,
      ratePaisePerKg: material.ratePaisePerKg,
    });
  };
  for (const id of listed) add(id, typed[f.kg(id)]);
  for (let n = 1; n <= EXTRA_WEIGH_ROWS; n++) {
    add(Number(typed[f.extraMaterial(n)] ?? 0), typed[f.extraKg(n)]);
  }
  return priceWeighSheet(lines, props.reward, props.pricing);
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="field__error">
      {message}
    </p>
  ) : null;
}

/**
 * A "Weighed kg" input with its visible label, whose accessible name (aria-label, starting with
 * the visible label) also says which material it is: "Weighed kg, Newspaper and books".
 */
function KgInput(props: { id: string; of: string; value: string; error?: string; track: Track }) {
  const { id, of, value, error, track } = props;
  const t = useT();
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <label htmlFor={id}>{t("collector.weigh.kg")}</label>
      <input
        id={id}
        name={id}
        aria-label={t("collector.weigh.kgOf", { material: of })}
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={track}
      />
      <FieldError id={id} message={error} />
    </div>
  );
}

/** One listed material: name, rate and estimate, the weighed kg, and (live) its amount. */
function ListedRow(props: {
  material: { id: number; name: string; ratePaisePerKg: number };
  estimatedGrams: number | undefined;
  amountPaise: number | null;
  typed: Record<string, string>;
  errors: Record<string, string>;
  track: Track;
}) {
  const { material, estimatedGrams, amountPaise, typed, errors, track } = props;
  const id = f.kg(material.id);
  const t = useT();
  const lang = useContentLang();
  return (
    <fieldset className="weigh-row">
      <legend className="weigh-row__material">
        <span className="weigh-row__caption">{t("collector.weigh.materialCaption")} </span>
        <strong>{material.name}</strong>
      </legend>
      <p className="weigh-row__facts">
        {formatRatePerKg(material.ratePaisePerKg, lang)}
        {estimatedGrams === undefined
          ? ""
          : ` · ${t("collector.weigh.estimated", { kg: formatKg(estimatedGrams, lang) })}`}
        {amountPaise === null ? "" : ` · ${formatPaise(amountPaise)}`}
      </p>
      <KgInput
        id={id}
        of={material.name}
        value={typed[id] ?? ""}
        error={errors[id]}
        track={track}
      />
    </fieldset>
  );
}

/** An "Added material n" row: a material the estimate did not list and its weighed kg. */
function AddedRow(props: {
  n: number;
  choices: WeighSheetFormData["materials"];
  typed: Record<string, string>;
  errors: Record<string, string>;
  track: Track;
}) {
  const { n, choices, typed, errors, track } = props;
  const select = f.extraMaterial(n);
  const kg = f.extraKg(n);
  const t = useT();
  const lang = useContentLang();
  return (
    <fieldset className="weigh-row">
      <legend className="weigh-row__material">{t("collector.weigh.addedRow", { n })}</legend>
      <div className="field" data-invalid={errors[select] ? true : undefined}>
        <label htmlFor={select}>{t("collector.weigh.material")}</label>
        <select
          id={select}
          name={select}
          defaultValue={typed[select] ?? ""}
          aria-invalid={errors[select] ? true : undefined}
          aria-describedby={errors[select] ? `${select}-error` : undefined}
          onChange={track}
        >
          <option value="">{t("collector.weigh.none")}</option>
          {choices.map((m) => (
            <option key={m.id} value={m.id}>
              {formatRatePerKg(m.ratePaisePerKg, lang)} · {m.name}
            </option>
          ))}
        </select>
        <FieldError id={select} message={errors[select]} />
      </div>
      <KgInput
        id={kg}
        of={t("collector.weigh.addedRowOf", { n })}
        value={typed[kg] ?? ""}
        error={errors[kg]}
        track={track}
      />
    </fieldset>
  );
}

/** The plants of a 'plants' reward: a quantity per plant, and what they are worth. */
function PlantPicker(props: {
  plants: WeighSheetFormData["plants"];
  rewardValuePaise: number | null;
  bonusPercent: number;
  typed: Record<string, string>;
  errors: Record<string, string>;
  track: Track;
}) {
  const { plants, rewardValuePaise, bonusPercent, typed, errors, track } = props;
  const t = useT();
  const worth = plants.reduce((sum, p) => {
    const quantity = Number(typed[f.plant(p.id)] ?? 0);
    return Number.isInteger(quantity) && quantity > 0 ? sum + quantity * p.pricePaise : sum;
  }, 0);
  return (
    <fieldset
      className="weigh-plants"
      aria-describedby={errors.plants ? "plants-error" : undefined}
    >
      <legend>{t("collector.weigh.plants")}</legend>
      <p>
        {rewardValuePaise === null
          ? t("collector.weigh.plantsWorthBonus", { percent: bonusPercent })
          : t("collector.weigh.plantsWorth", {
              value: formatPaise(rewardValuePaise),
              chosen: formatPaise(worth),
            })}
      </p>
      <FieldError id="plants" message={errors.plants} />
      {plants.map((p) => {
        const id = f.plant(p.id);
        return (
          <div key={p.id} className="field" data-invalid={errors[id] ? true : undefined}>
            <label htmlFor={id}>
              {t("collector.weigh.plantLabel", {
                name: p.name,
                price: formatPaise(p.pricePaise),
                stock: p.stock,
              })}
            </label>
            <input
              id={id}
              name={id}
              inputMode="numeric"
              autoComplete="off"
              maxLength={2}
              defaultValue={typed[id] ?? ""}
              aria-invalid={errors[id] ? true : undefined}
              aria-describedby={errors[id] ? `${id}-error` : undefined}
              onChange={track}
            />
            <FieldError id={id} message={errors[id]} />
          </div>
        );
      })}
    </fieldset>
  );
}

/** The live totals (JavaScript only; without it the saved sheet shows them). */
function LiveTotals({ priced, reward }: { priced: PricedWeighSheet; reward: RewardPreference }) {
  const t = useT();
  const lang = useContentLang();
  return (
    <dl className="weigh-totals" aria-live="polite">
      <dt>{t("collector.weigh.totalWeight")}</dt>
      <dd>{formatKg(priced.totalGrams, lang)}</dd>
      <dt>{t("collector.weigh.scrapValue")}</dt>
      <dd>{formatPaise(priced.subtotalPaise)}</dd>
      {priced.pickupChargePaise > 0 ? (
        <>
          <dt>{t("collector.weigh.pickupCharge")}</dt>
          <dd>−{formatPaise(priced.pickupChargePaise)}</dd>
        </>
      ) : null}
      <dt>{t("collector.weigh.payout")}</dt>
      <dd>{formatPaise(priced.payoutPaise)}</dd>
      {reward === "money" ? null : (
        <>
          <dt>{t("collector.weigh.rewardValue", { percent: priced.bonusPercent })}</dt>
          <dd>{formatPaise(priced.rewardValuePaise)}</dd>
        </>
      )}
    </dl>
  );
}

function WeighSheetFields(props: WeighSheetFormProps) {
  const { data, errors } = props;
  const hydrated = useHydrated();
  const [typed, setTyped] = useState(() => initialValues(props));
  const track: Track = (event) =>
    setTyped((old) => ({ ...old, [event.target.name]: event.target.value }));
  const t = useT();
  const listed = listedMaterialIds(props);
  const priced = livePrice(props, listed, typed);
  const amountOf = (id: number) =>
    hydrated ? (priced.lines.find((line) => line.materialId === id)?.amountPaise ?? null) : null;
  const byId = new Map(data.materials.map((m) => [m.id, m]));
  const choices = data.materials.filter((m) => !listed.includes(m.id));
  return (
    <>
      <fieldset className="weigh-materials">
        <legend>{t("collector.weigh.materials")}</legend>
        {listed.map((id) => {
          const material = byId.get(id);
          return material ? (
            <ListedRow
              key={id}
              material={material}
              estimatedGrams={data.estimatedGrams[id]}
              amountPaise={amountOf(id)}
              typed={typed}
              errors={errors}
              track={track}
            />
          ) : null;
        })}
        {addedRows.map((n) => (
          <AddedRow key={n} n={n} choices={choices} typed={typed} errors={errors} track={track} />
        ))}
      </fieldset>
      {props.reward === "plants" ? (
        <PlantPicker
          plants={data.plants}
          rewardValuePaise={hydrated ? priced.rewardValuePaise : null}
          bonusPercent={props.pricing.couponBonusPercent}
          typed={typed}
          errors={errors}
          track={track}
        />
      ) : null}
      {hydrated ? <LiveTotals priced={priced} reward={props.reward} /> : null}
    </>
  );
}

/** The form; remounted for each new saved version so the prefill follows it. */
export function WeighSheetForm(props: WeighSheetFormProps) {
  const navigation = useNavigation();
  const { errors, values, showNote } = props;
  const version = props.latest?.version ?? 0;
  const t = useT();
  return (
    <Form method="post" className="form weigh-form" noValidate key={version}>
      <input type="hidden" name="intent" value={f.intent} />
      <input type="hidden" name={f.expectedVersion} value={version} />
      {errors.form ? (
        <p className="dash-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <WeighSheetFields {...props} />
      {showNote ? (
        <div className="field" data-invalid={errors.note ? true : undefined}>
          <label htmlFor={f.note}>{t("collector.weigh.note")}</label>
          <textarea
            id={f.note}
            name={f.note}
            maxLength={MAX_WEIGH_NOTE}
            rows={3}
            defaultValue={values?.note ?? ""}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? "note-error" : undefined}
          />
          <FieldError id={f.note} message={errors.note} />
        </div>
      ) : null}
      <FieldError id={f.expectedVersion} message={errors.expectedVersion} />
      <button type="submit" className="button" disabled={navigation.state === "submitting"}>
        {t("collector.weigh.save")}
      </button>
    </Form>
  );
}
