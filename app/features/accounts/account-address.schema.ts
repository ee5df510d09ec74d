/**
 * The address book's form, checked on the server (docs/accounts.md "My account"; ADR 0006):
 * the checkout's rules for name, city, state and PIN code, the booking's two address lines (both required, as there), and
 * a label (Home, Office or Other). Messages are catalogue ids (ADR 0024). The PIN code's state
 * is checked after this schema against the PIN directory (`pinCodeStateRefusal`).
 */
import { z } from "zod";
import { indianStates } from "~/features/orders/indian-states";
import { pinCode, requiredText } from "~/utils/form-schemas";
import { addressLabels, addressLimits } from "./account-address-fields";

export const addressSchema = z.object({
  label: z.enum(addressLabels, { error: "errors.address.label" }),
  name: requiredText("name", addressLimits.name),
  addressLine1: requiredText("addressLine1", addressLimits.addressLine1),
  addressLine2: requiredText("addressLine2", addressLimits.addressLine2),
  city: requiredText("city", addressLimits.city),
  state: z.enum(indianStates, { error: "errors.checkout.state" }),
  pinCode: pinCode(),
});

export type AddressInput = z.infer<typeof addressSchema>;
