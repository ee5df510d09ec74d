/**
 * Messages in the language the booking or order was made in (docs/languages.md, docs/messages.md
 * "Templates"): every customer e-mail and WhatsApp template renders in Hindi and Kannada with
 * the reference, the language's tracking link, hi-IN / kn-IN dates and ₹ with Indian grouping;
 * staff alerts stay English; docs/messages.md lists the Hindi and Kannada bodies to register.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type MessageParamsByTemplate, messageTemplates } from "~/db/outbox.server";
import { intlLocales, localePath } from "~/i18n/languages";
import {
  referenceOf,
  sampleParams,
  testSite,
} from "../../../tests/support/factories/message-params";
import { isWhatsAppTemplate, renderEmail, renderWhatsApp, whatsappTemplates } from "./templates";

// The newsletter and its 'Join us' confirmation have tests of their own below; the one-time
// codes to sign in and to confirm an order (no greeting, no link; Meta words their WhatsApp
// body) theirs in templates.test.ts.
const customerTemplates = messageTemplates.filter(
  (t) =>
    !t.startsWith("staff_") &&
    !t.startsWith("newsletter") &&
    t !== "sign_in_code" &&
    t !== "order_code" &&
    t !== "grievance_received" &&
    t !== "lead_received" &&
    t !== "organisation_documents" &&
    t !== "organisation_date_changed",
);
const staffTemplates = messageTemplates.filter((t) => t.startsWith("staff_"));
const languages = [
  { lang: "hi" as const, hello: "नमस्ते", script: /[\u0900-\u097f]/ },
  { lang: "kn" as const, hello: "ನಮಸ್ಕಾರ", script: /[\u0c80-\u0cff]/ },
];

/** The sample parameters with the tracking link in `lang`, as the events write them. */
function paramsIn<T extends keyof MessageParamsByTemplate>(template: T, lang: "hi" | "kn") {
  const params = sampleParams[template] as MessageParamsByTemplate[T] & { trackingPath?: string };
  if (!params.trackingPath) return params;
  return { ...params, trackingPath: localePath(lang, params.trackingPath) };
}

/** "सोम, 23 नव॰" / "ಸೋಮ, 23 ನವೆಂ": the calendar date as Intl writes it in the language. */
function dayIn(lang: "hi" | "kn", date: string) {
  return new Intl.DateTimeFormat(intlLocales[lang], {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
}

describe.each(languages)("e-mail in $lang", ({ lang, hello, script }) => {
  it.each(customerTemplates)("%s is written in the language with its link", (template) => {
    const params = paramsIn(template, lang);
    const email = renderEmail(template, params as never, lang, testSite);
    const english = renderEmail(template, sampleParams[template] as never, "en", testSite);
    expect(email.subject).not.toBe(english.subject);
    expect(email.subject).toMatch(script);
    expect(email.subject).toContain(referenceOf(template));
    expect(email.text.startsWith(`${hello} Asha Rao,`)).toBe(true);
    expect(email.text).not.toMatch(/Hello|Questions\?|Open your/);
    const link = `https://shop.example/${lang}/${(sampleParams[template] as { trackingPath: string }).trackingPath.slice(1)}`;
    expect(email.text).toContain(link);
    expect(email.html).toContain(`href="${link}"`);
    expect(email.html).toContain(`<html lang="${lang}">`);
    expect(email.text).toContain("support@shop.example");
  });

  it("dates in the language's Intl format, money as ₹1,23,456", () => {
    const booked = renderEmail("pickup_booked", paramsIn("pickup_booked", lang), lang, testSite);
    expect(booked.subject).toContain(`${dayIn(lang, "2026-11-23")}, 11 am – 1 pm`);
    expect(booked.subject).not.toContain("Mon");
    const order = renderEmail("order_placed", paramsIn("order_placed", lang), lang, testSite);
    expect(order.subject).toContain("₹1,23,456");
    const sheet = renderEmail(
      "weigh_sheet_ready",
      paramsIn("weigh_sheet_ready", lang),
      lang,
      testSite,
    );
    expect(sheet.text).toContain("₹277.50");
    expect(sheet.text).toContain(lang === "hi" ? "18.5 किलो" : "18.5 ಕೆಜಿ");
    const collected = renderEmail(
      "pickup_collected",
      paramsIn("pickup_collected", lang),
      lang,
      testSite,
    );
    expect(collected.subject).toContain("SPROUT-7Q4M");
    expect(collected.subject).toContain("₹305.25");
    expect(collected.text).toContain(dayIn(lang, "2027-05-22"));
  });

  it("escapes a name in the HTML part", () => {
    const email = renderEmail(
      "pickup_booked",
      { ...paramsIn("pickup_booked", lang), name: "<b>x</b>" },
      lang,
      testSite,
    );
    expect(email.html).not.toContain("<b>x</b>");
    expect(email.html).toContain("&lt;b&gt;x&lt;/b&gt;");
  });

  it.each(staffTemplates)("%s stays English", (template) => {
    const params = sampleParams[template] as never;
    const email = renderEmail(template, params, lang, testSite);
    expect({ ...email, html: email.html.replace(`lang="${lang}"`, 'lang="en"') }).toEqual(
      renderEmail(template, params, "en", testSite),
    );
  });

  it("a grievance's acknowledgement is in the language, with its ticket and link", () => {
    const params = { ...sampleParams.grievance_received, grievancePath: `/${lang}/grievance` };
    const email = renderEmail("grievance_received", params, lang, testSite);
    expect(email.subject).toMatch(script);
    expect(email.subject).toContain("GR-3F8K2M");
    expect(email.text.startsWith(`${hello} Asha Rao,`)).toBe(true);
    expect(email.text).toContain(`https://shop.example/${lang}/grievance`);
    expect(email.text).not.toMatch(/Hello|Questions\?|grievance officer/);
  });

  it("a tie-up enquiry's acknowledgement is in the language, with its reference and link", () => {
    const params = { ...sampleParams.lead_received, corporatePath: `/${lang}/corporate` };
    const email = renderEmail("lead_received", params, lang, testSite);
    expect(email.subject).toMatch(script);
    expect(email.subject).toContain("LD-7K3Q9X");
    expect(email.text.startsWith(`${hello} Meera Iyer,`)).toBe(true);
    expect(email.text).toContain(`https://shop.example/${lang}/corporate`);
    expect(email.text).not.toMatch(/Hello|Questions\?|Thank you|working days/);
  });

  it("the 'Join us' confirmation is in the language, with the language's link", () => {
    const params = { confirmPath: `/${lang}/subscribe/tok_confirm321`, validDays: 7 };
    const email = renderEmail("newsletter_confirm", params, lang, testSite);
    const english = renderEmail("newsletter_confirm", params, "en", testSite);
    expect(email.subject).toMatch(script);
    expect(email.subject).toContain("Scrap & Sprout");
    expect(email.subject).not.toBe(english.subject);
    expect(email.text).toContain(`https://shop.example/${lang}/subscribe/tok_confirm321`);
    expect(email.text).toContain(lang === "hi" ? "7 दिन" : "7 ದಿನಗಳ");
    expect(email.text).not.toMatch(/Confirm|Hello|Questions\?/);
    expect(email.html).toContain(`<html lang="${lang}">`);
    expect(email.headers).toBeUndefined();
  });

  it("the newsletter keeps staff's words, with the unsubscribe link in the language", () => {
    const params = {
      ...sampleParams.newsletter,
      unsubscribePath: `/${lang}/unsubscribe/tok_unsub789`,
    };
    const email = renderEmail("newsletter", params, lang, testSite);
    expect(email.subject).toBe("New plants this month");
    const link = `https://shop.example/${lang}/unsubscribe/tok_unsub789`;
    expect(email.text).toContain(`${lang === "hi" ? "सदस्यता छोड़ें" : "ಚಂದಾದಾರಿಕೆ ರದ್ದುಮಾಡಿ"}: ${link}`);
    expect(email.headers?.["List-Unsubscribe"]).toContain(`<${link}>`);
    expect(email.text).not.toContain("Unsubscribe");
  });
});

describe.each(languages)("WhatsApp in $lang", ({ lang, hello, script }) => {
  const whatsapp = customerTemplates.filter(isWhatsAppTemplate);

  it.each(whatsapp)("%s has a body with the English one's placeholders", (template) => {
    const spec = whatsappTemplates[template];
    expect(spec.languages).toContain(lang);
    const body = spec.bodies[lang] ?? "";
    const placeholders = (text: string) =>
      [...text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
    expect(placeholders(body)).toEqual(placeholders(spec.bodies.en ?? ""));
    expect(body.startsWith(hello)).toBe(true);
    expect(body).toMatch(script);
    expect(body).not.toMatch(/^\{\{|\}\}$|\n/);
  });

  it.each(whatsapp)("%s is sent with language code %s and the language's link", (template) => {
    const message = renderWhatsApp(template, paramsIn(template, lang) as never, lang, testSite);
    expect(message.languageCode).toBe(lang);
    expect(message.templateName).toBe(whatsappTemplates[template].name);
    const link = `https://shop.example/${lang}/${(sampleParams[template] as { trackingPath: string }).trackingPath.slice(1)}`;
    expect(message.bodyParameters).toContain(link);
  });

  it("fills the values in the language: date, weight, reward", () => {
    expect(
      renderWhatsApp("pickup_booked", paramsIn("pickup_booked", lang), lang, testSite)
        .bodyParameters,
    ).toEqual([
      "Asha Rao",
      "PU-4M8TQ2",
      dayIn(lang, "2026-11-23"),
      "11 am – 1 pm",
      `https://shop.example/${lang}/pickups/tok_abc123`,
    ]);
    const sheet = renderWhatsApp(
      "weigh_sheet_ready",
      paramsIn("weigh_sheet_ready", lang),
      lang,
      testSite,
    );
    expect(sheet.bodyParameters[4]).toBe(lang === "hi" ? "18.5 किलो" : "18.5 ಕೆಜಿ");
    const collected = renderWhatsApp(
      "pickup_collected",
      paramsIn("pickup_collected", lang),
      lang,
      testSite,
    );
    expect(collected.bodyParameters[4]).toBe(
      lang === "hi" ? "₹305.25 का कूपन SPROUT-7Q4M" : "₹305.25 ಮೌಲ್ಯದ ಕೂಪನ್ SPROUT-7Q4M",
    );
  });

  it("is documented in docs/messages.md with every body", () => {
    const page = fs.readFileSync(path.join(process.cwd(), "docs/messages.md"), "utf8");
    for (const spec of Object.values(whatsappTemplates)) {
      expect(page).toContain(spec.bodies[lang]);
    }
  });
});
