/**
 * The /orderpage booking form (issue 4 item 1): contact and address, date and 2-hour slot,
 * reward, and optional estimate rows (material from the rate list, approximate kg). Works as
 * a plain form; with JavaScript the estimate updates as the visitor types, full or started
 * slots of the chosen date are disabled, and more material rows can be added.
 */
import { useMemo, useState } from "react";
import { Form, Link } from "react-router";
import { InputField, RadioGroupField, SelectField } from "~/components/ui/field";
import { formatCalendarDate } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { estimatePaise } from "./estimate";
import {
  DEFAULT_ESTIMATE_ROWS,
  MAX_ESTIMATE_ROWS,
  pickupLimits,
  rewardOptions,
} from "./pickup-fields";

export interface PickupFormProps {
  availability: { date: string; slots: { start: string; label: string; open: boolean }[] }[];
  slots: { start: string; label: string }[];
  categories: { name: string; materials: { id: number; name: string; ratePaisePerKg: number }[] }[];
  minimumKg: number;
  idempotencyKey: string;
  values: Record<string, string>;
  itemValues: { material: string; kg: string }[];
  errors: Record<string, string>;
  itemErrors: Record<number, string>;
  formError?: string;
  submitting: boolean;
}

function kgToGrams(kg: string): number {
  const value = Number(kg.replace(",", "."));
  return Number.isFinite(value) && value > 0 && value <= 5000 ? Math.round(value * 1000) : 0;
}

export function PickupForm(props: PickupFormProps) {
  const { availability, slots, categories, values, errors, itemErrors } = props;
  const [date, setDate] = useState(values.pickupDate ?? "");
  const [rows, setRows] = useState(() => {
    const initial = props.itemValues.length ? props.itemValues : [];
    const count = Math.max(DEFAULT_ESTIMATE_ROWS, initial.length);
    return Array.from({ length: count }, (_, i) => ({
      id: i,
      ...(initial[i] ?? { material: "", kg: "" }),
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
  const lines = rows
    .filter((row) => rateOf.has(row.material) && kgToGrams(row.kg) > 0)
    .map((row) => ({ ratePaisePerKg: rateOf.get(row.material) ?? 0, grams: kgToGrams(row.kg) }));
  const totalKg = lines.reduce((sum, line) => sum + line.grams, 0) / 1000;
  const estimate = estimatePaise(lines);
  const openSlots = availability.find((d) => d.date === date)?.slots;

  const update = (index: number, field: "material" | "kg", value: string) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  return (
    <Form method="post" className="form" noValidate>
      {props.formError ? (
        <p className="form-error" role="alert">
          {props.formError}
        </p>
      ) : null}
      <input type="hidden" name="idempotencyKey" value={props.idempotencyKey} />
      <fieldset className="form__group">
        <legend>Your details</legend>
        <InputField
          id="name"
          name="name"
          label="Name"
          autoComplete="name"
          required
          maxLength={pickupLimits.name}
          defaultValue={values.name}
          error={errors.name}
        />
        <InputField
          id="email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          required
          maxLength={pickupLimits.email}
          defaultValue={values.email}
          error={errors.email}
        />
        <InputField
          id="phone"
          name="phone"
          type="tel"
          inputMode="tel"
          label="Phone"
          autoComplete="tel"
          required
          maxLength={pickupLimits.phone}
          hint="10-digit mobile number; +91 is optional."
          defaultValue={values.phone}
          error={errors.phone}
        />
      </fieldset>
      <fieldset className="form__group">
        <legend>Pickup address</legend>
        <InputField
          id="addressLine1"
          name="addressLine1"
          label="Address Line 1"
          autoComplete="address-line1"
          required
          maxLength={pickupLimits.addressLine1}
          defaultValue={values.addressLine1}
          error={errors.addressLine1}
        />
        <InputField
          id="addressLine2"
          name="addressLine2"
          label="Address Line 2"
          autoComplete="address-line2"
          required
          maxLength={pickupLimits.addressLine2}
          defaultValue={values.addressLine2}
          error={errors.addressLine2}
        />
        <InputField
          id="city"
          name="city"
          label="City"
          autoComplete="address-level2"
          required
          maxLength={pickupLimits.city}
          defaultValue={values.city}
          error={errors.city}
        />
        <InputField
          id="pinCode"
          name="pinCode"
          label="PIN code"
          inputMode="numeric"
          autoComplete="postal-code"
          required
          maxLength={6}
          defaultValue={values.pinCode}
          error={errors.pinCode}
        />
        {errors.pinCode?.startsWith("We do not collect") ? (
          <p>
            <Link to="/#join">Join our mailing list</Link>
          </p>
        ) : null}
      </fieldset>
      <fieldset className="form__group">
        <legend>When</legend>
        <SelectField
          id="pickupDate"
          name="pickupDate"
          label="Pick Up Date"
          required
          options={availability.map((d) => d.date)}
          optionLabel={(value) => formatCalendarDate(value)}
          placeholder="Choose a date"
          value={date}
          onChange={(event) => setDate(event.currentTarget.value)}
          error={errors.pickupDate}
        />
        <div className="field" data-invalid={errors.pickupTime ? true : undefined}>
          <label htmlFor="pickupTime">Pick Up Time</label>
          <select
            id="pickupTime"
            name="pickupTime"
            required
            defaultValue={values.pickupTime ?? ""}
            aria-invalid={errors.pickupTime ? true : undefined}
            aria-describedby={errors.pickupTime ? "pickupTime-error" : undefined}
          >
            <option value="">Choose a 2-hour slot</option>
            {slots.map((slot) => {
              const state = openSlots?.find((s) => s.start === slot.start);
              const closed = state ? !state.open : false;
              return (
                <option key={slot.start} value={slot.start} disabled={closed}>
                  {slot.label}
                  {closed ? " (full or started)" : ""}
                </option>
              );
            })}
          </select>
          {errors.pickupTime ? (
            <p id="pickupTime-error" className="field__error">
              {errors.pickupTime}
            </p>
          ) : null}
        </div>
      </fieldset>
      <RadioGroupField
        name="reward"
        legend="Your reward"
        options={rewardOptions}
        defaultValue={values.reward ?? "plants"}
        error={errors.reward}
      />
      <fieldset className="form__group">
        <legend>Estimate (optional)</legend>
        <p className="field__hint">
          Tell us roughly what you have; we weigh it at your door and pay by the{" "}
          <Link to="/ratelist">rate list</Link>.
        </p>
        {rows.map((row, index) => (
          <div
            key={row.id}
            className="estimate-row"
            data-invalid={itemErrors[index] ? true : undefined}
          >
            <div className="field">
              <label htmlFor={`material-${index}`}>Material {index + 1}</label>
              <select
                id={`material-${index}`}
                name="material"
                value={row.material}
                onChange={(event) => update(index, "material", event.currentTarget.value)}
                aria-invalid={itemErrors[index] ? true : undefined}
                aria-describedby={itemErrors[index] ? `item-${index}-error` : undefined}
              >
                <option value="">Choose a material</option>
                {categories.map((category) => (
                  <optgroup key={category.name} label={category.name}>
                    {category.materials.map((material) => (
                      <option key={material.id} value={material.id}>
                        {material.name} ({formatPaise(material.ratePaisePerKg)}/kg)
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`kg-${index}`}>Approx. kg</label>
              <input
                id={`kg-${index}`}
                name="kg"
                inputMode="decimal"
                maxLength={9}
                value={row.kg}
                onChange={(event) => update(index, "kg", event.currentTarget.value)}
                aria-invalid={itemErrors[index] ? true : undefined}
                aria-describedby={itemErrors[index] ? `item-${index}-error` : undefined}
              />
            </div>
            {itemErrors[index] ? (
              <p id={`item-${index}-error`} className="field__error estimate-row__error">
                {itemErrors[index]}
              </p>
            ) : null}
          </div>
        ))}
        {rows.length < MAX_ESTIMATE_ROWS ? (
          <button
            type="button"
            className="link-button js-only"
            onClick={() => setRows((r) => [...r, { id: r.length, material: "", kg: "" }])}
          >
            Add another material
          </button>
        ) : null}
        <div className="estimate js-only" aria-live="polite">
          <p>
            Estimated value: <strong>{formatPaise(estimate)}</strong> for{" "}
            {totalKg.toLocaleString("en-IN")} kg
          </p>
          {lines.length > 0 && totalKg < props.minimumKg ? (
            <p className="estimate__note">
              Below {props.minimumKg} kg in total, pickup charges may apply.
            </p>
          ) : null}
        </div>
      </fieldset>
      <button type="submit" className="button button--large" disabled={props.submitting}>
        Schedule Pickup
      </button>
    </Form>
  );
}
