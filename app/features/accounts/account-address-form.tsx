/**
 * The address book's form (docs/accounts.md "My account"), for adding and editing: Label
 * (Home, Office, Other), Name, Address Line 1 and 2, City, State and PIN code, the error
 * summary at its top and each message next to its field. A plain POST form: it works without
 * JavaScript, and the server checks everything (ADR 0006).
 */
import { Form, Link, useNavigation } from "react-router";
import { ErrorSummary, PageTitle, summaryItems } from "~/components/ui/error-summary";
import { fieldsOf, InputField, RadioGroupField } from "~/components/ui/field";
import { CityStatePinFields } from "~/features/orders/city-state-pin-fields";
import { useLocalePath, useT } from "~/i18n/i18n-react";
import { addressFields, addressLabels, addressLimits } from "./account-address-fields";

export interface AddressFormProps {
  /** The values shown: the saved address, or what was typed into a refused form. */
  values: Partial<Record<string, string>>;
  errors: Partial<Record<string, string>>;
  /** A whole-form refusal (the address limit), first in the summary. */
  formError?: string;
  /** Adding: offers 'Use this address by default'. */
  adding: boolean;
  submitting: boolean;
}

export function AddressForm({ values, errors, formError, adding, submitting }: AddressFormProps) {
  const t = useT();
  const field = fieldsOf({ values, errors }, { limits: addressLimits });
  return (
    <Form method="post" className="form" noValidate>
      <ErrorSummary items={summaryItems(errors, addressFields)} formError={formError} />
      <RadioGroupField
        name="label"
        legend={t("myAccount.address.label.legend")}
        options={addressLabels.map((label) => ({
          value: label,
          label: t(`myAccount.address.label.${label}`),
        }))}
        defaultValue={values.label ?? "home"}
        error={errors.label}
      />
      <InputField {...field("name")} label={t("form.contact.name")} autoComplete="name" required />
      <InputField
        {...field("addressLine1")}
        label={t("pickup.form.addressLine1")}
        autoComplete="address-line1"
        required
      />
      <InputField
        {...field("addressLine2")}
        label={t("pickup.form.addressLine2")}
        autoComplete="address-line2"
        required
      />
      <CityStatePinFields field={field} />
      {adding ? (
        <label className="choice">
          <input type="checkbox" name="makeDefault" defaultChecked={values.makeDefault === "on"} />
          {t("myAccount.address.makeDefault")}
        </label>
      ) : null}
      <button type="submit" name="intent" value="save" className="button" disabled={submitting}>
        {t("myAccount.address.save")}
      </button>
    </Form>
  );
}

/**
 * A whole address page: its title (`documentTitle`, "Error: …" while the form shows errors),
 * the heading, the form with what the action answered, and the way back to /account.
 */
export function AddressPage({
  heading,
  documentTitle,
  values,
  answer,
  adding,
}: {
  heading: string;
  /** The `<title>` with the brand (the route's `brandedTitle`). */
  documentTitle: string;
  values: Partial<Record<string, string>>;
  /** The action's answer to a refused post, if any. */
  answer?: { values: Record<string, string>; errors: Record<string, string>; formError?: string };
  adding: boolean;
}) {
  const t = useT();
  const to = useLocalePath();
  const navigation = useNavigation();
  const errors = answer?.errors ?? {};
  return (
    <div className="page page--narrow">
      <PageTitle
        title={documentTitle}
        hasErrors={Boolean(answer?.formError) || Object.keys(errors).length > 0}
      />
      <h1>{heading}</h1>
      <AddressForm
        values={answer?.values ?? values}
        errors={errors}
        formError={answer?.formError}
        adding={adding}
        submitting={navigation.state === "submitting"}
      />
      <p>
        <Link to={to("/account")}>{t("myAccount.address.back")}</Link>
      </p>
    </div>
  );
}
