import { data, Link, redirect } from "react-router";
import { Row } from "~/components/dashboard/data-table";
import { ListResults } from "~/components/dashboard/list-page";
import { StatusNotice } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import { ExchangeError } from "~/features/exchange/exchange-error";
import { parsePayoutForm } from "~/features/payouts/payout.schema";
import { payoutMethodLabels } from "~/features/payouts/payout-fields";
import { countText, type PayoutFormState, PayoutsToMake } from "~/features/payouts/payout-form";
import {
  countPayoutsToMake,
  listPayouts,
  paidAtOf,
  payoutFiltersSchema,
  payoutsToMake,
  recordPayout,
} from "~/features/payouts/payouts.server";
import { requireStaff } from "~/features/staff/session.server";
import { refusalText } from "~/i18n/i18n.server";
import { formatDateTimeIST, todayInKolkata } from "~/utils/dates";
import { formStrings } from "~/utils/intent-form";
import { listPageData } from "~/utils/list-page.server";
import { formatPaise } from "~/utils/money";
import type { Route } from "./+types/payouts";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

/**
 * Payouts (docs/exchange.md "Payouts"), for staff and admins: the collected 'money' pickups
 * waiting for their money, oldest first, each with a 'Record payout' form; then the payouts
 * made, newest first, in keyset pages of 50 with a CSV export.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const db = await getDb();
  const now = new Date();
  const [toMake, toMakeCount] = await Promise.all([payoutsToMake(db), countPayoutsToMake(db)]);
  const recorded = new URL(request.url).searchParams.get("recorded") ?? "";
  return listPageData(
    request,
    {
      path: "/dashboard/payouts",
      schema: payoutFiltersSchema,
      read: (_filters, after) => listPayouts(db, after),
    },
    {
      today: todayInKolkata(now),
      toMake: toMake.map((p) => ({ ...p, collectedOn: todayInKolkata(p.collectedAt) })),
      toMakeCount,
      notice: /^PU-[0-9A-Z]{4,12}$/.test(recorded) ? `Payout recorded for ${recorded}.` : null,
    },
  );
}

/** What the form shows again after a refusal (at most 100 characters a field). */
function refused(
  status: number,
  pickupId: number | null,
  form: FormData,
  errors: Record<string, string>,
  formError: string | null,
) {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(formStrings(form))) values[key] = value.slice(0, 100);
  return data<PayoutFormState>({ pickupId, values, errors, formError }, { status });
}

/**
 * Records one payout: a form with mistakes → 422 with a message per field; an unknown pickup
 * → 404; one not waiting for a payout (not collected, reward not money, already paid) → 409.
 * The amount is the pickup's payout, never a posted figure. Messages in English: the refusals'
 * ids rendered with `refusalText("en", …)`.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const form = await request.formData();
  const parsed = parsePayoutForm(form);
  if (!parsed.ok) {
    const pickupId = Number(formStrings(form).pickupId) || null;
    if (parsed.errors.pickupId) return refused(400, null, form, {}, parsed.errors.pickupId);
    const correct = refusalText("en", { id: "dashboard.payouts.correct", values: {} });
    return refused(422, pickupId, form, parsed.errors, correct);
  }
  const { pickupId, method, reference, paidOn } = parsed.input;
  const now = new Date();
  try {
    const db = await getDb();
    const paidAt = paidAtOf(paidOn, now);
    const payout = await recordPayout(db, pickupId, { method, reference, paidAt }, user, now);
    return redirect(`/dashboard/payouts?recorded=${encodeURIComponent(payout.pickupReference)}`);
  } catch (error) {
    if (error instanceof ExchangeError) {
      const errors = Object.fromEntries(
        Object.entries(error.fieldErrors).map(([field, ref]) => [field, refusalText("en", ref)]),
      );
      return refused(error.status, pickupId, form, errors, refusalText("en", error));
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Payouts | Staff dashboard" }];

export default function Payouts({ loaderData, actionData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <>
      <h1>Payouts</h1>
      <StatusNotice message={loaderData.notice} />
      <section aria-labelledby="to-make-heading">
        <h2 id="to-make-heading">Payouts to make: {countText(loaderData.toMakeCount)}</h2>
        <p>Collected pickups whose reward is money, oldest collection first.</p>
        <PayoutsToMake
          cards={loaderData.toMake}
          count={loaderData.toMakeCount}
          today={loaderData.today}
          state={actionData ?? null}
        />
      </section>
      <section aria-labelledby="made-heading">
        <h2 id="made-heading">Payouts made</h2>
        {rows.length === 0 && loaderData.isFirstPage ? (
          <p>No payouts recorded yet.</p>
        ) : (
          <ListResults
            page={loaderData}
            noun={{ one: "payout", many: "payouts" }}
            filteredBy="the list"
            caption="Payouts made, newest first"
            columns={[
              "Pickup",
              { label: "Amount", numeric: true },
              "Method",
              "Reference",
              "Paid by",
              "Paid at",
            ]}
          >
            {rows.map((row) => (
              <Row key={row.id}>
                <th scope="row">
                  <Link to={`/dashboard/pickups/${row.pickupId}`} className="dash-ref">
                    {row.pickupReference}
                  </Link>
                </th>
                <td className="num">{formatPaise(row.amountPaise)}</td>
                <td>{payoutMethodLabels[row.method]}</td>
                <td>{row.reference ?? "–"}</td>
                <td>{row.paidByName}</td>
                <td>{formatDateTimeIST(new Date(row.paidAt))}</td>
              </Row>
            ))}
          </ListResults>
        )}
      </section>
    </>
  );
}
