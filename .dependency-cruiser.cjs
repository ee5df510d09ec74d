/**
 * The import graph of the app, checked by `npm run lint` (docs/layout.md "The feature boundary").
 *
 * - A feature (`app/features/<name>/`) imports another feature only along an edge listed in
 *   `allowedFeatureEdges`; routes and `server/` compose features otherwise.
 * - The shared layers (`app/utils`, `app/components`, `app/db`, `app/i18n`) never import a feature
 *   or a route; a feature never imports a route.
 * - No import circle in `app/` or `server/`.
 *
 * Type-only imports count (`tsPreCompilationDeps`), and `~/` resolves through tsconfig.json.
 * scripts/dependency-rules.test.ts shows each rule reporting a planted violation.
 *
 * @type {import("dependency-cruiser").IConfiguration}
 */

/**
 * Which feature may import which. Keep it short: every edge is a dependency someone must keep in
 * mind when changing the feature it points to.
 */
const allowedFeatureEdges = {
  // The exchange happens to a booked pickup: it moves the pickup through its statuses
  // (pickup-status.ts), reads its slots (pickup-config.ts), builds its messages on the booking
  // messages' helpers (pickup-messages.server.ts) and presents the tracking page's exchange part
  // on the booking view (pickups.server.ts). The pickups feature imports nothing of the exchange.
  exchange: ["pickups"],
  // A payout is the money reward of a confirmed exchange; its refusals are the exchange's
  // `ExchangeError` (exchange-error.ts), which the payouts page shows like the others.
  payouts: ["exchange"],
  // Expiry and paying again give back or take again an order's stock, and switching to cash on
  // delivery counts the same cap as placing an order: order rules (order-stock.server.ts,
  // cod-order-cap.server.ts) that the orders feature owns.
  payments: ["orders"],
  // A signed-in customer's account lists coupons in their state (coupon-status.ts) and keeps
  // delivery addresses checked as checkout checks them (indian-states.ts,
  // pin-directory.server.ts). The orders feature imports nothing of the accounts.
  accounts: ["orders"],
  // Placing an order prices its delivery by the delivery areas in force, inside the order's
  // transaction (delivery-quote.ts, delivery-areas.server.ts). Delivery imports nothing of orders.
  orders: ["delivery"],
  // A claim's decision places a replacement order, credits the order's bills and builds its
  // messages on the order's (bills.server.ts, order-messages.server.ts), and refunds an online
  // payment through Razorpay's client (razorpay.server.ts). Neither imports anything of claims.
  claims: ["orders", "payments"],
  // A newsletter consent is recorded when the 'Join us' confirmation subscribes an address and
  // withdrawn by unsubscribing it: the privacy feature calls the mailing list's own
  // confirmSubscription and unsubscribe (mailing-list.server.ts) in its transaction (ADR 0040).
  privacy: ["community"],
  // A pickup cannot be booked or moved to a day the shop closed: the booking holds the day's lock
  // and asks the calendar inside its transaction (closed-days.server.ts). The calendar imports
  // nothing of pickups.
  pickups: ["calendar"],
  // An organisation's recurring pickups are booked only on days the shop is open: each date's
  // booking holds the day's lock and asks the calendar in its transaction (site-pickups.server.ts).
  corporate: ["calendar"],
};

const featuresWithEdges = Object.keys(allowedFeatureEdges);

/** One rule per feature with allowed edges: any other feature is forbidden. */
const edgeRules = Object.entries(allowedFeatureEdges).map(([from, targets]) => ({
  name: `feature-${from}-imports-only-${targets.join("-")}`,
  severity: "error",
  comment: `${from} may import only ${targets.join(", ")} among the features (.dependency-cruiser.cjs).`,
  from: { path: `^app/features/${from}/` },
  to: { path: "^app/features/", pathNot: `^app/features/(${[from, ...targets].join("|")})/` },
}));

module.exports = {
  forbidden: [
    {
      name: "feature-imports-feature",
      severity: "error",
      comment:
        "A feature never imports another feature: compose them in a route or in server/, or move " +
        "what they share to app/utils or app/components. A needed direction is declared in " +
        "allowedFeatureEdges (.dependency-cruiser.cjs).",
      from: {
        path: "^app/features/([^/]+)/",
        pathNot: `^app/features/(${featuresWithEdges.join("|")})/`,
      },
      to: { path: "^app/features/", pathNot: "^app/features/$1/" },
    },
    ...edgeRules,
    {
      name: "shared-layer-imports-feature-or-route",
      severity: "error",
      comment:
        "app/utils, app/components, app/db and app/i18n are below every feature: they never " +
        "import a feature or a route.",
      from: { path: "^app/(utils|components|db|i18n)/" },
      to: { path: "^app/(features|routes)/" },
    },
    {
      name: "feature-imports-route",
      severity: "error",
      comment: "Routes compose features, never the other way round.",
      from: { path: "^app/features/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "no-circular",
      severity: "error",
      comment:
        "An import circle: break it by the direction the graph allows (move the function that " +
        "causes the back edge, or pass it in as a parameter).",
      from: { path: "^(app|server)/" },
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment:
        "An import the checker cannot resolve would slip past every rule above (the route " +
        "modules' generated ./+types/ are left out: React Router writes them on typegen).",
      from: { path: "^(app|server|scripts)/" },
      to: { couldNotResolve: true, pathNot: "^\\./\\+types/" },
    },
  ],
  options: {
    // The repository's own modules, and imports that resolved to nothing (kept as written, so
    // not-to-unresolvable sees them); packages are left out, which keeps the cruise fast.
    includeOnly: ["^(app|server|scripts)/", "^~/", "^\\.\\.?/"],
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    skipAnalysisNotInRules: true,
  },
};
