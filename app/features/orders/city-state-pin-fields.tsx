/**
 * The end of a delivery address as checkout asks for it (docs/shop.md "PIN code and state"):
 * City, State (the official list, each name in the page's language) and PIN code, with the
 * browser's autofill hints. Used by checkout and by the saved addresses of an account
 * (docs/accounts.md "My account"); the page loads the `checkout.city`, `checkout.state`,
 * `checkout.statePlaceholder`, `checkout.pinCode` and `state` messages.
 */
import type { ReactNode } from "react";
import type { BoundField } from "~/components/ui/field";
import { InputField, SelectField } from "~/components/ui/field";
import { useT } from "~/i18n/i18n-react";
import { indianStates, stateMessageId } from "./indian-states";

/**
 * The three fields bound by the form's `field` (values as typed or saved, errors next to them);
 * `afterPin`: shown right after the PIN code (checkout's 'Check delivery').
 */
export function CityStatePinFields({
  field,
  afterPin,
}: {
  field: (name: string) => BoundField;
  afterPin?: ReactNode;
}) {
  const t = useT();
  const state = field("state");
  return (
    <>
      <InputField
        {...field("city")}
        label={t("checkout.city")}
        autoComplete="address-level2"
        required
      />
      <SelectField
        {...state}
        label={t("checkout.state")}
        autoComplete="address-level1"
        required
        options={indianStates}
        optionLabel={(name) => t(stateMessageId(name))}
        placeholder={t("checkout.statePlaceholder")}
        defaultValue={state.defaultValue ?? ""}
      />
      <InputField
        {...field("pinCode")}
        label={t("checkout.pinCode")}
        autoComplete="postal-code"
        inputMode="numeric"
        pattern="[1-9][0-9]{5}"
        required
        maxLength={6}
      />
      {afterPin}
    </>
  );
}
