/**
 * 'Join us' on the home page (docs/community.md): Name, Email, Contact, and a hidden honeypot.
 */
import { Form } from "react-router";
import { ContactFields } from "~/components/ui/contact-fields";
import { fieldsOf } from "~/components/ui/field";
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
  const field = fieldsOf({ values, errors }, { idPrefix: "join-", limits: communityLimits });
  return (
    <Form method="post" action="/?index" className="form" noValidate preventScrollReset>
      <FormError message={formError} />
      <HoneypotField />
      <ContactFields
        field={field}
        phone={{ name: "contact", label: "Contact", hint: "10-digit mobile number." }}
      />
      <button type="submit" className="button" disabled={submitting}>
        Join us
      </button>
    </Form>
  );
}
