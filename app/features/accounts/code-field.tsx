/**
 * The field of a one-time code (docs/accounts.md "Signing in"): 6 digits, the phone's numeric
 * keypad, and `autocomplete="one-time-code"` so the phone can offer the code from its message.
 * Used by the sign-in form and the order page's code box.
 */
import { InputField } from "~/components/ui/field";

export function OneTimeCodeField({
  label,
  hint,
  error,
}: {
  label: string;
  hint: string;
  /** The refusal next to the field, already in the page's language. */
  error?: string;
}) {
  return (
    <InputField
      id="code"
      name="code"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      required
      error={error}
      label={label}
      hint={hint}
    />
  );
}
