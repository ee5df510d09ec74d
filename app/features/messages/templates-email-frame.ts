/**
 * The frame every customer e-mail shares in every language (docs/messages.md "Templates"):
 * the greeting, the Reference / Date / Time (pickups) or Order / Total / Payment (orders)
 * rows, the button to the tracking page, the footer, the rows and the summary of a collected
 * pickup's reward, the newsletter and its 'Join us' confirmation. The structure lives here once; a language module
 * (templates-email-en.ts, -hi.ts, -kn.ts) gives only its words (`FrameWords`) and writes the
 * subjects and paragraphs of each template. Money stays `formatPaise` (₹1,23,456) in every
 * language; dates and weights are the language's (templates-format.ts).
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
import { dateLabel, weightLabel } from "./templates-format";

/** Where the links of a message point and who sends it. */
export interface SiteForMessages {
  /** The site's origin, e.g. "https://shop.example" (PUBLIC_URL). */
  publicUrl: string;
  shopName: string;
  /** The shop's support address: Reply-To of every e-mail. */
  supportEmail: string;
}

export interface CopyContext {
  site: SiteForMessages;
  /** The language the message is rendered in (the row's, when it has words for it). */
  lang: Lang;
  /** The full URL of a site-relative path. */
  link(path: string): string;
}

/** One e-mail's words; plain text (templates.ts escapes it for the HTML part). */
export interface EmailCopy {
  subject: string;
  greeting?: string;
  paragraphs: string[];
  /** Label / value rows: reference, date, time, amounts. */
  details?: [string, string][];
  /** Headed lists (the staff digest's slots). */
  sections?: { heading: string; lines: string[] }[];
  /** The main link: the tracking page (customers) or the dashboard page (staff). */
  action?: { label: string; url: string };
  /** The visible unsubscribe link (newsletter). */
  unsubscribe?: { label: string; url: string };
  footer: string;
}

export type EmailTexts = {
  [T in MessageTemplate]: (params: MessageParamsByTemplate[T], ctx: CopyContext) => EmailCopy;
};

/** The words of the frame in one language; plain text, never markup. */
export interface FrameWords {
  /** Dates ("Mon, 23 Nov", "सोम, 23 नव॰") and weights ("18.5 kg", "18.5 किलो") in this language. */
  lang: Lang;
  /** The first line of a customer e-mail: "Hello Asha Rao,". */
  greeting(name: string): string;
  /** The labels of a pickup's rows: "Reference", "Date", "Time". */
  reference: string;
  date: string;
  time: string;
  /** The labels of an order's rows: "Order", "Total", "Payment". */
  order: string;
  total: string;
  payment: string;
  /** The Payment row's value by payment method: "Paid online" / "Cash on delivery". */
  paidOnline: string;
  cashOnDelivery: string;
  /** The button to the tracking page: "Open your pickup" / "Open your order". */
  openPickup: string;
  openOrder: string;
  /** The last line of a customer e-mail: where to ask questions, and who sends it. */
  customerFooter(site: SiteForMessages): string;
  /** The rows of a collected pickup's reward: "Coupon code", "Coupon value", "Valid until", "Payout". */
  couponCode: string;
  couponValue: string;
  validUntil: string;
  payout: string;
  /**
   * The reward in a few words (the subject of `pickup_collected` and its WhatsApp body), from
   * the formatted amounts: a coupon (`worth` undefined when its value is not known), the number
   * of plants, a payout. The frame folds runs of white space and trims.
   */
  reward: {
    coupon(code: string, worth: string | undefined): string;
    plants(count: number): string;
    paid(amount: string): string;
  };
  /** The newsletter's visible unsubscribe link: "Unsubscribe". */
  unsubscribe: string;
  /** The newsletter's footer: why the reader gets it. */
  newsletterFooter(shopName: string): string;
}

/** What a template adds to the frame: its subject, its paragraphs and any rows of its own. */
export interface TemplateWords {
  subject: string;
  paragraphs: string[];
  /** Rows after the frame's (collector, weigh sheet, reward). */
  details?: [string, string][];
}

/** The helpers a language module writes its templates with, built from its `FrameWords`. */
export function emailFrame(words: FrameWords) {
  /** A YYYY-MM-DD calendar date in the language. */
  const day = (date: string) => dateLabel(date, words.lang);
  /** "Mon, 23 Nov, 11 am – 1 pm": a pickup's date and slot. */
  const when = (p: PickupMessageParams) => `${day(p.pickupDate)}, ${p.slotLabel}`;
  /** Integer grams in kg, with the language's unit. */
  const weight = (grams: number) => weightLabel(grams, words.lang);
  const paymentLabel = (p: OrderMessageParams) =>
    p.paymentMethod === "online" ? words.paidOnline : words.cashOnDelivery;

  /** Reference, date and time of a pickup. */
  const pickupRows = (p: PickupMessageParams): [string, string][] => [
    [words.reference, p.reference],
    [words.date, day(p.pickupDate)],
    [words.time, p.slotLabel],
  ];
  /** Reference, total and payment method of an order. */
  const orderRows = (p: OrderMessageParams): [string, string][] => [
    [words.order, p.reference],
    [words.total, formatPaise(p.totalPaise)],
    [words.payment, paymentLabel(p)],
  ];

  function pickupCopy(p: PickupMessageParams, ctx: CopyContext, own: TemplateWords): EmailCopy {
    return {
      subject: own.subject,
      greeting: words.greeting(p.name),
      paragraphs: own.paragraphs,
      details: [...pickupRows(p), ...(own.details ?? [])],
      action: { label: words.openPickup, url: ctx.link(p.trackingPath) },
      footer: words.customerFooter(ctx.site),
    };
  }

  function orderCopy(
    p: OrderMessageParams,
    ctx: CopyContext,
    own: Omit<TemplateWords, "details">,
  ): EmailCopy {
    return {
      subject: own.subject,
      greeting: words.greeting(p.name),
      paragraphs: own.paragraphs,
      details: orderRows(p),
      action: { label: words.openOrder, url: ctx.link(p.trackingPath) },
      footer: words.customerFooter(ctx.site),
    };
  }

  /**
   * The 'Join us' confirmation: the language's subject and paragraphs, a button to the
   * confirmation page, the customer footer. No greeting: nothing the visitor typed is repeated
   * to an address whose owner may not be who joined.
   */
  function confirmCopy(
    p: MessageParamsByTemplate["newsletter_confirm"],
    ctx: CopyContext,
    own: Omit<TemplateWords, "details"> & { button: string },
  ): EmailCopy {
    if (!Number.isInteger(p.validDays) || p.validDays < 1) {
      throw new TypeError("validDays is not a whole number of days");
    }
    return {
      subject: own.subject,
      paragraphs: own.paragraphs,
      action: { label: own.button, url: ctx.link(p.confirmPath) },
      footer: words.customerFooter(ctx.site),
    };
  }

  /** The newsletter: the text's blank-line separated paragraphs, the unsubscribe link. */
  const newsletter: EmailTexts["newsletter"] = (p, ctx) => ({
    subject: p.subject,
    paragraphs: p.text
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
    unsubscribe: { label: words.unsubscribe, url: ctx.link(p.unsubscribePath) },
    footer: words.newsletterFooter(ctx.site.shopName),
  });

  return {
    day,
    when,
    weight,
    paymentLabel,
    pickupRows,
    orderRows,
    pickupCopy,
    orderCopy,
    confirmCopy,
    codeCopy: codeCopyOf(words),
    grievanceCopy: grievanceCopy.bind(null, words),
    leadCopy: leadCopy.bind(null, words),
    rewardSummary: (p: MessageParamsByTemplate["pickup_collected"]) => rewardSummary(words, p),
    collectedDetails: (p: MessageParamsByTemplate["pickup_collected"]) =>
      collectedDetails(words, day, p),
    newsletter,
  };
}

/** A one-time code e-mail's own words: its subject and paragraphs around the code. */
interface CodeWords {
  subject: string;
  paragraphs(code: string, minutes: number): string[];
}

/**
 * A one-time code's e-mail in a language (docs/accounts.md "Signing in"): the code unsealed (it
 * travels sealed in the outbox row), no link and nothing the visitor typed.
 */
function codeCopyOf(words: FrameWords) {
  return (
    p: MessageParamsByTemplate["sign_in_code"] | MessageParamsByTemplate["order_code"],
    ctx: CopyContext,
    own: CodeWords,
  ): EmailCopy => ({
    subject: own.subject,
    paragraphs: own.paragraphs(unsealText(p.sealedCode), p.validMinutes),
    footer: words.customerFooter(ctx.site),
  });
}

/** An acknowledgement's own words: its subject, paragraphs and button label. */
type AcknowledgementWords = Omit<TemplateWords, "details"> & { button: string };

/**
 * The acknowledgement of a grievance or of a tie-up enquiry (docs/corporate.md): greeting, the
 * language's subject and paragraphs, a button to `path` (the grievance or the tie-ups page), the
 * customer footer.
 */
function acknowledgementCopy(
  words: FrameWords,
  name: string,
  path: string,
  ctx: CopyContext,
  own: AcknowledgementWords,
): EmailCopy {
  return {
    subject: own.subject,
    greeting: words.greeting(name),
    paragraphs: own.paragraphs,
    action: { label: own.button, url: ctx.link(path) },
    footer: words.customerFooter(ctx.site),
  };
}

/** A grievance's acknowledgement: its button leads to the grievance page. */
function grievanceCopy(
  words: FrameWords,
  p: MessageParamsByTemplate["grievance_received"],
  ctx: CopyContext,
  own: AcknowledgementWords,
): EmailCopy {
  return acknowledgementCopy(words, p.name, p.grievancePath, ctx, own);
}

/** A tie-up enquiry's acknowledgement: its button leads to the tie-ups page. */
function leadCopy(
  words: FrameWords,
  p: MessageParamsByTemplate["lead_received"],
  ctx: CopyContext,
  own: AcknowledgementWords,
): EmailCopy {
  return acknowledgementCopy(words, p.name, p.corporatePath, ctx, own);
}

/** What the customer chose at collection, in a few words (`FrameWords.reward`). */
function rewardSummary(words: FrameWords, p: MessageParamsByTemplate["pickup_collected"]): string {
  if (p.reward === "coupon") {
    const worth = p.couponValuePaise === undefined ? undefined : formatPaise(p.couponValuePaise);
    return words.reward
      .coupon(p.couponCode ?? "", worth)
      .replace(/\s+/g, " ")
      .trim();
  }
  if (p.reward === "plants") {
    const count = (p.plants ?? []).reduce((sum, plant) => sum + plant.quantity, 0);
    return words.reward.plants(count);
  }
  return words.reward.paid(formatPaise(p.payoutPaise));
}

/**
 * The rows of the reward: the coupon ("–" for what is not known), each plant, or the payout;
 * `day` writes a YYYY-MM-DD date in the language.
 */
function collectedDetails(
  words: FrameWords,
  day: (date: string) => string,
  p: MessageParamsByTemplate["pickup_collected"],
): [string, string][] {
  if (p.reward === "coupon") {
    return [
      [words.couponCode, p.couponCode ?? "–"],
      [words.couponValue, p.couponValuePaise === undefined ? "–" : formatPaise(p.couponValuePaise)],
      [words.validUntil, p.couponExpiresOn ? day(p.couponExpiresOn) : "–"],
    ];
  }
  if (p.reward === "plants") {
    return (p.plants ?? []).map((plant): [string, string] => [plant.name, `× ${plant.quantity}`]);
  }
  return [[words.payout, formatPaise(p.payoutPaise)]];
}
