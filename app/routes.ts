/**
 * Every URL of the site in one place (docs/contracts.md "Public URLs").
 */
import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { prefixedLanguages } from "./i18n/languages";

type PrefixedLang = (typeof prefixedLanguages)[number];

/**
 * The shop's public pages at `prefix` (`""` for English, `"hi/"`, `"kn/"`): the same route
 * modules under each language (docs/contracts.md "Languages"). Route ids stay the
 * module's default in English and get the language in front elsewhere (`hi/routes/plant`).
 */
function publicPages(prefix: "" | `${PrefixedLang}/`) {
  const id = (file: string, english?: string): { id?: string } =>
    prefix
      ? { id: `${prefix}${english ?? file.replace(/\.tsx?$/, "")}` }
      : english
        ? { id: english }
        : {};
  const page = (path: string, file: string, english?: string) =>
    route(`${prefix}${path}`, file, id(file, english));
  return [
    prefix
      ? route(prefix.slice(0, -1), "routes/home.tsx", id("routes/home.tsx"))
      : index("routes/home.tsx"),
    page("plant", "routes/plant.tsx"),
    page("supplies", "routes/supplies.tsx"),
    page("ratelist", "routes/ratelist.tsx"),
    page("cart", "routes/cart.tsx"),
    page("checkout", "routes/checkout.tsx"),
    page("orders/:token", "routes/order-tracking.tsx"),
    page("orders/:token/placed", "routes/order-placed.tsx"),
    // An order's bills as PDFs (docs/tax.md "Issuing").
    page("orders/:token/bills/:billId", "routes/order-bill.ts"),
    // A claim for a damaged plant (docs/claims.md).
    page("orders/:token/claim", "routes/order-claim.tsx"),
    page("orders/:token/claim-photos/:photoId", "routes/order-claim-photo.ts"),
    page("orderpage", "routes/orderpage.tsx"),
    page("pickups/:token", "routes/pickup-tracking.tsx"),
    page("pickups/:token/booked", "routes/pickup-booked.tsx"),
    page("faq", "routes/info-page.tsx", "faq"),
    page("privacy-policy", "routes/info-page.tsx", "privacy-policy"),
    page("terms-of-use", "routes/info-page.tsx", "terms-of-use"),
    // The itemised privacy notice and the grievance page (docs/accounts.md "Notice, consent and
    // grievances"); a signed-in customer's consents.
    page("privacy-notice", "routes/info-page.tsx", "privacy-notice"),
    page("grievance", "routes/grievance.tsx"),
    // Tie-ups with organisations: the enquiry form (docs/corporate.md).
    page("corporate", "routes/corporate.tsx"),
    page("account/consents", "routes/account-consents.tsx"),
    // Online payment (docs/payments.md): the page for a stored order.
    page("payment", "routes/payment.tsx"),
    page("review-page", "routes/review-page.tsx"),
    // The mailing list's confirmation and unsubscribe links (docs/community.md "'Join us'").
    // A signed-in customer's address book and message language (docs/accounts.md "My account").
    page("account/addresses/new", "routes/account-address-new.tsx"),
    page("account/addresses/:id", "routes/account-address.tsx"),
    page("account/language", "routes/account-language.ts"),
    page("subscribe/:token", "routes/subscribe.tsx"),
    page("unsubscribe/:token", "routes/unsubscribe.tsx"),
    // Customer accounts (docs/accounts.md): sign in with a phone and a one-time code.
    page("account", "routes/account.tsx"),
    // The customer's data (docs/accounts.md "Download my data", "Personal data and erasure").
    page("account/data", "routes/account-data.tsx"),
    page("account/details", "routes/account-details.tsx"),
    page("account/data.json", "routes/account-data-download.ts", "account-data-json"),
    page("account/data.csv", "routes/account-data-download.ts", "account-data-csv"),
  ];
}

export default [
  ...publicPages(""),
  ...prefixedLanguages.flatMap((lang) => publicPages(`${lang}/`)),
  // The language switch: remembers the choice in a cookie, then shows the page in it.
  route("language/:lang", "routes/language.ts"),
  // Razorpay's webhook (docs/payments.md).
  route("payments/razorpay/webhook", "routes/razorpay-webhook.ts"),
  // Staff dashboard (docs/dashboard.md): login, setup, logout and packing slips outside the frame;
  // the rest in it. Every loader and action below calls requireStaff itself (tests walk this table).
  route("dashboard/login", "routes/dashboard/login.tsx"),
  route("dashboard/logout", "routes/dashboard/logout.ts"),
  route("dashboard/setup", "routes/dashboard/setup.tsx"),
  // Packing slips print as bare pages, outside the frame (ADR 0035); they check the session too.
  route("dashboard/orders/slips", "routes/dashboard/packing-slips.tsx"),
  route("dashboard/orders/:id/slip", "routes/dashboard/packing-slips.tsx", {
    id: "dashboard-packing-slip",
  }),
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
    route("pickups/:id/approve", "routes/dashboard/pickup-approve.ts"),
    route("orders", "routes/dashboard/orders.tsx"),
    route("orders/export", "routes/dashboard/orders-export.ts"),
    route("orders/:id", "routes/dashboard/order.tsx"),
    route("orders/:id/bills/:billId", "routes/dashboard/order-bill.ts"),
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
    // A product's photo upload (docs/uploads.md): its own path, for its larger body limit.
    route("catalogue/:id/photos", "routes/dashboard/product.tsx", {
      id: "dashboard-product-photos",
    }),
    route("rates", "routes/dashboard/rates.tsx"),
    // Where the shop delivers and what it costs (docs/shop.md "Delivery areas").
    route("delivery", "routes/dashboard/delivery.tsx"),
    // Days the shop is closed: nothing can be booked on them (docs/operations.md "Closed days").
    route("closed-days", "routes/dashboard/closed-days.tsx"),
    // The shop's particulars on its bills, and the bills' GST summary (docs/tax.md).
    route("settings", "routes/dashboard/settings.tsx"),
    route("bills", "routes/dashboard/bills.tsx"),
    route("bills/export", "routes/dashboard/bills-export.ts"),
    route("rates/export", "routes/dashboard/rates-export.ts"),
    route("staff", "routes/dashboard/staff.tsx"),
    route("staff/export", "routes/dashboard/staff-export.ts"),
    route("payouts", "routes/dashboard/payouts.tsx"),
    route("payouts/export", "routes/dashboard/payouts-export.ts"),
    route("newsletter", "routes/dashboard/newsletter.tsx"),
    route("messages", "routes/dashboard/messages.tsx"),
    route("messages/export", "routes/dashboard/messages-export.ts"),
    route("messages/:id/resend", "routes/dashboard/message-resend.ts"),
    // Claims for damaged plants and staff's decisions (docs/claims.md).
    route("claims", "routes/dashboard/claims.tsx"),
    route("claims/:id", "routes/dashboard/claim.tsx"),
    route("claims/:id/photos/:photoId", "routes/dashboard/claim-photo.ts"),
    route("grievances", "routes/dashboard/grievances.tsx"),
    route("grievances/:id", "routes/dashboard/grievance.tsx"),
    // Tie-up enquiries from /corporate (docs/corporate.md "Leads").
    route("leads", "routes/dashboard/leads.tsx"),
    route("leads/:id", "routes/dashboard/lead.tsx"),
    route("organisations", "routes/dashboard/organisations.tsx"),
    route("organisations/new", "routes/dashboard/organisation-new.tsx"),
    route("organisations/:id", "routes/dashboard/organisation.tsx"),
    route("organisations/:id/month", "routes/dashboard/organisation-month.tsx"),
    route("audit", "routes/dashboard/audit.tsx"),
    route("audit/export", "routes/dashboard/audit-export.ts"),
    // The collector's route sheet (docs/exchange.md).
    route("route", "routes/dashboard/route.tsx"),
    route("route/:id/handover", "routes/dashboard/route-handover.ts"),
  ]),
  route("healthz", "routes/healthz.ts"),
  // An organisation's monthly statement and certificates as PDFs, by the e-mailed link's token.
  route("organisation-documents/:token", "routes/organisation-document.ts"),
  // Product photos' files (docs/uploads.md "Product photos"), the same in every language.
  route("media/products/:file", "routes/media-product-photo.ts"),
  // Unknown URLs, in the language of their prefix (`/fr/plant` is English: no such language).
  ...prefixedLanguages.map((lang) =>
    route(`${lang}/*`, "routes/not-found.tsx", { id: `${lang}/routes/not-found` }),
  ),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
