/**
 * The English words of every e-mail (docs/messages.md "Templates"). One table per language: a
 * new language is a file like this one, added to `emailTexts` in templates.ts. Each entry turns
 * the (already truncated, single-line) parameters into an `EmailCopy`; templates.ts builds the
 * plain text and the escaped HTML from it, so the words here are plain text, never markup.
 */
import type { MessageParamsByTemplate } from "~/db/outbox.server";
import { formatMonth } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { claimWords, decidedParagraphs } from "./templates-claims";
import { type CopyContext, type EmailTexts, emailFrame } from "./templates-email-frame";
import { dateLabel, weightLabel } from "./templates-format";

export type {
  CopyContext,
  EmailCopy,
  EmailTexts,
  SiteForMessages,
} from "./templates-email-frame";
export { dateLabel } from "./templates-format";

/** The English words of the frame every customer e-mail shares (templates-email-frame.ts). */
const english = emailFrame({
  lang: "en",
  greeting: (name) => `Hello ${name},`,
  reference: "Reference",
  date: "Date",
  time: "Time",
  order: "Order",
  total: "Total",
  payment: "Payment",
  paidOnline: "Paid online",
  cashOnDelivery: "Cash on delivery",
  openPickup: "Open your pickup",
  openOrder: "Open your order",
  customerFooter: (site) =>
    `Questions? Reply to this e-mail or write to ${site.supportEmail}. – ${site.shopName}`,
  couponCode: "Coupon code",
  couponValue: "Coupon value",
  validUntil: "Valid until",
  payout: "Payout",
  reward: {
    coupon: (code, worth) => `coupon ${code}${worth === undefined ? "" : ` worth ${worth}`}`,
    plants: (count) => (count === 1 ? "1 plant" : `${count} plants`),
    paid: (amount) => `${amount} paid`,
  },
  unsubscribe: "Unsubscribe",
  newsletterFooter: (shopName) => `You get this because you joined the ${shopName} mailing list.`,
});
const { pickupCopy, orderCopy, when, weight, paymentLabel, collectedDetails } = english;

const staffFooter = (ctx: CopyContext) => `Staff alert from ${ctx.site.shopName}.`;

/** What the customer chose at collection, in a few words: "coupon ABCD-1234 worth ₹550". */
export function rewardSummary(p: MessageParamsByTemplate["pickup_collected"]): string {
  return english.rewardSummary(p);
}

const pickupTexts: Pick<
  EmailTexts,
  | "pickup_booked"
  | "pickup_rescheduled"
  | "pickup_cancelled"
  | "pickup_confirmed"
  | "pickup_reminder_evening"
  | "pickup_reminder_hour"
  | "collector_on_the_way"
  | "weigh_sheet_ready"
  | "pickup_collected"
> = {
  pickup_booked: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `Pickup ${p.reference} booked for ${when(p)}`,
      paragraphs: [
        "Thank you for booking a scrap pickup. We will confirm it soon.",
        "On your pickup's page you can follow it, move it to another slot or cancel it.",
      ],
    }),
  pickup_rescheduled: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `Pickup ${p.reference} moved to ${when(p)}`,
      paragraphs: [
        "Your pickup has a new date and time (below).",
        "We will remind you the evening before and an hour before the new slot.",
      ],
    }),
  pickup_cancelled: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `Pickup ${p.reference} cancelled`,
      paragraphs: [
        `Your pickup for ${when(p)} is cancelled. Nobody will come.`,
        "You can book a new pickup any time on our website.",
      ],
    }),
  pickup_confirmed: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `Pickup ${p.reference} confirmed for ${when(p)}`,
      paragraphs: [
        "Your pickup is confirmed. Our collector will come in the slot below.",
        "Please keep your scrap ready; sorted paper, plastic and metal weigh faster.",
      ],
    }),
  pickup_reminder_evening: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `Tomorrow: pickup ${p.reference}, ${p.slotLabel}`,
      paragraphs: [
        `A reminder: our collector comes tomorrow, ${when(p)}.`,
        "If that no longer suits you, move or cancel the pickup on its page.",
      ],
    }),
  pickup_reminder_hour: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `In about an hour: pickup ${p.reference}, ${p.slotLabel}`,
      paragraphs: [`Our collector comes today, ${p.slotLabel}. Please keep your scrap ready.`],
    }),
  collector_on_the_way: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `Pickup ${p.reference}: ${p.collectorName} is on the way`,
      paragraphs: [
        `${p.collectorName} is on the way to collect your scrap.`,
        `Your handover code is ${p.handoverCode}. Tell it to the collector only when you agree with the weigh sheet.`,
      ],
      details: [
        ["Collector", p.collectorName],
        ["Handover code", p.handoverCode],
      ],
    }),
  weigh_sheet_ready: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `Pickup ${p.reference}: weigh sheet ready, ${weight(p.totalGrams)}, ${formatPaise(p.payoutPaise)}`,
      paragraphs: [
        "Your scrap has been weighed. Please check the weigh sheet on your pickup's page and accept it, or tell us what is wrong.",
      ],
      details: [
        ["Weigh sheet", `version ${p.version}`],
        ["Total weight", weight(p.totalGrams)],
        ["Payout in money", formatPaise(p.payoutPaise)],
        ["As a coupon or plants", formatPaise(p.rewardValuePaise)],
      ],
    }),
  pickup_collected: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `Pickup ${p.reference} collected: ${rewardSummary(p)}`,
      paragraphs: [
        "Thank you! Your scrap has been collected.",
        p.reward === "coupon"
          ? "Use your coupon code at checkout in our shop."
          : p.reward === "plants"
            ? "Your plants are on their way to you."
            : "Your payout is below.",
      ],
      details: collectedDetails(p),
    }),
};

const orderTexts: Pick<
  EmailTexts,
  | "order_placed"
  | "order_confirmed"
  | "order_shipped"
  | "order_delivered"
  | "order_cancelled"
  | "payment_received"
  | "payment_failed"
> = {
  order_placed: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `Order ${p.reference} placed: ${formatPaise(p.totalPaise)}`,
      paragraphs: [
        "Thank you for your order. We will confirm it soon.",
        p.paymentMethod === "cod"
          ? `Please keep ${formatPaise(p.totalPaise)} ready to pay in cash on delivery.`
          : "You chose to pay online; your order's page shows the payment.",
      ],
    }),
  order_confirmed: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `Order ${p.reference} confirmed`,
      paragraphs: ["Your order is confirmed and being packed."],
    }),
  order_shipped: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `Order ${p.reference} shipped`,
      paragraphs: ["Your order is on its way to you."],
    }),
  order_delivered: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `Order ${p.reference} delivered`,
      paragraphs: ["Your order has been delivered. Enjoy your plants!"],
    }),
  order_cancelled: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `Order ${p.reference} cancelled`,
      paragraphs: [
        "Your order is cancelled.",
        p.paymentMethod === "online"
          ? `If you paid online, we will contact you about the refund of ${formatPaise(p.totalPaise)}.`
          : "Nothing is due.",
      ],
    }),
  payment_received: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `Payment received for order ${p.reference}: ${formatPaise(p.totalPaise)}`,
      paragraphs: [`We received your payment of ${formatPaise(p.totalPaise)}. Thank you!`],
    }),
  payment_failed: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `Payment failed for order ${p.reference}`,
      paragraphs: [
        `Your payment of ${formatPaise(p.totalPaise)} did not go through.`,
        "You can try again on your order's page.",
      ],
    }),
};

/**
 * Staff alerts, the digest and an organisation's monthly documents (English, as the documents
 * are): always English, also in the Hindi and Kannada tables.
 */
export const staffTexts: Pick<
  EmailTexts,
  | "organisation_documents"
  | "organisation_date_changed"
  | "staff_new_booking"
  | "staff_new_order"
  | "staff_new_dispute"
  | "staff_weigh_sheet_approval"
  | "staff_daily_digest"
  | "staff_new_grievance"
  | "staff_new_claim"
  | "staff_new_lead"
> = {
  staff_new_booking: (p, ctx) => ({
    subject: `New pickup ${p.reference}: ${when(p)}`,
    paragraphs: [`${p.name} booked a pickup.`],
    details: english.pickupRows(p),
    action: { label: "Open in the dashboard", url: ctx.link(p.dashboardPath) },
    footer: staffFooter(ctx),
  }),
  staff_new_order: (p, ctx) => ({
    subject: `New order ${p.reference}: ${formatPaise(p.totalPaise)} (${paymentLabel(p)})`,
    paragraphs: [`${p.name} placed an order.`],
    details: english.orderRows(p),
    action: { label: "Open in the dashboard", url: ctx.link(p.dashboardPath) },
    footer: staffFooter(ctx),
  }),
  staff_new_dispute: (p, ctx) => ({
    subject: `Dispute on pickup ${p.reference}`,
    paragraphs: [`${p.name} disputes the weigh sheet of pickup ${p.reference}.`],
    details: [
      ["Reference", p.reference],
      ["Date", dateLabel(p.pickupDate)],
      ["Reason", p.reason],
    ],
    action: { label: "Open in the dashboard", url: ctx.link(p.dashboardPath) },
    footer: staffFooter(ctx),
  }),
  staff_weigh_sheet_approval: (p, ctx) => ({
    subject: `Approve the weigh sheet of pickup ${p.reference}: ${formatPaise(p.rewardValuePaise)}`,
    paragraphs: [
      `The weigh sheet of pickup ${p.reference} is worth ${formatPaise(p.rewardValuePaise)}. The customer can confirm it once an admin approves it.`,
    ],
    details: [
      ["Reference", p.reference],
      ["Date", dateLabel(p.pickupDate)],
      ["Weighed", weightLabel(p.totalGrams)],
      ["Reward value", formatPaise(p.rewardValuePaise)],
    ],
    action: { label: "Open in the dashboard", url: ctx.link(p.dashboardPath) },
    footer: staffFooter(ctx),
  }),
  staff_new_claim: (p, ctx) => ({
    subject: `Claim ${p.claimReference} on order ${p.reference}: decide within 2 working days`,
    paragraphs: [
      `${p.name} reported ${p.lineCount === 1 ? "1 line" : `${p.lineCount} lines`} of order ${p.reference} with photos.`,
    ],
    details: [
      ["Claim", p.claimReference],
      ["Order", p.reference],
      ["Order total", formatPaise(p.totalPaise)],
    ],
    action: { label: "Open in the dashboard", url: ctx.link(p.dashboardPath) },
    footer: staffFooter(ctx),
  }),
  organisation_documents: (p, ctx) => ({
    subject: `${p.organisation}: statement and certificates for ${formatMonth(p.month)}`,
    paragraphs: [
      `Dear ${p.name},`,
      `The statement of ${p.organisation}'s scrap pickups for ${formatMonth(p.month)} and the certificates of collection of its sites are ready. Each link opens a PDF; keep them for your records.`,
      ...p.documents.map((document) => `${document.title}: ${ctx.link(document.path)}`),
    ],
    details: [],
    action: p.documents[0]
      ? { label: "Open the statement", url: ctx.link(p.documents[0].path) }
      : undefined,
    footer: `From ${ctx.site.shopName}.`,
  }),
  organisation_date_changed: (p, ctx) => ({
    subject: p.movedTo
      ? `${p.organisation}, ${p.site}: pickup of ${dateLabel(p.dueDate)} moved to ${dateLabel(p.movedTo)}`
      : `${p.organisation}, ${p.site}: no pickup on ${dateLabel(p.dueDate)}`,
    paragraphs: [
      `Dear ${p.name},`,
      p.movedTo
        ? `We are closed on ${dateLabel(p.dueDate)} (${p.reason}), so the scheduled scrap pickup at ${p.site} moves to ${dateLabel(p.movedTo)}, in the slot from ${p.slotStart}.`
        : `We are closed on ${dateLabel(p.dueDate)} (${p.reason}) and the days after it, so there is no scheduled scrap pickup at ${p.site} that week. The next one comes as scheduled.`,
      "Reply to this e-mail if that does not suit you.",
    ],
    details: [],
    footer: `From ${ctx.site.shopName}.`,
  }),
  staff_new_lead: (p, ctx) => ({
    subject: `Tie-up enquiry ${p.reference}: ${p.organisation}`,
    paragraphs: [`${p.name} of ${p.organisation} asks about a tie-up. Call them back.`],
    details: [
      ["Reference", p.reference],
      ["Organisation", `${p.organisation} (${p.kind})`],
      ["Services", p.services],
      ["Scrap a week", `${p.kgPerWeek} kg`],
      ["PIN code", p.pinCode],
    ],
    action: { label: "Open in the dashboard", url: ctx.link(p.dashboardPath) },
    footer: staffFooter(ctx),
  }),
  staff_new_grievance: (p, ctx) => ({
    subject: `Grievance ${p.ticket}: acknowledge by ${p.acknowledgeBy}`,
    paragraphs: [`${p.name} filed a grievance (${p.topic}). Acknowledge it within 48 hours.`],
    details: [
      ["Ticket", p.ticket],
      ["About", p.topic],
      ["Acknowledge by", p.acknowledgeBy],
    ],
    action: { label: "Open in the dashboard", url: ctx.link(p.dashboardPath) },
    footer: staffFooter(ctx),
  }),
  staff_daily_digest: (p, ctx) => {
    const count = p.slots.reduce((sum, slot) => sum + slot.pickups.length, 0);
    return {
      subject: `Pickups for ${dateLabel(p.date)}: ${count}`,
      paragraphs: [count === 0 ? "No pickups today." : `${count} pickups today, by slot.`],
      sections: p.slots.map((slot) => ({
        heading: slot.label,
        lines: slot.pickups.map((x) => `${x.reference} · ${x.name} · ${x.city} · ${x.status}`),
      })),
      action: { label: "Open the dashboard", url: ctx.link("/dashboard/pickups") },
      footer: staffFooter(ctx),
    };
  },
};

/** The English words of every template. */
export const englishEmail: EmailTexts = {
  ...pickupTexts,
  ...orderTexts,
  ...staffTexts,
  claim_received: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: claimWords.en.receivedSubject(p),
      paragraphs: claimWords.en.received,
    }),
  claim_decided: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: claimWords.en.decidedSubject(p),
      paragraphs: decidedParagraphs(p, "en"),
    }),
  claim_refund_paid: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: claimWords.en.refundPaidSubject(p),
      paragraphs: [claimWords.en.refundPaid(p)],
    }),
  newsletter: english.newsletter,
  newsletter_confirm: (p, ctx) =>
    english.confirmCopy(p, ctx, {
      subject: `Confirm your subscription to ${ctx.site.shopName}`,
      paragraphs: [
        `Someone, we hope you, asked on our website to join the ${ctx.site.shopName} mailing list with this e-mail address.`,
        "Please confirm with the button below. Then we will write to you about plants, offers and pickup days. Stay clean, go green!",
        `The link works for ${p.validDays} days. If you did not ask for this, ignore this e-mail: you will not hear from us.`,
      ],
      button: "Confirm my subscription",
    }),
  sign_in_code: (p, ctx) =>
    english.codeCopy(p, ctx, {
      subject: `Your sign-in code for ${ctx.site.shopName}`,
      paragraphs: (code, minutes) => [
        `Your code to sign in to your account: ${code}`,
        `It works once, for ${minutes} minutes. Never share it: we will never ask you for it. If you did not ask for a code, ignore this e-mail.`,
      ],
    }),
  order_code: (p, ctx) =>
    english.codeCopy(p, ctx, {
      subject: `Your code to confirm order ${p.reference}`,
      paragraphs: (code, minutes) => [
        `Your code to confirm your cash on delivery order ${p.reference}: ${code}`,
        `Enter it on the order's page within ${minutes} minutes. Never share it: we will never ask you for it. If you did not place this order, ignore this e-mail: it will be cancelled.`,
      ],
    }),
  grievance_received: (p, ctx) =>
    english.grievanceCopy(p, ctx, {
      subject: `We received your grievance ${p.ticket}`,
      paragraphs: [
        `Thank you for writing to us. Your ticket number is ${p.ticket}: please quote it when you write again.`,
        "Our grievance officer will look into it and reply as soon as possible, within 90 days at the latest. If you are not satisfied with our answer, you can complain to the Data Protection Board of India.",
      ],
      button: "Our grievance page",
    }),
  lead_received: (p, ctx) =>
    english.leadCopy(p, ctx, {
      subject: `We received your enquiry ${p.reference}`,
      paragraphs: [
        `Thank you for asking about a tie-up for ${p.organisation}. Your reference is ${p.reference}.`,
        "Our team will call you within 2 working days to understand your sites and plan a visit.",
      ],
      button: "Tie-ups with us",
    }),
};
