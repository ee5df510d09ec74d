/**
 * 'Join us' (spec §2 home; issue 5 item 3): Name, Email, Contact, and a hidden honeypot.
 */
import { Form } from "react-router";
import { InputField } from "~/components/ui/field";
import { communityLimits, HONEYPOT_FIELD } from "./community-fields";

export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
      <input
        id={HONEYPOT_FIELD}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
      />
    </div>
  );
}

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
  return (
    <Form method="post" action="/?index" className="form" noValidate preventScrollReset>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <Honeypot />
      <InputField
        id="join-name"
        name="name"
        label="Name"
        autoComplete="name"
        required
        maxLength={communityLimits.name}
        defaultValue={values.name}
        error={errors.name}
      />
      <InputField
        id="join-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        maxLength={communityLimits.email}
        defaultValue={values.email}
        error={errors.email}
      />
      <InputField
        id="join-contact"
        name="contact"
        type="tel"
        inputMode="tel"
        label="Contact"
        autoComplete="tel"
        required
        maxLength={communityLimits.contact}
        hint="10-digit mobile number."
        defaultValue={values.contact}
        error={errors.contact}
      />
      <button type="submit" className="button" disabled={submitting}>
        Join us
      </button>
    </Form>
  );
}
