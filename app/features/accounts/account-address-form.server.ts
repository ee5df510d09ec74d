/**
 * Reading the address book's form (docs/accounts.md "My account"): the schema's field rules,
 * then the PIN code against its state as checkout checks it (docs/shop.md "PIN code and
 * state"). Every message is in the page's language and stands next to its field; nothing is
 * written for a refused form.
 */

import { stateMessageId } from "~/features/orders/indian-states";
import { pinCodeStateRefusal } from "~/features/orders/pin-directory.server";
import { fieldErrorTexts, refusalText, t } from "~/i18n/i18n.server";
import type { Lang } from "~/i18n/languages";
import { textFields } from "~/utils/form-data";
import { type AddressInput, addressSchema } from "./account-address.schema";
import { addressFields } from "./account-address-fields";

/** A read form: the address to save, or the typed values with a message per refused field. */
export type AddressFormResult =
  | { ok: true; address: AddressInput; makeDefault: boolean }
  | { ok: false; values: Record<string, string>; errors: Record<string, string> };

/** Reads and checks the posted address form `form` for a page in `lang`. */
export function readAddressForm(form: FormData, lang: Lang): AddressFormResult {
  const values = textFields(form, addressFields);
  const makeDefault = form.get("makeDefault") === "on";
  const parsed = addressSchema.safeParse(values);
  if (!parsed.success) {
    return { ok: false, values, errors: fieldErrorTexts(lang, parsed.error.issues) };
  }
  const refusal = pinCodeStateRefusal(parsed.data.pinCode, parsed.data.state, (state) =>
    t(lang, stateMessageId(state)),
  );
  if (refusal) return { ok: false, values, errors: { pinCode: refusalText(lang, refusal) } };
  return { ok: true, address: parsed.data, makeDefault };
}
