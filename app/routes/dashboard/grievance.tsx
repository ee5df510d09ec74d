import { data, Form, Link, redirect, useNavigation } from "react-router";
import { DetailMessages, HistoryList } from "~/components/dashboard/detail-page";
import { PhoneLinks } from "~/components/dashboard/phone-links";
import { getDb } from "~/db/db.server";
import { grievanceChangeSchema } from "~/features/privacy/grievance.schema";
import {
  changeGrievance,
  getGrievance,
  grievanceTopicLabels,
} from "~/features/privacy/grievance.server";
import { GRIEVANCE_NOTE_MAX } from "~/features/privacy/grievance-fields";
import { requireStaff } from "~/features/staff/session.server";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import { languageLabels } from "~/i18n/languages";
import { formatDateTimeIST } from "~/utils/dates";
import { entityHistory, parseEntityId } from "~/utils/entity-history.server";
import { textFields } from "~/utils/form-data";
import { isRefusal } from "~/utils/refusal";
import type { Route } from "./+types/grievance";

// Loader and action headers reach document responses too.
export { headers } from "~/utils/route-headers";

const notices: Record<string, string> = {
  acknowledge: "Grievance acknowledged.",
  note: "Note saved.",
  resolve: "Grievance resolved.",
};

/** One grievance with its details, deadlines, note, actions and history (docs/accounts.md). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const id = parseEntityId(params.id);
  const db = await getDb();
  const grievance = id === null ? null : await getGrievance(db, id, new Date());
  if (!grievance) throw data("This grievance does not exist.", { status: 404 });
  const at = (date: Date | null) => (date ? formatDateTimeIST(date) : null);
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return {
    grievance: {
      ...grievance,
      topic: grievanceTopicLabels[grievance.topic],
      language: languageLabels[grievance.language],
      receivedAt: formatDateTimeIST(grievance.receivedAt),
      acknowledgeBy: formatDateTimeIST(grievance.acknowledgeBy),
      acknowledgedAt: at(grievance.acknowledgedAt),
      resolvedAt: at(grievance.resolvedAt),
    },
    history: await entityHistory(db, "grievance", grievance.id),
    notice: notices[done] ?? null,
  };
}

/**
 * intent = acknowledge | note (with `note`) | resolve, each with its audit row
 * (`changeGrievance`). A bad form → 400; unknown grievance → 404; acknowledged or resolved
 * already → 409; success redirects back with a notice.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const id = parseEntityId(params.id);
  if (id === null) throw data("This grievance does not exist.", { status: 404 });
  const parsed = grievanceChangeSchema.safeParse(
    textFields(await request.formData(), ["intent", "note"]),
  );
  if (!parsed.success) {
    const error = Object.values(fieldErrorTexts("en", parsed.error.issues))[0] ?? "Bad request.";
    return data({ error }, { status: 400 });
  }
  try {
    await changeGrievance(await getDb(), { email: user.email }, id, parsed.data, new Date());
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return data({ error: refusalText("en", error) }, { status: error.status });
  }
  return redirect(`/dashboard/grievances/${id}?done=${parsed.data.intent}`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Grievance ${loaderData?.grievance.ticket ?? ""} | Staff dashboard` },
];

function IntentButton({ intent, children }: { intent: string; children: string }) {
  const navigation = useNavigation();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="button" disabled={navigation.state === "submitting"}>
        {children}
      </button>
    </Form>
  );
}

export default function GrievanceDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { grievance, history, notice } = loaderData;
  const navigation = useNavigation();
  const open = !grievance.resolvedAt;
  return (
    <>
      <p>
        <Link to="/dashboard/grievances">All grievances</Link>
      </p>
      <h1>Grievance {grievance.ticket}</h1>
      <DetailMessages notice={notice} error={actionData?.error} answered={Boolean(actionData)} />
      {grievance.overdue ? (
        <p className="dash-error">Past 48 hours without an acknowledgement.</p>
      ) : null}
      <dl className="dash-details">
        <dt>Name</dt>
        <dd>{grievance.name}</dd>
        <dt>Mobile number</dt>
        <dd>
          {grievance.phone ? <PhoneLinks phone={grievance.phone} name={grievance.name} /> : "–"}
        </dd>
        <dt>Email</dt>
        <dd>
          {grievance.email ? <a href={`mailto:${grievance.email}`}>{grievance.email}</a> : "–"}
        </dd>
        <dt>About</dt>
        <dd>{grievance.topic}</dd>
        <dt>Language</dt>
        <dd>{grievance.language}</dd>
        <dt>Received</dt>
        <dd>{grievance.receivedAt}</dd>
        <dt>Acknowledge by</dt>
        <dd>{grievance.acknowledgeBy}</dd>
        <dt>Acknowledged</dt>
        <dd>
          {grievance.acknowledgedAt
            ? `${grievance.acknowledgedAt} by ${grievance.acknowledgedBy}`
            : "Not yet"}
        </dd>
        <dt>Resolved</dt>
        <dd>
          {grievance.resolvedAt ? `${grievance.resolvedAt} by ${grievance.resolvedBy}` : "Not yet"}
        </dd>
      </dl>
      <h2>Details</h2>
      <p className="dash-review-body">{grievance.details}</p>
      {open ? (
        <div className="dash-actions dash-actions--row">
          {grievance.acknowledgedAt ? null : (
            <IntentButton intent="acknowledge">Acknowledge</IntentButton>
          )}
          <IntentButton intent="resolve">Resolve</IntentButton>
        </div>
      ) : null}
      <h2>Note</h2>
      <Form method="post" className="dash-form">
        <input type="hidden" name="intent" value="note" />
        <label htmlFor="note">Staff note (what was done, what was answered)</label>
        <textarea
          id="note"
          name="note"
          rows={5}
          maxLength={GRIEVANCE_NOTE_MAX}
          defaultValue={grievance.note}
        />
        <button
          type="submit"
          className="button button--secondary"
          disabled={navigation.state === "submitting"}
        >
          Save note
        </button>
      </Form>
      <HistoryList history={history} />
    </>
  );
}
