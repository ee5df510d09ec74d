import { data, Form, Link, redirect } from "react-router";
import { fieldsOf } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import {
  organisationFields,
  organisationLimits,
  organisationSchema,
} from "~/features/corporate/organisation.schema";
import { OrganisationFields } from "~/features/corporate/organisation-fields";
import {
  createOrganisation,
  leadForAccount,
  OrganisationError,
} from "~/features/corporate/organisations.server";
import { requireStaff } from "~/features/staff/session.server";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import { parseEntityId } from "~/utils/entity-history.server";
import { textFields } from "~/utils/form-data";
import { message } from "~/utils/refusal";
import type { Route } from "./+types/organisation-new";

export { headers } from "~/utils/route-headers";

/**
 * A new organisation account (docs/corporate.md "Organisation accounts"), its form filled from
 * `?lead=<id>` when made from a lead. A lead that already has an account sends staff to it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const leadId = parseEntityId(new URL(request.url).searchParams.get("lead") ?? undefined);
  const lead = leadId === null ? null : await leadForAccount(await getDb(), leadId);
  if (lead?.accountId) throw redirect(`/dashboard/organisations/${lead.accountId}`);
  return {
    lead: lead && { id: lead.id, reference: lead.reference },
    values: lead
      ? {
          leadId: String(lead.id),
          name: lead.organisation,
          kind: lead.kind,
          contactName: lead.contactName,
          contactPhone: lead.contactPhone,
          contactEmail: lead.contactEmail ?? "",
        }
      : {},
  };
}

/**
 * Makes the account (`createOrganisation`). Bad fields → 400 with each message next to its
 * field; a lead already made into an account → 409, an unknown lead → 404, over the form.
 * Success → the account's page.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const values = textFields(await request.formData(), [...organisationFields]);
  const parsed = organisationSchema.safeParse(values);
  if (!parsed.success) {
    return data(
      {
        values,
        errors: fieldErrorTexts("en", parsed.error.issues),
        formError: refusalText("en", message("dashboard.organisations.correctFields")),
      },
      { status: 400 },
    );
  }
  try {
    const id = await createOrganisation(await getDb(), user, parsed.data, new Date());
    return redirect(`/dashboard/organisations/${id}?created=1`);
  } catch (error) {
    if (!(error instanceof OrganisationError)) throw error;
    return data(
      { values, errors: {}, formError: refusalText("en", error) },
      { status: error.status },
    );
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "New organisation account | Staff dashboard" },
];

export default function NewOrganisation({ loaderData, actionData }: Route.ComponentProps) {
  const { lead } = loaderData;
  const values: Record<string, string | undefined> = actionData?.values ?? loaderData.values;
  const field = fieldsOf(
    { values, errors: actionData?.errors ?? {} },
    {
      limits: {
        ...organisationLimits,
        contactPhone: organisationLimits.phone,
        contactEmail: organisationLimits.email,
      },
    },
  );
  return (
    <>
      <p>
        <Link to="/dashboard/organisations">All organisations</Link>
      </p>
      <h1>New organisation account</h1>
      {lead ? (
        <p>
          From lead <Link to={`/dashboard/leads/${lead.id}`}>{lead.reference}</Link>: making the
          account marks the lead won.
        </p>
      ) : null}
      <FormError message={actionData?.formError} className="dash-error" />
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="leadId" value={values.leadId ?? ""} />
        <OrganisationFields field={field} reward={values.reward} />
        <button type="submit" className="button">
          Make the account
        </button>
      </Form>
    </>
  );
}
