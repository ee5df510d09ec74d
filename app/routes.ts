/**
 * Every URL of the site in one place (DESIGN §3 "Public URLs").
 */
import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("plant", "routes/plant.tsx"),
  route("supplies", "routes/supplies.tsx"),
  route("ratelist", "routes/ratelist.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("orders/:token", "routes/order-tracking.tsx"),
  route("orders/:token/placed", "routes/order-placed.tsx"),
  route("orderpage", "routes/orderpage.tsx"),
  route("pickups/:token", "routes/pickup-tracking.tsx"),
  route("pickups/:token/booked", "routes/pickup-booked.tsx"),
  route("faq", "routes/info-page.tsx", { id: "faq" }),
  route("privacy-policy", "routes/info-page.tsx", { id: "privacy-policy" }),
  route("terms-of-use", "routes/info-page.tsx", { id: "terms-of-use" }),
  // Routes whose own issues have not landed yet show a short notice.
  route("payment", "routes/coming-soon.tsx", { id: "payment" }),
  route("review-page", "routes/review-page.tsx"),
  route("unsubscribe/:token", "routes/unsubscribe.tsx"),
  route("dashboard", "routes/coming-soon.tsx", { id: "dashboard" }),
  route("healthz", "routes/healthz.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
