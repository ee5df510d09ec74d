/**
 * The Hindi words of every customer e-mail and of the newsletter (docs/messages.md "Templates",
 * docs/languages.md): the same shape as templates-email-en.ts, written as a shop in India would write
 * them. Staff alerts and the digest stay English (`staffTexts`). Money stays ₹ with Indian
 * grouping, dates are hi-IN (templates-format.ts), references, codes and links unchanged.
 */
import type { MessageParamsByTemplate } from "~/db/outbox.server";
import { formatPaise } from "~/utils/money";
import { claimWords, decidedParagraphs } from "./templates-claims";
import { staffTexts } from "./templates-email-en";
import { type EmailTexts, emailFrame } from "./templates-email-frame";

/** The Hindi words of the frame every customer e-mail shares (templates-email-frame.ts). */
const hindi = emailFrame({
  lang: "hi",
  greeting: (name) => `नमस्ते ${name},`,
  reference: "रेफ़रेंस",
  date: "तारीख",
  time: "समय",
  order: "ऑर्डर",
  total: "कुल",
  payment: "भुगतान",
  paidOnline: "ऑनलाइन भुगतान",
  cashOnDelivery: "कैश ऑन डिलीवरी",
  openPickup: "अपना पिकअप देखें",
  openOrder: "अपना ऑर्डर देखें",
  customerFooter: (site) =>
    `कोई सवाल? इस ई-मेल का जवाब दें या ${site.supportEmail} पर लिखें। – ${site.shopName}`,
  couponCode: "कूपन कोड",
  couponValue: "कूपन की राशि",
  validUntil: "कब तक मान्य",
  payout: "भुगतान",
  reward: {
    coupon: (code, worth) => `${worth === undefined ? "" : `${worth} का `}कूपन ${code}`,
    plants: (count) => (count === 1 ? "1 पौधा" : `${count} पौधे`),
    paid: (amount) => `${amount} का भुगतान`,
  },
  unsubscribe: "सदस्यता छोड़ें",
  newsletterFooter: (shopName) =>
    `आपको यह ई-मेल इसलिए मिला क्योंकि आप ${shopName} की मेलिंग लिस्ट से जुड़े हैं।`,
});
const { pickupCopy, orderCopy, when, weight, collectedDetails } = hindi;

/** The reward in a few Hindi words: "₹550 का कूपन ABCD-1234", "3 पौधे", "₹277.50 का भुगतान". */
export function rewardSummaryHi(p: MessageParamsByTemplate["pickup_collected"]): string {
  return hindi.rewardSummary(p);
}

/** The Hindi words of every template (staff alerts: English). */
export const hindiEmail: EmailTexts = {
  ...staffTexts,
  pickup_booked: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `पिकअप ${p.reference} बुक हो गया: ${when(p)}`,
      paragraphs: [
        "कबाड़ पिकअप बुक करने के लिए धन्यवाद। हम जल्द ही इसे कन्फ़र्म करेंगे।",
        "अपने पिकअप के पेज पर आप इसकी जानकारी देख सकते हैं, समय बदल सकते हैं या इसे रद्द कर सकते हैं।",
      ],
    }),
  pickup_rescheduled: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `पिकअप ${p.reference} का समय बदला: ${when(p)}`,
      paragraphs: [
        "आपके पिकअप की नई तारीख और समय नीचे दिए गए हैं।",
        "हम नए समय से पहले वाली शाम को और एक घंटा पहले आपको याद दिलाएँगे।",
      ],
    }),
  pickup_cancelled: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `पिकअप ${p.reference} रद्द हो गया`,
      paragraphs: [
        `आपका पिकअप (${when(p)}) रद्द हो गया है। कोई नहीं आएगा।`,
        "आप हमारी वेबसाइट पर कभी भी नया पिकअप बुक कर सकते हैं।",
      ],
    }),
  pickup_confirmed: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `पिकअप ${p.reference} कन्फ़र्म: ${when(p)}`,
      paragraphs: [
        "आपका पिकअप कन्फ़र्म हो गया है। हमारे कलेक्टर नीचे दिए गए समय पर आएँगे।",
        "कृपया अपना कबाड़ तैयार रखें; कागज़, प्लास्टिक और धातु अलग-अलग रखने से तौल जल्दी होती है।",
      ],
    }),
  pickup_reminder_evening: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `कल: पिकअप ${p.reference}, ${p.slotLabel}`,
      paragraphs: [
        `याद दिला दें: हमारे कलेक्टर कल आएँगे, ${when(p)}।`,
        "अगर यह समय अब ठीक नहीं है, तो पिकअप के पेज पर इसे बदलें या रद्द करें।",
      ],
    }),
  pickup_reminder_hour: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `लगभग एक घंटे में: पिकअप ${p.reference}, ${p.slotLabel}`,
      paragraphs: [`हमारे कलेक्टर आज ${p.slotLabel} के बीच आएँगे। कृपया अपना कबाड़ तैयार रखें।`],
    }),
  collector_on_the_way: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `पिकअप ${p.reference}: ${p.collectorName} रास्ते में हैं`,
      paragraphs: [
        `${p.collectorName} आपका कबाड़ लेने आ रहे हैं।`,
        `आपका हैंडओवर कोड ${p.handoverCode} है। यह कोड कलेक्टर को तभी बताएँ जब आप तौल पर्ची से सहमत हों।`,
      ],
      details: [
        ["कलेक्टर", p.collectorName],
        ["हैंडओवर कोड", p.handoverCode],
      ],
    }),
  weigh_sheet_ready: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `पिकअप ${p.reference}: तौल पर्ची तैयार, ${weight(p.totalGrams)}, ${formatPaise(p.payoutPaise)}`,
      paragraphs: [
        "आपका कबाड़ तौल लिया गया है। कृपया अपने पिकअप के पेज पर तौल पर्ची देखें और उसे स्वीकार करें, या बताएँ कि क्या गलत है।",
      ],
      details: [
        ["तौल पर्ची", `वर्शन ${p.version}`],
        ["कुल वज़न", weight(p.totalGrams)],
        ["पैसों में भुगतान", formatPaise(p.payoutPaise)],
        ["कूपन या पौधों के रूप में", formatPaise(p.rewardValuePaise)],
      ],
    }),
  pickup_collected: (p, ctx) =>
    pickupCopy(p, ctx, {
      subject: `पिकअप ${p.reference} पूरा हुआ: ${rewardSummaryHi(p)}`,
      paragraphs: [
        "धन्यवाद! आपका कबाड़ ले लिया गया है।",
        p.reward === "coupon"
          ? "हमारी दुकान में चेकआउट पर अपना कूपन कोड डालें।"
          : p.reward === "plants"
            ? "आपके पौधे आप तक पहुँचाए जा रहे हैं।"
            : "आपके भुगतान की जानकारी नीचे है।",
      ],
      details: collectedDetails(p),
    }),
  claim_received: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: claimWords.hi.receivedSubject(p),
      paragraphs: claimWords.hi.received,
    }),
  claim_decided: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: claimWords.hi.decidedSubject(p),
      paragraphs: decidedParagraphs(p, "hi"),
    }),
  claim_refund_paid: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: claimWords.hi.refundPaidSubject(p),
      paragraphs: [claimWords.hi.refundPaid(p)],
    }),
  order_placed: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `ऑर्डर ${p.reference} मिल गया: ${formatPaise(p.totalPaise)}`,
      paragraphs: [
        "आपके ऑर्डर के लिए धन्यवाद। हम जल्द ही इसे कन्फ़र्म करेंगे।",
        p.paymentMethod === "cod"
          ? `कृपया डिलीवरी के समय नकद देने के लिए ${formatPaise(p.totalPaise)} तैयार रखें।`
          : "आपने ऑनलाइन भुगतान चुना है; भुगतान की जानकारी आपके ऑर्डर के पेज पर है।",
      ],
    }),
  order_confirmed: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `ऑर्डर ${p.reference} कन्फ़र्म हो गया`,
      paragraphs: ["आपका ऑर्डर कन्फ़र्म हो गया है और पैक किया जा रहा है।"],
    }),
  order_shipped: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `ऑर्डर ${p.reference} भेज दिया गया`,
      paragraphs: ["आपका ऑर्डर आपके पास आ रहा है।"],
    }),
  order_delivered: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `ऑर्डर ${p.reference} डिलीवर हो गया`,
      paragraphs: ["आपका ऑर्डर डिलीवर हो गया है। अपने पौधों का आनंद लें!"],
    }),
  order_cancelled: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `ऑर्डर ${p.reference} रद्द हो गया`,
      paragraphs: [
        "आपका ऑर्डर रद्द हो गया है।",
        p.paymentMethod === "online"
          ? `अगर आपने ऑनलाइन भुगतान किया है, तो ${formatPaise(p.totalPaise)} वापस करने के लिए हम आपसे संपर्क करेंगे।`
          : "आपको कुछ नहीं देना है।",
      ],
    }),
  payment_received: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `ऑर्डर ${p.reference} का भुगतान मिल गया: ${formatPaise(p.totalPaise)}`,
      paragraphs: [`हमें आपका ${formatPaise(p.totalPaise)} का भुगतान मिल गया है। धन्यवाद!`],
    }),
  payment_failed: (p, ctx) =>
    orderCopy(p, ctx, {
      subject: `ऑर्डर ${p.reference} का भुगतान नहीं हो पाया`,
      paragraphs: [
        `आपका ${formatPaise(p.totalPaise)} का भुगतान नहीं हो पाया।`,
        "आप अपने ऑर्डर के पेज पर फिर से कोशिश कर सकते हैं।",
      ],
    }),
  newsletter: hindi.newsletter,
  newsletter_confirm: (p, ctx) =>
    hindi.confirmCopy(p, ctx, {
      subject: `${ctx.site.shopName} की मेलिंग लिस्ट से जुड़ने की पुष्टि करें`,
      paragraphs: [
        `किसी ने, उम्मीद है आपने ही, हमारी वेबसाइट पर इस ई-मेल पते से ${ctx.site.shopName} की मेलिंग लिस्ट से जुड़ने को कहा है।`,
        "कृपया नीचे दिए बटन से पुष्टि करें। उसके बाद हम आपको पौधों, ऑफ़र और पिकअप के दिनों के बारे में लिखेंगे। साफ़ रहें, हरियाली बढ़ाएँ!",
        `यह लिंक ${p.validDays} दिन तक काम करेगा। अगर आपने यह नहीं माँगा था, तो इस ई-मेल को अनदेखा करें: हम आपको कुछ नहीं भेजेंगे।`,
      ],
      button: "सदस्यता की पुष्टि करें",
    }),
  sign_in_code: (p, ctx) =>
    hindi.codeCopy(p, ctx, {
      subject: `${ctx.site.shopName} में साइन इन करने का आपका कोड`,
      paragraphs: (code, minutes) => [
        `अपने खाते में साइन इन करने का आपका कोड: ${code}`,
        `यह एक ही बार, ${minutes} मिनट तक काम करेगा। इसे किसी को न बताएँ: हम आपसे यह कोड कभी नहीं माँगेंगे। अगर आपने कोड नहीं माँगा था, तो इस ई-मेल को अनदेखा करें।`,
      ],
    }),
  order_code: (p, ctx) =>
    hindi.codeCopy(p, ctx, {
      subject: `ऑर्डर ${p.reference} की पुष्टि करने का आपका कोड`,
      paragraphs: (code, minutes) => [
        `अपने कैश ऑन डिलीवरी ऑर्डर ${p.reference} की पुष्टि करने का आपका कोड: ${code}`,
        `इसे ${minutes} मिनट के अंदर ऑर्डर के पेज पर डालें। इसे किसी को न बताएँ: हम आपसे यह कोड कभी नहीं माँगेंगे। अगर यह ऑर्डर आपने नहीं दिया था, तो इस ई-मेल को अनदेखा करें: ऑर्डर रद्द हो जाएगा।`,
      ],
    }),
  grievance_received: (p, ctx) =>
    hindi.grievanceCopy(p, ctx, {
      subject: `हमें आपकी शिकायत ${p.ticket} मिल गई है`,
      paragraphs: [
        `हमें लिखने के लिए धन्यवाद। आपका टिकट नंबर ${p.ticket} है: दोबारा लिखते समय कृपया इसे बताएँ।`,
        "हमारे शिकायत अधिकारी इसे देखेंगे और जल्द से जल्द, ज़्यादा से ज़्यादा 90 दिन में, जवाब देंगे। अगर आप हमारे जवाब से संतुष्ट नहीं हैं, तो आप भारतीय डेटा संरक्षण बोर्ड से शिकायत कर सकते हैं।",
      ],
      button: "हमारा शिकायत पेज",
    }),
  lead_received: (p, ctx) =>
    hindi.leadCopy(p, ctx, {
      subject: `हमें आपकी पूछताछ ${p.reference} मिल गई है`,
      paragraphs: [
        `${p.organisation} के लिए साझेदारी के बारे में पूछने के लिए धन्यवाद। आपका रेफ़रेंस ${p.reference} है।`,
        "हमारी टीम 2 कामकाजी दिनों में आपको फ़ोन करके आपकी जगहों के बारे में जानेगी और आने का समय तय करेगी।",
      ],
      button: "हमारे साथ साझेदारी",
    }),
};
