import { data, Form, Link, redirect } from "react-router";
import { ConfirmLink, ConfirmStep } from "~/components/dashboard/confirm-step";
import { DataTable, Row } from "~/components/dashboard/data-table";
import { fieldsOf, InputField } from "~/components/ui/field";
import { FormError, StatusNotice } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import { deliveryAreaFields, deliveryAreaSchema } from "~/features/delivery/delivery-area.schema";
import {
  DeliveryAreaError,
  deleteDeliveryArea,
  listDeliveryAreas,
  saveDeliveryArea,
} from "~/features/delivery/delivery-areas.server";
import type { DeliveryArea } from "~/features/delivery/delivery-quote";
import { requireStaff } from "~/features/staff/session.server";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import { askedStep, unconfirmedStep } from "~/utils/confirm-step";
import { textFields } from "~/utils/form-data";
import { UNKNOWN_ACTION } from "~/utils/intent-form";
import { formatPaise, paiseToRupeesText } from "~/utils/money";
import { englishText, message } from "~/utils/refusal";
import type { Route } from "./+types/delivery";

export { headers } from "~/utils/route-headers";

interface DeliveryResult {
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
}

/** What the page's notice says after a redirect (`?saved=<prefix>` or `?removed=<prefix>`). */
function noticeOf(params: URLSearchParams): string | null {
  const saved = params.get("saved");
  if (saved && /^\d{1,6}$/.test(saved)) return `Delivery area ${saved} saved.`;
  const removed = params.get("removed");
  if (removed && /^\d{1,6}$/.test(removed)) {
    return `Delivery area ${removed} removed: its PIN codes now follow a shorter prefix, or are not served.`;
  }
  return null;
}

/** An area as the form shows it: rupees as typed text, days as text, the box ticked or not. */
function formValuesOf(area: DeliveryArea): Record<string, string> {
  return {
    areaId: String(area.id),
    prefix: area.prefix,
    name: area.name,
    charge: paiseToRupeesText(area.chargePaise),
    freeFrom: area.freeFromPaise === null ? "" : paiseToRupeesText(area.freeFromPaise),
    minDays: String(area.minDays),
    maxDays: String(area.maxDays),
    cashOnDelivery: area.cashOnDelivery ? "on" : "",
    cashOnDeliveryMax:
      area.cashOnDeliveryMaxPaise === null ? "" : paiseToRupeesText(area.cashOnDeliveryMaxPaise),
  };
}

/**
 * Delivery areas (docs/shop.md "Delivery areas"): every area by prefix, the form to add one or
 * change the one in `?edit=<id>`, and the confirmation step of Remove. Admin only.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "admin");
  const areas = await listDeliveryAreas(await getDb());
  const params = new URL(request.url).searchParams;
  const editing = areas.find((area) => String(area.id) === params.get("edit")) ?? null;
  const removing = askedStep(request.url, ["remove"])
    ? (areas.find((area) => String(area.id) === params.get("areaId")) ?? null)
    : null;
  return {
    areas,
    editing: editing ? formValuesOf(editing) : null,
    removing,
    notice: noticeOf(params),
  };
}

/**
 * intent = save (adds an area, or changes `areaId`'s) or remove (after its confirmation step).
 * A bad field → 400 with its message next to it; a prefix another area has → 409 next to
 * Prefix; an area gone meanwhile → 404. Each change is audited (`delivery_area.*`). Orders
 * already placed keep their charge; checkout uses the areas as they are when an order is placed.
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireStaff(request, "admin");
  const fields = textFields(await request.formData(), [
    "intent",
    "areaId",
    "confirm",
    ...deliveryAreaFields,
  ]);
  const step = unconfirmedStep(request, fields, { remove: ["areaId"] });
  if (step) return redirect(step);
  const { intent, confirm: _confirm, ...values } = fields;
  const areaId = /^[1-9]\d{0,8}$/.test(fields.areaId ?? "") ? Number(fields.areaId) : null;
  const fail = (status: number, result: Partial<DeliveryResult>) =>
    data<DeliveryResult>({ values, errors: {}, ...result }, { status });
  try {
    if (intent === "remove" && areaId !== null) {
      const prefix = await deleteDeliveryArea(await getDb(), admin, areaId);
      return redirect(`/dashboard/delivery?removed=${prefix}`);
    }
    if (intent !== "save") return fail(400, { formError: englishText(UNKNOWN_ACTION) });
    const parsed = deliveryAreaSchema.safeParse(values);
    if (!parsed.success) {
      return fail(400, {
        errors: fieldErrorTexts("en", parsed.error.issues),
        formError: refusalText("en", message("dashboard.delivery.correctFields")),
      });
    }
    await saveDeliveryArea(await getDb(), admin, areaId, parsed.data);
    return redirect(`/dashboard/delivery?saved=${parsed.data.prefix}`);
  } catch (error) {
    if (error instanceof DeliveryAreaError) {
      const text = refusalText("en", error);
      return fail(
        error.status,
        error.status === 409 ? { errors: { prefix: text } } : { formError: text },
      );
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Delivery areas | Staff dashboard" }];

function days(area: DeliveryArea): string {
  return area.minDays === area.maxDays ? `${area.minDays}` : `${area.minDays}–${area.maxDays}`;
}

function cashRule(area: DeliveryArea): string {
  if (!area.cashOnDelivery) return "No";
  return area.cashOnDeliveryMaxPaise === null
    ? "Yes"
    : `Up to ${formatPaise(area.cashOnDeliveryMaxPaise)}`;
}

export default function DeliveryAreas({ loaderData, actionData }: Route.ComponentProps) {
  const { areas, editing, removing, notice } = loaderData;
  return (
    <>
      <h1>Delivery areas</h1>
      <p>
        Where the shop delivers, by the start of the PIN code: the longest prefix that starts a PIN
        code decides (an area for 560025 overrides 560). A PIN code outside every area is refused at
        checkout with the shop’s phone number. A change applies to orders placed from now on; a
        shopper who saw another charge is shown the new one before ordering.
      </p>
      <StatusNotice message={actionData ? null : notice} />
      {removing ? (
        <ConfirmStep
          title={`Remove ${removing.prefix} ${removing.name}?`}
          intent="remove"
          row={{ areaId: removing.id }}
          confirmLabel={`Remove ${removing.prefix} ${removing.name}`}
          backLabel="Keep it"
          backHref="/dashboard/delivery"
        >
          <p>
            PIN codes starting {removing.prefix} will follow a shorter prefix if one exists, or no
            longer be served. Orders already placed keep their delivery charge.
          </p>
        </ConfirmStep>
      ) : null}
      <DataTable
        caption="Delivery areas"
        cards
        columns={[
          "Prefix",
          "Area",
          { label: "Charge", numeric: true },
          { label: "Free from", numeric: true },
          "Days",
          "Cash on delivery",
          { label: "Actions", card: "bare" },
        ]}
      >
        {areas.map((area) => (
          <Row key={area.id}>
            <th scope="row" className="dash-ref">
              {area.prefix}
            </th>
            <td>{area.name}</td>
            <td className="num">
              {area.chargePaise === 0 ? "Free" : formatPaise(area.chargePaise)}
            </td>
            <td className="num">
              {area.freeFromPaise === null ? "—" : formatPaise(area.freeFromPaise)}
            </td>
            <td>{days(area)}</td>
            <td>{cashRule(area)}</td>
            <td className="dash-actions">
              <Link
                to={`/dashboard/delivery?edit=${area.id}#area-form`}
                className="button button--small button--secondary"
              >
                Change
                <span className="visually-hidden">
                  {" "}
                  {area.prefix} {area.name}
                </span>
              </Link>{" "}
              <ConfirmLink
                intent="remove"
                row={{ areaId: area.id }}
                rowName={`${area.prefix} ${area.name}`}
              >
                Remove
              </ConfirmLink>
            </td>
          </Row>
        ))}
      </DataTable>
      <AreaForm
        // A new form for another area, so its fields show that area's values.
        key={editing?.areaId ?? "new"}
        values={
          actionData?.values ?? editing ?? { cashOnDelivery: "on", minDays: "2", maxDays: "5" }
        }
        errors={actionData?.errors ?? {}}
        formError={actionData?.formError}
        editing={Boolean(actionData?.values.areaId ?? editing)}
      />
    </>
  );
}

/** Add an area, or change the one being edited (its id in a hidden field). */
function AreaForm({
  values,
  errors,
  formError,
  editing,
}: {
  values: Record<string, string | undefined>;
  errors: Record<string, string>;
  formError: string | undefined;
  editing: boolean;
}) {
  const field = fieldsOf({ values, errors });
  return (
    <section id="area-form" aria-labelledby="area-form-title">
      <h2 id="area-form-title">
        {editing ? `Change area ${values.prefix ?? ""}` : "Add a delivery area"}
      </h2>
      <FormError message={formError} className="dash-error" />
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="intent" value="save" />
        {editing ? <input type="hidden" name="areaId" value={values.areaId} /> : null}
        <InputField
          {...field("prefix")}
          label="PIN code prefix"
          hint="1 to 6 digits: 560 for all of Bengaluru, 560025 for one PIN code."
          inputMode="numeric"
          maxLength={6}
          required
        />
        <InputField {...field("name")} label="Area name" maxLength={80} required />
        <InputField
          {...field("charge")}
          label="Delivery charge (₹)"
          hint="0 for free delivery."
          inputMode="decimal"
          maxLength={12}
          required
        />
        <InputField
          {...field("freeFrom")}
          label="Free delivery from (₹ of goods)"
          hint="Goods worth this or more travel free, before any coupon. Empty: never free."
          inputMode="decimal"
          maxLength={12}
        />
        <InputField
          {...field("minDays")}
          label="Delivery time from (days)"
          inputMode="numeric"
          maxLength={2}
          required
        />
        <InputField
          {...field("maxDays")}
          label="Delivery time to (days)"
          inputMode="numeric"
          maxLength={2}
          required
        />
        <div className="dash-checkbox">
          <input
            id="cashOnDelivery"
            name="cashOnDelivery"
            type="checkbox"
            defaultChecked={values.cashOnDelivery === "on"}
          />
          <label htmlFor="cashOnDelivery">Cash on delivery taken here</label>
        </div>
        <InputField
          {...field("cashOnDeliveryMax")}
          label="Cash on delivery up to (₹)"
          hint="The most a courier collects at the door here. Empty: no limit."
          inputMode="decimal"
          maxLength={12}
        />
        <button type="submit" className="button">
          {editing ? "Save changes" : "Add area"}
        </button>{" "}
        {editing ? <Link to="/dashboard/delivery">Cancel</Link> : null}
      </Form>
    </section>
  );
}
