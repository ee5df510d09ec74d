/**
 * The /orderpage booking form (docs/pickups.md): contact and address, date and 2-hour slot,
 * reward, and optional estimate rows (material from the rate list, approximate kg). Works as
 * a plain form; with JavaScript the estimate updates as the visitor types (weights read with
 * the server's rule, `parseEstimateKg`), full or started slots of the chosen date are
 * disabled, and more material rows can be added.
 */

import { useMemo, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { ContactFields } from "~/components/ui/contact-fields";
import { ErrorSummary, summaryItems } from "~/components/ui/error-summary";
import {
  type FormState,
  fieldsOf,
  InputField,
  RadioGroupField,
  SelectField,
} from "~/components/ui/field";
import { HoneypotField, NoticeLink } from "~/components/ui/honeypot-field";
import { Trans, useLang, useLocalePath, useT } from "~/i18n/i18n-react";
import { formatCalendarDate } from "~/utils/dates";
import { formatPaise, formatRatePerKg } from "~/utils/money";
import { rememberContact, usePrefill } from "~/utils/remembered-details";
import { estimatePaise, parseEstimateKg } from "./estimate";
import {
  DEFAULT_ESTIMATE_ROWS,
  MAX_ESTIMATE_ROWS,
  pickupLimits,
  pickupTextFields,
  rewardOptions,
} from "./pickup-fields";

export interface PickupFormProps {
  availability: { date: string; slots: { start: string; label: string; open: boolean }[] }[];
  slots: { start: string; label: string }[];
  categories: { name: string; materials: { id: number; name: string; ratePaisePerKg: number }[] }[];
  minimumKg: number;
  /** Extra value of a coupon or plant reward over money, percent (COUPON_BONUS_PERCENT). */
  couponBonusPercent: number;
  idempotencyKey: string;
  values: Record<string, string>;
  itemValues: { material: string; kg: string }[];
  errors: Record<string, string>;
  itemErrors: Record<number, string>;
  formError?: string;
  /** The PIN code is not served yet: offer the mailing list under the field. */
  offerMailingList?: boolean;
  submitting: boolean;
}

type Values = Record<string, string>;
type Errors = Record<string, string>;
type Category = PickupFormProps["categories"][number];
interface EstimateRowValue {
  id: number;
  material: string;
  kg: string;
}

/** Name, e-mail and phone. */
function PickupContactFields(state: FormState) {
  const t = useT();
  return (
    <fieldset className="form__group">
      <legend>{t("pickup.form.yourDetails")}</legend>
      <ContactFields
        field={fieldsOf(state, { limits: pickupLimits })}
        phone={{
          name: "phone",
          label: t("pickup.form.phone"),
          hint: t("pickup.form.phoneHint"),
        }}
      />
    </fieldset>
  );
}

/** Address lines, city and PIN code (with a mailing-list link where we do not collect yet). */
function AddressFields({ offerMailingList, ...state }: FormState & { offerMailingList: boolean }) {
  const field = fieldsOf(state, { limits: pickupLimits });
  const t = useT();
  const to = useLocalePath();
  return (
    <fieldset className="form__group">
      <legend>{t("pickup.form.address")}</legend>
      <InputField
        {...field("addressLine1")}
        label={t("pickup.form.addressLine1")}
        autoComplete="address-line1"
        required
      />
      <InputField
        {...field("addressLine2")}
        label={t("pickup.form.addressLine2")}
        autoComplete="address-line2"
        required
      />
      <InputField
        {...field("city")}
        label={t("pickup.form.city")}
        autoComplete="address-level2"
        required
      />
      <InputField
        {...field("pinCode")}
        label={t("pickup.form.pinCode")}
        inputMode="numeric"
        autoComplete="postal-code"
        required
        maxLength={6}
      />
      {offerMailingList && state.errors?.pinCode ? (
        <p>
          <Link to={to("/#join")}>{t("pickup.form.joinMailingList")}</Link>
        </p>
      ) : null}
    </fieldset>
  );
}

/** The slot select; slots of `openSlots` that are full or started are disabled. */
function SlotSelect({
  slots,
  openSlots,
  value,
  error,
}: {
  slots: PickupFormProps["slots"];
  openSlots: PickupFormProps["availability"][number]["slots"] | undefined;
  value: string | undefined;
  error: string | undefined;
}) {
  const t = useT();
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <label htmlFor="pickupTime">{t("pickup.form.time")}</label>
      <select
        id="pickupTime"
        name="pickupTime"
        required
        defaultValue={value ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "pickupTime-error" : undefined}
      >
        <option value="">{t("pickup.form.timePlaceholder")}</option>
        {slots.map((slot) => {
          const state = openSlots?.find((s) => s.start === slot.start);
          const closed = state ? !state.open : false;
          return (
            <option key={slot.start} value={slot.start} disabled={closed}>
              {closed ? t("pickup.form.slotClosed", { slot: slot.label }) : slot.label}
            </option>
          );
        })}
      </select>
      {error ? (
        <p id="pickupTime-error" className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Date and slot; the chosen date decides which slots are shown as closed. */
function WhenFields({
  availability,
  slots,
  values,
  errors,
}: Pick<PickupFormProps, "availability" | "slots"> & { values: Values; errors: Errors }) {
  const [date, setDate] = useState(values.pickupDate ?? "");
  const t = useT();
  const lang = useLang();
  return (
    <fieldset className="form__group">
      <legend>{t("pickup.form.when")}</legend>
      <SelectField
        id="pickupDate"
        name="pickupDate"
        label={t("pickup.form.date")}
        required
        options={availability.map((d) => d.date)}
        optionLabel={(value) => formatCalendarDate(value, lang)}
        placeholder={t("pickup.form.datePlaceholder")}
        value={date}
        onChange={(event) => setDate(event.currentTarget.value)}
        error={errors.pickupDate}
      />
      <SlotSelect
        slots={slots}
        openSlots={availability.find((d) => d.date === date)?.slots}
        value={values.pickupTime}
        error={errors.pickupTime}
      />
    </fieldset>
  );
}

/**
 * The estimate rows as typed (at least DEFAULT_ESTIMATE_ROWS), and the lines they make at
 * the listed rates: rows with a listed material and a weight the server would accept.
 */
function useEstimateRows(
  itemValues: PickupFormProps["itemValues"],
  categories: readonly Category[],
) {
  const [rows, setRows] = useState<EstimateRowValue[]>(() => {
    const count = Math.max(DEFAULT_ESTIMATE_ROWS, itemValues.length);
    return Array.from({ length: count }, (_, i) => ({
      id: i,
      ...(itemValues[i] ?? { material: "", kg: "" }),
    }));
  });
  const rateOf = useMemo(
    () =>
      new Map(
        categories.flatMap((c) =>
          c.materials.map((m) => [String(m.id), m.ratePaisePerKg] as const),
        ),
      ),
    [categories],
  );
  const lines = rows.flatMap((row) => {
    const rate = rateOf.get(row.material);
    const grams = parseEstimateKg(row.kg);
    return rate !== undefined && grams.ok ? [{ ratePaisePerKg: rate, grams: grams.value }] : [];
  });
  const update = (index: number, field: "material" | "kg", value: string) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const addRow = () => setRows((r) => [...r, { id: r.length, material: "", kg: "" }]);
  return { rows, lines, update, addRow };
}

/** One estimate row: a material of the rate list and its approximate kg. */
function EstimateRow({
  index,
  row,
  categories,
  error,
  update,
}: {
  index: number;
  row: EstimateRowValue;
  categories: readonly Category[];
  error: string | undefined;
  update: (index: number, field: "material" | "kg", value: string) => void;
}) {
  const t = useT();
  const lang = useLang();
  const invalid = error ? true : undefined;
  const describedBy = error ? `item-${index}-error` : undefined;
  return (
    <div className="estimate-row" data-invalid={invalid}>
      <div className="field">
        <label htmlFor={`material-${index}`}>
          {t("pickup.form.material", { number: index + 1 })}
        </label>
        <select
          id={`material-${index}`}
          name="material"
          value={row.material}
          onChange={(event) => update(index, "material", event.currentTarget.value)}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        >
          <option value="">{t("pickup.form.chooseMaterial")}</option>
          {categories.map((category) => (
            <optgroup key={category.name} label={category.name}>
              {category.materials.map((material) => (
                <option key={material.id} value={material.id}>
                  {material.name} ({formatRatePerKg(material.ratePaisePerKg, lang)})
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`kg-${index}`}>{t("pickup.form.approxKg")}</label>
        <input
          id={`kg-${index}`}
          name="kg"
          inputMode="decimal"
          maxLength={9}
          value={row.kg}
          onChange={(event) => update(index, "kg", event.currentTarget.value)}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
      </div>
      {error ? (
        <p id={`item-${index}-error`} className="field__error estimate-row__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The optional estimate: rows, "Add another material", and the live total (JavaScript). */
function EstimateFields({
  categories,
  itemValues,
  itemErrors,
  minimumKg,
}: Pick<PickupFormProps, "categories" | "itemValues" | "itemErrors" | "minimumKg">) {
  const { rows, lines, update, addRow } = useEstimateRows(itemValues, categories);
  const totalKg = lines.reduce((sum, line) => sum + line.grams, 0) / 1000;
  const t = useT();
  const to = useLocalePath();
  return (
    <fieldset className="form__group">
      <legend>{t("pickup.form.estimate")}</legend>
      <p className="field__hint">
        <Trans id="pickup.form.estimateHint" components={{ 0: <Link to={to("/ratelist")} /> }} />
      </p>
      {rows.map((row, index) => (
        <EstimateRow
          key={row.id}
          index={index}
          row={row}
          categories={categories}
          error={itemErrors[index]}
          update={update}
        />
      ))}
      {rows.length < MAX_ESTIMATE_ROWS ? (
        <button type="button" className="link-button js-only" onClick={addRow}>
          {t("pickup.form.addMaterial")}
        </button>
      ) : null}
      <div className="estimate js-only" aria-live="polite">
        <p>
          <Trans
            id="pickup.form.estimateTotal"
            values={{
              value: formatPaise(estimatePaise(lines)),
              kg: totalKg.toLocaleString("en-IN"),
            }}
            components={{ 0: <strong /> }}
          />
        </p>
        {lines.length > 0 && totalKg < minimumKg ? (
          <p className="estimate__note">{t("pickup.belowMinimum", { minimumKg })}</p>
        ) : null}
      </div>
    </fieldset>
  );
}

/**
 * The refused booking's summary (components/ui/error-summary.tsx): the fields in the form's
 * order, then the estimate rows (linked to their material), then the estimate as a whole; a
 * refusal of the whole form first, unless it repeats one of those messages.
 */
function PickupErrorSummary({ errors, itemErrors, formError }: PickupFormProps) {
  const fields = summaryItems(errors, pickupTextFields).filter(
    (item) => item.target !== "items" && item.target !== "idempotencyKey",
  );
  const rows = Object.entries(itemErrors).map(([index, message]) => ({
    target: `material-${index}`,
    message,
  }));
  const estimate = errors.items ? [{ target: "material-0", message: errors.items }] : [];
  const items = [...fields, ...rows, ...estimate];
  const repeated = items.some((item) => item.message === formError);
  return <ErrorSummary items={items} formError={repeated ? null : formError} />;
}

/** The booking form in the page's language (labels from the `pickup` messages). */
export function PickupForm(props: PickupFormProps) {
  const { values, errors } = props;
  const t = useT();
  // What this browser typed last into a booking or a checkout (docs/shop.md "Filled in for you").
  const form = useRef<HTMLFormElement>(null);
  usePrefill(form);
  return (
    <Form
      ref={form}
      method="post"
      className="form"
      noValidate
      onSubmit={(event) => rememberContact(event.currentTarget)}
    >
      <PickupErrorSummary {...props} />
      <input type="hidden" name="idempotencyKey" value={props.idempotencyKey} />
      <HoneypotField />
      <PickupContactFields values={values} errors={errors} />
      <AddressFields
        values={values}
        errors={errors}
        offerMailingList={props.offerMailingList ?? false}
      />
      <WhenFields
        availability={props.availability}
        slots={props.slots}
        values={values}
        errors={errors}
      />
      <RadioGroupField
        name="reward"
        legend={t("pickup.form.reward")}
        options={rewardOptions.map((option) => ({
          value: option.value,
          label: t(`pickup.reward.${option.value}`),
        }))}
        defaultValue={values.reward ?? "plants"}
        hint={
          props.couponBonusPercent > 0
            ? t("pickup.form.rewardBonus", {
                percent: props.couponBonusPercent,
                example: 100 + props.couponBonusPercent,
              })
            : undefined
        }
        error={errors.reward}
      />
      <EstimateFields
        categories={props.categories}
        itemValues={props.itemValues}
        itemErrors={props.itemErrors}
        minimumKg={props.minimumKg}
      />
      <NoticeLink purpose="pickups" />
      <button type="submit" className="button button--large" disabled={props.submitting}>
        {t("pickup.form.submit")}
      </button>
    </Form>
  );
}
