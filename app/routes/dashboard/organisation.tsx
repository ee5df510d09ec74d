import { data, Form, Link, redirect } from "react-router";
import { ConfirmLink, ConfirmStep } from "~/components/dashboard/confirm-step";
import { DataTable, Row } from "~/components/dashboard/data-table";
import { HistoryList } from "~/components/dashboard/detail-page";
import { PhoneLinks } from "~/components/dashboard/phone-links";
import { fieldsOf, InputField, SelectField } from "~/components/ui/field";
import { FormError, StatusNotice } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import { scheduleFrequencies } from "~/db/schema/organisations";
import {
  frequencyLabels,
  organisationKindLabels,
  organisationRewardLabels,
  scheduleText,
  weekdayLabels,
} from "~/features/corporate/lead-labels";
import {
  organisationFields,
  organisationLimits,
  organisationSchema,
  siteFields,
  siteSchema,
} from "~/features/corporate/organisation.schema";
import { OrganisationFields } from "~/features/corporate/organisation-fields";
import {
  addSite,
  getOrganisation,
  OrganisationError,
  stopSite,
  updateOrganisation,
} from "~/features/corporate/organisations.server";
import { BOOKING_HORIZON_DAYS } from "~/features/corporate/site-schedule";
import { pickupConfigFromEnv } from "~/features/pickups/pickup-config";
import { pickupStatusLabels } from "~/features/pickups/pickup-status";
import { requireStaff } from "~/features/staff/session.server";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import { askedStep, unconfirmedStep } from "~/utils/confirm-step";
import { addDays, formatCalendarDate, todayInKolkata } from "~/utils/dates";
import { entityHistory, parseEntityId } from "~/utils/entity-history.server";
import { textFields } from "~/utils/form-data";
import { UNKNOWN_ACTION } from "~/utils/intent-form";
import { englishText, message } from "~/utils/refusal";
import type { Route } from "./+types/organisation";

export { headers } from "~/utils/route-headers";

const NOT_FOUND = "This organisation does not exist.";

/** What the page's notice says after a redirect. */
function noticeOf(params: URLSearchParams): string | null {
  if (params.get("created") === "1") return "Account made. Add its sites and their schedules.";
  const saved = params.get("saved");
  if (saved !== null && /^[0-9]+$/.test(saved)) {
    return `Account details saved; ${saved === "1" ? "1 open pickup takes" : `${saved} open pickups take`} the new contact and reward.`;
  }
  if (params.has("added")) {
    return `Site added. Its pickups for the next ${BOOKING_HORIZON_DAYS} days are booked below.`;
  }
  const stopped = params.get("stopped");
  if (stopped !== null && /^[0-9]+$/.test(stopped)) {
    return `Schedule stopped; ${stopped === "1" ? "1 pickup" : `${stopped} pickups`} from tomorrow on cancelled.`;
  }
  return null;
}

/**
 * One organisation account (docs/corporate.md "Organisation accounts"): its contact and reward,
 * its sites with their schedules (and Stop schedule's confirmation step), the dates the
 * schedules booked from today on with each pickup, moved or skipped date, the form to add a
 * site, and the history.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const id = parseEntityId(params.id);
  const db = await getDb();
  const today = todayInKolkata(new Date());
  const found = id === null ? null : await getOrganisation(db, id, today);
  if (!found) throw data(NOT_FOUND, { status: 404 });
  const { organisation, sites, dates } = found;
  const url = new URL(request.url);
  const stopping = askedStep(request.url, ["stop"])
    ? (sites.find((site) => String(site.id) === url.searchParams.get("site") && site.active) ??
      null)
    : null;
  const siteName = new Map(sites.map((site) => [site.id, site.name]));
  return {
    organisation: {
      id: organisation.id,
      name: organisation.name,
      kind: organisationKindLabels[organisation.kind],
      contactName: organisation.contactName,
      contactPhone: organisation.contactPhone,
      contactEmail: organisation.contactEmail,
      reward: organisationRewardLabels[organisation.reward],
      payoutDetails: organisation.payoutDetails,
      leadId: organisation.leadId,
    },
    editValues: {
      name: organisation.name,
      kind: organisation.kind,
      contactName: organisation.contactName,
      contactPhone: organisation.contactPhone,
      contactEmail: organisation.contactEmail,
      reward: organisation.reward,
      payoutDetails: organisation.payoutDetails,
    } as Record<string, string>,
    sites: sites.map((site) => ({
      id: site.id,
      name: site.name,
      address: [site.addressLine1, site.addressLine2, `${site.city} ${site.pinCode}`]
        .filter(Boolean)
        .join(", "),
      contactName: site.contactName,
      contactPhone: site.contactPhone,
      schedule: scheduleText(site),
      startsOn: formatCalendarDate(site.startsOn),
      active: site.active,
    })),
    dates: dates.map((row) => ({
      key: `${row.siteId} ${row.dueDate}`,
      site: siteName.get(row.siteId) ?? "",
      due: formatCalendarDate(row.dueDate),
      outcome: row.outcome,
      note: row.note,
      pickupId: row.pickupId,
      reference: row.reference,
      day: row.pickupDate ? `${formatCalendarDate(row.pickupDate)}, ${row.slotStart}` : null,
      status: row.status ? pickupStatusLabels[row.status] : null,
    })),
    stopping: stopping && { id: stopping.id, name: stopping.name },
    slots: pickupConfigFromEnv().slots.map((slot) => ({ value: slot.start, label: slot.label })),
    today,
    defaultStart: addDays(today, 1),
    history: await entityHistory(db, "organisation", organisation.id),
    notice: noticeOf(url.searchParams),
  };
}

/**
 * Saves Change details (`updateOrganisation`): bad fields → 400 next to each, with the form
 * open again; an unknown account → 404.
 */
async function editAccount(user: { email: string }, id: number, form: FormData) {
  const values: Record<string, string> = textFields(form, [...organisationFields]);
  const parsed = organisationSchema.safeParse({ ...values, leadId: "" });
  if (!parsed.success) {
    return data(
      {
        form: "edit" as const,
        values,
        errors: fieldErrorTexts("en", parsed.error.issues),
        formError: refusalText("en", message("dashboard.organisations.correctFields")),
      },
      { status: 400 },
    );
  }
  try {
    const { leadId: _lead, ...input } = parsed.data;
    const updated = await updateOrganisation(await getDb(), user, id, input);
    return redirect(`/dashboard/organisations/${id}?saved=${updated}`);
  } catch (error) {
    if (error instanceof OrganisationError) throw data(NOT_FOUND, { status: 404 });
    throw error;
  }
}

/**
 * intent = edit (Change details, see `editAccount`), add-site (a site and its schedule, then its pickups booked) or stop (a site's
 * schedule, after its confirmation step). Bad fields → 400 next to each; a start in the past →
 * 422 next to it; an unknown account or site → 404 over the form.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const id = parseEntityId(params.id);
  if (id === null) throw data(NOT_FOUND, { status: 404 });
  const form = await request.formData();
  const fields = textFields(form, ["intent", "confirm", "site", ...siteFields]);
  const step = unconfirmedStep(request, fields, { stop: ["site"] });
  if (step) return redirect(step);
  if (fields.intent === "edit") return editAccount(user, id, form);
  const values = Object.fromEntries(siteFields.map((name) => [name, fields[name] ?? ""]));
  const fail = (status: number, errors: Record<string, string>, formError?: string) =>
    data({ form: "site" as const, values, errors, formError }, { status });
  const db = await getDb();
  try {
    if (fields.intent === "stop") {
      const siteId = parseEntityId(fields.site);
      if (siteId === null) throw new OrganisationError("dashboard.organisations.siteNotFound", 404);
      const cancelled = await stopSite(db, user, id, siteId, new Date());
      return redirect(`/dashboard/organisations/${id}?stopped=${cancelled}`);
    }
    if (fields.intent !== "add-site") return fail(400, {}, englishText(UNKNOWN_ACTION));
    const slots = pickupConfigFromEnv().slots.map((slot) => slot.start);
    const parsed = siteSchema(slots).safeParse(values);
    if (!parsed.success) {
      return fail(
        400,
        fieldErrorTexts("en", parsed.error.issues),
        refusalText("en", message("dashboard.organisations.correctFields")),
      );
    }
    await addSite(db, user, id, parsed.data, new Date());
    return redirect(`/dashboard/organisations/${id}?added=1`);
  } catch (error) {
    if (!(error instanceof OrganisationError)) throw error;
    const text = refusalText("en", error);
    return error.field ? fail(error.status, { [error.field]: text }) : fail(error.status, {}, text);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.organisation.name ?? "Organisation"} | Staff dashboard` },
];

type LoaderData = Route.ComponentProps["loaderData"];

function SitesTable({ sites }: { sites: LoaderData["sites"] }) {
  if (sites.length === 0) return <p>No sites yet: add the first below.</p>;
  return (
    <DataTable
      caption="Sites and their pickup schedules"
      cards
      columns={[
        "Site",
        "Address",
        "Contact",
        "Schedule",
        "From",
        { label: "Actions", card: "bare" },
      ]}
    >
      {sites.map((site) => (
        <Row key={site.id}>
          <th scope="row">{site.name}</th>
          <td>{site.address}</td>
          <td>
            {site.contactName} <PhoneLinks phone={site.contactPhone} name={site.contactName} />
          </td>
          <td>{site.active ? site.schedule : `Stopped (was: ${site.schedule})`}</td>
          <td>{site.startsOn}</td>
          <td className="dash-actions">
            {site.active ? (
              <ConfirmLink intent="stop" row={{ site: site.id }} rowName={site.name}>
                Stop schedule
              </ConfirmLink>
            ) : null}
          </td>
        </Row>
      ))}
    </DataTable>
  );
}

function DatesTable({ dates }: { dates: LoaderData["dates"] }) {
  if (dates.length === 0) return <p>No pickups booked from today on.</p>;
  return (
    <DataTable
      caption="Pickups the schedules booked, from today on"
      cards
      columns={["Due", "Site", "Pickup", "Day and slot", "Status", { label: "Note", card: "wide" }]}
    >
      {dates.map((row) => (
        <Row key={row.key}>
          <th scope="row">{row.due}</th>
          <td>{row.site}</td>
          <td>
            {row.pickupId ? (
              <Link to={`/dashboard/pickups/${row.pickupId}`} className="dash-ref">
                {row.reference}
              </Link>
            ) : (
              "None"
            )}
          </td>
          <td>{row.day ?? "–"}</td>
          <td>{row.outcome === "skipped" ? "Skipped" : row.status}</td>
          <td>{row.note || "–"}</td>
        </Row>
      ))}
    </DataTable>
  );
}

/** The form to add a site and its schedule. */
function AddSiteForm({
  field,
  formError,
  slots,
  today,
}: {
  field: ReturnType<typeof fieldsOf>;
  formError: string | undefined;
  slots: LoaderData["slots"];
  today: string;
}) {
  return (
    <section aria-labelledby="add-site-title">
      <h2 id="add-site-title">Add a site</h2>
      <FormError message={formError} className="dash-error" />
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="intent" value="add-site" />
        <InputField
          {...field("siteName")}
          label="Site name"
          hint="Like Tower B or the Indiranagar office."
          required
        />
        <InputField {...field("addressLine1")} label="Address (line 1)" required />
        <InputField {...field("addressLine2")} label="Address (line 2)" />
        <InputField {...field("city")} label="City" required />
        <InputField
          {...field("pinCode")}
          label="PIN code"
          inputMode="numeric"
          maxLength={6}
          required
        />
        <InputField {...field("contactName")} label="Site contact name" required />
        <InputField
          {...field("contactPhone")}
          label="Site contact mobile number"
          type="tel"
          inputMode="tel"
          required
        />
        <SelectField
          {...field("frequency")}
          label="How often"
          placeholder="Choose how often"
          options={scheduleFrequencies.map((value) => ({ value, label: frequencyLabels[value] }))}
          required
        />
        <SelectField
          {...field("weekday")}
          label="Weekday"
          placeholder="Choose a weekday"
          options={weekdayLabels
            .slice(1)
            .map((label, index) => ({ value: String(index + 1), label }))}
          required
        />
        <SelectField
          {...field("slotStart")}
          label="Slot"
          placeholder="Choose a slot"
          options={slots}
          required
        />
        <InputField
          {...field("startsOn")}
          label="First possible day"
          type="date"
          min={today}
          required
        />
        <button type="submit" className="button">
          Add the site and book its pickups
        </button>
      </Form>
    </section>
  );
}

/** Change details: the account's form, open again after a refusal. */
function EditAccount({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const answer = actionData?.form === "edit" ? actionData : undefined;
  const values: Record<string, string | undefined> = answer?.values ?? loaderData.editValues;
  const field = fieldsOf(
    { values, errors: answer?.errors ?? {} },
    {
      idPrefix: "edit-",
      limits: {
        ...organisationLimits,
        contactPhone: organisationLimits.phone,
        contactEmail: organisationLimits.email,
      },
    },
  );
  return (
    <details className="dash-day" open={Boolean(answer)}>
      <summary>Change the account's details</summary>
      <FormError message={answer?.formError} className="dash-error" />
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="intent" value="edit" />
        <OrganisationFields field={field} reward={values.reward} />
        <p className="field__hint">
          The open pickups its schedules booked take the new contact e-mail and reward at once.
        </p>
        <button type="submit" className="button">
          Save the details
        </button>
      </Form>
    </details>
  );
}

export default function OrganisationDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { organisation, sites, dates, stopping, slots, defaultStart, today } = loaderData;
  const siteAnswer = actionData?.form === "site" ? actionData : undefined;
  const values: Record<string, string | undefined> = siteAnswer?.values ?? {
    startsOn: defaultStart,
  };
  const field = fieldsOf(
    { values, errors: siteAnswer?.errors ?? {} },
    { limits: { ...organisationLimits, contactPhone: organisationLimits.phone } },
  );
  return (
    <>
      <p>
        <Link to="/dashboard/organisations">All organisations</Link>
      </p>
      <h1>{organisation.name}</h1>
      <StatusNotice message={actionData ? null : loaderData.notice} />
      {stopping ? (
        <ConfirmStep
          title={`Stop the schedule of ${stopping.name}?`}
          intent="stop"
          row={{ site: stopping.id }}
          confirmLabel={`Stop the schedule of ${stopping.name}`}
          backLabel="Keep the schedule"
          backHref={`/dashboard/organisations/${organisation.id}`}
        >
          <p>No more pickups are booked for it, and its pickups from tomorrow on are cancelled.</p>
        </ConfirmStep>
      ) : null}
      <dl className="dash-details">
        <dt>Type</dt>
        <dd>{organisation.kind}</dd>
        <dt>Contact</dt>
        <dd>
          {organisation.contactName}{" "}
          <PhoneLinks phone={organisation.contactPhone} name={organisation.contactName} />
        </dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${organisation.contactEmail}`}>{organisation.contactEmail}</a>
        </dd>
        <dt>Reward</dt>
        <dd>{organisation.reward}</dd>
        {organisation.payoutDetails ? (
          <>
            <dt>Where money goes</dt>
            <dd>{organisation.payoutDetails}</dd>
          </>
        ) : null}
        {organisation.leadId ? (
          <>
            <dt>Lead</dt>
            <dd>
              <Link to={`/dashboard/leads/${organisation.leadId}`}>The enquiry</Link>
            </dd>
          </>
        ) : null}
      </dl>
      <EditAccount loaderData={loaderData} actionData={actionData} />
      <h2>Sites</h2>
      <SitesTable sites={sites} />
      <h2>Monthly statement and certificates</h2>
      <p>
        <Link to={`/dashboard/organisations/${organisation.id}/month`}>
          The month's collected pickups, statement and certificates of collection
        </Link>
      </p>
      <h2>Booked pickups</h2>
      <p>
        The scheduler books each schedule's pickups {BOOKING_HORIZON_DAYS} days ahead. A date the
        shop closed moves to the next open day within 3 days, or is skipped.
      </p>
      <DatesTable dates={dates} />
      <AddSiteForm field={field} formError={siteAnswer?.formError} slots={slots} today={today} />
      <HistoryList history={loaderData.history} />
    </>
  );
}
