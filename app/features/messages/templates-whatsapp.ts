/**
 * The WhatsApp template messages the shop registers with Meta (docs/messages.md "WhatsApp
 * templates", README "Messages"): one approved template per customer message, its languages,
 * its ordered body parameters and the body text to register. Staff alerts and the newsletter are
 * e-mail only. A new language adds a body under `bodies` and its code to `languages`, and is
 * registered with Meta under the same template name.
 */
import type {
  MessageParamsByTemplate,
  MessageTemplate,
  OrderMessageParams,
  PickupMessageParams,
} from "~/db/outbox.server";
import { formatPaise } from "~/utils/money";
import { formatKg } from "~/utils/units";
import { type CopyContext, dateLabel, rewardSummary } from "./templates-email-en";

/** Templates never sent on WhatsApp: staff alerts (e-mail to SHOP_ALERT_EMAIL) and the newsletter. */
export type EmailOnlyTemplate =
  | "staff_new_booking"
  | "staff_new_order"
  | "staff_new_dispute"
  | "staff_daily_digest"
  | "newsletter";
export type WhatsAppTemplateKey = Exclude<MessageTemplate, EmailOnlyTemplate>;

/** WhatsApp language codes the shop registers. */
export type WhatsAppLanguage = "en" | "hi" | "kn";

export interface WhatsAppTemplateSpec<T extends WhatsAppTemplateKey> {
  /** The template name registered with Meta. */
  name: string;
  /** Meta's category for every transactional template here. */
  category: "UTILITY";
  /** Languages registered; a message in another language is sent in English. */
  languages: readonly WhatsAppLanguage[];
  /** What {{1}}, {{2}}, … hold, in order. */
  parameters: readonly string[];
  /** The body text to register, per language, with {{n}} placeholders. */
  bodies: Partial<Record<WhatsAppLanguage, string>>;
  /** The ordered body parameters of one message. */
  values(params: MessageParamsByTemplate[T], ctx: CopyContext): string[];
}

const pickupParameters = ["customer name", "pickup reference", "date", "time slot"] as const;
const pickupValues = (p: PickupMessageParams) => [
  p.name,
  p.reference,
  dateLabel(p.pickupDate),
  p.slotLabel,
];
const orderParameters = ["customer name", "order reference", "total in ₹"] as const;
const orderValues = (p: OrderMessageParams) => [p.name, p.reference, formatPaise(p.totalPaise)];
const link = "link to the pickup's page";
const orderLink = "link to the order's page";

function pickupTemplate(
  name: string,
  body: string,
): WhatsAppTemplateSpec<
  | "pickup_booked"
  | "pickup_rescheduled"
  | "pickup_cancelled"
  | "pickup_confirmed"
  | "pickup_reminder_evening"
  | "pickup_reminder_hour"
> {
  return {
    name,
    category: "UTILITY",
    languages: ["en"],
    parameters: [...pickupParameters, link],
    bodies: { en: body },
    values: (p, ctx) => [...pickupValues(p), ctx.link(p.trackingPath)],
  };
}

function orderTemplate(
  name: string,
  body: string,
): WhatsAppTemplateSpec<
  | "order_placed"
  | "order_confirmed"
  | "order_shipped"
  | "order_delivered"
  | "order_cancelled"
  | "payment_received"
  | "payment_failed"
> {
  return {
    name,
    category: "UTILITY",
    languages: ["en"],
    parameters: [...orderParameters, orderLink],
    bodies: { en: body },
    values: (p, ctx) => [...orderValues(p), ctx.link(p.trackingPath)],
  };
}

/** Every WhatsApp template: name, languages, parameters in order, body text to register. */
export const whatsappTemplates: { [T in WhatsAppTemplateKey]: WhatsAppTemplateSpec<T> } = {
  pickup_booked: pickupTemplate(
    "pickup_booked_v1",
    "Hello {{1}}, your scrap pickup {{2}} is booked for {{3}}, {{4}}. Follow, move or cancel it here: {{5}} Thank you!",
  ),
  pickup_rescheduled: pickupTemplate(
    "pickup_rescheduled_v1",
    "Hello {{1}}, your scrap pickup {{2}} is moved to {{3}}, {{4}}. Details: {{5}} Thank you!",
  ),
  pickup_cancelled: pickupTemplate(
    "pickup_cancelled_v1",
    "Hello {{1}}, your scrap pickup {{2}} for {{3}}, {{4}} is cancelled. Details: {{5}} You can book again any time.",
  ),
  pickup_confirmed: pickupTemplate(
    "pickup_confirmed_v1",
    "Hello {{1}}, your scrap pickup {{2}} is confirmed for {{3}}, {{4}}. Details: {{5}} Please keep your scrap ready.",
  ),
  pickup_reminder_evening: pickupTemplate(
    "pickup_reminder_evening_v1",
    "Hello {{1}}, a reminder: our collector comes tomorrow for pickup {{2}}, {{3}}, {{4}}. Move or cancel: {{5}} Thank you!",
  ),
  pickup_reminder_hour: pickupTemplate(
    "pickup_reminder_hour_v1",
    "Hello {{1}}, our collector comes in about an hour for pickup {{2}} ({{3}}, {{4}}). Details: {{5}} Please keep your scrap ready.",
  ),
  collector_on_the_way: {
    name: "collector_on_the_way_v1",
    category: "UTILITY",
    languages: ["en"],
    parameters: [...pickupParameters, "collector's name", "handover code", link],
    bodies: {
      en: "Hello {{1}}, {{5}} is on the way for pickup {{2}} ({{3}}, {{4}}). Your handover code is {{6}}: tell it to the collector only when you agree with the weigh sheet. Details: {{7}} Thank you!",
    },
    values: (p, ctx) => [
      ...pickupValues(p),
      p.collectorName,
      p.handoverCode,
      ctx.link(p.trackingPath),
    ],
  },
  weigh_sheet_ready: {
    name: "weigh_sheet_ready_v1",
    category: "UTILITY",
    languages: ["en"],
    parameters: [
      ...pickupParameters,
      "total weight",
      "payout in ₹",
      "value as a coupon or plants in ₹",
      link,
    ],
    bodies: {
      en: "Hello {{1}}, the weigh sheet of pickup {{2}} ({{3}}, {{4}}) is ready: {{5}}, {{6}} in money or {{7}} as a coupon or plants. Please check and accept it: {{8}} Thank you!",
    },
    values: (p, ctx) => [
      ...pickupValues(p),
      formatKg(p.totalGrams),
      formatPaise(p.payoutPaise),
      formatPaise(p.rewardValuePaise),
      ctx.link(p.trackingPath),
    ],
  },
  pickup_collected: {
    name: "pickup_collected_v1",
    category: "UTILITY",
    languages: ["en"],
    parameters: [...pickupParameters, "the reward (coupon code and value, plants or payout)", link],
    bodies: {
      en: "Hello {{1}}, thank you! Pickup {{2}} ({{3}}, {{4}}) is collected. Your reward: {{5}}. Details: {{6}} See you next time!",
    },
    values: (p, ctx) => [...pickupValues(p), rewardSummary(p), ctx.link(p.trackingPath)],
  },
  order_placed: orderTemplate(
    "order_placed_v1",
    "Hello {{1}}, thank you for your order {{2}} of {{3}}. Follow it here: {{4}} We will confirm it soon.",
  ),
  order_confirmed: orderTemplate(
    "order_confirmed_v1",
    "Hello {{1}}, your order {{2}} ({{3}}) is confirmed. Details: {{4}} Thank you!",
  ),
  order_shipped: orderTemplate(
    "order_shipped_v1",
    "Hello {{1}}, your order {{2}} ({{3}}) is on its way. Details: {{4}} Thank you!",
  ),
  order_delivered: orderTemplate(
    "order_delivered_v1",
    "Hello {{1}}, your order {{2}} ({{3}}) is delivered. Details: {{4}} Enjoy your plants!",
  ),
  order_cancelled: orderTemplate(
    "order_cancelled_v1",
    "Hello {{1}}, your order {{2}} ({{3}}) is cancelled. Details: {{4}} Reply here with any question.",
  ),
  payment_received: orderTemplate(
    "payment_received_v1",
    "Hello {{1}}, we received your payment for order {{2}}: {{3}}. Details: {{4}} Thank you!",
  ),
  payment_failed: orderTemplate(
    "payment_failed_v1",
    "Hello {{1}}, the payment for order {{2}} ({{3}}) did not go through. Try again here: {{4}} Thank you!",
  ),
};

/** True when `template` has a WhatsApp template (not a staff alert, not the newsletter). */
export function isWhatsAppTemplate(template: string): template is WhatsAppTemplateKey {
  return Object.hasOwn(whatsappTemplates, template);
}
