import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ErrorSummary, PageTitle, summaryItems } from "~/components/ui/error-summary";
import { InputField } from "~/components/ui/field";
import { getDb } from "~/db/db.server";
import {
  contactDetailsSchema,
  correctContactDetails,
  currentContactDetails,
} from "~/features/accounts/contact-details.server";
import { requireCustomer } from "~/features/accounts/customer-session.server";
import { checkoutLimits } from "~/features/orders/checkout-fields";
import { brandedTitle, localisedPageMeta } from "~/features/site/meta";
import { fieldErrorTexts, langOf, messagesFor } from "~/i18n/i18n.server";
import { useLocalePath, useT } from "~/i18n/i18n-react";
import { localePath } from "~/i18n/languages";
import { textFields } from "~/utils/form-data";
import { formatIndianMobile } from "~/utils/phone";
import type { Route } from "./+types/account-details";

export { headers } from "~/utils/route-headers";

const PERSONAL = { "Cache-Control": "private, no-store" };
const FIELDS = ["name", "email"] as const;

/**
 * `/account/details` (docs/accounts.md "Correcting your details"): the signed-in customer's name
 * and e-mail, as on their latest pickup or order, to correct on all their pickups and orders not
 * yet delivered. Anyone not signed in is sent to the sign-in page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const lang = langOf(request);
  const db = await getDb();
  const customer = await requireCustomer(request, lang, db);
  return data(
    {
      phone: formatIndianMobile(customer.phone),
      values: await currentContactDetails(db, customer.phone),
      messages: messagesFor(lang, ["accountDetails", "form"]),
    },
    { headers: PERSONAL },
  );
}

/**
 * Saves the corrected name and e-mail (contact-details.server.ts) and returns to /account with a
 * notice. Bad input: 400, the messages next to the fields in the page's language, nothing
 * changed.
 */
export async function action({ request }: Route.ActionArgs) {
  const lang = langOf(request);
  const db = await getDb();
  const customer = await requireCustomer(request, lang, db);
  const form = await request.formData().catch(() => new FormData());
  const values = textFields(form, FIELDS);
  const parsed = contactDetailsSchema.safeParse(values);
  if (!parsed.success) {
    return data(
      { values, errors: fieldErrorTexts(lang, parsed.error.issues) },
      { status: 400, headers: PERSONAL },
    );
  }
  await correctContactDetails(db, customer.phone, parsed.data);
  throw redirect(localePath(lang, "/account?done=detailsCorrected"), {
    status: 303,
    headers: PERSONAL,
  });
}

export const meta: Route.MetaFunction = (args) =>
  localisedPageMeta(args, "accountDetails.meta.title", "accountDetails.meta.description")
    .filter((descriptor) => !("title" in descriptor))
    .concat([{ name: "robots", content: "noindex" }]);

export default function AccountDetails({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const busy = useNavigation().state === "submitting";
  const values = actionData?.values ?? loaderData.values;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const summary = summaryItems(errors, [...FIELDS]);
  return (
    <div className="page page--narrow">
      <PageTitle
        title={brandedTitle(t("accountDetails.meta.title"))}
        hasErrors={summary.length > 0}
      />
      <h1>{t("accountDetails.title")}</h1>
      <p className="page__lead">{t("accountDetails.intro", { phone: loaderData.phone })}</p>
      <Form method="post" className="form" noValidate>
        <ErrorSummary items={summary} />
        <InputField
          id="name"
          name="name"
          type="text"
          autoComplete="name"
          maxLength={checkoutLimits.name}
          required
          defaultValue={values.name}
          error={errors.name}
          label={t("accountDetails.name")}
        />
        <InputField
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={checkoutLimits.email}
          required
          defaultValue={values.email}
          error={errors.email}
          label={t("accountDetails.email")}
        />
        <button type="submit" className="button button--large" disabled={busy}>
          {t("accountDetails.save")}
        </button>
      </Form>
      <p>
        <Link to={to("/account")}>{t("accountDetails.back")}</Link>
      </p>
    </div>
  );
}
