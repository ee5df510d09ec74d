import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { FormError } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import { StaffPasswordField, StaffSignInField } from "~/features/staff/account-fields";
import { hasStaffAccounts } from "~/features/staff/auth.server";
import { afterLoginPath, getStaffUser, LoginError, logIn } from "~/features/staff/session.server";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import dashboardStyles from "~/styles/dashboard.css?url";
import { textFields } from "~/utils/form-data";
import { clientAddressContext } from "~/utils/request-context";
import type { Route } from "./+types/login";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "dashboard.login.signInNameRequired")
    .max(320, "dashboard.login.signInNameRequired"),
  password: z
    .string()
    .min(1, "dashboard.login.passwordRequired")
    .max(1000, "dashboard.login.passwordRequired"),
  redirectTo: z.string().max(2000).optional(),
});

interface LoginResult {
  values: { email?: string };
  errors: Partial<Record<"email" | "password", string>>;
  formError?: string;
}

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (await getStaffUser(request)) throw redirect(afterLoginPath(redirectTo));
  return {
    noAccounts: !(await hasStaffAccounts(await getDb())),
    redirectTo: redirectTo ? afterLoginPath(redirectTo) : null,
  };
}

/**
 * Login (docs/dashboard.md) with an e-mail or a phone (ADR 0032): failed attempts make later
 * ones wait (429 with Retry-After while they must), same answer for an unknown e-mail or phone
 * and a wrong password.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = textFields(await request.formData(), ["email", "password", "redirectTo"]);
  const parsed = loginSchema.safeParse(fields);
  if (!parsed.success) {
    return data<LoginResult>(
      { values: { email: fields.email }, errors: fieldErrorTexts("en", parsed.error.issues) },
      { status: 400 },
    );
  }
  try {
    const headers = await logIn(
      request,
      context.get(clientAddressContext),
      parsed.data.email,
      parsed.data.password,
    );
    return redirect(afterLoginPath(parsed.data.redirectTo), { headers });
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    const headers = new Headers();
    if (error.retryAfterSeconds) headers.set("Retry-After", String(error.retryAfterSeconds));
    return data<LoginResult>(
      { values: { email: parsed.data.email }, errors: {}, formError: refusalText("en", error) },
      { status: error.status, headers },
    );
  }
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: dashboardStyles }];

export const meta: Route.MetaFunction = () => [
  { title: "Staff login | Scrap & Sprout" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <div className="dash-login">
      <h1>Staff login</h1>
      {loaderData.noAccounts ? (
        <p className="dash-notice">
          No staff account exists yet. Open the one-time setup link the server printed when it
          started, or stop the server and run <code>npm run staff:create</code>.
        </p>
      ) : null}
      <Form method="post" className="form" noValidate>
        <FormError message={actionData?.formError} className="dash-error" />
        {loaderData.redirectTo ? (
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        ) : null}
        <StaffSignInField
          defaultValue={actionData?.values.email}
          error={actionData?.errors.email}
        />
        <StaffPasswordField purpose="current" error={actionData?.errors.password} />
        <button type="submit" className="button" disabled={navigation.state === "submitting"}>
          Log in
        </button>
      </Form>
    </div>
  );
}
