/**
 * The overview's "Today first" block (docs/dashboard.md "Overview"): pickups today by slot and
 * collector, orders to confirm and to ship, cash on delivery to collect, then sales, kilograms,
 * rewards and stock to refill. Phone first: the first three fit a 360 × 740 screen under the
 * page header. Every figure is a link to the list that explains it (`todayLinks`).
 */
import { Link } from "react-router";
import { formatCalendarDate } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { formatKg } from "~/utils/units";
import type { SlotWork, Tally, TodayFigures, TodayPeriods } from "./today.server";

/** The list behind each figure, for the periods of `p` (the lists' URL filters). */
export function todayLinks(p: TodayPeriods) {
  const pickupsOn = `/dashboard/pickups?from=${p.today}&to=${p.today}`;
  const collectedThisMonth = `/dashboard/pickups?status=collected&from=${p.monthStart}&to=${p.today}`;
  return {
    pickupsToday: pickupsOn,
    collector: (id: string | null) => `${pickupsOn}&collector=${encodeURIComponent(id ?? "none")}`,
    toConfirm: "/dashboard/orders?status=placed",
    toShip: "/dashboard/orders?status=confirmed",
    cashToCollect: "/dashboard/orders?status=shipped&payment=unpaid",
    salesToday: `/dashboard/orders?from=${p.today}&to=${p.today}`,
    salesWeek: `/dashboard/orders?from=${p.weekStart}&to=${p.today}`,
    salesMonth: `/dashboard/orders?from=${p.monthStart}&to=${p.today}`,
    kgThisMonth: collectedThisMonth,
    coupons: "/dashboard/coupons",
    plants: collectedThisMonth,
    money: "/dashboard/payouts",
    lowStock: "/dashboard/catalogue?stock=low",
    outOfStock: "/dashboard/catalogue?stock=out",
    product: (id: number) => `/dashboard/catalogue/${id}`,
  };
}

type Links = ReturnType<typeof todayLinks>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const ordersText = (n: number) => plural(n, "order", "orders");

/** One slot's line: its label, how many to visit, and who visits ("Not assigned" last). */
function SlotLine({ slot, label, links }: { slot: SlotWork; label: string; links: Links }) {
  return (
    <li>
      <strong>{label}</strong>: {plural(slot.total, "pickup", "pickups")} —{" "}
      {slot.collectors.map((c, i) => (
        <span key={c.collectorId ?? "none"}>
          {i > 0 ? ", " : ""}
          <Link to={links.collector(c.collectorId)}>
            {c.name ?? "Not assigned"} ({c.count})
          </Link>
        </span>
      ))}
    </li>
  );
}

/** Pickups still to visit today, by slot with their collectors. */
export function PickupsToday({
  figures,
  slotLabels,
}: {
  figures: TodayFigures;
  slotLabels: Readonly<Record<string, string>>;
}) {
  const links = todayLinks(figures.periods);
  const total = figures.pickupsBySlot.reduce((sum, slot) => sum + slot.total, 0);
  return (
    <section aria-labelledby="pickups-today-heading" className="today-block">
      <h2 id="pickups-today-heading" className="today-title">
        <Link to={links.pickupsToday}>Pickups today: {total}</Link>
      </h2>
      {total === 0 ? (
        <p className="today-none">No pickups to visit today.</p>
      ) : (
        <ul className="today-slots">
          {figures.pickupsBySlot.map((slot) => (
            <SlotLine
              key={slot.slotStart}
              slot={slot}
              label={slotLabels[slot.slotStart] ?? slot.slotStart}
              links={links}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One figure as a card: its name, its value, a line under it; the whole card is the link. */
function Figure({
  label,
  value,
  sub,
  to,
}: {
  label: string;
  value: string;
  sub?: string;
  to: string;
}) {
  return (
    <li className="today-card">
      <Link to={to}>
        <span className="today-card__label">{label}</span>{" "}
        <strong className="today-card__value">{value}</strong>
        {sub ? <span className="today-card__sub"> {sub}</span> : null}
      </Link>
    </li>
  );
}

/** Orders to confirm, to ship, and the cash on delivery to collect (counts up to 1,000+). */
export function OrdersToday({
  figures,
  toConfirm,
  toShip,
}: {
  figures: TodayFigures;
  toConfirm: { count: number; more: boolean };
  toShip: { count: number; more: boolean };
}) {
  const links = todayLinks(figures.periods);
  const count = (c: { count: number; more: boolean }) => `${c.count}${c.more ? "+" : ""}`;
  const cash = figures.cashToCollect;
  return (
    <section aria-labelledby="orders-today-heading" className="today-block">
      <h2 id="orders-today-heading" className="visually-hidden">
        Orders and cash today
      </h2>
      <ul className="today-cards">
        <Figure label="To confirm" value={count(toConfirm)} sub="orders" to={links.toConfirm} />
        <Figure label="To ship" value={count(toShip)} sub="orders" to={links.toShip} />
        <Figure
          label="Cash to collect"
          value={formatPaise(cash.paise)}
          sub={`${ordersText(cash.count)} out for delivery`}
          to={links.cashToCollect}
        />
      </ul>
    </section>
  );
}

function salesFigure(label: string, tally: Tally, to: string) {
  return (
    <Figure label={label} value={formatPaise(tally.paise)} sub={ordersText(tally.count)} to={to} />
  );
}

/** Sales today, this week (from Monday) and this month: ₹ and orders, cancelled ones left out. */
export function SalesFigures({ figures }: { figures: TodayFigures }) {
  const links = todayLinks(figures.periods);
  const { sales, periods } = figures;
  return (
    <section aria-labelledby="sales-heading" className="today-block">
      <h2 id="sales-heading" className="today-title">
        Sales
      </h2>
      <ul className="today-cards">
        {salesFigure("Today", sales.today, links.salesToday)}
        {salesFigure(`Since ${formatCalendarDate(periods.weekStart)}`, sales.week, links.salesWeek)}
        {salesFigure("This month", sales.month, links.salesMonth)}
      </ul>
    </section>
  );
}

/** Kilograms collected this month per material group, and the rewards given this month. */
export function MonthFigures({ figures }: { figures: TodayFigures }) {
  const links = todayLinks(figures.periods);
  const { kgThisMonth: kg, rewardsThisMonth: r } = figures;
  const totalGrams = kg.reduce((sum, row) => sum + row.grams, 0);
  return (
    <>
      <section aria-labelledby="kg-heading" className="today-block">
        <h2 id="kg-heading" className="today-title">
          <Link to={links.kgThisMonth}>Scrap collected this month: {formatKg(totalGrams)}</Link>
        </h2>
        {kg.length === 0 ? null : (
          <ul className="today-inline">
            {kg.map((row) => (
              <li key={row.category}>
                {row.category} {formatKg(row.grams)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="rewards-heading" className="today-block">
        <h2 id="rewards-heading" className="today-title">
          Rewards given this month
        </h2>
        <ul className="today-cards">
          <Figure
            label="Coupons"
            value={formatPaise(r.coupons.paise)}
            sub={plural(r.coupons.count, "coupon", "coupons")}
            to={links.coupons}
          />
          <Figure
            label="Plants"
            value={String(r.plants)}
            sub="plants handed over"
            to={links.plants}
          />
          <Figure
            label="Money"
            value={formatPaise(r.money.paise)}
            sub={plural(r.money.count, "payout", "payouts")}
            to={links.money}
          />
        </ul>
      </section>
    </>
  );
}

/** Active products out of stock or low, linked to the catalogue for admins (it is theirs). */
export function StockToRefill({
  figures,
  lowStockAt,
  linked,
}: {
  figures: TodayFigures;
  lowStockAt: number;
  linked: boolean;
}) {
  const links = todayLinks(figures.periods);
  const { count, outOfStock, products } = figures.lowStock;
  const title = `Stock to refill: ${count}`;
  return (
    <section aria-labelledby="stock-heading" className="today-block">
      <h2 id="stock-heading" className="today-title">
        {linked ? <Link to={links.lowStock}>{title}</Link> : title}
      </h2>
      {count === 0 ? (
        <p className="today-none">Every product has more than {lowStockAt} in stock.</p>
      ) : (
        <>
          <p className="today-none">
            {linked ? (
              <Link to={links.outOfStock}>{outOfStock} out of stock</Link>
            ) : (
              `${outOfStock} out of stock`
            )}
            , the rest {lowStockAt} or fewer left.
          </p>
          <ul className="today-inline">
            {products.map((p) => {
              const name = `${p.name}${p.size ? ` ${p.size}` : ""}: ${p.stock === 0 ? "out of stock" : `${p.stock} left`}`;
              return (
                <li key={p.id}>{linked ? <Link to={links.product(p.id)}>{name}</Link> : name}</li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
