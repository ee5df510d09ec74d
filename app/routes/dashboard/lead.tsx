import { data, Form, Link, redirect, useNavigation } from "react-router";
import { DetailMessages, HistoryList } from "~/components/dashboard/detail-page";
import { PhoneLinks } from "~/components/dashboard/phone-links";
import { getDb } from "~/db/db.server";
import { leadStatuses } from "~/db/schema/organisations";
import { leadChangeSchema } from "~/features/corporate/lead.schema";
import { LEAD_NOTE_MAX } from "~/features/corporate/lead-fields";
import {
  leadServicesText,
  leadStatusLabels,
  organisationKindLabels,
} from "~/features/corporate/lead-labels";
import { changeLead, getLead } from "~/features/corporate/leads.server";
import { accountOfLead } from "~/features/corporate/organisations.server";
import { requireStaff } from "~/features/staff/session.server";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import { languageLabels } from "~/i18n/languages";
import { formatDateTimeIST } from "~/utils/dates";
import { entityHistory, parseEntityId } from "~/utils/entity-history.server";
import { textFields } from "~/utils/form-data";
import { isRefusal } from "~/utils/refusal";
import type { Route } from "./+types/lead";

// Loader and action headers reach document responses too.
export { headers } from "~/utils/route-headers";

/**
 * One lead (docs/corporate.md "Leads"): the organisation, what it asks for, its contact with
 * call and WhatsApp links, the status and note form, and the history.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const id = parseEntityId(params.id);
  const db = await getDb();
  const lead = id === null ? null : await getLead(db, id);
  if (!lead) throw data("This lead does not exist.", { status: 404 });
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  return {
    lead: {
      ...lead,
      kind: organisationKindLabels[lead.kind],
      services: leadServicesText(lead.services),
      language: languageLabels[lead.language],
      receivedAt: formatDateTimeIST(lead.receivedAt),
      statusChangedAt: lead.statusChangedAt ? formatDateTimeIST(lead.statusChangedAt) : null,
    },
    accountId: await accountOfLead(db, lead.id),
    history: await entityHistory(db, "lead", lead.id),
    notice: saved ? "Lead saved." : null,
  };
}

/**
 * Saves the status and note (`changeLead`, with its audit row). A bad form → 400; unknown
 * lead → 404; success redirects back with a notice.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const id = parseEntityId(params.id);
  if (id === null) throw data("This lead does not exist.", { status: 404 });
  const parsed = leadChangeSchema.safeParse(
    textFields(await request.formData(), ["status", "note"]),
  );
  if (!parsed.success) {
    const error = Object.values(fieldErrorTexts("en", parsed.error.issues))[0] ?? "Bad request.";
    return data({ error }, { status: 400 });
  }
  try {
    await changeLead(await getDb(), { email: user.email }, id, parsed.data, new Date());
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return data({ error: refusalText("en", error) }, { status: error.status });
  }
  return redirect(`/dashboard/leads/${id}?saved=1`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Lead ${loaderData?.lead.reference ?? ""} | Staff dashboard` },
];

export default function LeadDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, history, notice, accountId } = loaderData;
  const navigation = useNavigation();
  return (
    <>
      <p>
        <Link to="/dashboard/leads">All leads</Link>
      </p>
      <h1>
        Lead {lead.reference}: {lead.organisation}
      </h1>
      <DetailMessages notice={notice} error={actionData?.error} answered={Boolean(actionData)} />
      <dl className="dash-details">
        <dt>Organisation</dt>
        <dd>
          {lead.organisation} ({lead.kind})
        </dd>
        <dt>Sites</dt>
        <dd>{lead.sites}</dd>
        <dt>PIN code of the main site</dt>
        <dd>{lead.pinCode}</dd>
        <dt>Scrap a week</dt>
        <dd>{lead.kgPerWeek} kg</dd>
        <dt>Services</dt>
        <dd>{lead.services}</dd>
        <dt>Contact</dt>
        <dd>{lead.contactName}</dd>
        <dt>Mobile number</dt>
        <dd>
          <PhoneLinks phone={lead.contactPhone} name={lead.contactName} />
        </dd>
        <dt>Email</dt>
        <dd>
          {lead.contactEmail ? (
            <a href={`mailto:${lead.contactEmail}`}>{lead.contactEmail}</a>
          ) : (
            "–"
          )}
        </dd>
        <dt>Language</dt>
        <dd>{lead.language}</dd>
        <dt>Received</dt>
        <dd>{lead.receivedAt}</dd>
        <dt>Status</dt>
        <dd>
          {leadStatusLabels[lead.status]}
          {lead.statusChangedAt ? ` (${lead.statusChangedAt} by ${lead.statusChangedBy})` : null}
        </dd>
      </dl>
      <p>
        {accountId ? (
          <Link to={`/dashboard/organisations/${accountId}`}>Its organisation account</Link>
        ) : (
          <Link to={`/dashboard/organisations/new?lead=${lead.id}`} className="button">
            Make an organisation account
          </Link>
        )}
      </p>
      {lead.message ? (
        <>
          <h2>Their message</h2>
          <p className="dash-review-body">{lead.message}</p>
        </>
      ) : null}
      <h2>Follow-up</h2>
      <Form method="post" className="dash-form">
        <fieldset>
          <legend>Status</legend>
          {leadStatuses.map((status) => (
            <label key={status}>
              <input
                type="radio"
                name="status"
                value={status}
                defaultChecked={lead.status === status}
              />{" "}
              {leadStatusLabels[status]}
            </label>
          ))}
        </fieldset>
        <label htmlFor="note">Staff note (calls, visit, quote)</label>
        <textarea
          id="note"
          name="note"
          rows={5}
          maxLength={LEAD_NOTE_MAX}
          defaultValue={lead.note}
        />
        <button type="submit" className="button" disabled={navigation.state === "submitting"}>
          Save
        </button>
      </Form>
      <HistoryList history={history} />
    </>
  );
}
