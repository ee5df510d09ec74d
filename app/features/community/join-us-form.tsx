/**
 * 'Join us' on the home page (docs/community.md): Name, Email, Contact, and a hidden honeypot.
 */
import { Form } from "react-router";
import { fieldsOf, InputField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-messages";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { communityLimits } from "./community-fields";

export function JoinUsForm({
  values,
  errors,
  formError,
  submitting,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
  submitting: boolean;
}) {
  const field = fieldsOf({ values, errors }, "join-");
  return (
    <Form method="post" action="/?index" className="form" noValidate preventScrollReset>
      <FormError message={formError} />
      <HoneypotField />
      <InputField
        {...field("name")}
        label="Name"
        autoComplete="name"
        required
        maxLength={communityLimits.name}
      />
      <InputField
        {...field("email")}
        type="email"
        label="Email"
        autoComplete="email"
        required
        maxLength={communityLimits.email}
      />
      <InputField
        {...field("contact")}
        type="tel"
        inputMode="tel"
        label="Contact"
        autoComplete="tel"
        required
        maxLength={communityLimits.contact}
        hint="10-digit mobile number."
      />
      <button type="submit" className="button" disabled={submitting}>
        Join us
      </button>
    </Form>
  );
}
