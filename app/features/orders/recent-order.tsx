/**
 * The way back to an order after the confirmation page has returned to the home page
 * (spec §4 returns to / after 3 seconds; docs/shop.md "Keeping the way back").
 *
 * The confirmation page remembers the order in this browser's localStorage (`rememberOrder`):
 * its reference and its language-neutral tracking path. The home page shows them in a panel
 * fixed to the bottom of the screen (so nothing on the page moves when it appears) until the
 * customer dismisses it or places another order. Only with JavaScript: without it the
 * confirmation page never leaves by itself. The home page stays the same for every visitor
 * (the page store, server/page-cache.ts): the panel is drawn in the browser only.
 * Nothing leaves the browser; a browser that refuses storage simply shows no panel.
 */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useLocalePath, useT } from "~/i18n/i18n-react";

/** The localStorage key. */
export const RECENT_ORDER_KEY = "recent-order";

/** What is remembered: the order's reference and `/orders/<token>`. */
export interface RecentOrder {
  reference: string;
  trackingPath: string;
}

function isRecentOrder(value: unknown): value is RecentOrder {
  if (!value || typeof value !== "object") return false;
  const { reference, trackingPath } = value as Record<string, unknown>;
  return (
    typeof reference === "string" &&
    reference.length > 0 &&
    reference.length <= 40 &&
    typeof trackingPath === "string" &&
    /^\/orders\/[A-Za-z0-9_-]{1,100}$/.test(trackingPath)
  );
}

/** Remembers `order` in this browser (replacing an earlier one); ignores refused storage. */
export function rememberOrder(order: RecentOrder): void {
  try {
    localStorage.setItem(RECENT_ORDER_KEY, JSON.stringify(order));
  } catch {
    // Private mode or storage full: the confirmation page still shows the link.
  }
}

/** The remembered order, or null (none, unreadable, or not the shape written above). */
export function readRecentOrder(): RecentOrder | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(RECENT_ORDER_KEY) ?? "null");
    return isRecentOrder(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Forgets the remembered order. */
export function forgetRecentOrder(): void {
  try {
    localStorage.removeItem(RECENT_ORDER_KEY);
  } catch {
    // Nothing to do.
  }
}

/** The home page's panel: "Your order X: Track your order · Dismiss", until dismissed. */
export function RecentOrderNotice() {
  const t = useT();
  const to = useLocalePath();
  const [order, setOrder] = useState<RecentOrder | null>(null);
  useEffect(() => setOrder(readRecentOrder()), []);
  if (!order) return null;
  return (
    <aside className="recent-order" aria-labelledby="recent-order-title">
      <p id="recent-order-title" className="recent-order__text">
        {t("home.recentOrder.text", { reference: order.reference })}{" "}
        <Link to={to(order.trackingPath)}>{t("home.recentOrder.track")}</Link>
      </p>
      <button
        type="button"
        className="link-button"
        onClick={() => {
          forgetRecentOrder();
          setOrder(null);
        }}
      >
        {t("home.recentOrder.dismiss")}
      </button>
    </aside>
  );
}
