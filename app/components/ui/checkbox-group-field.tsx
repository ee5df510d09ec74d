/**
 * A group of checkboxes under one legend (docs/contracts.md "Forms"), in its own module so that
 * only the pages that use it carry it (docs/budgets.md: first-load JavaScript).
 */
interface CheckboxGroupFieldProps {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  /** The values ticked (as sent back after a refusal, or as saved). */
  defaultValues?: readonly string[];
  hint?: string;
  error?: string;
}

/**
 * A group of checkboxes sharing one name under a visible legend, its hint and error tied to each
 * box and the error shown below them (docs/budgets.md: errors next to the field). The form sends
 * one `name=value` pair per ticked box. Works without JavaScript.
 */
export function CheckboxGroupField({
  name,
  legend,
  options,
  defaultValues = [],
  hint,
  error,
}: CheckboxGroupFieldProps) {
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <fieldset className="form__group" data-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <div className="choice-row">
        {options.map((option, index) => (
          <label key={option.value} className="choice">
            <input
              // The first box carries the group's name as id: an error summary links to it.
              id={index === 0 ? name : undefined}
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={defaultValues.includes(option.value)}
              aria-describedby={describedBy || undefined}
              aria-invalid={error ? true : undefined}
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
