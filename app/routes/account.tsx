import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ErrorSummary, PageTitle, summaryItems } from "~/components/ui/error-summary";
import { InputField } from "~/components/ui/field";
import { NoticeLink } from "~/components/ui/honeypot-field";
import { getDb } from "~/db/db.server";
import { AccountHome } from "~/features/accounts/account-home";
import {
  accountHomeMessages,
  accountNotice,
  loadAccountHome,
} from "~/features/accounts/account-home.server";
import { OneTimeCodeField } from "~/features/accounts/code-field";
import {
  ACCOUNT_PATH,
  endCustomerSession,
  getCustomer,
  startCustomerSession,
} from "~/features/accounts/customer-session.server";
import { OneTimeCodeError } from "~/features/accounts/one-time-codes.server";
import { acceptSignInCode, sendSignInCode } from "~/features/accounts/sign-in.server";
import { pickupConfigFromEnv, slotChoices } from "~/features/pickups/pickup-config";
import { brandedTitle, localisedPageMeta } from "~/features/site/meta";
import { langOf, messagesFor, refusalText } from "~/i18n/i18n.server";
import { useLocalePath, useT } from "~/i18n/i18n-react";
import { type Lang, localePath } from "~/i18n/languages";
import { formatIndianMobile, normaliseIndianMobile } from "~/utils/phone";
import { message } from "~/utils/refusal";
import { clientAddressContext } from "~/utils/request-context";
import { safeRedirect } from "~/utils/safe-redirect";
import type { Route } from "./+types/account";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

/** What the sign-in form shows after a post: the step, the phone, messages by field. */
interface SignInResult {
  step: "phone" | "code";
  /** `+91XXXXXXXXXX` once valid; what was typed otherwise. */
  phone: string;
  /** "If this number can receive messages, we have sent a code" (after every send). */
  sent?: boolean;
  errors: Partial<Record<"phone" | "code", string>>;
}

/**
 * The account page (docs/accounts.md "Signing in"): signed out, the sign-in form; signed in, who
 * is signed in and the sign-out buttons. `Cache-Control: private, no-store` comes from
 * server/cache-control.ts ("/account" is a personal path).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const lang = langOf(request);
  const db = await getDb();
  const customer = await getCustomer(request, db);
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  // Signed in: what the account holds for the phone (docs/accounts.md "My account").
  const home = customer
    ? await loadAccountHome(db, {
        phone: customer.phone,
        lang,
        now: new Date(),
        slotLabel: slotLabelIn(lang),
      })
    : null;
  return {
    signedInAs: customer ? formatIndianMobile(customer.phone) : null,
    redirectTo: redirectTo && safeRedirect(redirectTo, "") ? redirectTo : null,
    home,
    notice: home ? accountNotice(url.searchParams.get("done"), home) : null,
    messages: messagesFor(lang, [
      "account.signIn",
      "account.session",
      "accountData.link",
      "accountDetails.link",
      ...(home ? accountHomeMessages : []),
    ]),
  };
}

/** A slot start ("11:00") as the booking page words it in `lang`, the start itself if unknown. */
function slotLabelIn(lang: Lang): (start: string) => string {
  const labels = new Map(
    slotChoices(lang, pickupConfigFromEnv()).map((slot) => [slot.start, slot.label]),
  );
  return (start) => labels.get(start) ?? start;
}

/** The page to land on once signed in: a same-site `redirectTo`, else the account page. */
function landingOf(formData: FormData, lang: Lang): string {
  return safeRedirect(formData.get("redirectTo"), localePath(lang, ACCOUNT_PATH));
}

/** A refused send or check as the form's answer: the message next to `field`. */
function refused(
  lang: Lang,
  error: OneTimeCodeError,
  result: Omit<SignInResult, "errors">,
  field: "phone" | "code",
) {
  const headers: HeadersInit =
    error.retryAfterSeconds === undefined ? {} : { "Retry-After": String(error.retryAfterSeconds) };
  return data<SignInResult>(
    { ...result, errors: { [field]: refusalText(lang, error.ref) } },
    { status: error.status, headers },
  );
}

/**
 * The form's steps by `intent`: `send` (phone → code; also 'Send a new code'), `verify` (code →
 * signed in, redirected), `signOut` and `signOutEverywhere`. Bad input answers 400/422/429 with
 * the message next to its field; nothing else changes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = langOf(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const db = await getDb();
  if (intent === "signOut" || intent === "signOutEverywhere") {
    const cookie = await endCustomerSession(request, {
      everywhere: intent === "signOutEverywhere",
    });
    throw redirect(localePath(lang, ACCOUNT_PATH), { headers: { "Set-Cookie": cookie } });
  }
  const typed = String(formData.get("phone") ?? "").slice(0, 40);
  const phone = normaliseIndianMobile(typed);
  const clientAddress = context.get(clientAddressContext);
  const now = new Date();
  if (!phone) {
    const text = refusalText(lang, message("account.signIn.phoneInvalid"));
    return data<SignInResult>(
      { step: "phone", phone: typed, errors: { phone: text } },
      { status: 400 },
    );
  }
  const fromCodeStep = formData.get("step") === "code";
  const field = fromCodeStep ? "code" : "phone";
  try {
    if (intent === "verify") {
      await acceptSignInCode(db, {
        phone,
        code: String(formData.get("code") ?? "").slice(0, 40),
        clientAddress,
        now,
      });
      const cookie = await startCustomerSession(request, phone, db, now);
      throw redirect(landingOf(formData, lang), { headers: { "Set-Cookie": cookie } });
    }
    await sendSignInCode(db, { phone, lang, clientAddress, now });
    return data<SignInResult>({ step: "code", phone, sent: true, errors: {} });
  } catch (error) {
    if (!(error instanceof OneTimeCodeError)) throw error;
    const step = intent === "verify" || fromCodeStep ? "code" : "phone";
    return refused(lang, error, { step, phone }, intent === "verify" ? "code" : field);
  }
}

export const meta: Route.MetaFunction = (args) =>
  localisedPageMeta(args, "account.signIn.meta.title", "account.signIn.meta.description")
    .filter((descriptor) => !("title" in descriptor))
    .concat([{ name: "robots", content: "noindex" }]);

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.signedInAs) {
    return (
      <SignedIn phone={loaderData.signedInAs}>
        {loaderData.home ? (
          <AccountHome
            view={loaderData.home}
            notice={loaderData.notice ? t(loaderData.notice.id, loaderData.notice.values) : null}
          />
        ) : null}
      </SignedIn>
    );
  }
  const errors = actionData?.errors ?? {};
  const summary = summaryItems(errors, ["phone", "code"]);
  return (
    <div className="page page--narrow">
      <PageTitle
        title={brandedTitle(t("account.signIn.meta.title"))}
        hasErrors={summary.length > 0}
      />
      <h1>{t("account.signIn.heading")}</h1>
      {actionData?.step === "code" ? (
        <CodeStep result={actionData} redirectTo={loaderData.redirectTo} />
      ) : (
        <PhoneStep result={actionData} redirectTo={loaderData.redirectTo} />
      )}
    </div>
  );
}

/** A submit button of the form's `intent`, disabled while a submit is under way. */
function IntentButton({
  intent,
  label,
  large = false,
  secondary = false,
}: {
  intent: "send" | "verify" | "signOut" | "signOutEverywhere";
  label: string;
  large?: boolean;
  secondary?: boolean;
}) {
  const navigation = useNavigation();
  const variant = large ? " button--large" : secondary ? " button--secondary" : "";
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={`button${variant}`}
      disabled={navigation.state === "submitting"}
    >
      {label}
    </button>
  );
}

function PhoneStep({
  result,
  redirectTo,
}: {
  result: SignInResult | undefined;
  redirectTo: string | null;
}) {
  const t = useT();
  const errors = result?.errors ?? {};
  return (
    <>
      <p className="page__lead">{t("account.signIn.lead")}</p>
      <Form method="post" className="form" noValidate>
        <ErrorSummary items={summaryItems(errors, ["phone"])} />
        <input type="hidden" name="step" value="phone" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <InputField
          id="phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          required
          defaultValue={result?.phone}
          error={errors.phone}
          label={t("account.signIn.phoneLabel")}
          hint={t("account.signIn.phoneHint")}
        />
        <IntentButton intent="send" label={t("account.signIn.sendCode")} large />
        <NoticeLink purpose="account" />
      </Form>
    </>
  );
}

function CodeStep({ result, redirectTo }: { result: SignInResult; redirectTo: string | null }) {
  const t = useT();
  const to = useLocalePath();
  const errors = result.errors;
  const shownPhone = formatIndianMobile(result.phone);
  return (
    <>
      {result.sent ? (
        <p role="status" className="page__lead">
          {t("account.signIn.sent", { phone: shownPhone })}
        </p>
      ) : null}
      <Form method="post" className="form" noValidate>
        <ErrorSummary items={summaryItems(errors, ["code"])} />
        <input type="hidden" name="step" value="code" />
        <input type="hidden" name="phone" value={result.phone} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <OneTimeCodeField
          error={errors.code}
          label={t("account.signIn.codeLabel")}
          hint={t("account.signIn.codeHint", { phone: shownPhone })}
        />
        <IntentButton intent="verify" label={t("account.signIn.verify")} large />
        <IntentButton intent="send" label={t("account.signIn.resend")} secondary />
      </Form>
      <p>
        <Link to={to("/account")}>{t("account.signIn.otherNumber")}</Link>
      </p>
    </>
  );
}

function SignedIn({ phone, children }: { phone: string; children?: ReactNode }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="page page--narrow">
      <PageTitle title={brandedTitle(t("account.signIn.meta.title"))} hasErrors={false} />
      <h1>{t("account.signIn.heading")}</h1>
      <p className="page__lead">{t("account.session.signedInAs", { phone })}</p>
      <Form method="post" className="form">
        <IntentButton intent="signOut" label={t("account.session.signOut")} />
        <IntentButton
          intent="signOutEverywhere"
          label={t("account.session.signOutEverywhere")}
          secondary
        />
      </Form>
      {children}
      <p>
        <Link to={to("/account/details")}>{t("accountDetails.link")}</Link>
      </p>
      <p>
        <Link to={to("/account/data")}>{t("accountData.link")}</Link>
      </p>
    </div>
  );
}
