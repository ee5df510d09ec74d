import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ErrorSummary, PageTitle } from "~/components/ui/error-summary";
import { getDb } from "~/db/db.server";
import {
  endCustomerSession,
  getCustomer,
  requireCustomer,
} from "~/features/accounts/customer-session.server";
import { ErasureRefusedError, eraseCustomer } from "~/features/privacy/erasure.server";
import { localisedPageMeta } from "~/features/site/meta";
import { langOf, messagesFor, refusalText, t as translate } from "~/i18n/i18n.server";
import { useLocalePath, useT } from "~/i18n/i18n-react";
import { localePath } from "~/i18n/languages";
import { formatIndianMobile } from "~/utils/phone";
import type { Route } from "./+types/account-data";

export { headers } from "~/utils/route-headers";

const PERSONAL = { "Cache-Control": "private, no-store" };
const MESSAGES = ["accountData", "form"];

/**
 * `/account/data` (docs/accounts.md "Download my data", "Personal data and erasure"): the
 * signed-in customer's download links and the 'Erase my data' form. `?erase` shows the
 * confirmation step; `?erased`, once signed out, says the data was erased (no personal data).
 * Anyone else not signed in is sent to the sign-in page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const lang = langOf(request);
  const url = new URL(request.url);
  const messages = messagesFor(lang, MESSAGES);
  if (url.searchParams.has("erased") && !(await getCustomer(request))) {
    return data({ erased: true, phone: "", confirming: false, messages }, { headers: PERSONAL });
  }
  const customer = await requireCustomer(request, lang);
  return data(
    {
      erased: false,
      phone: formatIndianMobile(customer.phone),
      confirming: url.searchParams.has("erase"),
      messages,
    },
    { headers: PERSONAL },
  );
}

/**
 * Erases the customer's data once the confirmation box is ticked (`confirm=yes`), then signs
 * them out everywhere and redirects to `?erased` (the loader then finds nobody signed in and
 * says it is done). Unticked: 422 with the message next to the box. Refused (something still
 * open): 409 with what must finish first, nothing changed.
 */
export async function action({ request }: Route.ActionArgs) {
  const lang = langOf(request);
  const db = await getDb();
  const customer = await requireCustomer(request, lang, db);
  const form = await request.formData().catch(() => new FormData());
  if (form.get("confirm") !== "yes") {
    return data(
      { field: translate(lang, "errors.erasure.confirm"), form: null },
      { status: 422, headers: PERSONAL },
    );
  }
  try {
    await eraseCustomer(db, customer.phone, new Date());
  } catch (error) {
    if (!(error instanceof ErasureRefusedError)) throw error;
    return data(
      { field: null, form: refusalText(lang, error) },
      { status: error.status, headers: PERSONAL },
    );
  }
  const cookie = await endCustomerSession(request, { everywhere: true }, db);
  throw redirect(`${localePath(lang, "/account/data")}?erased`, {
    headers: { ...PERSONAL, "Set-Cookie": cookie },
  });
}

export const meta: Route.MetaFunction = (args) => [
  ...localisedPageMeta(args, "accountData.meta.title", "accountData.meta.description"),
  { name: "robots", content: "noindex" },
];

function EraseStep({ phone, error }: { phone: string; error: string | null }) {
  const t = useT();
  const to = useLocalePath();
  const busy = useNavigation().state === "submitting";
  return (
    <section id="confirm" aria-labelledby="erase-confirm-heading" className="confirm-step">
      <h2 id="erase-confirm-heading">{t("accountData.erase.confirmHeading")}</h2>
      <p>{t("accountData.erase.confirmText")}</p>
      <Form method="post" className="form" noValidate>
        <div className={error ? "field field--error" : "field"}>
          <label className="choice" htmlFor="confirm-erase">
            <input
              type="checkbox"
              id="confirm-erase"
              name="confirm"
              value="yes"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "confirm-erase-error" : undefined}
            />
            {t("accountData.erase.confirmLabel", { phone })}
          </label>
          {error ? (
            <p id="confirm-erase-error" className="field__error">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button" disabled={busy}>
          {t("accountData.erase.confirmButton")}
        </button>{" "}
        <Link to={to("/account/data")}>{t("accountData.erase.cancel")}</Link>
      </Form>
    </section>
  );
}

export default function AccountData({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  if (loaderData.erased) {
    return (
      <div className="page page--narrow">
        <PageTitle title={t("accountData.meta.title")} hasErrors={false} />
        <h1>{t("accountData.erase.heading")}</h1>
        <p role="status">{t("accountData.erase.done")}</p>
        <p>
          <Link to={to("/")}>{t("accountData.erase.doneHome")}</Link>
        </p>
      </div>
    );
  }
  const fieldError = actionData?.field ?? null;
  const formError = actionData?.form ?? null;
  const confirming = loaderData.confirming || Boolean(fieldError);
  return (
    <div className="page page--narrow">
      <PageTitle title={t("accountData.meta.title")} hasErrors={Boolean(fieldError || formError)} />
      <h1>{t("accountData.title")}</h1>
      <ErrorSummary
        items={fieldError ? [{ target: "confirm-erase", message: fieldError }] : []}
        formError={formError}
      />
      <section aria-labelledby="download-heading">
        <h2 id="download-heading">{t("accountData.download.heading")}</h2>
        <p>{t("accountData.download.intro", { phone: loaderData.phone })}</p>
        <ul>
          <li>
            <a href={to("/account/data.json")} download>
              {t("accountData.download.json")}
            </a>
          </li>
          <li>
            <a href={to("/account/data.csv")} download>
              {t("accountData.download.csv")}
            </a>
          </li>
        </ul>
      </section>
      <section aria-labelledby="erase-heading">
        <h2 id="erase-heading">{t("accountData.erase.heading")}</h2>
        <p>{t("accountData.erase.intro")}</p>
        {confirming ? (
          <EraseStep phone={loaderData.phone} error={fieldError} />
        ) : (
          <Link to={`${to("/account/data")}?erase#confirm`} className="button button--secondary">
            {t("accountData.erase.button")}
          </Link>
        )}
      </section>
      <p>
        <Link to={to("/account")}>{t("accountData.back")}</Link>
      </p>
    </div>
  );
}
