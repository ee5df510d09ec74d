import { type ChangeEvent, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { DetailMessages, HistoryList, StatusButton } from "~/components/dashboard/detail-page";
import { InputField } from "~/components/ui/field";
import { getDb } from "~/db/db.server";
import {
  EXTRA_MATERIAL_ROWS,
  kgToGrams,
  suggestedPayoutPaise,
} from "~/features/pickups/collection";
import { pickupStatusLabels, pickupTransitions } from "~/features/pickups/pickup-status";
import {
  asPickupStatus,
  changePickupStatus,
  getPickupForStaff,
  PickupAdminError,
  parseCollectionForm,
  recordCollection,
} from "~/features/pickups/pickups-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { formatCalendarDate, formatDateTimeIST } from "~/utils/dates";
import { parseEntityId } from "~/utils/entity-history.server";
import { formatPaise } from "~/utils/money";
import { formatIndianMobile } from "~/utils/phone";
import type { Route } from "./+types/pickup";

const notices: Record<string, string> = {
  confirmed: "Pickup confirmed.",
  missed: "Pickup marked missed.",
  cancelled: "Pickup cancelled.",
  collected: "Collection recorded.",
};

/** Pickup detail (issue 6 item 3): every field, estimate lines, history and staff actions. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const id = parseEntityId(params.id);
  const found = id === null ? null : await getPickupForStaff(await getDb(), id);
  if (!found) throw data("This pickup does not exist.", { status: 404 });
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return { ...found, notice: notices[done] ?? null };
}

interface ActionResult {
  error: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/**
 * intent = confirm | missed | cancel | collected; `expectedFrom` is the status the page showed,
 * so a stale page gets 409 instead of overwriting someone else's change.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const id = parseEntityId(params.id);
  if (id === null) throw data("This pickup does not exist.", { status: 404 });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const expectedFrom = asPickupStatus(String(form.get("expectedFrom") ?? ""));
  const db = await getDb();
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && key !== "intent") values[key] = value.slice(0, 200);
  }
  const fail = (error: string, status: number, fieldErrors: Record<string, string> = {}) =>
    data<ActionResult>({ error, fieldErrors, values }, { status });
  const simple = { confirm: "confirmed", missed: "missed", cancel: "cancelled" } as const;
  try {
    if (Object.hasOwn(simple, intent)) {
      const to = simple[intent as keyof typeof simple];
      await changePickupStatus(db, id, to, user.email, expectedFrom);
      return redirect(`/dashboard/pickups/${id}?done=${to}`);
    }
    if (intent === "collected") {
      const found = await getPickupForStaff(db, id);
      if (!found) throw data("This pickup does not exist.", { status: 404 });
      const estimated = [...new Set(found.items.map((item) => item.materialId))];
      const parsed = parseCollectionForm(form, estimated);
      if (!parsed.ok) {
        return fail("Please correct the collection details.", 422, parsed.errors);
      }
      await recordCollection(db, id, parsed.input, user.email, expectedFrom);
      return redirect(`/dashboard/pickups/${id}?done=collected`);
    }
    return fail("Unknown action.", 400);
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

function kg(grams: number | null): string {
  return grams === null ? "–" : `${(grams / 1000).toLocaleString("en-IN")} kg`;
}

export default function PickupDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { pickup, items, history, notice } = loaderData;
  const allowed = pickupTransitions[pickup.status];
  return (
    <>
      <p>
        <Link to="/dashboard/pickups">← All pickups</Link>
      </p>
      <h1>
        Pickup {pickup.reference}: {pickupStatusLabels[pickup.status]}
      </h1>
      <DetailMessages notice={notice} error={actionData?.error} answered={Boolean(actionData)} />
      <dl className="dash-details">
        <dt>Date and slot</dt>
        <dd>
          {formatCalendarDate(pickup.pickupDate)} {pickup.pickupDate.slice(0, 4)}, from{" "}
          {pickup.slotStart} (IST)
        </dd>
        <dt>Name</dt>
        <dd>{pickup.name}</dd>
        <dt>Phone</dt>
        <dd>{formatIndianMobile(pickup.phone)}</dd>
        <dt>E-mail</dt>
        <dd>{pickup.email}</dd>
        <dt>Address</dt>
        <dd>
          {pickup.addressLine1}
          {pickup.addressLine2 ? `, ${pickup.addressLine2}` : ""}, {pickup.city} {pickup.pinCode}
        </dd>
        <dt>Reward preference</dt>
        <dd>{pickup.rewardPreference}</dd>
        <dt>Estimate</dt>
        <dd>{formatPaise(pickup.estimatePaise)}</dd>
        <dt>Payout</dt>
        <dd>{pickup.payoutPaise === null ? "–" : formatPaise(pickup.payoutPaise)}</dd>
        <dt>Reward given</dt>
        <dd>{pickup.rewardGiven ?? "–"}</dd>
        <dt>Booked</dt>
        <dd>{formatDateTimeIST(pickup.createdAt)}</dd>
      </dl>

      <h2>Materials</h2>
      {items.length === 0 ? (
        <p>No estimate was given with the booking.</p>
      ) : (
        <div className="dash-table-wrap">
          <table className="dash-table">
            <thead>
              <tr>
                <th scope="col">Material</th>
                <th scope="col" className="num">
                  Estimated
                </th>
                <th scope="col" className="num">
                  Rate at booking (per kg)
                </th>
                <th scope="col" className="num">
                  Weighed
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <th scope="row">{item.material}</th>
                  <td className="num">{kg(item.estimatedGrams)}</td>
                  <td className="num">{formatPaise(item.ratePaisePerKg)}</td>
                  <td className="num">{kg(item.weighedGrams)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {allowed.length > 0 ? (
        <>
          <h2>Change status</h2>
          <div className="dash-actions">
            {allowed.includes("confirmed") ? (
              <StatusButton intent="confirm" expectedFrom={pickup.status}>
                Confirm pickup
              </StatusButton>
            ) : null}
            {allowed.includes("missed") ? (
              <StatusButton intent="missed" expectedFrom={pickup.status}>
                Mark missed
              </StatusButton>
            ) : null}
            {allowed.includes("cancelled") ? (
              <StatusButton intent="cancel" expectedFrom={pickup.status}>
                Cancel pickup
              </StatusButton>
            ) : null}
          </div>
        </>
      ) : null}
      {allowed.includes("collected") ? (
        <CollectionForm
          loaderData={loaderData}
          errors={actionData?.fieldErrors ?? {}}
          values={actionData?.values ?? {}}
        />
      ) : null}

      <HistoryList history={history} />
    </>
  );
}

function CollectionForm({
  loaderData,
  errors,
  values,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  errors: Record<string, string>;
  values: Record<string, string>;
}) {
  const { pickup, items, materials } = loaderData;
  const navigation = useNavigation();
  const [kgText, setKgText] = useState<Record<string, string>>(values);
  const [payout, setPayout] = useState(values.payout ?? "");
  const [payoutEdited, setPayoutEdited] = useState(Boolean(values.payout));
  const estimatedIds = new Set(items.map((item) => item.materialId));
  const extraChoices = materials.filter((material) => !estimatedIds.has(material.id));
  const rateOf = new Map<number, number>(materials.map((m) => [m.id, m.ratePaisePerKg]));
  for (const item of items) rateOf.set(item.materialId, item.currentRatePaisePerKg);
  const weighed: { grams: number; ratePaisePerKg: number }[] = [];
  const add = (materialId: number, text: string | undefined) => {
    const grams = text ? kgToGrams(text) : 0;
    const rate = rateOf.get(materialId);
    if (typeof grams === "number" && rate !== undefined) {
      weighed.push({ grams, ratePaisePerKg: rate });
    }
  };
  for (const id of estimatedIds) add(id, kgText[`kg-${id}`]);
  for (let n = 1; n <= EXTRA_MATERIAL_ROWS; n++) {
    add(Number(kgText[`extraMaterial${n}`] ?? 0), kgText[`extraKg${n}`]);
  }
  const suggested = suggestedPayoutPaise(weighed);
  const payoutValue = payoutEdited ? payout : weighed.length ? (suggested / 100).toFixed(2) : "";
  const track = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setKgText((old) => ({ ...old, [event.target.name]: event.target.value }));

  return (
    <section aria-labelledby="collect-heading">
      <h2 id="collect-heading">Record the collection</h2>
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="intent" value="collected" />
        <input type="hidden" name="expectedFrom" value={pickup.status} />
        {errors.form ? (
          <p className="dash-error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <fieldset>
          <legend>Weighed kilograms (up to 3 decimals)</legend>
          {items.map((item) => (
            <InputField
              key={item.id}
              id={`kg-${item.materialId}`}
              name={`kg-${item.materialId}`}
              label={`${item.material} (kg; estimated ${kg(item.estimatedGrams)}, now ${formatPaise(item.currentRatePaisePerKg)}/kg)`}
              inputMode="decimal"
              defaultValue={values[`kg-${item.materialId}`]}
              error={errors[`kg-${item.materialId}`]}
              onChange={track}
            />
          ))}
          {Array.from({ length: EXTRA_MATERIAL_ROWS }, (_, index) => index + 1).map((n) => (
            <div key={n} className="dash-extra-material">
              <div className="field" data-invalid={errors[`extraMaterial${n}`] ? true : undefined}>
                <label htmlFor={`extraMaterial${n}`}>Another material ({n})</label>
                <select
                  id={`extraMaterial${n}`}
                  name={`extraMaterial${n}`}
                  defaultValue={values[`extraMaterial${n}`] ?? ""}
                  aria-invalid={errors[`extraMaterial${n}`] ? true : undefined}
                  aria-describedby={
                    errors[`extraMaterial${n}`] ? `extraMaterial${n}-error` : undefined
                  }
                  onChange={track}
                >
                  <option value="">None</option>
                  {extraChoices.map((material) => (
                    <option key={material.id} value={material.id}>
                      {material.name} ({formatPaise(material.ratePaisePerKg)}/kg)
                    </option>
                  ))}
                </select>
                {errors[`extraMaterial${n}`] ? (
                  <p id={`extraMaterial${n}-error`} className="field__error">
                    {errors[`extraMaterial${n}`]}
                  </p>
                ) : null}
              </div>
              <InputField
                id={`extraKg${n}`}
                name={`extraKg${n}`}
                label={`Its weight (${n}, kg)`}
                inputMode="decimal"
                defaultValue={values[`extraKg${n}`]}
                error={errors[`extraKg${n}`]}
                onChange={track}
              />
            </div>
          ))}
        </fieldset>
        <InputField
          id="payout"
          name="payout"
          label="Payout (₹)"
          inputMode="decimal"
          hint="Filled in from today's rates × weighed kg; change it if you agreed another amount. Left empty, it is computed on saving."
          value={payoutValue}
          onChange={(event) => {
            setPayoutEdited(true);
            setPayout(event.target.value);
          }}
          error={errors.payout}
        />
        <InputField
          id="rewardGiven"
          name="rewardGiven"
          label="Reward given"
          hint="e.g. 3 plants (tulsi, money plant), a ₹200 coupon, or ₹450 cash"
          maxLength={200}
          defaultValue={values.rewardGiven}
          error={errors.rewardGiven}
        />
        <button type="submit" className="button" disabled={navigation.state === "submitting"}>
          Mark collected
        </button>
      </Form>
    </section>
  );
}
