/**
 * Sample parameters for every message template (docs/messages.md "Templates"), for the template
 * tests, the e-mail integration tests and the SMTP bench.
 */
import type { MessageParamsByTemplate } from "~/db/outbox.server";
import { sealText } from "~/utils/sealed.server";

/** The one-time code inside `sampleParams.sign_in_code`. */
export const SAMPLE_CODE = "042917";

export const testSite = {
  publicUrl: "https://shop.example",
  shopName: "Scrap & Sprout",
  supportEmail: "support@shop.example",
};

const pickup = {
  reference: "PU-4M8TQ2",
  name: "Asha Rao",
  trackingPath: "/pickups/tok_abc123",
  pickupDate: "2026-11-23",
  slotLabel: "11 am – 1 pm",
};

const order = {
  reference: "SS-7K2P9Q",
  name: "Asha Rao",
  trackingPath: "/orders/tok_order456",
  totalPaise: 12345600,
  paymentMethod: "cod" as const,
};

/** One set of parameters per template. */
export const sampleParams: MessageParamsByTemplate = {
  pickup_booked: pickup,
  pickup_rescheduled: pickup,
  pickup_cancelled: pickup,
  pickup_confirmed: pickup,
  pickup_reminder_evening: pickup,
  pickup_reminder_hour: pickup,
  collector_on_the_way: { ...pickup, collectorName: "Ravi", handoverCode: "4821" },
  weigh_sheet_ready: {
    ...pickup,
    version: 2,
    totalGrams: 18500,
    payoutPaise: 27750,
    rewardValuePaise: 30525,
  },
  pickup_collected: {
    ...pickup,
    reward: "coupon",
    payoutPaise: 27750,
    couponCode: "SPROUT-7Q4M",
    couponValuePaise: 30525,
    couponExpiresOn: "2027-05-22",
  },
  order_placed: order,
  order_confirmed: order,
  order_shipped: order,
  order_delivered: order,
  order_cancelled: { ...order, paymentMethod: "online" },
  payment_received: { ...order, paymentMethod: "online" },
  payment_failed: { ...order, paymentMethod: "online" },
  staff_new_booking: { ...pickup, dashboardPath: "/dashboard/pickups/42" },
  staff_new_order: { ...order, dashboardPath: "/dashboard/orders/7" },
  staff_new_dispute: {
    ...pickup,
    dashboardPath: "/dashboard/pickups/42",
    reason: "The paper weighed more",
  },
  staff_weigh_sheet_approval: {
    ...pickup,
    dashboardPath: "/dashboard/pickups/42",
    version: 2,
    totalGrams: 1_250_500,
    rewardValuePaise: 2_500_000,
  },
  staff_daily_digest: {
    date: "2026-11-23",
    slots: [
      {
        label: "9 am – 11 am",
        pickups: [
          { reference: "PU-4M8TQ2", name: "Asha Rao", city: "Bengaluru", status: "confirmed" },
        ],
      },
      { label: "11 am – 1 pm", pickups: [] },
    ],
  },
  newsletter: {
    subject: "New plants this month",
    text: "Hello from the nursery.\n\nTulsi and money plants are back in stock.",
    unsubscribePath: "/unsubscribe/tok_unsub789",
  },
  newsletter_confirm: { confirmPath: "/subscribe/tok_confirm321", validDays: 7 },
  grievance_received: { ticket: "GR-3F8K2M", name: "Asha Rao", grievancePath: "/grievance" },
  staff_new_grievance: {
    ticket: "GR-3F8K2M",
    name: "Asha Rao",
    topic: "Erase my data",
    acknowledgeBy: "25 Nov 2026, 3:30 pm",
    dashboardPath: "/dashboard/grievances/5",
  },
  lead_received: {
    reference: "LD-7K3Q9X",
    name: "Meera Iyer",
    organisation: "Prestige Lakeside Residents' Association",
    corporatePath: "/corporate",
  },
  staff_new_lead: {
    reference: "LD-7K3Q9X",
    name: "Meera Iyer",
    organisation: "Prestige Lakeside Residents' Association",
    kind: "Housing society",
    services: "Regular scrap pickups, Bio-waste management",
    kgPerWeek: 120,
    pinCode: "560066",
    dashboardPath: "/dashboard/leads/3",
  },
  organisation_date_changed: {
    name: "Meera Iyer",
    organisation: "Prestige Lakeside Residents' Association",
    site: "Tower B",
    dueDate: "2027-03-10",
    movedTo: "2027-03-11",
    reason: "Holi",
    slotStart: "09:00",
  },
  organisation_documents: {
    name: "Meera Iyer",
    organisation: "Prestige Lakeside Residents' Association",
    month: "2026-11",
    documents: [
      { title: "Monthly statement", path: "/organisation-documents/aB3dE5fG7hJ9kL1mN3pQ5r" },
      {
        title: "Certificate of collection, Tower B",
        path: "/organisation-documents/sT7uV9wX1yZ3aB5cD7eF9g",
      },
    ],
  },
  claim_received: { ...order, claimReference: "CL-5T2K8W" },
  claim_decided: {
    ...order,
    claimReference: "CL-5T2K8W",
    decision: {
      kind: "credited",
      amountPaise: 14900,
      couponCode: "SS-7QK4-M2PX",
      couponExpiresOn: "2027-05-22",
    },
    note: "Sorry about the broken pot.",
  },
  claim_refund_paid: { ...order, claimReference: "CL-5T2K8W", amountPaise: 14900, method: "upi" },
  staff_new_claim: {
    ...order,
    claimReference: "CL-5T2K8W",
    dashboardPath: "/dashboard/claims/3",
    lineCount: 1,
  },
  // Sealed when first read (it needs the session secret), as the sign-in page writes it.
  get sign_in_code() {
    return { sealedCode: sealText(SAMPLE_CODE), validMinutes: 10 };
  },
  get order_code() {
    return { sealedCode: sealText(SAMPLE_CODE), validMinutes: 10, reference: "OR-7K3Q9X" };
  },
};

/**
 * The reference each template's subject carries (null: the digest, the newsletter and its
 * confirmation, the sign-in code).
 */
export function referenceOf(template: keyof MessageParamsByTemplate): string | null {
  const params = sampleParams[template] as { reference?: string };
  return params.reference ?? null;
}
