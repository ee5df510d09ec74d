import { Link, redirect } from "react-router";
import { DailyChart } from "~/components/dashboard/daily-chart";
import { DataTable } from "~/components/dashboard/data-table";
import { getDb } from "~/db/db.server";
import { ApprovalQueue } from "~/features/exchange/approval-queue";
import { listAwaitingApproval, listDisputes } from "~/features/exchange/confirmation.server";
import { DisputesQueue } from "~/features/exchange/disputes-queue";
import { orderStatusLabels } from "~/features/orders/order-status";
import { LastBackupStatus } from "~/features/overview/last-backup";
import { getLastBackup } from "~/features/overview/last-backup.server";
import {
  getOverview,
  type OverviewPickup,
  type WaitingOrder,
} from "~/features/overview/overview.server";
import { countPayoutsToMake } from "~/features/payouts/payouts.server";
import { NeedsAttention } from "~/features/pickups/needs-attention";
import { listOverduePickups } from "~/features/pickups/needs-attention.server";
import { pickupConfigFromEnv } from "~/features/pickups/pickup-config";
import { activePickupStatuses, pickupStatusLabels } from "~/features/pickups/pickup-status";
import { requireStaff } from "~/features/staff/session.server";
import { formatCalendarDate, formatDateTimeIST } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import type { Route } from "./+types/overview";

/** The overview (docs/dashboard.md): the day's work and the last 30 days, in Asia/Kolkata. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "route");
  // A collector's dashboard is their route sheet (docs/exchange.md).
  if (user.role === "collector") throw redirect("/dashboard/route");
  const db = await getDb();
  const now = new Date();
  const [overview, payoutsToMake, disputes, overdue, awaitingApproval] = await Promise.all([
    getOverview(db, {
      slots: pickupConfigFromEnv().slots,
      activeStatuses: activePickupStatuses,
      now,
    }),
    countPayoutsToMake(db),
    listDisputes(db),
    listOverduePickups(db, now, pickupConfigFromEnv().slots),
    listAwaitingApproval(db),
  ]);
  // Backups are the admin's concern (docs/operations.md "Backups and restore").
  const lastBackup = user.role === "admin" ? await getLastBackup(db, now) : null;
  return { ...overview, payoutsToMake, disputes, overdue, awaitingApproval, lastBackup };
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
  return (
    <>
      <h1>Overview</h1>
      <p>Today is {formatCalendarDate(o.today)} (Asia/Kolkata).</p>
      <p>
        <Link to="/dashboard/payouts">Payouts to make: {o.payoutsToMake}</Link>
      </p>
      <ApprovalQueue sheets={o.awaitingApproval} />
      <DisputesQueue disputes={o.disputes} />
      <NeedsAttention {...o.overdue} />
      {o.lastBackup ? <LastBackupStatus backup={o.lastBackup} /> : null}
      <TodayPickups slots={o.slots} pickups={o.todayPickups} activePerSlot={o.todayActivePerSlot} />
      <UpcomingPickups slots={o.slots} upcoming={o.upcoming} />

      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading">Orders waiting</h2>
        <div className="dash-columns">
          <WaitingOrders title="To confirm" {...o.toConfirm} />
          <WaitingOrders title="To ship" {...o.toShip} />
        </div>
      </section>

      <StatusCounts overview={o} />

      <section aria-labelledby="chart-heading">
        <h2 id="chart-heading">Last {o.chart.length} days</h2>
        <DailyChart
          title={`Pickups and orders per day, last ${o.chart.length} days`}
          dates={o.chart.map((p) => p.date)}
          series={[
            { label: "Pickups (by date)", values: o.chart.map((p) => p.pickups) },
            { label: "Orders (placed)", values: o.chart.map((p) => p.orders) },
          ]}
          valueLabel="Count per day"
          dateLabel="Day (Asia/Kolkata)"
        />
        <DailyChart
          title={`Kilograms collected per day (confirmed weigh sheets), last ${o.chart.length} days`}
          dates={o.chart.map((p) => p.date)}
          series={[
            {
              label: "Kilograms collected",
              values: o.chart.map((p) => p.collectedGrams / 1000),
              format: (kg) => kgValue.format(kg),
            },
          ]}
          valueLabel="Kg per day"
          dateLabel="Day (Asia/Kolkata)"
        />
      </section>
    </>
  );
}

/** Today's pickups in a table, one row per slot: the active count and every pickup. */
function TodayPickups({
  slots,
  pickups,
  activePerSlot,
}: {
  slots: OverviewData["slots"];
  pickups: OverviewPickup[];
  activePerSlot: number[];
}) {
  return (
    <section aria-labelledby="today-heading">
      <h2 id="today-heading">Today’s pickups</h2>
      {pickups.length === 0 ? (
        <p>No pickups today.</p>
      ) : (
        <DataTable
          caption="Today’s pickups by slot"
          columns={["Slot", { label: "Active", numeric: true }, "Pickups"]}
        >
          {slots.map((slot, i) => {
            const inSlot = pickups.filter((p) => p.slotStart === slot.start);
            return (
              <tr key={slot.start}>
                <th scope="row">{slot.label}</th>
                <td className="num">{activePerSlot[i] ?? 0}</td>
                <td>{inSlot.length === 0 ? "—" : <PickupList pickups={inSlot} />}</td>
              </tr>
            );
          })}
        </DataTable>
      )}
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
