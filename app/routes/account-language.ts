/**
 * POST /account/language (docs/accounts.md "My account"): keeps the language of the signed-in
 * customer's messages and returns to /account. Only a form of the account page posts here; a
 * GET goes to /account, an unknown language answers 400 with the message in the page's
 * language and changes nothing.
 */
import { redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { setPreferredLanguage } from "~/features/accounts/account-language.server";
import { requireCustomer } from "~/features/accounts/customer-session.server";
import { langOf, refusalText } from "~/i18n/i18n.server";
import { isLang, localePath } from "~/i18n/languages";
import { message } from "~/utils/refusal";
import type { Route } from "./+types/account-language";

export async function loader({ request }: Route.LoaderArgs) {
  return redirect(localePath(langOf(request), "/account"));
}

export async function action({ request }: Route.ActionArgs) {
  const lang = langOf(request);
  const db = await getDb();
  const customer = await requireCustomer(request, lang, db);
  const chosen = (await request.formData()).get("language");
  if (!isLang(chosen)) {
    return new Response(refusalText(lang, message("errors.myAccount.language")), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  await setPreferredLanguage(db, customer.phone, chosen, new Date());
  return redirect(localePath(lang, "/account?done=language"), { status: 303 });
}
