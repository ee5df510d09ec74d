import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { fieldsOf, InputField } from "~/components/ui/field";
import { getDb } from "~/db/db.server";
import { StaffEmailField, StaffPasswordField } from "~/features/staff/account-fields";
import { hasStaffAccounts, StaffAccountError } from "~/features/staff/auth.server";
import { logIn } from "~/features/staff/session.server";
import {
  createFirstAdmin,
  SetupLinkInvalidError,
  setupTokenIsValid,
} from "~/features/staff/setup.server";
import { staffAccountFields } from "~/features/staff/staff.schema";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import dashboardStyles from "~/styles/dashboard.css?url";
import { textFields } from "~/utils/form-data";
import { clientAddressContext } from "~/utils/request-context";
import type { Route } from "./+types/setup";

const setupSchema = z.object({ token: z.string().max(200), ...staffAccountFields });

/** Echoed back on a refusal: never the password or the token (the page keeps its own). */
interface SetupResult {
  values: { name?: string; email?: string };
  errors: Partial<Record<"name" | "email" | "password", string>>;
}

/** What the page of a dead setup link says (its ErrorBoundary): whether an admin exists. */
interface DeadLink {
  message: string;
  adminExists: boolean;
}

/**
 * A dead setup link answers 404 (docs/dashboard.md "First admin"); once an account exists the
 * page says so and links to the login instead of a bare 'Page Not Found'.
 */
async function invalidLink(db: Awaited<ReturnType<typeof getDb>>): Promise<never> {
  const refusal = new SetupLinkInvalidError();
  const body: DeadLink = {
    message: refusalText("en", refusal),
    adminExists: await hasStaffAccounts(db),
  };
  throw data(body, { status: refusal.status });
}

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const token = new URL(request.url).searchParams.get("token");
  if (!(await setupTokenIsValid(db, token))) await invalidLink(db);
  return { token: token as string };
}

/** First admin (docs/dashboard.md): only with the live setup token, once, on any server. */
export async function action({ request, context }: Route.ActionArgs) {
  const db = await getDb();
  const fields = textFields(await request.formData(), ["token", "name", "email", "password"]);
  if (!(await setupTokenIsValid(db, fields.token))) await invalidLink(db);
  const values = { name: fields.name, email: fields.email };
  const parsed = setupSchema.safeParse(fields);
  if (!parsed.success) {
    return data<SetupResult>(
      { values, errors: fieldErrorTexts("en", parsed.error.issues) },
      { status: 400 },
    );
  }
  const { token, ...account } = parsed.data;
  try {
    await createFirstAdmin(db, token, account);
  } catch (error) {
    if (error instanceof SetupLinkInvalidError) await invalidLink(db);
    if (error instanceof StaffAccountError && error.field) {
      return data<SetupResult>(
        { values, errors: { [error.field]: refusalText("en", error) } },
        { status: 400 },
      );
    }
    throw error;
  }
  const headers = await logIn(
    request,
    context.get(clientAddressContext),
    parsed.data.email,
    parsed.data.password,
  );
  return redirect("/dashboard", { headers });
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: dashboardStyles }];

export const meta: Route.MetaFunction = ({ error }) => [
  { title: `${error ? "Setup link used" : "Create the first admin"} | Scrap & Sprout` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const field = fieldsOf({ values: actionData?.values, errors: actionData?.errors });
  return (
    <div className="dash-login">
      <h1>Create the first admin</h1>
      <p>This link works once, while no staff account exists.</p>
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <InputField {...field("name")} label="Name" autoComplete="name" required />
        <StaffEmailField defaultValue={actionData?.values.email} error={actionData?.errors.email} />
        <StaffPasswordField purpose="new" error={actionData?.errors.password} />
        <button type="submit" className="button" disabled={navigation.state === "submitting"}>
          Create admin and log in
        </button>
      </Form>
    </div>
  );
}

/** A dead link: 'An admin exists' with a link to the login, or that the link is not valid. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const dead =
    isRouteErrorResponse(error) && typeof error.data === "object" && error.data !== null
      ? (error.data as DeadLink)
      : null;
  return (
    <div className="dash-login">
      <h1>{dead?.adminExists ? "An admin exists" : "Setup link not valid"}</h1>
      <p role="alert">
        {dead?.adminExists
          ? "This one-time setup link has been used: the shop's first admin exists."
          : (dead?.message ?? "Something went wrong. Please try again.")}
      </p>
      <p>
        {dead?.adminExists ? (
          <Link to="/dashboard/login">Log in here</Link>
        ) : (
          "Restart the server to print a new link, or run npm run staff:create."
        )}
      </p>
    </div>
  );
}
