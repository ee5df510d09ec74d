import { Link } from "react-router";
import { Row } from "~/components/dashboard/data-table";
import {
  ChoiceFilter,
  DateRangeFilters,
  FilterForm,
  ListResults,
  TextFilter,
} from "~/components/dashboard/list-page";
import { getDb } from "~/db/db.server";
import { requireStaff } from "~/features/staff/session.server";
import { auditEntityLabels } from "~/utils/audit-entities";
import { auditActorSuggestions, auditFiltersSchema, listAudit } from "~/utils/audit-log.server";
import { formatDateTimeIST } from "~/utils/dates";
import { listPageData } from "~/utils/list-page.server";
import type { Route } from "./+types/audit";

/**
 * Audit log (docs/dashboard.md), read only and open to every staff member: newest first, filters
 * by kind of record, record id, actor and Asia/Kolkata dates, keyset pages of 50.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const db = await getDb();
  return listPageData(
    request,
    {
      path: "/dashboard/audit",
      schema: auditFiltersSchema,
      read: async (filters, after) => {
        const page = await listAudit(db, filters, after);
        return { rows: page.rows.map(({ details: _details, ...row }) => row), next: page.next };
      },
    },
    { actors: await auditActorSuggestions(db) },
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Audit log | Staff dashboard" }];

type AuditData = Route.ComponentProps["loaderData"];

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { errors, rows } = loaderData;
  return (
    <>
      <h1>Audit log</h1>
      <p>
        Every change to orders, pickups, products, rates, reviews and staff accounts, newest first.
      </p>
      <AuditFilters values={loaderData.values} errors={errors} actors={loaderData.actors} />
      <ListResults
        page={loaderData}
        noun={{ one: "entry", many: "entries" }}
        caption="Audit log, newest first"
        columns={[
          "When (IST)",
          { label: "Who", card: "wide" },
          "Action",
          "Record",
          { label: "Before → after", card: "wide" },
        ]}
      >
        {rows.map((row) => (
          <AuditEntry key={row.id} row={row} />
        ))}
      </ListResults>
    </>
  );
}

/** Kind of record, record id, who (suggesting every actor) and a date range. */
function AuditFilters({ values, errors, actors }: Pick<AuditData, "values" | "errors" | "actors">) {
  return (
    <FilterForm
      label="Filter the audit log"
      clearHref="/dashboard/audit"
      values={values}
      errors={errors}
    >
      <ChoiceFilter
        name="entity"
        label="Kind of record"
        placeholder="Every kind"
        choices={auditEntityLabels}
      />
      <TextFilter name="entityId" label="Record id" inputMode="numeric" />
      <TextFilter
        name="actor"
        label="Who (email, visitor or system)"
        list="audit-actors"
        autoComplete="off"
      />
      <datalist id="audit-actors">
        {actors.map((actor) => (
          <option key={actor} value={actor} />
        ))}
      </datalist>
      <DateRangeFilters fromLabel="From (date)" toLabel="To (date)" />
    </FilterForm>
  );
}

/** One entry: when, who, the action, the record (linked when it has a page), what changed. */
function AuditEntry({ row }: { row: AuditData["rows"][number] }) {
  return (
    <Row>
      <th scope="row">{formatDateTimeIST(new Date(row.createdAt))}</th>
      <td>{row.actor}</td>
      <td>
        <code>{row.action}</code>
      </td>
      <td>
        {row.href ? (
          <Link to={row.href}>
            {row.entity} #{row.entityId}
          </Link>
        ) : (
          <>
            {row.entity}
            {row.entityId ? ` #${row.entityId}` : ""}
          </>
        )}
      </td>
      <td>
        {row.changes.length === 0 ? (
          "—"
        ) : (
          <ul className="dash-changes">
            {row.changes.map((change, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines of one entry, fixed order
              <li key={i}>{change}</li>
            ))}
          </ul>
        )}
      </td>
    </Row>
  );
}
