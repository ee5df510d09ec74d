import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { fieldsOf, InputField } from "~/components/ui/field";
import { getDb } from "~/db/db.server";
import { StaffEmailField, StaffPasswordField } from "~/features/staff/account-fields";
import { StaffAccountError } from "~/features/staff/auth.server";
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

function invalidLink(): never {
  const refusal = new SetupLinkInvalidError();
  throw data(refusalText("en", refusal), { status: refusal.status });
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!(await setupTokenIsValid(await getDb(), token))) invalidLink();
  return { token: token as string };
}

/** First admin (docs/dashboard.md): only with the live setup token, once, on any server. */
export async function action({ request, context }: Route.ActionArgs) {
  const db = await getDb();
  const fields = textFields(await request.formData(), ["token", "name", "email", "password"]);
  if (!(await setupTokenIsValid(db, fields.token))) invalidLink();
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
    if (error instanceof SetupLinkInvalidError) invalidLink();
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

export const meta: Route.MetaFunction = () => [
  { title: "Create the first admin | Scrap & Sprout" },
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
