/**
 * The address book's form (docs/accounts.md "My account"), for adding and editing: Label
 * (Home, Office, Other), Name, Address Line 1 and 2, City, State and PIN code, the error
 * summary at its top and each message next to its field. A plain POST form: it works without
 * JavaScript, and the server checks everything (ADR 0006).
 */
import { Form } from "react-router";
import { ErrorSummary, summaryItems } from "~/components/ui/error-summary";
import { fieldsOf, InputField, RadioGroupField, SelectField } from "~/components/ui/field";
import { indianStates, stateMessageId } from "~/features/orders/indian-states";
import { useT } from "~/i18n/i18n-react";
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
      <InputField
        {...field("city")}
        label={t("checkout.city")}
        autoComplete="address-level2"
        required
      />
      <SelectField
        {...field("state")}
        label={t("checkout.state")}
        autoComplete="address-level1"
        required
        options={indianStates}
        optionLabel={(name) => t(stateMessageId(name))}
        placeholder={t("checkout.statePlaceholder")}
        defaultValue={values.state ?? ""}
      />
      <InputField
        {...field("pinCode")}
        label={t("checkout.pinCode")}
        autoComplete="postal-code"
        inputMode="numeric"
        pattern="[1-9][0-9]{5}"
        maxLength={6}
        required
      />
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
