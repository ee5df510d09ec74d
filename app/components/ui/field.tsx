/**
 * A labelled form field with its error message next to it (docs/contracts.md "Forms": every input
 * has a visible label; docs/budgets.md: errors next to the field). The error is tied to the input
 * with aria-describedby and aria-invalid.
 */
import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";

/** A form's values (as typed, or as saved) and a message per refused field, by field name. */
export interface FormState {
  values?: Partial<Record<string, string>>;
  errors?: Partial<Record<string, string>>;
}

/** What {@link fieldsOf} gives for one field: spread it into an InputField, SelectField or TextareaField. */
export interface BoundField {
  id: string;
  name: string;
  defaultValue: string | undefined;
  error: string | undefined;
  /** The form's length limit for the field, when it has one. */
  maxLength?: number;
}

/**
 * Ties a form's fields to its state: `field(name)` is the field's id (`idPrefix` + name), its
 * name, the value to show, its error, and its `maxLength` from `limits` (the limits the form's
 * schema checks, by field name). Spread it first: props after it win. Never bind a password
 * field: it is not shown again.
 */
export function fieldsOf(
  state: FormState,
  {
    idPrefix = "",
    limits = {},
  }: { idPrefix?: string; limits?: Readonly<Partial<Record<string, number>>> } = {},
): (name: string) => BoundField {
  return (name) => {
    const limit = limits[name];
    return {
      id: `${idPrefix}${name}`,
      name,
      defaultValue: state.values?.[name],
      error: state.errors?.[name],
      ...(limit === undefined ? {} : { maxLength: limit }),
    };
  };
}

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

/**
 * A required amount in rupees typed as text with up to 2 decimals ("249.50"; the server turns
 * it into paise): a decimal keypad and at most 12 characters.
 */
export function RupeesField(props: Omit<InputFieldProps, "inputMode" | "maxLength" | "required">) {
  return <InputField {...props} inputMode="decimal" maxLength={12} required />;
}

/** One choice of a select: the submitted value and the text shown for it. */
export interface SelectOption {
  value: string;
  label: string;
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** The choices in order: value/label pairs, or plain strings shown as they are. */
  options: readonly (SelectOption | string)[];
  /** Text shown for a plain-string option (the value itself by default); pairs carry their own label. */
  optionLabel?: (value: string) => string;
  /** The first, empty choice (value ""), e.g. "Choose a state". */
  placeholder: string;
};

/**
 * A labelled select with an empty first choice (`placeholder`), then `options`. Pass
 * `{value, label}` pairs where the text differs from the value, so callers need no lookup.
 */
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
  const choices = options.map((option) =>
    typeof option === "string" ? { value: option, label: optionLabel(option) } : option,
  );
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
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
};

/** A labelled textarea, with its hint and error tied to it like {@link InputField}'s. */
export function TextareaField({ id, label, error, hint, ...textarea }: TextareaFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      {(describedBy) => (
        <textarea
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...textarea}
        />
      )}
    </FieldShell>
  );
}

interface RadioGroupFieldProps {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  defaultValue: string;
  /** Shown under the legend and tied to the group, e.g. what each choice is worth. */
  hint?: string;
  error?: string;
}

/**
 * A group of radio buttons under a visible legend, its hint and error tied to the group and
 * the error shown below it (docs/budgets.md: errors next to the field). Works without JavaScript.
 */
export function RadioGroupField({
  name,
  legend,
  options,
  defaultValue,
  hint,
  error,
}: RadioGroupFieldProps) {
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <fieldset className="form__group">
      <legend>{legend}</legend>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <div className="choice-row" role="radiogroup" aria-describedby={describedBy || undefined}>
        {options.map((option, index) => (
          <label key={option.value} className="choice">
            <input
              // The first choice carries the group's name as id: an error summary links to it.
              id={index === 0 ? name : undefined}
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
