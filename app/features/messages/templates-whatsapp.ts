/**
 * The WhatsApp template messages the shop registers with Meta (docs/messages.md "WhatsApp
 * templates", whose tables list them for the shop): one approved template per customer message, its languages,
 * its ordered body parameters and the body text to register. Staff alerts and the newsletter are
 * e-mail only. Every template has an English (`en`), Hindi (`hi`) and Kannada (`kn`) body,
 * registered with Meta under the same template name; the values (dates, weights, the reward) are
 * written in the message's language. A new language adds a body under `bodies` and its code to
 * `languages`.
 */
import type {
  MessageParamsByTemplate,
  MessageTemplate,
  OrderMessageParams,
  PickupMessageParams,
} from "~/db/outbox.server";
import type { Lang } from "~/i18n/languages";
import { formatPaise } from "~/utils/money";
import { unsealText } from "~/utils/sealed.server";
import { claimWords } from "./templates-claims";
import { type CopyContext, rewardSummary } from "./templates-email-en";
import { rewardSummaryHi } from "./templates-email-hi";
import { rewardSummaryKn } from "./templates-email-kn";
import { dateLabel, weightLabel } from "./templates-format";

/**
 * Templates never sent on WhatsApp: staff alerts (e-mail to SHOP_ALERT_EMAIL), the newsletter,
 * its 'Join us' confirmation, a grievance's and a tie-up enquiry's acknowledgement.
 */
export type EmailOnlyTemplate =
  | "staff_new_booking"
  | "staff_new_order"
  | "staff_new_dispute"
  | "staff_weigh_sheet_approval"
  | "staff_daily_digest"
  | "staff_new_grievance"
  | "staff_new_claim"
  | "newsletter"
  | "newsletter_confirm"
  | "grievance_received"
  | "lead_received"
  | "staff_new_lead"
  | "organisation_documents"
  | "organisation_date_changed";
export type WhatsAppTemplateKey = Exclude<MessageTemplate, EmailOnlyTemplate>;

/** WhatsApp language codes the shop registers. */
export type WhatsAppLanguage = "en" | "hi" | "kn";

export interface WhatsAppTemplateSpec<T extends WhatsAppTemplateKey> {
  /** The template name registered with Meta. */
  name: string;
  /**
   * Meta's category: UTILITY for every transactional template, AUTHENTICATION for the one-time
   * code (Meta fixes its wording; the bodies here are what it shows, for the shop's review).
   */
  category: "UTILITY" | "AUTHENTICATION";
  /** Languages registered; a message in another language is sent in English. */
  languages: readonly WhatsAppLanguage[];
  /** What {{1}}, {{2}}, … hold, in order. */
  parameters: readonly string[];
  /** The body text to register, per language, with {{n}} placeholders. */
  bodies: Partial<Record<WhatsAppLanguage, string>>;
  /** The ordered body parameters of one message. */
  values(params: MessageParamsByTemplate[T], ctx: CopyContext): string[];
  /** An authentication template's copy-code button parameter (the code). */
  copyCode?(params: MessageParamsByTemplate[T]): string;
}

const pickupParameters = ["customer name", "pickup reference", "date", "time slot"] as const;
const pickupValues = (p: PickupMessageParams, lang: Lang) => [
  p.name,
  p.reference,
  dateLabel(p.pickupDate, lang),
  p.slotLabel,
];
const orderParameters = ["customer name", "order reference", "total in ₹"] as const;
const orderValues = (p: OrderMessageParams) => [p.name, p.reference, formatPaise(p.totalPaise)];
const link = "link to the pickup's page";
const orderLink = "link to the order's page";

/** Every language a template is registered in (each has its body below). */
const allLanguages = ["en", "hi", "kn"] as const satisfies readonly WhatsAppLanguage[];

type Bodies = Record<WhatsAppLanguage, string>;

/** What the customer got at collection, in the message's language. */
const rewardSummaries: Record<Lang, (p: MessageParamsByTemplate["pickup_collected"]) => string> = {
  en: rewardSummary,
  hi: rewardSummaryHi,
  kn: rewardSummaryKn,
};

function pickupTemplate(
  name: string,
  bodies: Bodies,
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
    languages: allLanguages,
    parameters: [...pickupParameters, link],
    bodies,
    values: (p, ctx) => [...pickupValues(p, ctx.lang), ctx.link(p.trackingPath)],
  };
}

function orderTemplate(
  name: string,
  bodies: Bodies,
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
    languages: allLanguages,
    parameters: [...orderParameters, orderLink],
    bodies,
    values: (p, ctx) => [...orderValues(p), ctx.link(p.trackingPath)],
  };
}

/**
 * The one authentication template (`sign_in_code_v1`) of every one-time code: its only
 * parameter is the code, unsealed when sent, with Meta's copy-code button.
 */
function authenticationCodeTemplate(): WhatsAppTemplateSpec<"sign_in_code" | "order_code"> {
  return {
    name: "sign_in_code_v1",
    category: "AUTHENTICATION",
    languages: allLanguages,
    parameters: ["the 6-digit code"],
    bodies: {
      en: "{{1}} is your verification code. For your security, do not share this code. This code expires in 10 minutes.",
      hi: "{{1}} आपका सत्यापन कोड है। अपनी सुरक्षा के लिए यह कोड किसी को न बताएँ। यह कोड 10 मिनट में समाप्त हो जाएगा।",
      kn: "{{1}} ನಿಮ್ಮ ಪರಿಶೀಲನಾ ಕೋಡ್. ನಿಮ್ಮ ಸುರಕ್ಷತೆಗಾಗಿ ಈ ಕೋಡ್ ಅನ್ನು ಯಾರಿಗೂ ಹೇಳಬೇಡಿ. ಈ ಕೋಡ್ 10 ನಿಮಿಷಗಳಲ್ಲಿ ಅವಧಿ ಮುಗಿಯುತ್ತದೆ.",
    },
    values: (p) => [unsealText(p.sealedCode)],
    copyCode: (p) => unsealText(p.sealedCode),
  };
}

/** Every WhatsApp template: name, languages, parameters in order, body text to register. */
export const whatsappTemplates: { [T in WhatsAppTemplateKey]: WhatsAppTemplateSpec<T> } = {
  pickup_booked: pickupTemplate("pickup_booked_v1", {
    en: "Hello {{1}}, your scrap pickup {{2}} is booked for {{3}}, {{4}}. Follow, move or cancel it here: {{5}} Thank you!",
    hi: "नमस्ते {{1}}, आपका कबाड़ पिकअप {{2}} {{3}}, {{4}} के लिए बुक हो गया है। जानकारी देखें, समय बदलें या रद्द करें: {{5}} धन्यवाद!",
    kn: "ನಮಸ್ಕಾರ {{1}}, ನಿಮ್ಮ ಗುಜರಿ ಪಿಕಪ್ {{2}} {{3}}, {{4}} ಕ್ಕೆ ಬುಕ್ ಆಗಿದೆ. ವಿವರ ನೋಡಲು, ಸಮಯ ಬದಲಾಯಿಸಲು ಅಥವಾ ರದ್ದುಮಾಡಲು: {{5}} ಧನ್ಯವಾದಗಳು!",
  }),
  pickup_rescheduled: pickupTemplate("pickup_rescheduled_v1", {
    en: "Hello {{1}}, your scrap pickup {{2}} is moved to {{3}}, {{4}}. Details: {{5}} Thank you!",
    hi: "नमस्ते {{1}}, आपके कबाड़ पिकअप {{2}} का समय बदलकर {{3}}, {{4}} हो गया है। जानकारी: {{5}} धन्यवाद!",
    kn: "ನಮಸ್ಕಾರ {{1}}, ನಿಮ್ಮ ಗುಜರಿ ಪಿಕಪ್ {{2}} ಅನ್ನು {{3}}, {{4}} ಕ್ಕೆ ಬದಲಾಯಿಸಲಾಗಿದೆ. ವಿವರ: {{5}} ಧನ್ಯವಾದಗಳು!",
  }),
  pickup_cancelled: pickupTemplate("pickup_cancelled_v1", {
    en: "Hello {{1}}, your scrap pickup {{2}} for {{3}}, {{4}} is cancelled. Details: {{5}} You can book again any time.",
    hi: "नमस्ते {{1}}, आपका कबाड़ पिकअप {{2}} ({{3}}, {{4}}) रद्द हो गया है। जानकारी: {{5}} आप कभी भी फिर से बुक कर सकते हैं।",
    kn: "ನಮಸ್ಕಾರ {{1}}, ನಿಮ್ಮ ಗುಜರಿ ಪಿಕಪ್ {{2}} ({{3}}, {{4}}) ರದ್ದಾಗಿದೆ. ವಿವರ: {{5}} ಯಾವಾಗ ಬೇಕಾದರೂ ಮತ್ತೆ ಬುಕ್ ಮಾಡಬಹುದು.",
  }),
  pickup_confirmed: pickupTemplate("pickup_confirmed_v1", {
    en: "Hello {{1}}, your scrap pickup {{2}} is confirmed for {{3}}, {{4}}. Details: {{5}} Please keep your scrap ready.",
    hi: "नमस्ते {{1}}, आपका कबाड़ पिकअप {{2}} {{3}}, {{4}} के लिए कन्फ़र्म हो गया है। जानकारी: {{5}} कृपया अपना कबाड़ तैयार रखें।",
    kn: "ನಮಸ್ಕಾರ {{1}}, ನಿಮ್ಮ ಗುಜರಿ ಪಿಕಪ್ {{2}} {{3}}, {{4}} ಕ್ಕೆ ಖಚಿತವಾಗಿದೆ. ವಿವರ: {{5}} ದಯವಿಟ್ಟು ನಿಮ್ಮ ಗುಜರಿಯನ್ನು ಸಿದ್ಧವಾಗಿಡಿ.",
  }),
  pickup_reminder_evening: pickupTemplate("pickup_reminder_evening_v1", {
    en: "Hello {{1}}, a reminder: our collector comes tomorrow for pickup {{2}}, {{3}}, {{4}}. Move or cancel: {{5}} Thank you!",
    hi: "नमस्ते {{1}}, याद दिला दें: हमारे कलेक्टर कल पिकअप {{2}} के लिए आएँगे, {{3}}, {{4}}। समय बदलें या रद्द करें: {{5}} धन्यवाद!",
    kn: "ನಮಸ್ಕಾರ {{1}}, ನೆನಪಿಗಾಗಿ: ಪಿಕಪ್ {{2}} ಗಾಗಿ ನಮ್ಮ ಕಲೆಕ್ಟರ್ ನಾಳೆ ಬರುತ್ತಾರೆ, {{3}}, {{4}}. ಬದಲಾಯಿಸಲು ಅಥವಾ ರದ್ದುಮಾಡಲು: {{5}} ಧನ್ಯವಾದಗಳು!",
  }),
  pickup_reminder_hour: pickupTemplate("pickup_reminder_hour_v1", {
    en: "Hello {{1}}, our collector comes in about an hour for pickup {{2}} ({{3}}, {{4}}). Details: {{5}} Please keep your scrap ready.",
    hi: "नमस्ते {{1}}, हमारे कलेक्टर लगभग एक घंटे में पिकअप {{2}} ({{3}}, {{4}}) के लिए आएँगे। जानकारी: {{5}} कृपया अपना कबाड़ तैयार रखें।",
    kn: "ನಮಸ್ಕಾರ {{1}}, ಪಿಕಪ್ {{2}} ({{3}}, {{4}}) ಗಾಗಿ ನಮ್ಮ ಕಲೆಕ್ಟರ್ ಸುಮಾರು ಒಂದು ಗಂಟೆಯಲ್ಲಿ ಬರುತ್ತಾರೆ. ವಿವರ: {{5}} ದಯವಿಟ್ಟು ನಿಮ್ಮ ಗುಜರಿಯನ್ನು ಸಿದ್ಧವಾಗಿಡಿ.",
  }),
  collector_on_the_way: {
    name: "collector_on_the_way_v1",
    category: "UTILITY",
    languages: allLanguages,
    parameters: [...pickupParameters, "collector's name", "handover code", link],
    bodies: {
      en: "Hello {{1}}, {{5}} is on the way for pickup {{2}} ({{3}}, {{4}}). Your handover code is {{6}}: tell it to the collector only when you agree with the weigh sheet. Details: {{7}} Thank you!",
      hi: "नमस्ते {{1}}, {{5}} पिकअप {{2}} ({{3}}, {{4}}) के लिए आ रहे हैं। आपका हैंडओवर कोड {{6}} है: यह कोड कलेक्टर को तभी बताएँ जब आप तौल पर्ची से सहमत हों। जानकारी: {{7}} धन्यवाद!",
      kn: "ನಮಸ್ಕಾರ {{1}}, ಪಿಕಪ್ {{2}} ({{3}}, {{4}}) ಗಾಗಿ {{5}} ಬರುತ್ತಿದ್ದಾರೆ. ನಿಮ್ಮ ಹ್ಯಾಂಡ್‌ಓವರ್ ಕೋಡ್ {{6}}: ತೂಕದ ಚೀಟಿ ನಿಮಗೆ ಒಪ್ಪಿಗೆಯಾದಾಗ ಮಾತ್ರ ಇದನ್ನು ಕಲೆಕ್ಟರ್‌ಗೆ ತಿಳಿಸಿ. ವಿವರ: {{7}} ಧನ್ಯವಾದಗಳು!",
    },
    values: (p, ctx) => [
      ...pickupValues(p, ctx.lang),
      p.collectorName,
      p.handoverCode,
      ctx.link(p.trackingPath),
    ],
  },
  weigh_sheet_ready: {
    name: "weigh_sheet_ready_v1",
    category: "UTILITY",
    languages: allLanguages,
    parameters: [
      ...pickupParameters,
      "total weight",
      "payout in ₹",
      "value as a coupon or plants in ₹",
      link,
    ],
    bodies: {
      en: "Hello {{1}}, the weigh sheet of pickup {{2}} ({{3}}, {{4}}) is ready: {{5}}, {{6}} in money or {{7}} as a coupon or plants. Please check and accept it: {{8}} Thank you!",
      hi: "नमस्ते {{1}}, पिकअप {{2}} ({{3}}, {{4}}) की तौल पर्ची तैयार है: {{5}}, पैसों में {{6}} या कूपन/पौधों के रूप में {{7}}। कृपया देखें और स्वीकार करें: {{8}} धन्यवाद!",
      kn: "ನಮಸ್ಕಾರ {{1}}, ಪಿಕಪ್ {{2}} ({{3}}, {{4}}) ರ ತೂಕದ ಚೀಟಿ ಸಿದ್ಧವಾಗಿದೆ: {{5}}, ಹಣವಾಗಿ {{6}} ಅಥವಾ ಕೂಪನ್/ಗಿಡಗಳಾಗಿ {{7}}. ದಯವಿಟ್ಟು ನೋಡಿ ಒಪ್ಪಿಕೊಳ್ಳಿ: {{8}} ಧನ್ಯವಾದಗಳು!",
    },
    values: (p, ctx) => [
      ...pickupValues(p, ctx.lang),
      weightLabel(p.totalGrams, ctx.lang),
      formatPaise(p.payoutPaise),
      formatPaise(p.rewardValuePaise),
      ctx.link(p.trackingPath),
    ],
  },
  pickup_collected: {
    name: "pickup_collected_v1",
    category: "UTILITY",
    languages: allLanguages,
    parameters: [...pickupParameters, "the reward (coupon code and value, plants or payout)", link],
    bodies: {
      en: "Hello {{1}}, thank you! Pickup {{2}} ({{3}}, {{4}}) is collected. Your reward: {{5}}. Details: {{6}} See you next time!",
      hi: "नमस्ते {{1}}, धन्यवाद! पिकअप {{2}} ({{3}}, {{4}}) का कबाड़ ले लिया गया है। आपको मिला: {{5}}। जानकारी: {{6}} फिर मिलेंगे!",
      kn: "ನಮಸ್ಕಾರ {{1}}, ಧನ್ಯವಾದಗಳು! ಪಿಕಪ್ {{2}} ({{3}}, {{4}}) ಪೂರ್ಣಗೊಂಡಿದೆ. ನಿಮಗೆ ಸಿಕ್ಕಿದ್ದು: {{5}}. ವಿವರ: {{6}} ಮತ್ತೆ ಸಿಗೋಣ!",
    },
    values: (p, ctx) => [
      ...pickupValues(p, ctx.lang),
      rewardSummaries[ctx.lang](p),
      ctx.link(p.trackingPath),
    ],
  },
  order_placed: orderTemplate("order_placed_v1", {
    en: "Hello {{1}}, thank you for your order {{2}} of {{3}}. Follow it here: {{4}} We will confirm it soon.",
    hi: "नमस्ते {{1}}, आपके ऑर्डर {{2}} ({{3}}) के लिए धन्यवाद। यहाँ देखें: {{4}} हम जल्द ही इसे कन्फ़र्म करेंगे।",
    kn: "ನಮಸ್ಕಾರ {{1}}, ನಿಮ್ಮ ಆರ್ಡರ್ {{2}} ({{3}}) ಗೆ ಧನ್ಯವಾದಗಳು. ಇಲ್ಲಿ ನೋಡಿ: {{4}} ನಾವು ಶೀಘ್ರದಲ್ಲೇ ಇದನ್ನು ಖಚಿತಪಡಿಸುತ್ತೇವೆ.",
  }),
  order_confirmed: orderTemplate("order_confirmed_v1", {
    en: "Hello {{1}}, your order {{2}} ({{3}}) is confirmed. Details: {{4}} Thank you!",
    hi: "नमस्ते {{1}}, आपका ऑर्डर {{2}} ({{3}}) कन्फ़र्म हो गया है। जानकारी: {{4}} धन्यवाद!",
    kn: "ನಮಸ್ಕಾರ {{1}}, ನಿಮ್ಮ ಆರ್ಡರ್ {{2}} ({{3}}) ಖಚಿತವಾಗಿದೆ. ವಿವರ: {{4}} ಧನ್ಯವಾದಗಳು!",
  }),
  order_shipped: orderTemplate("order_shipped_v1", {
    en: "Hello {{1}}, your order {{2}} ({{3}}) is on its way. Details: {{4}} Thank you!",
    hi: "नमस्ते {{1}}, आपका ऑर्डर {{2}} ({{3}}) भेज दिया गया है। जानकारी: {{4}} धन्यवाद!",
    kn: "ನಮಸ್ಕಾರ {{1}}, ನಿಮ್ಮ ಆರ್ಡರ್ {{2}} ({{3}}) ಕಳುಹಿಸಲಾಗಿದೆ. ವಿವರ: {{4}} ಧನ್ಯವಾದಗಳು!",
  }),
  order_delivered: orderTemplate("order_delivered_v1", {
    en: "Hello {{1}}, your order {{2}} ({{3}}) is delivered. Details: {{4}} Enjoy your plants!",
    hi: "नमस्ते {{1}}, आपका ऑर्डर {{2}} ({{3}}) डिलीवर हो गया है। जानकारी: {{4}} अपने पौधों का आनंद लें!",
    kn: "ನಮಸ್ಕಾರ {{1}}, ನಿಮ್ಮ ಆರ್ಡರ್ {{2}} ({{3}}) ಡೆಲಿವರಿ ಆಗಿದೆ. ವಿವರ: {{4}} ನಿಮ್ಮ ಗಿಡಗಳನ್ನು ಆನಂದಿಸಿ!",
  }),
  order_cancelled: orderTemplate("order_cancelled_v1", {
    en: "Hello {{1}}, your order {{2}} ({{3}}) is cancelled. Details: {{4}} Reply here with any question.",
    hi: "नमस्ते {{1}}, आपका ऑर्डर {{2}} ({{3}}) रद्द हो गया है। जानकारी: {{4}} कोई सवाल हो तो यहीं जवाब दें।",
    kn: "ನಮಸ್ಕಾರ {{1}}, ನಿಮ್ಮ ಆರ್ಡರ್ {{2}} ({{3}}) ರದ್ದಾಗಿದೆ. ವಿವರ: {{4}} ಯಾವುದೇ ಪ್ರಶ್ನೆ ಇದ್ದರೆ ಇಲ್ಲೇ ಉತ್ತರಿಸಿ.",
  }),
  payment_received: orderTemplate("payment_received_v1", {
    en: "Hello {{1}}, we received your payment for order {{2}}: {{3}}. Details: {{4}} Thank you!",
    hi: "नमस्ते {{1}}, हमें ऑर्डर {{2}} का भुगतान मिल गया है: {{3}}। जानकारी: {{4}} धन्यवाद!",
    kn: "ನಮಸ್ಕಾರ {{1}}, ಆರ್ಡರ್ {{2}} ರ ನಿಮ್ಮ ಪಾವತಿ ನಮಗೆ ಸಿಕ್ಕಿದೆ: {{3}}. ವಿವರ: {{4}} ಧನ್ಯವಾದಗಳು!",
  }),
  payment_failed: orderTemplate("payment_failed_v1", {
    en: "Hello {{1}}, the payment for order {{2}} ({{3}}) did not go through. Try again here: {{4}} Thank you!",
    hi: "नमस्ते {{1}}, ऑर्डर {{2}} ({{3}}) का भुगतान नहीं हो पाया। यहाँ फिर से कोशिश करें: {{4}} धन्यवाद!",
    kn: "ನಮಸ್ಕಾರ {{1}}, ಆರ್ಡರ್ {{2}} ({{3}}) ರ ಪಾವತಿ ಆಗಿಲ್ಲ. ಇಲ್ಲಿ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ: {{4}} ಧನ್ಯವಾದಗಳು!",
  }),
  sign_in_code: authenticationCodeTemplate(),
  claim_received: {
    name: "claim_received_v1",
    category: "UTILITY",
    languages: allLanguages,
    parameters: ["customer name", "claim reference", "order reference", orderLink],
    bodies: {
      en: "Hello {{1}}, we have your report {{2}} for order {{3}}. Details: {{4}} We will reply within 2 working days.",
      hi: "नमस्ते {{1}}, ऑर्डर {{3}} की आपकी शिकायत {{2}} हमें मिल गई है। जानकारी: {{4}} हम 2 कामकाजी दिनों में जवाब देंगे।",
      kn: "ನಮಸ್ಕಾರ {{1}}, ಆರ್ಡರ್ {{3}} ಕುರಿತ ನಿಮ್ಮ ದೂರು {{2}} ನಮಗೆ ತಲುಪಿದೆ. ವಿವರ: {{4}} 2 ಕೆಲಸದ ದಿನಗಳಲ್ಲಿ ಉತ್ತರಿಸುತ್ತೇವೆ.",
    },
    values: (p, ctx) => [p.name, p.claimReference, p.reference, ctx.link(p.trackingPath)],
  },
  claim_decided: {
    name: "claim_decided_v1",
    category: "UTILITY",
    languages: allLanguages,
    parameters: [
      "customer name",
      "claim reference",
      "order reference",
      "what the shop decided",
      orderLink,
    ],
    bodies: {
      en: "Hello {{1}}, about your report {{2}} on order {{3}}: {{4}}. Details: {{5}} Thank you!",
      hi: "नमस्ते {{1}}, ऑर्डर {{3}} की आपकी शिकायत {{2}} के बारे में: {{4}}। जानकारी: {{5}} धन्यवाद!",
      kn: "ನಮಸ್ಕಾರ {{1}}, ಆರ್ಡರ್ {{3}} ಕುರಿತ ನಿಮ್ಮ ದೂರು {{2}} ಬಗ್ಗೆ: {{4}}. ವಿವರ: {{5}} ಧನ್ಯವಾದಗಳು!",
    },
    values: (p, ctx) => [
      p.name,
      p.claimReference,
      p.reference,
      claimWords[ctx.lang].outcome(p.decision, ctx.lang),
      ctx.link(p.trackingPath),
    ],
  },
  claim_refund_paid: {
    name: "claim_refund_paid_v1",
    category: "UTILITY",
    languages: allLanguages,
    parameters: ["customer name", "claim reference", "order reference", "amount in ₹", orderLink],
    bodies: {
      en: "Hello {{1}}, we have paid {{4}} back to you for your report {{2}} on order {{3}}. Details: {{5}} Thank you!",
      hi: "नमस्ते {{1}}, ऑर्डर {{3}} की आपकी शिकायत {{2}} के लिए हमने आपको {{4}} वापस दे दिए हैं। जानकारी: {{5}} धन्यवाद!",
      kn: "ನಮಸ್ಕಾರ {{1}}, ಆರ್ಡರ್ {{3}} ಕುರಿತ ನಿಮ್ಮ ದೂರು {{2}} ಗಾಗಿ ನಿಮಗೆ {{4}} ಹಿಂತಿರುಗಿಸಿದ್ದೇವೆ. ವಿವರ: {{5}} ಧನ್ಯವಾದಗಳು!",
    },
    values: (p, ctx) => [
      p.name,
      p.claimReference,
      p.reference,
      formatPaise(p.amountPaise),
      ctx.link(p.trackingPath),
    ],
  },
  // The same approved authentication template: Meta fixes its words ("… is your verification
  // code"), so confirming an order needs no template of its own.
  order_code: authenticationCodeTemplate(),
};

/** True when `template` has a WhatsApp template (not a staff alert, not the newsletter). */
export function isWhatsAppTemplate(template: string): template is WhatsAppTemplateKey {
  return Object.hasOwn(whatsappTemplates, template);
}
