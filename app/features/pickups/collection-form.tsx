/**
 * The staff's collection form on a pickup's dashboard page (docs/dashboard.md): the weighed kg
 * of each estimated material, up to EXTRA_MATERIAL_ROWS added materials, the payout in rupees
 * and the reward given; posts intent=collected with `expectedFrom`. Works as a plain form (the
 * server computes an empty payout); with JavaScript the payout field follows today's rates ×
 * the weights typed, until the staff member edits it. Weights are read with the server's rule
 * (`parseWeighedKg`); the field names are those `collectionFormFields` reads.
 */
import { type ChangeEvent, useState } from "react";
import { Form, useNavigation } from "react-router";
import { InputField } from "~/components/ui/field";
import { formatPaise, paiseToRupeesText } from "~/utils/money";
import { formatKg } from "~/utils/units";
import { EXTRA_MATERIAL_ROWS, parseWeighedKg, suggestedPayoutPaise } from "./collection";

/** An estimate line of the pickup (grams; paise per kg at today's rate). */
export interface CollectionItem {
  id: number;
  materialId: number;
  material: string;
  estimatedGrams: number | null;
  currentRatePaisePerKg: number;
}

/** A material that can be added at collection (active on the rate list). */
export interface CollectionMaterial {
  id: number;
  name: string;
  ratePaisePerKg: number;
}

export interface CollectionFormProps {
  /** The pickup's status as the page shows it (sent back as `expectedFrom`). */
  status: string;
  items: readonly CollectionItem[];
  materials: readonly CollectionMaterial[];
  /** Messages by field name ("form" for the whole form) from the last refused post. */
  errors: Record<string, string>;
  /** The fields as typed in the last refused post. */
  values: Record<string, string>;
}

type TrackEvent = ChangeEvent<HTMLInputElement | HTMLSelectElement>;

const extraRows = Array.from({ length: EXTRA_MATERIAL_ROWS }, (_, index) => index + 1);

/**
 * The payout field's text: what the staff member typed once they typed, otherwise today's
 * rates × the weights typed so far (rupees with 2 decimals), empty before any weight.
 */
function usePayoutSuggestion(props: CollectionFormProps) {
  const { items, materials, values } = props;
  const [typed, setTyped] = useState<Record<string, string>>(values);
  const [payout, setPayout] = useState<string | null>(values.payout ? values.payout : null);
  const rateOf = new Map<number, number>(materials.map((m) => [m.id, m.ratePaisePerKg]));
  for (const item of items) rateOf.set(item.materialId, item.currentRatePaisePerKg);
  const weighed: { grams: number; ratePaisePerKg: number }[] = [];
  const add = (materialId: number, text: string | undefined) => {
    const grams = text ? parseWeighedKg(text) : { ok: true as const, value: 0 };
    const rate = rateOf.get(materialId);
    if (grams.ok && rate !== undefined) weighed.push({ grams: grams.value, ratePaisePerKg: rate });
  };
  for (const id of new Set(items.map((item) => item.materialId))) add(id, typed[`kg-${id}`]);
  for (const n of extraRows) add(Number(typed[`extraMaterial${n}`] ?? 0), typed[`extraKg${n}`]);
  const suggested = weighed.length
    ? paiseToRupeesText(suggestedPayoutPaise(weighed), { fixed: true })
    : "";
  return {
    payout: payout ?? suggested,
    setPayout,
    track: (event: TrackEvent) =>
      setTyped((old) => ({ ...old, [event.target.name]: event.target.value })),
  };
}

/** One "another material" row: a material not in the estimate and its weight. */
function ExtraMaterialRow({
  n,
  choices,
  errors,
  values,
  track,
}: {
  n: number;
  choices: readonly CollectionMaterial[];
  errors: Record<string, string>;
  values: Record<string, string>;
  track: (event: TrackEvent) => void;
}) {
  const name = `extraMaterial${n}`;
  const error = errors[name];
  return (
    <div className="dash-extra-material">
      <div className="field" data-invalid={error ? true : undefined}>
        <label htmlFor={name}>Another material ({n})</label>
        <select
          id={name}
          name={name}
          defaultValue={values[name] ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-error` : undefined}
          onChange={track}
        >
          <option value="">None</option>
          {choices.map((material) => (
            <option key={material.id} value={material.id}>
              {material.name} ({formatPaise(material.ratePaisePerKg)}/kg)
            </option>
          ))}
        </select>
        {error ? (
          <p id={`${name}-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
      <InputField
        id={`extraKg${n}`}
        name={`extraKg${n}`}
        label={`Its weight (${n}, kg)`}
        inputMode="decimal"
        defaultValue={values[`extraKg${n}`]}
        error={errors[`extraKg${n}`]}
        onChange={track}
      />
    </div>
  );
}

/** The weights: one field per estimated material, then the added-material rows. */
function WeightFields({
  items,
  materials,
  errors,
  values,
  track,
}: Omit<CollectionFormProps, "status"> & { track: (event: TrackEvent) => void }) {
  const estimatedIds = new Set(items.map((item) => item.materialId));
  const choices = materials.filter((material) => !estimatedIds.has(material.id));
  return (
    <fieldset>
      <legend>Weighed kilograms (up to 3 decimals)</legend>
      {items.map((item) => (
        <InputField
          key={item.id}
          id={`kg-${item.materialId}`}
          name={`kg-${item.materialId}`}
          label={`${item.material} (kg; estimated ${item.estimatedGrams === null ? "–" : formatKg(item.estimatedGrams)}, now ${formatPaise(item.currentRatePaisePerKg)}/kg)`}
          inputMode="decimal"
          defaultValue={values[`kg-${item.materialId}`]}
          error={errors[`kg-${item.materialId}`]}
          onChange={track}
        />
      ))}
      {extraRows.map((n) => (
        <ExtraMaterialRow
          key={n}
          n={n}
          choices={choices}
          errors={errors}
          values={values}
          track={track}
        />
      ))}
    </fieldset>
  );
}

export function CollectionForm(props: CollectionFormProps) {
  const { errors, values } = props;
  const navigation = useNavigation();
  const { payout, setPayout, track } = usePayoutSuggestion(props);
  return (
    <section aria-labelledby="collect-heading">
      <h2 id="collect-heading">Record the collection</h2>
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="intent" value="collected" />
        <input type="hidden" name="expectedFrom" value={props.status} />
        {errors.form ? (
          <p className="dash-error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <WeightFields {...props} track={track} />
        <InputField
          id="payout"
          name="payout"
          label="Payout (₹)"
          inputMode="decimal"
          hint="Filled in from today's rates × weighed kg; change it if you agreed another amount. Left empty, it is computed on saving."
          value={payout}
          onChange={(event) => setPayout(event.target.value)}
          error={errors.payout}
        />
        <InputField
          id="rewardGiven"
          name="rewardGiven"
          label="Reward given"
          hint="e.g. 3 plants (tulsi, money plant), a ₹200 coupon, or ₹450 cash"
          maxLength={200}
          defaultValue={values.rewardGiven}
          error={errors.rewardGiven}
        />
        <button type="submit" className="button" disabled={navigation.state === "submitting"}>
          Mark collected
        </button>
      </Form>
    </section>
  );
}
