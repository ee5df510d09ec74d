import { data, redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { AddressPage } from "~/features/accounts/account-address-form";
import { readAddressForm } from "~/features/accounts/account-address-form.server";
import { AddressBookError, addAddress } from "~/features/accounts/account-addresses.server";
import { requireCustomer } from "~/features/accounts/customer-session.server";
import { brandedTitle, localisedPageMeta } from "~/features/site/meta";
import { langOf, messagesFor, refusalText } from "~/i18n/i18n.server";
import { useT } from "~/i18n/i18n-react";
import { localePath } from "~/i18n/languages";
import type { Route } from "./+types/account-address-new";

export { headers } from "~/utils/route-headers";

/** The words of the address pages: the account's, and the field labels of booking and checkout. */
export const addressPageMessages = [
  "myAccount",
  "form",
  "state",
  "pickup.form.addressLine1",
  "pickup.form.addressLine2",
  "checkout.city",
  "checkout.state",
  "checkout.statePlaceholder",
  "checkout.pinCode",
] as const;

/** Adding an address (docs/accounts.md "My account"): signed-in customers only. */
export async function loader({ request }: Route.LoaderArgs) {
  const lang = langOf(request);
  await requireCustomer(request, lang);
  return { messages: messagesFor(lang, addressPageMessages) };
}

/**
 * Saves the new address and returns to /account ("Address saved."); a refused form answers 400
 * with its messages next to the fields, the limit of addresses 409; nothing is written then.
 */
export async function action({ request }: Route.ActionArgs) {
  const lang = langOf(request);
  const db = await getDb();
  const customer = await requireCustomer(request, lang, db);
  const read = readAddressForm(await request.formData(), lang);
  if (!read.ok) return data({ values: read.values, errors: read.errors }, { status: 400 });
  try {
    await addAddress(db, customer.phone, read.address, {
      makeDefault: read.makeDefault,
      now: new Date(),
    });
  } catch (error) {
    if (!(error instanceof AddressBookError)) throw error;
    const values: Record<string, string> = { ...read.address };
    return data(
      { values, errors: {}, formError: refusalText(lang, error) },
      { status: error.status },
    );
  }
  return redirect(localePath(lang, "/account?done=addressSaved"), { status: 303 });
}

export const meta: Route.MetaFunction = (args) => [
  ...localisedPageMeta(args, "myAccount.address.addTitle", "myAccount.address.description").filter(
    (descriptor) => !("title" in descriptor),
  ),
  { name: "robots", content: "noindex" },
];

export default function NewAddress({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AddressPage
      heading={t("myAccount.address.addTitle")}
      documentTitle={brandedTitle(t("myAccount.address.addTitle"))}
      values={{}}
      answer={actionData}
      adding
    />
  );
}
