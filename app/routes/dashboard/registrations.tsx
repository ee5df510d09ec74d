import { data, Form, Link } from "react-router";
import { InputField } from "~/components/ui/field";
import { getDb } from "~/db/db.server";
import {
  listRegistrations,
  registrationFiltersSchema,
} from "~/features/community/community-admin.server";
import { parseFilters, withQuery } from "~/features/dashboard/list-filters.server";
import { requireStaff } from "~/features/staff/session.server";
import { formatDateTimeIST } from "~/utils/dates";
import { formatIndianMobile } from "~/utils/phone";
import type { Route } from "./+types/registrations";

const filterKeys = ["q"] as const;

/** Mailing-list registrations (issue 6 item 5): search and keyset pages of 50, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const parsed = parseFilters(registrationFiltersSchema, params, filterKeys);
  const base = {
    values: parsed.values,
    isFirstPage: !params.get("after"),
    firstPage: withQuery("/dashboard/registrations", parsed.values),
    exportHref: withQuery("/dashboard/registrations/export", parsed.values),
  };
  if (!parsed.ok) {
    return data({ ...base, errors: parsed.errors, rows: [], next: null }, { status: 400 });
  }
  const page = await listRegistrations(await getDb(), parsed.filters, params.get("after"));
  return {
    ...base,
    errors: {} as Record<string, string>,
    rows: page.rows,
    next: page.next
      ? withQuery("/dashboard/registrations", { ...parsed.values, after: page.next })
      : null,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Registrations | Staff dashboard" }];

export default function Registrations({ loaderData }: Route.ComponentProps) {
  const { values, errors, rows } = loaderData;
  return (
    <>
      <h1>Registrations</h1>
      <p>People who joined the mailing list with ‘Join us’, newest first.</p>
      <Form method="get" className="dash-filters" role="search" aria-label="Search registrations">
        <InputField
          id="q"
          name="q"
          label="Search name, email or phone"
          type="search"
          defaultValue={values.q}
          error={errors.q}
        />
        <button type="submit" className="button">
          Search
        </button>
        <Link to="/dashboard/registrations">Clear search</Link>
      </Form>
      {Object.keys(errors).length > 0 ? null : (
        <p>
          <a href={loaderData.exportHref} download>
            Export CSV
          </a>{" "}
          (every registration matching this search)
        </p>
      )}
      {rows.length === 0 ? (
        <p className="dash-notice">No registrations match this search.</p>
      ) : (
        <div className="dash-table-wrap">
          <table className="dash-table">
            <caption className="visually-hidden">Registrations, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Contact</th>
                <th scope="col">Mailing list</th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.name}</th>
                  <td>{row.email}</td>
                  <td>{formatIndianMobile(row.phone)}</td>
                  <td>{row.subscribed ? "Subscribed" : "Unsubscribed"}</td>
                  <td>{formatDateTimeIST(new Date(row.createdAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="dash-pager" aria-label="Pages">
        {loaderData.isFirstPage ? null : <Link to={loaderData.firstPage}>First page</Link>}
        {loaderData.next ? <Link to={loaderData.next}>Next page</Link> : null}
      </nav>
    </>
  );
}
