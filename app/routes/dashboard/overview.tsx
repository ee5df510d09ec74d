import { Link, redirect } from "react-router";
import { DailyChart } from "~/components/dashboard/daily-chart";
import { DataTable } from "~/components/dashboard/data-table";
import { getDb } from "~/db/db.server";
import { LOW_STOCK_AT } from "~/features/catalogue/stock-levels";
import { countOpenLeads } from "~/features/corporate/leads.server";
import { ApprovalQueue } from "~/features/exchange/approval-queue";
import { listAwaitingApproval, listDisputes } from "~/features/exchange/confirmation.server";
import { DisputesQueue } from "~/features/exchange/disputes-queue";
import { orderStatusLabels } from "~/features/orders/order-status";
import { FirstDayChecklist } from "~/features/overview/first-day-checklist";
import { LastBackupStatus } from "~/features/overview/last-backup";
import { getLastBackup } from "~/features/overview/last-backup.server";
import { orderDaysFrom, readOrderDays } from "~/features/overview/order-days.server";
import {
  CHART_DAYS,
  getOverview,
  type OverviewPickup,
  type WaitingOrder,
} from "~/features/overview/overview.server";
import {
  MonthFigures,
  OrdersToday,
  PickupsToday,
  SalesFigures,
  StockToRefill,
} from "~/features/overview/today";
import { getFirstDayChecklist, getTodayFigures } from "~/features/overview/today.server";
import { countText } from "~/features/payouts/payout-form";
import { countPayoutsToMake } from "~/features/payouts/payouts.server";
import { NeedsAttention } from "~/features/pickups/needs-attention";
import { listOverduePickups } from "~/features/pickups/needs-attention.server";
import { pickupConfigFromEnv } from "~/features/pickups/pickup-config";
import { activePickupStatuses, pickupStatusLabels } from "~/features/pickups/pickup-status";
import { countOverdueGrievances } from "~/features/privacy/grievance.server";
import { requireStaff } from "~/features/staff/session.server";
import { formatCalendarDate, formatDateTimeIST } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import type { Route } from "./+types/overview";

/**
 * The overview (docs/dashboard.md "Overview"): today's work and money first, then what needs a
 * decision (only when there is any), then the coming days and the last 30, in Asia/Kolkata.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "route");
  // A collector's dashboard is their route sheet (docs/exchange.md).
  if (user.role === "collector") throw redirect("/dashboard/route");
  const db = await getDb();
  const now = new Date();
  const slots = pickupConfigFromEnv().slots;
  const isAdmin = user.role === "admin";
  // The recent orders per day, read once for the chart, the status counts and the sales.
  const orderDays = readOrderDays(db, orderDaysFrom(now, CHART_DAYS));
  const [
    overview,
    today,
    payoutsToMake,
    disputes,
    overdue,
    awaitingApproval,
    overdueGrievances,
    openLeads,
    admin,
  ] = await Promise.all([
    getOverview(db, { slots, activeStatuses: activePickupStatuses, now, orderDays }),
    getTodayFigures(db, {
      now,
      activeStatuses: activePickupStatuses,
      lowStockAt: LOW_STOCK_AT,
      orderDays,
    }),
    countPayoutsToMake(db),
    listDisputes(db),
    listOverduePickups(db, now, slots),
    listAwaitingApproval(db),
    countOverdueGrievances(db, now),
    countOpenLeads(db),
    // The checklist and backups are the admin's concern (docs/operations.md "Backups and restore").
    isAdmin
      ? Promise.all([getFirstDayChecklist(db), getLastBackup(db, now)])
      : Promise.resolve(null),
  ]);
  return {
    ...overview,
    todayFigures: today,
    lowStockAt: LOW_STOCK_AT,
    isAdmin,
    payoutsToMake,
    disputes,
    overdue,
    awaitingApproval,
    overdueGrievances,
    openLeads,
    checklist: admin?.[0] ?? null,
    lastBackup: admin?.[1] ?? null,
  };
}

/** Kilograms in the chart's summary and table: up to 3 decimals, Indian grouping. */
const kgValue = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 3 });

export const meta: Route.MetaFunction = () => [{ title: "Overview | Staff dashboard" }];

function PickupList({ pickups }: { pickups: OverviewPickup[] }) {
  return (
    <ul className="dash-list">
      {pickups.map((p) => (
        <li key={p.id}>
          <Link to={`/dashboard/pickups/${p.id}`}>{p.reference}</Link> {p.name}, {p.city} (
          {pickupStatusLabels[p.status]})
        </li>
      ))}
    </ul>
  );
}

function WaitingOrders({
  title,
  count,
  more,
  oldest,
}: {
  title: string;
  count: number;
  more: boolean;
  oldest: WaitingOrder[];
}) {
  return (
    <section aria-labelledby={`${title}-heading`.replaceAll(" ", "-")}>
      <h3 id={`${title}-heading`.replaceAll(" ", "-")}>
        {title}: {count}
        {more ? "+" : ""}
      </h3>
      {oldest.length === 0 ? (
        <p>None.</p>
      ) : (
        <>
          {count > oldest.length ? <p>The {oldest.length} oldest:</p> : null}
          <ul className="dash-list">
            {oldest.map((o) => (
              <li key={o.id}>
                <Link to={`/dashboard/orders/${o.id}`}>{o.reference}</Link> {o.name}, {o.city},{" "}
                {formatPaise(o.totalPaise)}, placed {formatDateTimeIST(new Date(o.createdAt))}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

type OverviewData = Route.ComponentProps["loaderData"];

export default function Overview({ loaderData }: Route.ComponentProps) {
  const o = loaderData;
  const slotLabels = Object.fromEntries(o.slots.map((slot) => [slot.start, slot.label]));
  return (
    <>
      <h1 className="today-heading">
        Today <span className="today-date">{formatCalendarDate(o.today)}</span>
      </h1>
      <FirstDayChecklist checklist={o.checklist} />
      <PickupsToday figures={o.todayFigures} slotLabels={slotLabels} />
      <OrdersToday figures={o.todayFigures} toConfirm={o.toConfirm} toShip={o.toShip} />
      <SalesFigures figures={o.todayFigures} />
      <MonthFigures figures={o.todayFigures} />
      <StockToRefill figures={o.todayFigures} lowStockAt={o.lowStockAt} linked={o.isAdmin} />
      <WhenNotZero overview={o} />
      <UpcomingPickups slots={o.slots} upcoming={o.upcoming} />

      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading">Orders waiting</h2>
        <div className="dash-columns">
          <WaitingOrders title="To confirm" {...o.toConfirm} />
          <WaitingOrders title="To ship" {...o.toShip} />
        </div>
      </section>

      <StatusCounts overview={o} />
      <LastThirtyDays chart={o.chart} />
    </>
  );
}

/**
 * What needs a decision, each only when there is something: weigh sheets to approve, disputes,
 * payouts to make, overdue pickups, orders waiting for a code, overdue grievances, open
 * tie-up enquiries, and (admins) a backup warning.
 */
function WhenNotZero({ overview: o }: { overview: OverviewData }) {
  return (
    <>
      <ApprovalQueue sheets={o.awaitingApproval} />
      {o.disputes.length > 0 ? <DisputesQueue disputes={o.disputes} /> : null}
      {o.payoutsToMake.count > 0 ? (
        <p>
          <Link to="/dashboard/payouts">Payouts to make: {countText(o.payoutsToMake)}</Link>
        </p>
      ) : null}
      {o.overdue.count > 0 ? <NeedsAttention {...o.overdue} /> : null}
      {o.awaitingCode.count > 0 ? (
        <p>
          <Link to="/dashboard/orders?status=awaiting_confirmation">
            Cash-on-delivery orders waiting for the customer's code: {countText(o.awaitingCode)}
          </Link>
        </p>
      ) : null}
      {o.overdueGrievances > 0 ? (
        <p>
          <Link to="/dashboard/grievances">
            Grievances not acknowledged within 48 hours: {o.overdueGrievances}
          </Link>
        </p>
      ) : null}
      {o.openLeads > 0 ? (
        <p>
          <Link to="/dashboard/leads">Open tie-up enquiries (leads): {o.openLeads}</Link>
        </p>
      ) : null}
      {o.lastBackup?.warning ? <LastBackupStatus backup={o.lastBackup} /> : null}
    </>
  );
}

/** The charts of the last 30 days: pickups and orders per day, and kilograms collected. */
function LastThirtyDays({ chart }: { chart: OverviewData["chart"] }) {
  return (
    <section aria-labelledby="chart-heading">
      <h2 id="chart-heading">Last {chart.length} days</h2>
      <DailyChart
        title={`Pickups and orders per day, last ${chart.length} days`}
        dates={chart.map((p) => p.date)}
        series={[
          { label: "Pickups (by date)", values: chart.map((p) => p.pickups) },
          { label: "Orders (placed)", values: chart.map((p) => p.orders) },
        ]}
        valueLabel="Count per day"
        dateLabel="Day (Asia/Kolkata)"
      />
      <DailyChart
        title={`Kilograms collected per day (confirmed weigh sheets), last ${chart.length} days`}
        dates={chart.map((p) => p.date)}
        series={[
          {
            label: "Kilograms collected",
            values: chart.map((p) => p.collectedGrams / 1000),
            format: (kg) => kgValue.format(kg),
          },
        ]}
        valueLabel="Kg per day"
        dateLabel="Day (Asia/Kolkata)"
      />
    </section>
  );
}

/** Active pickups per day and slot over the next days, then each busy day's list. */
function UpcomingPickups({ slots, upcoming }: Pick<OverviewData, "slots" | "upcoming">) {
  return (
    <section aria-labelledby="upcoming-heading">
      <h2 id="upcoming-heading">Upcoming pickups</h2>
      <p>Requested and confirmed pickups in each slot over the next {upcoming.length} days.</p>
      <DataTable
        caption="Upcoming pickups per day and slot"
        columns={[
          "Day",
          ...slots.map((slot) => ({ label: slot.label, numeric: true as const })),
          { label: "Total", numeric: true },
        ]}
      >
        {upcoming.map((day) => (
          <tr key={day.date}>
            <th scope="row">{formatCalendarDate(day.date)}</th>
            {day.activePerSlot.map((n, i) => (
              <td key={slots[i]?.start ?? i} className="num">
                {n}
              </td>
            ))}
            <td className="num">{day.activeTotal}</td>
          </tr>
        ))}
      </DataTable>
      {upcoming
        .filter((day) => day.pickups.length > 0)
        .map((day) => (
          <details key={day.date} className="dash-day">
            <summary>
              {formatCalendarDate(day.date)}: {day.activeTotal} pickup
              {day.activeTotal === 1 ? "" : "s"}
            </summary>
            <PickupList pickups={day.pickups} />
            {day.activeTotal > day.pickups.length ? (
              <p>
                <Link to={`/dashboard/pickups?from=${day.date}&to=${day.date}`}>
                  All {day.activeTotal} pickups of {formatCalendarDate(day.date)}
                </Link>
              </p>
            ) : null}
          </details>
        ))}
    </section>
  );
}

/** Pickups by status over the pickup range, and orders by status since the order range start. */
function StatusCounts({ overview: o }: { overview: OverviewData }) {
  return (
    <section aria-labelledby="counts-heading">
      <h2 id="counts-heading">Counts by status</h2>
      <h3>
        Pickups dated {formatCalendarDate(o.pickupRange.from)} to{" "}
        {formatCalendarDate(o.pickupRange.to)}
      </h3>
      <CountCards counts={o.pickupStatusCounts} labels={pickupStatusLabels} />
      <h3>Orders placed since {formatCalendarDate(o.orderRangeFrom)}</h3>
      <CountCards counts={o.orderStatusCounts} labels={orderStatusLabels} />
    </section>
  );
}

/** One card per status: its label and count, in the order of `counts`. */
function CountCards<S extends string>({
  counts,
  labels,
}: {
  counts: Record<S, number>;
  labels: Record<S, string>;
}) {
  return (
    <dl className="dash-cards">
      {(Object.keys(counts) as S[]).map((status) => (
        <div key={status} className="dash-card">
          <dt>{labels[status]}</dt>
          <dd>
            <strong>{counts[status]}</strong>
          </dd>
        </div>
      ))}
    </dl>
  );
}
