/**
 * The words of a claim's messages in English, Hindi and Kannada (docs/claims.md "Messages";
 * docs/messages.md "Templates"): each e-mail's subject and paragraphs, and the one-sentence
 * outcome the WhatsApp template carries as a parameter. Money stays ₹ with Indian grouping,
 * dates follow the language (templates-format.ts), references and codes unchanged.
 */
import type { ClaimDecision, MessageParamsByTemplate } from "~/db/outbox.server";
import type { Lang } from "~/i18n/languages";
import { formatPaise } from "~/utils/money";
import { dateLabel } from "./templates-format";

type Decided = MessageParamsByTemplate["claim_decided"];
type RefundPaid = MessageParamsByTemplate["claim_refund_paid"];

/** One language's claim words. */
export interface ClaimWords {
  receivedSubject(p: { claimReference: string; reference: string }): string;
  received: string[];
  decidedSubject(p: Decided): string;
  /** The decision in one sentence (also the WhatsApp template's outcome parameter). */
  outcome(decision: ClaimDecision, lang: Lang): string;
  /** What staff wrote, introduced. */
  shopNote(note: string): string;
  refundPaidSubject(p: RefundPaid): string;
  refundPaid(p: RefundPaid): string;
}

const paidBy = {
  en: { upi: "UPI", cash: "cash", bank_transfer: "bank transfer" },
  hi: { upi: "UPI", cash: "नकद", bank_transfer: "बैंक ट्रांसफ़र" },
  kn: { upi: "UPI", cash: "ನಗದು", bank_transfer: "ಬ್ಯಾಂಕ್ ವರ್ಗಾವಣೆ" },
} as const;

const english: ClaimWords = {
  receivedSubject: (p) => `We have your report ${p.claimReference} for order ${p.reference}`,
  received: [
    "Thank you for telling us. We will look at your report and photos and reply within 2 working days.",
    "Your order's page shows what we decide.",
  ],
  decidedSubject: (p) =>
    p.decision.kind === "rejected"
      ? `Report ${p.claimReference} (order ${p.reference}): we could not accept it`
      : `Report ${p.claimReference} (order ${p.reference}): what we are doing`,
  outcome: (d, lang) => {
    switch (d.kind) {
      case "replaced":
        return `we are sending you a replacement at no cost, order ${d.replacementReference}`;
      case "refunded":
        return d.online
          ? `we have refunded ${formatPaise(d.amountPaise)} to the account or card you paid with; banks take 5 to 7 working days to show it`
          : `we will pay ${formatPaise(d.amountPaise)} back to you and tell you when it is paid`;
      case "credited":
        return `we have given you coupon ${d.couponCode} worth ${formatPaise(d.amountPaise)}, valid until ${dateLabel(d.couponExpiresOn, lang)}, to use at checkout`;
      case "rejected":
        return "we looked at your report and could not accept it";
    }
  },
  shopNote: (note) => `From the shop: ${note}`,
  refundPaidSubject: (p) =>
    `Report ${p.claimReference} (order ${p.reference}): ${formatPaise(p.amountPaise)} paid back`,
  refundPaid: (p) =>
    `We have paid ${formatPaise(p.amountPaise)} back to you by ${paidBy.en[p.method]}.`,
};

const hindi: ClaimWords = {
  receivedSubject: (p) => `ऑर्डर ${p.reference} की आपकी शिकायत ${p.claimReference} हमें मिल गई`,
  received: [
    "बताने के लिए धन्यवाद। हम आपकी शिकायत और फ़ोटो देखकर 2 कामकाजी दिनों में जवाब देंगे।",
    "हमारा फ़ैसला आपके ऑर्डर के पेज पर दिखेगा।",
  ],
  decidedSubject: (p) =>
    p.decision.kind === "rejected"
      ? `शिकायत ${p.claimReference} (ऑर्डर ${p.reference}): हम इसे स्वीकार नहीं कर सके`
      : `शिकायत ${p.claimReference} (ऑर्डर ${p.reference}): हम क्या कर रहे हैं`,
  outcome: (d, lang) => {
    switch (d.kind) {
      case "replaced":
        return `हम आपको बिना किसी शुल्क के बदले में नया सामान भेज रहे हैं, ऑर्डर ${d.replacementReference}`;
      case "refunded":
        return d.online
          ? `हमने ${formatPaise(d.amountPaise)} उसी खाते या कार्ड में वापस कर दिए हैं जिससे आपने भुगतान किया था; बैंक में दिखने में 5 से 7 कामकाजी दिन लगते हैं`
          : `हम आपको ${formatPaise(d.amountPaise)} वापस देंगे और देने पर बताएँगे`;
      case "credited":
        return `हमने आपको ${formatPaise(d.amountPaise)} का कूपन ${d.couponCode} दिया है, ${dateLabel(d.couponExpiresOn, lang)} तक मान्य, चेकआउट पर इस्तेमाल करें`;
      case "rejected":
        return "हमने आपकी शिकायत देखी, पर इसे स्वीकार नहीं कर सके";
    }
  },
  shopNote: (note) => `दुकान की ओर से: ${note}`,
  refundPaidSubject: (p) =>
    `शिकायत ${p.claimReference} (ऑर्डर ${p.reference}): ${formatPaise(p.amountPaise)} वापस दिए गए`,
  refundPaid: (p) =>
    `हमने आपको ${formatPaise(p.amountPaise)} ${paidBy.hi[p.method]} से वापस दे दिए हैं।`,
};

const kannada: ClaimWords = {
  receivedSubject: (p) => `ಆರ್ಡರ್ ${p.reference} ಕುರಿತ ನಿಮ್ಮ ದೂರು ${p.claimReference} ನಮಗೆ ತಲುಪಿದೆ`,
  received: [
    "ತಿಳಿಸಿದ್ದಕ್ಕೆ ಧನ್ಯವಾದಗಳು. ನಿಮ್ಮ ದೂರು ಮತ್ತು ಫೋಟೋಗಳನ್ನು ನೋಡಿ 2 ಕೆಲಸದ ದಿನಗಳಲ್ಲಿ ಉತ್ತರಿಸುತ್ತೇವೆ.",
    "ನಮ್ಮ ನಿರ್ಧಾರ ನಿಮ್ಮ ಆರ್ಡರ್ ಪುಟದಲ್ಲಿ ಕಾಣಿಸುತ್ತದೆ.",
  ],
  decidedSubject: (p) =>
    p.decision.kind === "rejected"
      ? `ದೂರು ${p.claimReference} (ಆರ್ಡರ್ ${p.reference}): ನಾವು ಇದನ್ನು ಒಪ್ಪಲು ಸಾಧ್ಯವಾಗಲಿಲ್ಲ`
      : `ದೂರು ${p.claimReference} (ಆರ್ಡರ್ ${p.reference}): ನಾವು ಏನು ಮಾಡುತ್ತಿದ್ದೇವೆ`,
  outcome: (d, lang) => {
    switch (d.kind) {
      case "replaced":
        return `ನಾವು ನಿಮಗೆ ಉಚಿತವಾಗಿ ಬದಲಿ ಸಾಮಾನು ಕಳುಹಿಸುತ್ತಿದ್ದೇವೆ, ಆರ್ಡರ್ ${d.replacementReference}`;
      case "refunded":
        return d.online
          ? `ನೀವು ಪಾವತಿಸಿದ ಖಾತೆ ಅಥವಾ ಕಾರ್ಡ್‌ಗೆ ${formatPaise(d.amountPaise)} ಹಿಂತಿರುಗಿಸಿದ್ದೇವೆ; ಬ್ಯಾಂಕಿನಲ್ಲಿ ಕಾಣಲು 5 ರಿಂದ 7 ಕೆಲಸದ ದಿನಗಳು ಬೇಕು`
          : `ನಾವು ನಿಮಗೆ ${formatPaise(d.amountPaise)} ಹಿಂತಿರುಗಿಸುತ್ತೇವೆ ಮತ್ತು ಕೊಟ್ಟಾಗ ತಿಳಿಸುತ್ತೇವೆ`;
      case "credited":
        return `ನಿಮಗೆ ${formatPaise(d.amountPaise)} ಮೌಲ್ಯದ ಕೂಪನ್ ${d.couponCode} ನೀಡಿದ್ದೇವೆ, ${dateLabel(d.couponExpiresOn, lang)} ವರೆಗೆ ಮಾನ್ಯ, ಚೆಕ್‌ಔಟ್‌ನಲ್ಲಿ ಬಳಸಿ`;
      case "rejected":
        return "ನಿಮ್ಮ ದೂರನ್ನು ನೋಡಿದೆವು, ಆದರೆ ಅದನ್ನು ಒಪ್ಪಲು ಸಾಧ್ಯವಾಗಲಿಲ್ಲ";
    }
  },
  shopNote: (note) => `ಅಂಗಡಿಯಿಂದ: ${note}`,
  refundPaidSubject: (p) =>
    `ದೂರು ${p.claimReference} (ಆರ್ಡರ್ ${p.reference}): ${formatPaise(p.amountPaise)} ಹಿಂತಿರುಗಿಸಲಾಗಿದೆ`,
  refundPaid: (p) =>
    `ನಾವು ನಿಮಗೆ ${formatPaise(p.amountPaise)} ${paidBy.kn[p.method]} ಮೂಲಕ ಹಿಂತಿರುಗಿಸಿದ್ದೇವೆ.`,
};

/** The claim words of each language. */
export const claimWords: Record<Lang, ClaimWords> = { en: english, hi: hindi, kn: kannada };

/** A sentence from a clause: its first letter upper-cased (Latin only) and a full stop. */
function sentence(clause: string, lang: Lang): string {
  const first = lang === "en" ? clause.charAt(0).toUpperCase() + clause.slice(1) : clause;
  return `${first}${lang === "hi" ? "।" : "."}`;
}

/** The paragraphs of 'claim_decided' in `lang`: the outcome, then staff's note if any. */
export function decidedParagraphs(p: Decided, lang: Lang): string[] {
  const words = claimWords[lang];
  const paragraphs = [sentence(words.outcome(p.decision, lang), lang)];
  if (p.note) paragraphs.push(words.shopNote(p.note));
  return paragraphs;
}
