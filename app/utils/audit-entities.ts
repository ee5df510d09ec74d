/**
 * The kinds of record the audit log speaks about (docs/dashboard.md), as `recordAudit` callers
 * write them, with the names the audit page's filter shows.
 */
export const auditEntityLabels = {
  order: "Orders",
  pickup: "Pickups",
  product: "Products",
  scrap_material: "Scrap rates",
  // Added, changed and removed by staff (app/features/delivery/delivery-areas.server.ts).
  delivery_area: "Delivery areas",
  // Closed and reopened by staff (app/features/calendar/closed-days.server.ts).
  closed_date: "Closed days",
  review: "Reviews",
  staff: "Staff accounts",
  newsletter: "Newsletters",
  message: "Messages",
  // Acknowledged, noted and resolved by staff (app/features/privacy/grievance.server.ts).
  grievance: "Grievances",
  // Status and note changed by staff (app/features/corporate/leads.server.ts).
  lead: "Leads",
  // Made, sites added and schedules stopped, monthly documents issued by staff
  // (app/features/corporate/organisations.server.ts, month-documents.server.ts).
  organisation: "Organisations",
  // Registered recyclers added by staff (app/features/corporate/recyclers.server.ts).
  recycler: "Recyclers",
  // Logins, failed and throttled logins, logouts (app/features/staff/login-audit.server.ts).
  login: "Logins and logouts",
  // A customer's personal data erased (app/features/privacy/erasure.server.ts).
  erasure: "Erasures",
} as const;

export type AuditEntity = keyof typeof auditEntityLabels;

export const auditEntities = Object.keys(auditEntityLabels) as [AuditEntity, ...AuditEntity[]];
