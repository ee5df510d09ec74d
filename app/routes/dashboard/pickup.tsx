import { data, Form, Link, redirect } from "react-router";
import { ConfirmLink, ConfirmStep } from "~/components/dashboard/confirm-step";
import { DataTable, Row } from "~/components/dashboard/data-table";
import { DetailMessages, HistoryList, StatusButton } from "~/components/dashboard/detail-page";
import { PhoneLinks } from "~/components/dashboard/phone-links";
import { InputField } from "~/components/ui/field";
import { getDb } from "~/db/db.server";
import { siteOfPickup } from "~/features/corporate/site-pickups.server";
import { awaitsApproval } from "~/features/exchange/approval";
import { ApproveSheetForm } from "~/features/exchange/approve-sheet-form";
import { AssignCollectorForm } from "~/features/exchange/assign-collector-form";
import { listCollectors } from "~/features/exchange/assignment.server";
import { CloseDisputeForm } from "~/features/exchange/close-dispute-form";
import { doorStatuses } from "~/features/exchange/collector-access";
import { confirmWithPaperSlip } from "~/features/exchange/confirmation.server";
import { ExchangeError } from "~/features/exchange/exchange-error";
import { PAPER_SLIP_LENGTH } from "~/features/exchange/paper-slip";
import {
  submitWeighSheetForm,
  weighSheetFormData,
  weighSheetSettingsFromEnv,
} from "~/features/exchange/weigh-sheet.server";
import { WeighSheetCard } from "~/features/exchange/weigh-sheet-card";
import { WeighSheetForm } from "~/features/exchange/weigh-sheet-form";
import { MessageLog } from "~/features/messages/message-log";
import { messagesOf } from "~/features/messages/messages-admin.server";
import { pickupActionSchema, pickupActionTargets } from "~/features/pickups/pickup-actions.schema";
import { pickupStatusLabels, pickupTransitions } from "~/features/pickups/pickup-status";
import {
  changePickupStatus,
  getPickupForStaff,
  PickupAdminError,
} from "~/features/pickups/pickups-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { messagesFor, refusalText } from "~/i18n/i18n.server";
import { askedStep, unconfirmedStep } from "~/utils/confirm-step";
import {
  formatCalendarDate,
  formatDateTimeIST,
  formatTimeIST,
  kolkataInstant,
} from "~/utils/dates";
import { parseEntityId } from "~/utils/entity-history.server";
import { env } from "~/utils/env.server";
import { textFields } from "~/utils/form-data";
import { formStrings, readIntentForm } from "~/utils/intent-form";
import { formatPaise } from "~/utils/money";
import { rewardWords } from "~/utils/shop-words";
import { formatKg } from "~/utils/units";
import type { Route } from "./+types/pickup";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

const notices: Record<string, string> = {
  confirmed: "Pickup confirmed.",
  missed: "Pickup marked missed.",
  cancelled: "Pickup cancelled.",
  weighed: "Weigh sheet saved. The customer confirms it on their tracking page.",
  approved: "Weigh sheet approved. The customer can confirm it now.",
  held: "Weigh sheet saved. It waits for an admin's approval before the customer can confirm it.",
  "paper-slip": "Weigh sheet confirmed with the signed paper slip; the reward is issued.",
};

/** Pickup detail: every field, estimate lines, history and staff actions (docs/dashboard.md). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const id = parseEntityId(params.id);
  const db = await getDb();
  const found = id === null ? null : await getPickupForStaff(db, id);
  if (!found) throw data("This pickup does not exist.", { status: 404 });
  const weighing = await weighSheetFormData(db, found.pickup.id, found.pickup.rewardPreference);
  const { pricing } = weighSheetSettingsFromEnv();
  const done = new URL(request.url).searchParams.get("done") ?? "";
  const collectors = await listCollectors(db);
  const messageLog = await messagesOf(db, { type: "pickup", id: found.pickup.id });
  const organisationSite = await siteOfPickup(db, found.pickup.id);
  const cancellable = pickupTransitions[found.pickup.status].includes("cancelled");
  return {
    ...found,
    // The confirmation step of Cancel (app/utils/confirm-step.ts), while it can be cancelled.
    cancelling: cancellable && askedStep(request.url, ["cancel"]) !== null,
    weighing,
    pricing,
    notice: notices[done] ?? null,
    collectors,
    messageLog,
    organisationSite,
    isAdmin: user.role === "admin",
    approvalAbovePaise: env().exchange.approvalAbovePaise,
    // The weigh sheet's shared parts read their words from the catalogue; the office page
    // stays English (docs/languages.md "Staff language").
    messages: messagesFor("en", ["collector"]),
  };
}

interface ActionResult {
  error: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/** What the weigh sheet form shows again after a refusal (at most 500 characters a field). */
function echoValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(formStrings(form))) {
    if (key !== "intent") values[key] = value.slice(0, 500);
  }
  return values;
}

/** Saves the staff's weigh sheet (a first sheet or a corrected version). */
async function weigh(request: Request, form: FormData, id: number) {
  const user = await requireStaff(request);
  const { settings, minimumKg } = weighSheetSettingsFromEnv();
  const result = await submitWeighSheetForm(await getDb(), id, form, user, {
    settings,
    minimumKg,
    now: new Date(),
  });
  if (result.ok) {
    return redirect(
      `/dashboard/pickups/${id}?done=${result.approvalRequired ? "held" : "weighed"}`,
    );
  }
  if (result.status === 404) throw data(result.error, { status: 404 });
  const body: ActionResult = {
    error: result.error,
    fieldErrors: result.fieldErrors,
    values: echoValues(form),
  };
  return data(body, { status: result.status });
}

/**
 * Confirms the pending sheet with the organisation's signed paper slip (`confirmWithPaperSlip`,
 * docs/corporate.md "Weigh sheets of organisations"): fields `version` and `slip`.
 */
async function paperSlip(request: Request, form: FormData, id: number) {
  const user = await requireStaff(request);
  const { version, slip } = textFields(form, ["version", "slip"]);
  const values = { slip: slip.slice(0, 500) };
  try {
    if (!/^[1-9][0-9]{0,5}$/.test(version)) throw new ExchangeError("errors.pickup.notFound", 404);
    await confirmWithPaperSlip(
      await getDb(),
      id,
      Number(version),
      slip,
      user,
      new Date(),
      env().exchange,
    );
    return redirect(`/dashboard/pickups/${id}?done=paper-slip`);
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    if (error.status === 404) throw data(refusalText("en", error), { status: 404 });
    const text = refusalText("en", error);
    const body: ActionResult = {
      error: text,
      fieldErrors: error.field ? { [error.field]: text } : {},
      values,
    };
    return data(body, { status: error.status });
  }
}

/**
 * intent = paper-slip (see `paperSlip`), or confirm | missed | cancel (with `expectedFrom`, the status the page showed) or weigh
 * (the weigh sheet, with `expectedVersion`), read by `pickupActionSchema`. Unknown intent or
 * missing `expectedFrom` → 400; a stale page → 409 (intent-form.ts); a weigh sheet with
 * mistakes → 422 with a message per field. Cancel without `confirm=yes` goes to its
 * confirmation step and changes nothing.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const id = parseEntityId(params.id);
  if (id === null) throw data("This pickup does not exist.", { status: 404 });
  const form = await request.formData();
  const step = unconfirmedStep(request, formStrings(form), { cancel: [] });
  if (step) return redirect(step);
  const values = echoValues(form);
  const fail = (error: string, status: number, fieldErrors: Record<string, string> = {}) =>
    data<ActionResult>({ error, fieldErrors, values }, { status });
  if (form.get("intent") === "paper-slip") return paperSlip(request, form, id);
  const posted = readIntentForm(pickupActionSchema, form);
  if (!posted.ok) return fail(refusalText("en", posted.ref), posted.status);
  if (posted.data.intent === "weigh") return weigh(request, form, id);
  const { intent, expectedFrom } = posted.data;
  try {
    const to = pickupActionTargets[intent];
    await changePickupStatus(await getDb(), id, to, user.email, expectedFrom);
    return redirect(`/dashboard/pickups/${id}?done=${to}`);
  } catch (error) {
    if (error instanceof PickupAdminError) {
      if (error.status === 404) throw data(error.message, { status: 404 });
      return fail(error.message, error.status, error.fieldErrors);
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.pickup.reference ?? "Pickup"} | Staff dashboard` },
];

type LoaderData = Route.ComponentProps["loaderData"];

function kg(grams: number | null): string {
  return grams === null ? "–" : formatKg(grams);
}

/** The booking: slot, contact, address, reward, estimate and payout. */
function PickupFacts({ pickup }: { pickup: LoaderData["pickup"] }) {
  return (
    <dl className="dash-details">
      <dt>Date and slot</dt>
      <dd>
        {formatCalendarDate(pickup.pickupDate)} {pickup.pickupDate.slice(0, 4)}, from{" "}
        {formatTimeIST(kolkataInstant(pickup.pickupDate, pickup.slotStart))}
      </dd>
      <dt>Name</dt>
      <dd>{pickup.name}</dd>
      <dt>Phone</dt>
      <dd>
        <PhoneLinks phone={pickup.phone} name={pickup.name} />
      </dd>
      <dt>E-mail</dt>
      <dd>{pickup.email}</dd>
      <dt>Address</dt>
      <dd>
        {pickup.addressLine1}
        {pickup.addressLine2 ? `, ${pickup.addressLine2}` : ""}, {pickup.city} {pickup.pinCode}
      </dd>
      <dt>Reward preference</dt>
      <dd>{rewardWords[pickup.rewardPreference] ?? pickup.rewardPreference}</dd>
      <dt>Estimate</dt>
      <dd>{formatPaise(pickup.estimatePaise)}</dd>
      <dt>Payout</dt>
      <dd>{pickup.payoutPaise === null ? "–" : formatPaise(pickup.payoutPaise)}</dd>
      {pickup.rewardGiven ? (
        <>
          <dt>Reward given</dt>
          <dd>{pickup.rewardGiven}</dd>
        </>
      ) : null}
      <dt>Booked</dt>
      <dd>{formatDateTimeIST(pickup.createdAt)}</dd>
    </dl>
  );
}

/** The estimate lines: estimated and weighed kg, rate at booking. */
function MaterialsTable({ items }: { items: LoaderData["items"] }) {
  if (items.length === 0) return <p>No estimate was given with the booking.</p>;
  return (
    <DataTable
      label="Materials"
      cards
      columns={[
        "Material",
        { label: "Estimated", numeric: true },
        { label: "Rate at booking (per kg)", numeric: true },
        { label: "Weighed", numeric: true },
      ]}
    >
      {items.map((item) => (
        <Row key={item.id}>
          <th scope="row">{item.material}</th>
          <td className="num">{kg(item.estimatedGrams)}</td>
          <td className="num">{formatPaise(item.ratePaisePerKg)}</td>
          <td className="num">{kg(item.weighedGrams)}</td>
        </Row>
      ))}
    </DataTable>
  );
}

const statusButtons = [
  { intent: "confirm", label: "Confirm pickup" },
  { intent: "missed", label: "Mark missed" },
  { intent: "cancel", label: "Cancel pickup" },
] as const;

/** The buttons of the status changes the workflow allows now (weighing has its form). */
function StatusActions({ status }: { status: LoaderData["pickup"]["status"] }) {
  const allowed = pickupTransitions[status];
  const buttons = statusButtons.filter((b) => allowed.includes(pickupActionTargets[b.intent]));
  if (buttons.length === 0) return null;
  return (
    <>
      <h2>Change status</h2>
      <div className="dash-actions">
        {buttons.map((button) =>
          button.intent === "cancel" ? (
            <ConfirmLink key={button.intent} intent="cancel" small={false}>
              {button.label}
            </ConfirmLink>
          ) : (
            <StatusButton key={button.intent} intent={button.intent} expectedFrom={status}>
              {button.label}
            </StatusButton>
          ),
        )}
      </div>
    </>
  );
}

/** The confirmation step of Cancel (app/utils/confirm-step.ts). */
function CancelStep({ pickup }: { pickup: LoaderData["pickup"] }) {
  return (
    <ConfirmStep
      title={`Cancel pickup ${pickup.reference}?`}
      intent="cancel"
      row={{ expectedFrom: pickup.status }}
      confirmLabel={`Cancel pickup ${pickup.reference}`}
      backLabel="Keep the pickup"
    >
      <p>The customer is told, and the collector no longer sees it on the route sheet.</p>
    </ConfirmStep>
  );
}

/** Every weigh sheet version, newest first, then the form for a new one (or a correction). */
function WeighSheets({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { pickup, weighing, pricing } = loaderData;
  const latest = weighing.sheets[0] ?? null;
  return (
    <section aria-labelledby="weigh-sheets-heading">
      <h2 id="weigh-sheets-heading">Weigh sheets</h2>
      {weighing.sheets.length === 0 ? <p>No weigh sheet yet.</p> : null}
      {weighing.sheets.map((sheet) => (
        <WeighSheetCard key={sheet.id} sheet={sheet} />
      ))}
      {doorStatuses.includes(pickup.status) ? (
        <>
          <h3>
            {pickup.status === "disputed"
              ? "Correct the weigh sheet"
              : latest
                ? "Save a new version"
                : "Save the weigh sheet"}
          </h3>
          <WeighSheetForm
            data={weighing}
            latest={latest}
            reward={pickup.rewardPreference}
            pricing={pricing}
            errors={actionData?.fieldErrors ?? {}}
            values={actionData?.values.expectedVersion === undefined ? null : actionData.values}
            showNote={pickup.status === "disputed"}
          />
        </>
      ) : null}
    </section>
  );
}

/** The approval form while the latest sheet waits for an admin (docs/exchange.md). */
function ApproveLatestSheet({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const latest = loaderData.weighing.sheets[0];
  if (latest?.status !== "pending" || !awaitsApproval(latest)) return null;
  return (
    <ApproveSheetForm
      pickupId={loaderData.pickup.id}
      version={latest.version}
      rewardValuePaise={latest.rewardValuePaise}
      approveAbovePaise={loaderData.approvalAbovePaise}
      canApprove={loaderData.isAdmin}
    />
  );
}

/**
 * For an organisation's scheduled pickup whose latest sheet waits: confirm it with the signed
 * paper slip staff hold (docs/corporate.md "Weigh sheets of organisations").
 */
function PaperSlipForm({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const latest = loaderData.weighing.sheets[0];
  const site = loaderData.organisationSite;
  if (!site || latest?.status !== "pending" || awaitsApproval(latest)) return null;
  const error = actionData?.fieldErrors.slip;
  return (
    <section aria-labelledby="paper-slip-title">
      <h2 id="paper-slip-title">Confirm with the signed paper slip</h2>
      <p>
        A pickup of {site.organisation} ({site.site}). Its contact may confirm the weigh sheet from
        the e-mailed tracking link, or sign the collector's paper slip: with the signed slip in
        hand, confirm version {latest.version} here.
      </p>
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="intent" value="paper-slip" />
        <input type="hidden" name="version" value={latest.version} />
        <InputField
          id="slip"
          name="slip"
          label="Which slip, signed by whom"
          hint="Like: Slip 0412, signed by Ravi (security desk)."
          defaultValue={actionData?.values.slip}
          error={error}
          maxLength={PAPER_SLIP_LENGTH.max}
          required
        />
        <button type="submit" className="button">
          Confirm with the paper slip
        </button>
      </Form>
    </section>
  );
}

export default function PickupDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { pickup, items, history, notice } = loaderData;
  return (
    <>
      <p>
        <Link to="/dashboard/pickups">← All pickups</Link>
      </p>
      <h1>
        Pickup {pickup.reference}: {pickupStatusLabels[pickup.status]}
      </h1>
      <DetailMessages notice={notice} error={actionData?.error} answered={Boolean(actionData)} />
      {loaderData.cancelling ? <CancelStep pickup={pickup} /> : null}
      <PickupFacts pickup={pickup} />
      <AssignCollectorForm
        pickupId={pickup.id}
        status={pickup.status}
        collectorId={pickup.collectorId}
        collectors={loaderData.collectors}
      />
      <h2>Materials</h2>
      <MaterialsTable items={items} />
      <StatusActions status={pickup.status} />
      {pickup.status === "disputed" ? <CloseDisputeForm pickupId={pickup.id} /> : null}
      <ApproveLatestSheet loaderData={loaderData} />
      <PaperSlipForm loaderData={loaderData} actionData={actionData} />
      <WeighSheets loaderData={loaderData} actionData={actionData} />
      <MessageLog messages={loaderData.messageLog} />
      <HistoryList history={history} />
    </>
  );
}
