/**
 * A person's contact details, as the shop's forms ask for them (checkout, 'Join us', pickup
 * booking): Name, Email and an Indian mobile number, each required, with the browser's
 * autofill hints. The limits and the phone field's wording come from the form's own schema.
 */
import { type BoundField, InputField } from "./field";

export function ContactFields<P extends string>({
  field,
  limits,
  phone,
}: {
  /** The form's field binder (`fieldsOf`). */
  field: (name: string) => BoundField;
  /** The longest text the form's schema accepts in each field, by field name. */
  limits: Readonly<Record<"name" | "email" | P, number>>;
  /** The phone field: its name, label and hint. */
  phone: { name: P; label: string; hint: string };
}) {
  return (
    <>
      <InputField
        {...field("name")}
        label="Name"
        autoComplete="name"
        required
        maxLength={limits.name}
      />
      <InputField
        {...field("email")}
        type="email"
        label="Email"
        autoComplete="email"
        required
        maxLength={limits.email}
      />
      <InputField
        {...field(phone.name)}
        type="tel"
        inputMode="tel"
        label={phone.label}
        autoComplete="tel"
        required
        maxLength={limits[phone.name]}
        hint={phone.hint}
      />
    </>
  );
}
