/**
 * Every URL of the site in one place (docs/contracts.md "Public URLs").
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
  // Online payment (docs/payments.md): the page for a stored order, and Razorpay's webhook.
  route("payment", "routes/payment.tsx"),
  route("payments/razorpay/webhook", "routes/razorpay-webhook.ts"),
  route("review-page", "routes/review-page.tsx"),
  route("unsubscribe/:token", "routes/unsubscribe.tsx"),
  // Staff dashboard (docs/dashboard.md): login, setup and logout outside the frame; everything else in
  // it. Every loader and action below calls requireStaff itself (tests walk this table).
  route("dashboard/login", "routes/dashboard/login.tsx"),
  route("dashboard/logout", "routes/dashboard/logout.ts"),
  route("dashboard/setup", "routes/dashboard/setup.tsx"),
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/overview.tsx"),
    route("pickups", "routes/dashboard/pickups.tsx"),
    route("pickups/export", "routes/dashboard/pickups-export.ts"),
    route("pickups/assign", "routes/dashboard/pickups-assign.tsx"),
    route("pickups/:id/assign", "routes/dashboard/pickups-assign.tsx", {
      id: "dashboard-pickup-assign",
    }),
    route("pickups/:id", "routes/dashboard/pickup.tsx"),
    route("route/:id", "routes/dashboard/route-pickup.tsx"),
    route("pickups/:id/dispute", "routes/dashboard/pickup-dispute.ts"),
    route("orders", "routes/dashboard/orders.tsx"),
    route("orders/export", "routes/dashboard/orders-export.ts"),
    route("orders/:id", "routes/dashboard/order.tsx"),
    route("coupons", "routes/dashboard/coupons.tsx"),
    route("coupons/export", "routes/dashboard/coupons-export.ts"),
    route("registrations", "routes/dashboard/registrations.tsx"),
    route("registrations/export", "routes/dashboard/registrations-export.ts"),
    route("reviews", "routes/dashboard/reviews.tsx"),
    route("reviews/export", "routes/dashboard/reviews-export.ts"),
    route("catalogue", "routes/dashboard/catalogue.tsx"),
    route("catalogue/export", "routes/dashboard/catalogue-export.ts"),
    route("catalogue/new", "routes/dashboard/product.tsx", { id: "dashboard-product-new" }),
    route("catalogue/:id", "routes/dashboard/product.tsx"),
    route("rates", "routes/dashboard/rates.tsx"),
    route("rates/export", "routes/dashboard/rates-export.ts"),
    route("staff", "routes/dashboard/staff.tsx"),
    route("staff/export", "routes/dashboard/staff-export.ts"),
    route("payouts", "routes/dashboard/payouts.tsx"),
    route("payouts/export", "routes/dashboard/payouts-export.ts"),
    route("audit", "routes/dashboard/audit.tsx"),
    route("audit/export", "routes/dashboard/audit-export.ts"),
    // The collector's route sheet (docs/exchange.md).
    route("route", "routes/dashboard/route.tsx"),
    route("route/:id/handover", "routes/dashboard/route-handover.ts"),
  ]),
  route("healthz", "routes/healthz.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
