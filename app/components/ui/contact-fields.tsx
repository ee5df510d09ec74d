/**
 * A person's contact details, as the shop's forms ask for them (checkout, 'Join us', pickup
 * booking): Name, Email and an Indian mobile number, each required, with the browser's
 * autofill hints. The length limits (through `field`) and the phone field's wording are the
 * form's own.
 */
import { type BoundField, InputField } from "./field";

export function ContactFields({
  field,
  phone,
}: {
  /** The form's field binder (`fieldsOf`, with the form's limits). */
  field: (name: string) => BoundField;
  /** The phone field: its name, label and hint. */
  phone: { name: string; label: string; hint: string };
}) {
  return (
    <>
      <InputField {...field("name")} label="Name" autoComplete="name" required />
      <InputField {...field("email")} type="email" label="Email" autoComplete="email" required />
      <InputField
        {...field(phone.name)}
        type="tel"
        inputMode="tel"
        label={phone.label}
        autoComplete="tel"
        required
        hint={phone.hint}
      />
    </>
  );
}
