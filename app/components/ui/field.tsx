/**
 * A labelled form field with its error message next to it (DESIGN §3 "Forms": every input
 * has a visible label; DESIGN §4: errors next to the field). The error is tied to the input
 * with aria-describedby and aria-invalid.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (describedBy: string | undefined) => ReactNode;
}

function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children(describedBy)}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
};

export function InputField({ id, label, error, hint, ...input }: InputFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      {(describedBy) => (
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
    </FieldShell>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  options: readonly string[];
  /** Text shown for an option value; the value itself by default. */
  optionLabel?: (value: string) => string;
  placeholder: string;
};

export function SelectField({
  id,
  label,
  error,
  hint,
  options,
  optionLabel = (value) => value,
  placeholder,
  ...select
}: SelectFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      {(describedBy) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...select}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

interface RadioGroupFieldProps {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  defaultValue: string;
  error?: string;
}

/**
 * A group of radio buttons under a visible legend, its error tied to the group and shown
 * below it (DESIGN §4: errors next to the field). Works without JavaScript.
 */
export function RadioGroupField({
  name,
  legend,
  options,
  defaultValue,
  error,
}: RadioGroupFieldProps) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="form__group">
      <legend>{legend}</legend>
      <div className="choice-row" role="radiogroup" aria-describedby={error ? errorId : undefined}>
        {options.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={defaultValue === option.value}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
