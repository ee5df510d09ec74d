/**
 * 'Join us' on the home page (docs/community.md): Name, Email, Contact, and a hidden honeypot.
 */
import { Form } from "react-router";
import { ContactFields } from "~/components/ui/contact-fields";
import { ErrorSummary, summaryItems } from "~/components/ui/error-summary";
import { fieldsOf } from "~/components/ui/field";
import { HoneypotField, NoticeLink } from "~/components/ui/honeypot-field";
import { useT } from "~/i18n/i18n-react";
import { communityLimits } from "./community-fields";

/** The fields in their order on the page (the error summary lists them so). */
const JOIN_FIELD_ORDER = ["name", "email", "contact"] as const;

/** The form; `action` is the home page's URL in the page's language ("/?index", "/hi"…). */
export function JoinUsForm({
  action,
  values,
  errors,
  formError,
  submitting,
}: {
  action: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
  submitting: boolean;
}) {
  const t = useT();
  const field = fieldsOf({ values, errors }, { idPrefix: "join-", limits: communityLimits });
  return (
    <Form method="post" action={action} className="form" noValidate preventScrollReset>
      <ErrorSummary
        items={summaryItems(errors, JOIN_FIELD_ORDER, (name) => `join-${name}`)}
        formError={formError}
      />
      <HoneypotField />
      <ContactFields
        field={field}
        phone={{
          name: "contact",
          label: t("community.join.contactLabel"),
          hint: t("community.join.contactHint"),
        }}
      />
      <NoticeLink purpose="newsletter" />
      <button type="submit" className="button" disabled={submitting}>
        {t("community.join.submit")}
      </button>
    </Form>
  );
}
