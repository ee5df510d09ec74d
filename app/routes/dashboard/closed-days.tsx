import { data, Form, Link, redirect } from "react-router";
import { ConfirmLink, ConfirmStep } from "~/components/dashboard/confirm-step";
import { DataTable, Row } from "~/components/dashboard/data-table";
import { fieldsOf, InputField } from "~/components/ui/field";
import { FormError, StatusNotice } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import {
  closedDayFields,
  closedDaySchema,
  MAX_REASON_LENGTH,
} from "~/features/calendar/closed-day.schema";
import {
  CalendarError,
  closeDay,
  listClosedDays,
  reopenDay,
} from "~/features/calendar/closed-days.server";
import { countOpenPickupsByDay } from "~/features/pickups/pickups-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import { askedStep, unconfirmedStep } from "~/utils/confirm-step";
import { formatCalendarDate, isCalendarDate, todayInKolkata } from "~/utils/dates";
import { textFields } from "~/utils/form-data";
import { UNKNOWN_ACTION } from "~/utils/intent-form";
import { englishText, message } from "~/utils/refusal";
import type { Route } from "./+types/closed-days";

export { headers } from "~/utils/route-headers";

/** "Sat, 14 Nov 2026" for a "YYYY-MM-DD" day (English: the dashboard's language). */
function dayLabel(day: string): string {
  return `${formatCalendarDate(day)} ${day.slice(0, 4)}`;
}

/** What the page's notice says after a redirect (`?closed=<day>` or `?reopened=<day>`). */
function noticeOf(params: URLSearchParams): string | null {
  const closed = params.get("closed") ?? "";
  if (isCalendarDate(closed)) return `${dayLabel(closed)} is closed: nothing can be booked on it.`;
  const reopened = params.get("reopened") ?? "";
  if (isCalendarDate(reopened)) return `${dayLabel(reopened)} is open for bookings again.`;
  return null;
}

/**
 * Closed days (docs/operations.md "Closed days"): the days from today on that the shop closed,
 * each with its reason and the open pickups booked on it before it closed; the form to close a
 * day; the confirmation step of Reopen. Admin only.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "admin");
  const db = await getDb();
  const today = todayInKolkata(new Date());
  const days = await listClosedDays(db, today);
  const booked = await countOpenPickupsByDay(
    db,
    days.map((row) => row.day),
  );
  const params = new URL(request.url).searchParams;
  const reopening = askedStep(request.url, ["reopen"])
    ? (days.find((row) => row.day === params.get("day")) ?? null)
    : null;
  return {
    today,
    days: days.map((row) => ({
      ...row,
      label: dayLabel(row.day),
      pickups: booked.get(row.day) ?? 0,
    })),
    reopening: reopening && { day: reopening.day, label: dayLabel(reopening.day) },
    notice: noticeOf(params),
  };
}

interface ClosedDaysResult {
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
}

/**
 * intent = close (a day and its reason) or reopen (after its confirmation step). A bad field →
 * 400 with its message next to it; a past day → 422, an already closed day → 409, both next to
 * Day; a day not closed (reopened meanwhile) → 404 over the form. Each change is audited
 * (`closed_date.*`).
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireStaff(request, "admin");
  const fields = textFields(await request.formData(), ["intent", "confirm", ...closedDayFields]);
  const step = unconfirmedStep(request, fields, { reopen: ["day"] });
  if (step) return redirect(step);
  const values = { day: fields.day ?? "", reason: fields.reason ?? "" };
  const fail = (status: number, result: Partial<ClosedDaysResult>) =>
    data<ClosedDaysResult>({ values, errors: {}, ...result }, { status });
  const db = await getDb();
  try {
    if (fields.intent === "reopen" && isCalendarDate(values.day)) {
      await reopenDay(db, admin, values.day);
      return redirect(`/dashboard/closed-days?reopened=${values.day}`);
    }
    if (fields.intent !== "close") return fail(400, { formError: englishText(UNKNOWN_ACTION) });
    const parsed = closedDaySchema.safeParse(values);
    if (!parsed.success) {
      return fail(400, {
        errors: fieldErrorTexts("en", parsed.error.issues),
        formError: refusalText("en", message("dashboard.calendar.correctFields")),
      });
    }
    await closeDay(db, admin, parsed.data, new Date());
    return redirect(`/dashboard/closed-days?closed=${parsed.data.day}`);
  } catch (error) {
    if (error instanceof CalendarError) {
      const text = refusalText("en", error);
      return fail(error.status, error.field ? { errors: { day: text } } : { formError: text });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Closed days | Staff dashboard" }];

export default function ClosedDays({ loaderData, actionData }: Route.ComponentProps) {
  const { days, reopening, notice, today } = loaderData;
  const field = fieldsOf({ values: actionData?.values ?? {}, errors: actionData?.errors ?? {} });
  return (
    <>
      <h1>Closed days</h1>
      <p>
        On a closed day nothing can be booked: the pickup form does not offer it, and a booking or a
        move onto it is refused. Pickups booked before the day closed stay: move or cancel them from
        the pickups list, and tell the customers.
      </p>
      <StatusNotice message={actionData ? null : notice} />
      {reopening ? (
        <ConfirmStep
          title={`Reopen ${reopening.label}?`}
          intent="reopen"
          row={{ day: reopening.day }}
          confirmLabel={`Reopen ${reopening.label}`}
          backLabel="Keep it closed"
          backHref="/dashboard/closed-days"
        >
          <p>Customers can book pickups on it again at once.</p>
        </ConfirmStep>
      ) : null}
      {days.length === 0 ? (
        <p>No day from today on is closed.</p>
      ) : (
        <DataTable
          caption="Closed days from today on"
          cards
          columns={[
            "Day",
            "Reason",
            "Pickups booked",
            "Closed by",
            { label: "Actions", card: "bare" },
          ]}
        >
          {days.map((row) => (
            <Row key={row.day}>
              <th scope="row">{row.label}</th>
              <td>{row.reason}</td>
              <td>
                {row.pickups === 0 ? (
                  "None"
                ) : (
                  <Link to={`/dashboard/pickups?from=${row.day}&to=${row.day}`}>
                    {row.pickups === 1 ? "1 pickup to move" : `${row.pickups} pickups to move`}
                  </Link>
                )}
              </td>
              <td>{row.closedBy}</td>
              <td className="dash-actions">
                <ConfirmLink intent="reopen" row={{ day: row.day }} rowName={row.label}>
                  Reopen
                </ConfirmLink>
              </td>
            </Row>
          ))}
        </DataTable>
      )}
      <section aria-labelledby="close-day-title">
        <h2 id="close-day-title">Close a day</h2>
        <FormError message={actionData?.formError} className="dash-error" />
        <Form method="post" className="form" noValidate>
          <input type="hidden" name="intent" value="close" />
          <InputField {...field("day")} label="Day" type="date" min={today} required />
          <InputField
            {...field("reason")}
            label="Reason"
            hint="For staff, like Diwali or a bandh."
            maxLength={MAX_REASON_LENGTH}
            required
          />
          <button type="submit" className="button">
            Close this day
          </button>
        </Form>
      </section>
    </>
  );
}
