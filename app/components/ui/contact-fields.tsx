/**
 * A person's contact details, as the shop's forms ask for them (checkout, 'Join us', pickup
 * booking): Name, Email and an Indian mobile number, each required, with the browser's
 * autofill hints. The length limits (through `field`) and the phone field's wording are the
 * form's own. The labels are the `form` messages (loaded on every page by the root).
 */
import { useT } from "~/i18n/i18n-react";
import { type BoundField, InputField } from "./field";

/** Name, Email and the form's phone field, in the page's language. */
export function ContactFields({
  field,
  phone,
}: {
  /** The form's field binder (`fieldsOf`, with the form's limits). */
  field: (name: string) => BoundField;
  /** The phone field: its name, label and hint. */
  phone: { name: string; label: string; hint: string };
}) {
  const t = useT();
  return (
    <>
      <InputField {...field("name")} label={t("form.contact.name")} autoComplete="name" required />
      <InputField
        {...field("email")}
        type="email"
        label={t("form.contact.email")}
        autoComplete="email"
        required
      />
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
