import { eq } from "drizzle-orm";
import { data, Form, Link, redirect } from "react-router";
import { DataTable, Row } from "~/components/dashboard/data-table";
import { fieldsOf, InputField, SelectField } from "~/components/ui/field";
import { FormError, StatusNotice } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import { organisations } from "~/db/schema/organisations";
import {
  issueMonthDocuments,
  lastMonth,
  listDocuments,
  monthFigures,
  recyclerField,
} from "~/features/corporate/month-documents.server";
import { OrganisationError } from "~/features/corporate/organisations.server";
import { addRecycler, listRecyclers, recyclerSchema } from "~/features/corporate/recyclers.server";
import { requireStaff } from "~/features/staff/session.server";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import { formatMonth, isMonth } from "~/utils/dates";
import { parseEntityId } from "~/utils/entity-history.server";
import { textFields } from "~/utils/form-data";
import { UNKNOWN_ACTION } from "~/utils/intent-form";
import { formatPaise } from "~/utils/money";
import { englishText, message } from "~/utils/refusal";
import { formatKg } from "~/utils/units";
import type { Route } from "./+types/organisation-month";

export { headers } from "~/utils/route-headers";

const NOT_FOUND = "This organisation does not exist.";

/**
 * An organisation's month (docs/corporate.md "Monthly statement and certificates"): the
 * collected pickups of `?month=YYYY-MM` (last month by default) with kilograms by material, each
 * site's material streams with a recycler to choose for each, the documents already issued for
 * it with their links, and the form to add a registered recycler.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const id = parseEntityId(params.id);
  const db = await getDb();
  const [organisation] =
    id === null
      ? []
      : await db
          .select({ id: organisations.id, name: organisations.name })
          .from(organisations)
          .where(eq(organisations.id, id));
  if (!organisation) throw data(NOT_FOUND, { status: 404 });
  const url = new URL(request.url);
  const asked = url.searchParams.get("month") ?? "";
  const month = isMonth(asked) ? asked : lastMonth(new Date());
  const figures = await monthFigures(db, organisation.id, month);
  const issued = (await listDocuments(db, organisation.id)).filter((row) => row.month === month);
  return {
    organisation,
    month,
    monthLabel: formatMonth(month),
    latest: lastMonth(new Date()),
    pickups: figures.pickups.map((pickup) => ({
      ...pickup,
      weight: formatKg(pickup.grams),
      value: formatPaise(pickup.valuePaise),
      paid: formatPaise(pickup.paidPaise),
    })),
    sites: figures.sites.map((site) => ({
      siteId: site.siteId,
      site: site.site,
      streams: site.streams.map((stream) => ({
        field: recyclerField(site.siteId, stream.streamId),
        stream: stream.stream,
        weight: formatKg(stream.grams),
      })),
    })),
    recyclers: (await listRecyclers(db)).map((row) => ({
      value: String(row.id),
      label: `${row.name} (${row.registration})`,
    })),
    issued: issued.map((row) => ({
      token: row.token,
      title: row.kind === "statement" ? "Monthly statement" : "Certificate of collection",
      siteId: row.siteId,
    })),
    notice: url.searchParams.get("issued") === "1" ? "Issued, and e-mailed to the contact." : null,
  };
}

/**
 * intent = add-recycler (name and registration number) or issue (the month's statement and
 * certificates, every stream with a recycler). Bad fields → 400 next to them; a month still
 * running, with no collected pickup or a stream without a recycler → 422 next to its field;
 * a month issued already → 409.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const id = parseEntityId(params.id);
  if (id === null) throw data(NOT_FOUND, { status: 404 });
  const form = await request.formData();
  // The recycler choices are named after their site and stream ("recycler-<site>-<stream>").
  const choices = [...new Set(form.keys())].filter((key) =>
    /^recycler-[0-9]{1,9}-[0-9]{1,9}$/.test(key),
  );
  const fields: Record<string, string> = textFields(form, [
    "intent",
    "month",
    "recyclerName",
    "registration",
    ...choices.slice(0, 500),
  ]);
  const values = fields;
  const fail = (status: number, errors: Record<string, string>, formError?: string) =>
    data({ values, errors, formError }, { status });
  const db = await getDb();
  try {
    if (fields.intent === "add-recycler") {
      const parsed = recyclerSchema.safeParse(fields);
      if (!parsed.success) {
        return fail(
          400,
          fieldErrorTexts("en", parsed.error.issues),
          refusalText("en", message("dashboard.organisations.correctFields")),
        );
      }
      await addRecycler(db, user, parsed.data);
      // Back to the month shown; a posted month that is no month is dropped, never echoed.
      const back = isMonth(fields.month ?? "") ? `?month=${fields.month}` : "";
      return redirect(`/dashboard/organisations/${id}/month${back}`);
    }
    if (fields.intent !== "issue") return fail(400, {}, englishText(UNKNOWN_ACTION));
    const month = fields.month ?? "";
    await issueMonthDocuments(db, user, id, month, fields, new Date());
    return redirect(`/dashboard/organisations/${id}/month?month=${month}&issued=1`);
  } catch (error) {
    if (!(error instanceof OrganisationError)) throw error;
    const text = refusalText("en", error);
    return error.field ? fail(error.status, { [error.field]: text }) : fail(error.status, {}, text);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.organisation.name ?? "Organisation"}: ${loaderData?.monthLabel ?? ""} | Staff dashboard`,
  },
];

type LoaderData = Route.ComponentProps["loaderData"];

/** The month's issued documents, each a link to its PDF. */
function IssuedList({ issued, sites }: Pick<LoaderData, "issued" | "sites">) {
  if (issued.length === 0) return null;
  return (
    <section aria-labelledby="issued-title">
      <h2 id="issued-title">Issued documents</h2>
      <ul>
        {issued.map((document) => (
          <li key={document.token}>
            <a href={`/organisation-documents/${document.token}`} download>
              {document.title}
              {document.siteId
                ? `, ${sites.find((s) => s.siteId === document.siteId)?.site ?? "site"}`
                : ""}{" "}
              (PDF)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The form to add a registered recycler. */
function RecyclerForm({ field, month }: { field: ReturnType<typeof fieldsOf>; month: string }) {
  return (
    <section aria-labelledby="recycler-title">
      <h2 id="recycler-title">Add a registered recycler</h2>
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="intent" value="add-recycler" />
        <input type="hidden" name="month" value={month} />
        <InputField {...field("recyclerName")} label="Recycler's name" maxLength={120} required />
        <InputField
          {...field("registration")}
          label="Registration number"
          hint="As the recycler's CPCB or State Pollution Control Board registration gives it."
          maxLength={60}
          required
        />
        <button type="submit" className="button">
          Add the recycler
        </button>
      </Form>
    </section>
  );
}

export default function OrganisationMonth({ loaderData, actionData }: Route.ComponentProps) {
  const { organisation, month, monthLabel, pickups, sites, recyclers, issued } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? {};
  const field = fieldsOf({ values, errors });
  return (
    <>
      <p>
        <Link to={`/dashboard/organisations/${organisation.id}`}>{organisation.name}</Link>
      </p>
      <h1>
        {organisation.name}: {monthLabel}
      </h1>
      <StatusNotice message={actionData ? null : loaderData.notice} />
      <FormError message={actionData?.formError} className="dash-error" />
      <Form method="get" className="dash-filters">
        <InputField
          id="month"
          name="month"
          label="Month"
          type="month"
          defaultValue={month}
          max={loaderData.latest}
        />
        <button type="submit" className="button button--small">
          Show
        </button>
      </Form>
      <IssuedList issued={issued} sites={sites} />
      <h2>Collected pickups</h2>
      {pickups.length === 0 ? (
        <p>No pickup of this organisation was collected and confirmed in {monthLabel}.</p>
      ) : (
        <DataTable
          caption={`Collected in ${monthLabel}`}
          cards
          columns={["Day", "Site", "Pickup", "Weight", "Value", "Paid"]}
        >
          {pickups.map((pickup) => (
            <Row key={pickup.reference}>
              <th scope="row">{pickup.day}</th>
              <td>{pickup.site}</td>
              <td>{pickup.reference}</td>
              <td>{pickup.weight}</td>
              <td>{pickup.value}</td>
              <td>{pickup.paid}</td>
            </Row>
          ))}
        </DataTable>
      )}
      {issued.length === 0 && sites.length > 0 ? (
        <section aria-labelledby="issue-title">
          <h2 id="issue-title">Issue the statement and certificates</h2>
          <p>
            For each material stream, choose the registered recycler it went to: its registration
            number is printed on the site's certificate.
          </p>
          <Form method="post" className="form" noValidate>
            <input type="hidden" name="intent" value="issue" />
            <input type="hidden" name="month" value={month} />
            {errors.month ? <p className="field__error">{errors.month}</p> : null}
            {sites.map((site) => (
              <fieldset key={site.siteId} className="form__group">
                <legend>{site.site}</legend>
                {site.streams.map((stream) => (
                  <SelectField
                    key={stream.field}
                    {...field(stream.field)}
                    label={`${stream.stream}, ${stream.weight}: recycler`}
                    placeholder="Choose a recycler"
                    options={recyclers}
                  />
                ))}
              </fieldset>
            ))}
            <button type="submit" className="button">
              Issue and e-mail them
            </button>
          </Form>
        </section>
      ) : null}
      <RecyclerForm field={field} month={month} />
    </>
  );
}
