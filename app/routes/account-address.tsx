import { data, redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { AddressPage } from "~/features/accounts/account-address-form";
import { readAddressForm } from "~/features/accounts/account-address-form.server";
import {
  AddressBookError,
  deleteAddress,
  getAddress,
  makeDefaultAddress,
  updateAddress,
} from "~/features/accounts/account-addresses.server";
import { requireCustomer } from "~/features/accounts/customer-session.server";
import { brandedTitle, localisedPageMeta } from "~/features/site/meta";
import { langOf, messagesFor, refusalText } from "~/i18n/i18n.server";
import { useT } from "~/i18n/i18n-react";
import { localePath } from "~/i18n/languages";
import { message } from "~/utils/refusal";
import type { Route } from "./+types/account-address";
import { addressPageMessages } from "./account-address-new";

export { headers } from "~/utils/route-headers";

/** The address id of the URL, or null for anything but a positive 32-bit integer. */
function addressId(param: string | undefined): number | null {
  if (!param || !/^[1-9][0-9]{0,9}$/.test(param)) return null;
  const id = Number(param);
  return id <= 2_147_483_647 ? id : null;
}

/** 404 in the page's language: no such address, or another phone's (ids are not secrets). */
function notFound(): never {
  throw data(null, { status: 404 });
}

/**
 * Editing one saved address (docs/accounts.md "My account"): the signed-in customer's own
 * only; any other id is a 404, exactly like an id that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const lang = langOf(request);
  const db = await getDb();
  const customer = await requireCustomer(request, lang, db);
  const id = addressId(params.id) ?? notFound();
  try {
    const address = await getAddress(db, customer.phone, id);
    const { label, name, addressLine1, addressLine2, city, state, pinCode } = address;
    return {
      values: { label, name, addressLine1, addressLine2, city, state, pinCode },
      messages: messagesFor(lang, addressPageMessages),
    };
  } catch (error) {
    if (error instanceof AddressBookError) notFound();
    throw error;
  }
}

/**
 * `intent=save` replaces the address (refused form: 400, messages next to the fields),
 * `delete` removes it, `makeDefault` makes it the default; each returns to /account with what
 * it did. Another phone's address or an unknown one: 404, nothing changed.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const lang = langOf(request);
  const db = await getDb();
  const customer = await requireCustomer(request, lang, db);
  const id = addressId(params.id) ?? notFound();
  const form = await request.formData();
  const intent = form.get("intent");
  const now = new Date();
  try {
    if (intent === "delete") {
      await deleteAddress(db, customer.phone, id, now);
      return redirect(localePath(lang, "/account?done=addressDeleted"), { status: 303 });
    }
    if (intent === "makeDefault") {
      await makeDefaultAddress(db, customer.phone, id, now);
      return redirect(localePath(lang, "/account?done=defaultChanged"), { status: 303 });
    }
    if (intent !== "save") {
      const formError = refusalText(lang, message("errors.address.unknownAction"));
      return data({ values: {}, errors: {}, formError }, { status: 400 });
    }
    const read = readAddressForm(form, lang);
    if (!read.ok) return data({ values: read.values, errors: read.errors }, { status: 400 });
    await updateAddress(db, customer.phone, id, read.address, now);
    return redirect(localePath(lang, "/account?done=addressSaved"), { status: 303 });
  } catch (error) {
    if (error instanceof AddressBookError) notFound();
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) => [
  ...localisedPageMeta(args, "myAccount.address.editTitle", "myAccount.address.description").filter(
    (descriptor) => !("title" in descriptor),
  ),
  { name: "robots", content: "noindex" },
];

export default function EditAddress({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AddressPage
      heading={t("myAccount.address.editTitle")}
      documentTitle={brandedTitle(t("myAccount.address.editTitle"))}
      values={loaderData.values}
      answer={actionData}
      adding={false}
    />
  );
}
