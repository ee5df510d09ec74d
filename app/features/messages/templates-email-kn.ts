/**
 * The Kannada words of every customer e-mail and of the newsletter (docs/messages.md
 * "Templates", docs/languages.md): the same shape as templates-email-en.ts, written as a shop in
 * Karnataka would write them. Staff alerts and the digest stay English (`staffTexts`). Money
 * stays ₹ with Indian grouping, dates are kn-IN (templates-format.ts), references, codes and
 * links unchanged.
 */
import type { MessageParamsByTemplate } from "~/db/outbox.server";
import { formatPaise } from "~/utils/money";
import { claimWords, decidedParagraphs } from "./templates-claims";
import { staffTexts } from "./templates-email-en";
import { type EmailTexts, emailFrame } from "./templates-email-frame";

/** The Kannada words of the frame every customer e-mail shares (templates-email-frame.ts). */
const kannada = emailFrame({
  lang: "kn",
  greeting: (name) => `ನಮಸ್ಕಾರ ${name},`,
  reference: "ರೆಫರೆನ್ಸ್",
  date: "ದಿನಾಂಕ",
  time: "ಸಮಯ",
  order: "ಆರ್ಡರ್",
  total: "ಒಟ್ಟು",
  payment: "ಪಾವತಿ",
  paidOnline: "ಆನ್‌ಲೈನ್ ಪಾವತಿ",
  cashOnDelivery: "ಕ್ಯಾಶ್ ಆನ್ ಡೆಲಿವರಿ",
  openPickup: "ನಿಮ್ಮ ಪಿಕಪ್ ನೋಡಿ",
  openOrder: "ನಿಮ್ಮ ಆರ್ಡರ್ ನೋಡಿ",
  customerFooter: (site) =>
    `ಪ್ರಶ್ನೆಗಳಿವೆಯೇ? ಈ ಇ-ಮೇಲ್‌ಗೆ ಉತ್ತರಿಸಿ ಅಥವಾ ${site.supportEmail} ಗೆ ಬರೆಯಿರಿ. – ${site.shopName}`,
  couponCode: "ಕೂಪನ್ ಕೋಡ್",
  couponValue: "ಕೂಪನ್ ಮೌಲ್ಯ",
  validUntil: "ಈ ದಿನದವರೆಗೆ ಮಾನ್ಯ",
  payout: "ಪಾವತಿ",
  reward: {
    coupon: (code, worth) => `${worth === undefined ? "" : `${worth} ಮೌಲ್ಯದ `}ಕೂಪನ್ ${code}`,
    plants: (count) => (count === 1 ? "1 ಗಿಡ" : `${count} ಗಿಡಗಳು`),
    paid: (amount) => `${amount} ಪಾವತಿ`,
  },
  unsubscribe: "ಚಂದಾದಾರಿಕೆ ರದ್ದುಮಾಡಿ",
  newsletterFooter: (shopName) => `ನೀವು ${shopName} ಮೇಲಿಂಗ್ ಪಟ್ಟಿಗೆ ಸೇರಿರುವುದರಿಂದ ಈ ಇ-ಮೇಲ್ ಬಂದಿದೆ.`,
});
const { pickupCopy, orderCopy, when, weight, collectedDetails } = kannada;

/** The reward in a few Kannada words: "₹550 ಮೌಲ್ಯದ ಕೂಪನ್ ABCD-1234", "3 ಗಿಡಗಳು", "₹277.50 ಪಾವತಿ". */
export function rewardSummaryKn(p: MessageParamsByTemplate["pickup_collected"]): string {
  return kannada.rewardSummary(p);
}

/** The Kannada words of every template (staff alerts: English). */
export const kannadaEmail: EmailTexts = {
  ...staffTexts,
  pickup_booked: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `ಪಿಕಪ್ ${p.reference} ಬುಕ್ ಆಗಿದೆ: ${when(p)}`,
      paragraphs: [
        "ಗುಜರಿ ಪಿಕಪ್ ಬುಕ್ ಮಾಡಿದ್ದಕ್ಕೆ ಧನ್ಯವಾದಗಳು. ನಾವು ಶೀಘ್ರದಲ್ಲೇ ಇದನ್ನು ಖಚಿತಪಡಿಸುತ್ತೇವೆ.",
        "ನಿಮ್ಮ ಪಿಕಪ್ ಪುಟದಲ್ಲಿ ಅದರ ವಿವರ ನೋಡಬಹುದು, ಸಮಯ ಬದಲಾಯಿಸಬಹುದು ಅಥವಾ ರದ್ದುಮಾಡಬಹುದು.",
      ],
    }),
  pickup_rescheduled: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `ಪಿಕಪ್ ${p.reference} ಸಮಯ ಬದಲಾಗಿದೆ: ${when(p)}`,
      paragraphs: [
        "ನಿಮ್ಮ ಪಿಕಪ್‌ನ ಹೊಸ ದಿನಾಂಕ ಮತ್ತು ಸಮಯ ಕೆಳಗಿದೆ.",
        "ಹೊಸ ಸಮಯದ ಹಿಂದಿನ ದಿನ ಸಂಜೆ ಮತ್ತು ಒಂದು ಗಂಟೆ ಮೊದಲು ನಾವು ನಿಮಗೆ ನೆನಪಿಸುತ್ತೇವೆ.",
      ],
    }),
  pickup_cancelled: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `ಪಿಕಪ್ ${p.reference} ರದ್ದಾಗಿದೆ`,
      paragraphs: [
        `ನಿಮ್ಮ ಪಿಕಪ್ (${when(p)}) ರದ್ದಾಗಿದೆ. ಯಾರೂ ಬರುವುದಿಲ್ಲ.`,
        "ನಮ್ಮ ವೆಬ್‌ಸೈಟ್‌ನಲ್ಲಿ ಯಾವಾಗ ಬೇಕಾದರೂ ಹೊಸ ಪಿಕಪ್ ಬುಕ್ ಮಾಡಬಹುದು.",
      ],
    }),
  pickup_confirmed: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `ಪಿಕಪ್ ${p.reference} ಖಚಿತವಾಗಿದೆ: ${when(p)}`,
      paragraphs: [
        "ನಿಮ್ಮ ಪಿಕಪ್ ಖಚಿತವಾಗಿದೆ. ನಮ್ಮ ಕಲೆಕ್ಟರ್ ಕೆಳಗಿನ ಸಮಯದಲ್ಲಿ ಬರುತ್ತಾರೆ.",
        "ದಯವಿಟ್ಟು ನಿಮ್ಮ ಗುಜರಿಯನ್ನು ಸಿದ್ಧವಾಗಿಡಿ; ಕಾಗದ, ಪ್ಲಾಸ್ಟಿಕ್ ಮತ್ತು ಲೋಹವನ್ನು ಬೇರೆಬೇರೆ ಇಟ್ಟರೆ ತೂಕ ಬೇಗ ಆಗುತ್ತದೆ.",
      ],
    }),
  pickup_reminder_evening: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `ನಾಳೆ: ಪಿಕಪ್ ${p.reference}, ${p.slotLabel}`,
      paragraphs: [
        `ನೆನಪಿಗಾಗಿ: ನಮ್ಮ ಕಲೆಕ್ಟರ್ ನಾಳೆ ಬರುತ್ತಾರೆ, ${when(p)}.`,
        "ಈ ಸಮಯ ಈಗ ಸರಿಹೊಂದದಿದ್ದರೆ, ಪಿಕಪ್ ಪುಟದಲ್ಲಿ ಅದನ್ನು ಬದಲಾಯಿಸಿ ಅಥವಾ ರದ್ದುಮಾಡಿ.",
      ],
    }),
  pickup_reminder_hour: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `ಸುಮಾರು ಒಂದು ಗಂಟೆಯಲ್ಲಿ: ಪಿಕಪ್ ${p.reference}, ${p.slotLabel}`,
      paragraphs: [`ನಮ್ಮ ಕಲೆಕ್ಟರ್ ಇಂದು ${p.slotLabel} ನಡುವೆ ಬರುತ್ತಾರೆ. ದಯವಿಟ್ಟು ನಿಮ್ಮ ಗುಜರಿಯನ್ನು ಸಿದ್ಧವಾಗಿಡಿ.`],
    }),
  collector_on_the_way: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `ಪಿಕಪ್ ${p.reference}: ${p.collectorName} ದಾರಿಯಲ್ಲಿದ್ದಾರೆ`,
      paragraphs: [
        `${p.collectorName} ನಿಮ್ಮ ಗುಜರಿ ತೆಗೆದುಕೊಳ್ಳಲು ಬರುತ್ತಿದ್ದಾರೆ.`,
        `ನಿಮ್ಮ ಹ್ಯಾಂಡ್‌ಓವರ್ ಕೋಡ್ ${p.handoverCode}. ತೂಕದ ಚೀಟಿ ನಿಮಗೆ ಒಪ್ಪಿಗೆಯಾದಾಗ ಮಾತ್ರ ಈ ಕೋಡ್ ಅನ್ನು ಕಲೆಕ್ಟರ್‌ಗೆ ತಿಳಿಸಿ.`,
      ],
      details: [
        ["ಕಲೆಕ್ಟರ್", p.collectorName],
        ["ಹ್ಯಾಂಡ್‌ಓವರ್ ಕೋಡ್", p.handoverCode],
      ],
    }),
  weigh_sheet_ready: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `ಪಿಕಪ್ ${p.reference}: ತೂಕದ ಚೀಟಿ ಸಿದ್ಧ, ${weight(p.totalGrams)}, ${formatPaise(p.payoutPaise)}`,
      paragraphs: [
        "ನಿಮ್ಮ ಗುಜರಿಯ ತೂಕ ಮಾಡಲಾಗಿದೆ. ದಯವಿಟ್ಟು ನಿಮ್ಮ ಪಿಕಪ್ ಪುಟದಲ್ಲಿ ತೂಕದ ಚೀಟಿಯನ್ನು ನೋಡಿ ಒಪ್ಪಿಕೊಳ್ಳಿ, ಅಥವಾ ಏನು ತಪ್ಪಾಗಿದೆ ಎಂದು ತಿಳಿಸಿ.",
      ],
      details: [
        ["ತೂಕದ ಚೀಟಿ", `ಆವೃತ್ತಿ ${p.version}`],
        ["ಒಟ್ಟು ತೂಕ", weight(p.totalGrams)],
        ["ಹಣವಾಗಿ ಪಾವತಿ", formatPaise(p.payoutPaise)],
        ["ಕೂಪನ್ ಅಥವಾ ಗಿಡಗಳಾಗಿ", formatPaise(p.rewardValuePaise)],
      ],
    }),
  pickup_collected: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `ಪಿಕಪ್ ${p.reference} ಪೂರ್ಣಗೊಂಡಿದೆ: ${rewardSummaryKn(p)}`,
      paragraphs: [
        "ಧನ್ಯವಾದಗಳು! ನಿಮ್ಮ ಗುಜರಿಯನ್ನು ತೆಗೆದುಕೊಂಡು ಹೋಗಲಾಗಿದೆ.",
        p.reward === "coupon"
          ? "ನಮ್ಮ ಅಂಗಡಿಯಲ್ಲಿ ಚೆಕ್‌ಔಟ್ ವೇಳೆ ನಿಮ್ಮ ಕೂಪನ್ ಕೋಡ್ ಬಳಸಿ."
          : p.reward === "plants"
            ? "ನಿಮ್ಮ ಗಿಡಗಳು ನಿಮ್ಮತ್ತ ಬರುತ್ತಿವೆ."
            : "ನಿಮ್ಮ ಪಾವತಿಯ ವಿವರ ಕೆಳಗಿದೆ.",
      ],
      details: collectedDetails(p),
    }),
  claim_received: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: claimWords.kn.receivedSubject(p),
      paragraphs: claimWords.kn.received,
    }),
  claim_decided: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: claimWords.kn.decidedSubject(p),
      paragraphs: decidedParagraphs(p, "kn"),
    }),
  claim_refund_paid: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: claimWords.kn.refundPaidSubject(p),
      paragraphs: [claimWords.kn.refundPaid(p)],
    }),
  order_placed: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `ಆರ್ಡರ್ ${p.reference} ಸ್ವೀಕರಿಸಲಾಗಿದೆ: ${formatPaise(p.totalPaise)}`,
      paragraphs: [
        "ನಿಮ್ಮ ಆರ್ಡರ್‌ಗೆ ಧನ್ಯವಾದಗಳು. ನಾವು ಶೀಘ್ರದಲ್ಲೇ ಇದನ್ನು ಖಚಿತಪಡಿಸುತ್ತೇವೆ.",
        p.paymentMethod === "cod"
          ? `ಡೆಲಿವರಿ ವೇಳೆ ನಗದು ನೀಡಲು ದಯವಿಟ್ಟು ${formatPaise(p.totalPaise)} ಸಿದ್ಧವಾಗಿಡಿ.`
          : "ನೀವು ಆನ್‌ಲೈನ್ ಪಾವತಿ ಆರಿಸಿದ್ದೀರಿ; ಪಾವತಿಯ ವಿವರ ನಿಮ್ಮ ಆರ್ಡರ್ ಪುಟದಲ್ಲಿದೆ.",
      ],
    }),
  order_confirmed: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `ಆರ್ಡರ್ ${p.reference} ಖಚಿತವಾಗಿದೆ`,
      paragraphs: ["ನಿಮ್ಮ ಆರ್ಡರ್ ಖಚಿತವಾಗಿದೆ, ಅದನ್ನು ಪ್ಯಾಕ್ ಮಾಡಲಾಗುತ್ತಿದೆ."],
    }),
  order_shipped: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `ಆರ್ಡರ್ ${p.reference} ಕಳುಹಿಸಲಾಗಿದೆ`,
      paragraphs: ["ನಿಮ್ಮ ಆರ್ಡರ್ ನಿಮ್ಮತ್ತ ಬರುತ್ತಿದೆ."],
    }),
  order_delivered: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `ಆರ್ಡರ್ ${p.reference} ಡೆಲಿವರಿ ಆಗಿದೆ`,
      paragraphs: ["ನಿಮ್ಮ ಆರ್ಡರ್ ಡೆಲಿವರಿ ಆಗಿದೆ. ನಿಮ್ಮ ಗಿಡಗಳನ್ನು ಆನಂದಿಸಿ!"],
    }),
  order_cancelled: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `ಆರ್ಡರ್ ${p.reference} ರದ್ದಾಗಿದೆ`,
      paragraphs: [
        "ನಿಮ್ಮ ಆರ್ಡರ್ ರದ್ದಾಗಿದೆ.",
        p.paymentMethod === "online"
          ? `ನೀವು ಆನ್‌ಲೈನ್‌ನಲ್ಲಿ ಪಾವತಿಸಿದ್ದರೆ, ${formatPaise(p.totalPaise)} ಮರುಪಾವತಿಗಾಗಿ ನಾವು ನಿಮ್ಮನ್ನು ಸಂಪರ್ಕಿಸುತ್ತೇವೆ.`
          : "ನೀವು ಏನನ್ನೂ ಪಾವತಿಸಬೇಕಿಲ್ಲ.",
      ],
    }),
  payment_received: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `ಆರ್ಡರ್ ${p.reference} ಪಾವತಿ ಸಿಕ್ಕಿದೆ: ${formatPaise(p.totalPaise)}`,
      paragraphs: [`ನಿಮ್ಮ ${formatPaise(p.totalPaise)} ಪಾವತಿ ನಮಗೆ ಸಿಕ್ಕಿದೆ. ಧನ್ಯವಾದಗಳು!`],
    }),
  payment_failed: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `ಆರ್ಡರ್ ${p.reference} ಪಾವತಿ ಆಗಿಲ್ಲ`,
      paragraphs: [
        `ನಿಮ್ಮ ${formatPaise(p.totalPaise)} ಪಾವತಿ ಆಗಿಲ್ಲ.`,
        "ನಿಮ್ಮ ಆರ್ಡರ್ ಪುಟದಲ್ಲಿ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಬಹುದು.",
      ],
    }),
  newsletter: kannada.newsletter,
  newsletter_confirm: (p, ctx) =>
    kannada.confirmCopy(p, ctx, {
      subject: `${ctx.site.shopName} ಮೇಲಿಂಗ್ ಪಟ್ಟಿಗೆ ಸೇರುವುದನ್ನು ಖಚಿತಪಡಿಸಿ`,
      paragraphs: [
        `ಯಾರೋ, ಬಹುಶಃ ನೀವೇ, ನಮ್ಮ ವೆಬ್‌ಸೈಟ್‌ನಲ್ಲಿ ಈ ಇ-ಮೇಲ್ ವಿಳಾಸದೊಂದಿಗೆ ${ctx.site.shopName} ಮೇಲಿಂಗ್ ಪಟ್ಟಿಗೆ ಸೇರಲು ಕೇಳಿದ್ದಾರೆ.`,
        "ದಯವಿಟ್ಟು ಕೆಳಗಿನ ಬಟನ್ ಒತ್ತಿ ಖಚಿತಪಡಿಸಿ. ನಂತರ ಗಿಡಗಳು, ಆಫರ್‌ಗಳು ಮತ್ತು ಪಿಕಪ್ ದಿನಗಳ ಬಗ್ಗೆ ನಾವು ನಿಮಗೆ ಬರೆಯುತ್ತೇವೆ. ಸ್ವಚ್ಛವಾಗಿರಿ, ಹಸಿರು ಬೆಳೆಸಿ!",
        `ಈ ಲಿಂಕ್ ${p.validDays} ದಿನಗಳವರೆಗೆ ಕೆಲಸ ಮಾಡುತ್ತದೆ. ನೀವು ಇದನ್ನು ಕೇಳಿಲ್ಲದಿದ್ದರೆ, ಈ ಇ-ಮೇಲ್ ಅನ್ನು ನಿರ್ಲಕ್ಷಿಸಿ: ನಾವು ನಿಮಗೆ ಏನೂ ಕಳುಹಿಸುವುದಿಲ್ಲ.`,
      ],
      button: "ಚಂದಾದಾರಿಕೆಯನ್ನು ಖಚಿತಪಡಿಸಿ",
    }),
  sign_in_code: (p, ctx) =>
    kannada.codeCopy(p, ctx, {
      subject: `${ctx.site.shopName} ಗೆ ಸೈನ್ ಇನ್ ಮಾಡಲು ನಿಮ್ಮ ಕೋಡ್`,
      paragraphs: (code, minutes) => [
        `ನಿಮ್ಮ ಖಾತೆಗೆ ಸೈನ್ ಇನ್ ಮಾಡಲು ನಿಮ್ಮ ಕೋಡ್: ${code}`,
        `ಇದು ಒಮ್ಮೆ ಮಾತ್ರ, ${minutes} ನಿಮಿಷಗಳವರೆಗೆ ಕೆಲಸ ಮಾಡುತ್ತದೆ. ಇದನ್ನು ಯಾರಿಗೂ ಹೇಳಬೇಡಿ: ನಾವು ಈ ಕೋಡ್ ಅನ್ನು ಎಂದಿಗೂ ಕೇಳುವುದಿಲ್ಲ. ನೀವು ಕೋಡ್ ಕೇಳಿಲ್ಲದಿದ್ದರೆ, ಈ ಇ-ಮೇಲ್ ಅನ್ನು ನಿರ್ಲಕ್ಷಿಸಿ.`,
      ],
    }),
  order_code: (p, ctx) =>
    kannada.codeCopy(p, ctx, {
      subject: `ಆರ್ಡರ್ ${p.reference} ಅನ್ನು ಖಚಿತಪಡಿಸುವ ನಿಮ್ಮ ಕೋಡ್`,
      paragraphs: (code, minutes) => [
        `ನಿಮ್ಮ ಕ್ಯಾಶ್ ಆನ್ ಡೆಲಿವರಿ ಆರ್ಡರ್ ${p.reference} ಅನ್ನು ಖಚಿತಪಡಿಸುವ ಕೋಡ್: ${code}`,
        `ಇದನ್ನು ${minutes} ನಿಮಿಷಗಳ ಒಳಗೆ ಆರ್ಡರ್‌ನ ಪುಟದಲ್ಲಿ ನಮೂದಿಸಿ. ಇದನ್ನು ಯಾರಿಗೂ ಹೇಳಬೇಡಿ: ನಾವು ಈ ಕೋಡ್ ಅನ್ನು ಎಂದಿಗೂ ಕೇಳುವುದಿಲ್ಲ. ಈ ಆರ್ಡರ್ ಅನ್ನು ನೀವು ಮಾಡಿಲ್ಲದಿದ್ದರೆ ಈ ಇ-ಮೇಲ್ ಅನ್ನು ನಿರ್ಲಕ್ಷಿಸಿ: ಆರ್ಡರ್ ರದ್ದಾಗುತ್ತದೆ.`,
      ],
    }),
  grievance_received: (p, ctx) =>
    kannada.grievanceCopy(p, ctx, {
      subject: `ನಿಮ್ಮ ದೂರು ${p.ticket} ನಮಗೆ ತಲುಪಿದೆ`,
      paragraphs: [
        `ನಮಗೆ ಬರೆದಿದ್ದಕ್ಕೆ ಧನ್ಯವಾದಗಳು. ನಿಮ್ಮ ಟಿಕೆಟ್ ಸಂಖ್ಯೆ ${p.ticket}: ಮತ್ತೆ ಬರೆಯುವಾಗ ದಯವಿಟ್ಟು ಇದನ್ನು ತಿಳಿಸಿ.`,
        "ನಮ್ಮ ದೂರು ಅಧಿಕಾರಿ ಇದನ್ನು ಪರಿಶೀಲಿಸಿ ಆದಷ್ಟು ಬೇಗ, ಹೆಚ್ಚೆಂದರೆ 90 ದಿನಗಳಲ್ಲಿ, ಉತ್ತರಿಸುತ್ತಾರೆ. ನಮ್ಮ ಉತ್ತರದಿಂದ ನಿಮಗೆ ತೃಪ್ತಿ ಇಲ್ಲದಿದ್ದರೆ, ಭಾರತದ ಡೇಟಾ ಸಂರಕ್ಷಣಾ ಮಂಡಳಿಗೆ ದೂರು ನೀಡಬಹುದು.",
      ],
      button: "ನಮ್ಮ ದೂರು ಪುಟ",
    }),
  lead_received: (p, ctx) =>
    kannada.leadCopy(p, ctx, {
      subject: `ನಿಮ್ಮ ವಿಚಾರಣೆ ${p.reference} ನಮಗೆ ತಲುಪಿದೆ`,
      paragraphs: [
        `${p.organisation} ಗಾಗಿ ಒಪ್ಪಂದದ ಬಗ್ಗೆ ವಿಚಾರಿಸಿದ್ದಕ್ಕೆ ಧನ್ಯವಾದಗಳು. ನಿಮ್ಮ ರೆಫರೆನ್ಸ್ ${p.reference}.`,
        "ನಮ್ಮ ತಂಡ 2 ಕೆಲಸದ ದಿನಗಳಲ್ಲಿ ನಿಮಗೆ ಕರೆ ಮಾಡಿ ನಿಮ್ಮ ಸ್ಥಳಗಳ ಬಗ್ಗೆ ತಿಳಿದು ಭೇಟಿಯ ಸಮಯ ನಿಗದಿ ಮಾಡುತ್ತದೆ.",
      ],
      button: "ನಮ್ಮೊಂದಿಗೆ ಒಪ್ಪಂದ",
    }),
};
