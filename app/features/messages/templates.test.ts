import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type MessageParamsByTemplate, messageTemplates } from "~/db/outbox.server";
import {
  referenceOf,
  SAMPLE_CODE,
  sampleParams,
  testSite,
} from "../../../tests/support/factories/message-params";
import { PermanentSendError } from "./channel";
import {
  isWhatsAppTemplate,
  renderEmail,
  renderForChannel,
  renderWhatsApp,
  whatsappTemplates,
} from "./templates";

const staffTemplates = messageTemplates.filter((t) => t.startsWith("staff_"));
// The newsletter, its 'Join us' confirmation and the acknowledgements of a grievance and of a
// tie-up enquiry are about no pickup or order: no tracking link (the acknowledgements have their
// own tests); nor are the one-time
// codes, to sign in and to confirm an order (tested on their own below).
const codeTemplates = ["sign_in_code", "order_code"];
const customerTemplates = messageTemplates.filter(
  (t) =>
    !t.startsWith("staff_") &&
    !t.startsWith("newsletter") &&
    !codeTemplates.includes(t) &&
    t !== "grievance_received" &&
    t !== "lead_received" &&
    t !== "organisation_documents" &&
    t !== "organisation_date_changed",
);
// A code's only text parameter is sealed: anything added to it is no code at all.
const withTypedText = messageTemplates.filter((t) => !codeTemplates.includes(t));

function render<T extends keyof MessageParamsByTemplate>(
  template: T,
  params = sampleParams[template],
) {
  return renderEmail(template, params, "en", testSite);
}

/** The sample parameters of `template` with `value` in every string of it. */
function withEveryString(template: keyof MessageParamsByTemplate, value: string): never {
  const replace = (item: unknown, key?: string): unknown => {
    if (typeof item === "string") {
      // Dates and paths keep their shape; everything people typed gets the value.
      if (key && /Date|date|Path|On$|paymentMethod|reward$|^kind$|^method$/.test(key)) return item;
      return `${item}${value}`;
    }
    if (Array.isArray(item)) return item.map((x) => replace(x));
    if (item && typeof item === "object") {
      return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, replace(v, k)]));
    }
    return item;
  };
  return replace(sampleParams[template]) as never;
}

describe("renderEmail: every template", () => {
  it.each(messageTemplates)("%s renders a subject, a text part and an HTML part", (template) => {
    const email = render(template);
    expect(email.subject.length).toBeGreaterThan(5);
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.text.length).toBeGreaterThan(20);
    expect(email.html).toMatch(/^<!doctype html>/);
    expect(email.html).toContain('name="viewport"');
    // No remote images, no scripts, no stylesheets: inline styles only.
    expect(email.html).not.toMatch(/<img|<script|<link|<style/i);
    const reference = referenceOf(template);
    if (reference) expect(email.subject).toContain(reference);
  });

  it.each(customerTemplates)("%s carries the tracking link in both parts", (template) => {
    const email = render(template);
    const link = `https://shop.example${(sampleParams[template] as { trackingPath: string }).trackingPath}`;
    expect(email.text).toContain(link);
    expect(email.html).toContain(`href="${link}"`);
    expect(email.text).toContain("support@shop.example");
    expect(email.headers).toBeUndefined();
  });

  it.each(staffTemplates)("%s links to the dashboard", (template) => {
    const email = render(template);
    expect(email.text).toMatch(/https:\/\/shop\.example\/dashboard/);
    expect(email.html).toMatch(/href="https:\/\/shop\.example\/dashboard/);
  });

  // The 'Join us' confirmation has no text parameter (only its link; see its own test).
  const withText = withTypedText.filter((t) => t !== "newsletter_confirm");
  it.each(withText)("%s escapes every parameter in the HTML part", (template) => {
    const email = render(template, withEveryString(template, `<script>alert("x")</script>&`));
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;");
    expect(email.text).toContain('<script>alert("x")</script>&');
  });

  it.each(withTypedText)("%s folds CR/LF of a parameter into a one-line subject", (template) => {
    const email = render(template, withEveryString(template, "x\r\nBcc: evil@example.com"));
    expect(email.subject).not.toMatch(/[\r\n]/);
    // The newsletter's text keeps its paragraphs: a body line is no header.
    if (template !== "newsletter") expect(email.text).not.toMatch(/\r|\nBcc:/);
  });
});

describe("renderEmail: words and formats", () => {
  it("acknowledges a tie-up enquiry with its reference and the tie-ups page; alerts staff", () => {
    const email = render("lead_received");
    expect(email.subject).toBe("We received your enquiry LD-7K3Q9X");
    expect(email.text.startsWith("Hello Meera Iyer,")).toBe(true);
    expect(email.text).toContain("Prestige Lakeside Residents' Association");
    expect(email.text).toContain("https://shop.example/corporate");
    const staff = render("staff_new_lead");
    expect(staff.subject).toBe(
      "Tie-up enquiry LD-7K3Q9X: Prestige Lakeside Residents' Association",
    );
    expect(staff.text).toContain("Regular scrap pickups, Bio-waste management");
    expect(staff.text).toContain("120 kg");
    expect(staff.text).toContain("https://shop.example/dashboard/leads/3");
  });

  it("sends an organisation its month's documents in English, each with its link, in every language's table", () => {
    for (const lang of ["en", "hi", "kn"] as const) {
      const email = renderEmail(
        "organisation_documents",
        sampleParams.organisation_documents,
        lang,
        testSite,
      );
      expect(email.subject).toBe(
        "Prestige Lakeside Residents' Association: statement and certificates for November 2026",
      );
      expect(email.text).toContain(
        "Monthly statement: https://shop.example/organisation-documents/aB3dE5fG7hJ9kL1mN3pQ5r",
      );
      expect(email.text).toContain(
        "Certificate of collection, Tower B: https://shop.example/organisation-documents/sT7uV9wX1yZ3aB5cD7eF9g",
      );
    }
  });

  it("acknowledges a grievance with its ticket and the grievance page", () => {
    const email = render("grievance_received");
    expect(email.subject).toBe("We received your grievance GR-3F8K2M");
    expect(email.text).toContain("Hello Asha Rao,");
    expect(email.text).toContain("https://shop.example/grievance");
    expect(email.text).toContain("Data Protection Board of India");
    const staff = render("staff_new_grievance");
    expect(staff.subject).toBe("Grievance GR-3F8K2M: acknowledge by 25 Nov 2026, 3:30 pm");
    expect(staff.text).toContain("https://shop.example/dashboard/grievances/5");
  });

  it("writes the booking subject with reference, date and slot", () => {
    expect(render("pickup_booked").subject).toBe(
      "Pickup PU-4M8TQ2 booked for Mon, 23 Nov, 11 am – 1 pm",
    );
  });

  it("shows money in rupees with Indian grouping and weights in kg", () => {
    expect(render("order_placed").subject).toBe("Order SS-7K2P9Q placed: ₹1,23,456");
    const sheet = render("weigh_sheet_ready");
    expect(sheet.text).toContain("18.5 kg");
    expect(sheet.text).toContain("₹277.50");
    expect(sheet.text).toContain("₹305.25");
  });

  it("tells a cash-on-delivery customer what to pay and a coupon's code, value and expiry", () => {
    expect(render("order_placed").text).toContain("Please keep ₹1,23,456 ready");
    const collected = render("pickup_collected");
    expect(collected.subject).toBe("Pickup PU-4M8TQ2 collected: coupon SPROUT-7Q4M worth ₹305.25");
    expect(collected.text).toContain("Valid until: Sat, 22 May");
  });

  it("describes plants and money rewards", () => {
    const base = sampleParams.pickup_collected;
    const plants = render("pickup_collected", {
      ...base,
      reward: "plants",
      plants: [
        { name: "Tulsi", quantity: 2 },
        { name: "Money plant", quantity: 1 },
      ],
    });
    expect(plants.subject).toContain("3 plants");
    expect(plants.text).toContain("Tulsi: × 2");
    const money = render("pickup_collected", { ...base, reward: "money" });
    expect(money.subject).toContain("₹277.50 paid");
  });

  it("lists the digest's pickups by slot", () => {
    const digest = render("staff_daily_digest");
    expect(digest.subject).toBe("Pickups for Mon, 23 Nov: 1");
    expect(digest.text).toContain("9 am – 11 am:\n- PU-4M8TQ2 · Asha Rao · Bengaluru · confirmed");
    expect(digest.text).toContain("11 am – 1 pm:\n- none");
  });

  it("asks to confirm a 'Join us' with the link, its validity and no unsubscribe headers", () => {
    const email = render("newsletter_confirm");
    expect(email.subject).toBe("Confirm your subscription to Scrap & Sprout");
    const link = "https://shop.example/subscribe/tok_confirm321";
    expect(email.text).toContain(`Confirm my subscription: ${link}`);
    expect(email.html).toContain(`href="${link}"`);
    expect(email.text).toContain("The link works for 7 days.");
    expect(email.text).toContain("If you did not ask for this, ignore this e-mail");
    expect(email.headers).toBeUndefined();
    const odd = render("newsletter_confirm", {
      confirmPath: '/subscribe/x"><script>',
      validDays: 7,
    });
    expect(odd.html).not.toContain("<script>");
    expect(odd.html).toContain('href="https://shop.example/subscribe/x&quot;&gt;&lt;script&gt;"');
    expect(() =>
      render("newsletter_confirm", { confirmPath: "/subscribe/x", validDays: "soon" as never }),
    ).toThrow(PermanentSendError);
  });

  it("gives the newsletter one-click unsubscribe headers and a visible link", () => {
    const email = render("newsletter");
    expect(email.subject).toBe("New plants this month");
    expect(email.headers).toEqual({
      "List-Unsubscribe":
        "<https://shop.example/unsubscribe/tok_unsub789>, <mailto:support@shop.example?subject=unsubscribe>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(email.text).toContain("Unsubscribe: https://shop.example/unsubscribe/tok_unsub789");
    expect(email.html).toContain('href="https://shop.example/unsubscribe/tok_unsub789"');
    // Paragraphs stay paragraphs.
    expect(email.html).toContain(">Tulsi and money plants are back in stock.</p>");
  });

  it("falls back to English for a language without a table", () => {
    const french = renderEmail("pickup_booked", sampleParams.pickup_booked, "fr", testSite);
    expect(french).toEqual(render("pickup_booked"));
  });

  it("cuts a 1 MB parameter to 500 characters with an ellipsis", () => {
    const huge = "A".repeat(1024 * 1024);
    const started = performance.now();
    const email = render("pickup_booked", { ...sampleParams.pickup_booked, name: huge });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(email.text).toContain(`Hello ${"A".repeat(499)}…,`);
    expect(email.text.length).toBeLessThan(3000);
    expect(email.html.length).toBeLessThan(10_000);
  });

  it("keeps links on the shop's origin whatever the path says", () => {
    const email = render("pickup_booked", {
      ...sampleParams.pickup_booked,
      trackingPath: "//evil.example/steal",
    });
    expect(email.text).toContain("https://shop.example/evil.example/steal");
    expect(email.html).not.toContain('href="//evil');
    const trailing = renderEmail("pickup_booked", sampleParams.pickup_booked, "en", {
      ...testSite,
      publicUrl: "https://shop.example/",
    });
    expect(trailing.text).toContain("https://shop.example/pickups/tok_abc123");
  });

  it("refuses unknown templates and unrenderable parameters as permanent failures", () => {
    expect(() => renderEmail("nope" as never, {} as never, "en", testSite)).toThrow(
      PermanentSendError,
    );
    expect(() =>
      render("order_placed", { ...sampleParams.order_placed, totalPaise: "lots" as never }),
    ).toThrow(PermanentSendError);
    expect(() => render("order_placed", null as never)).toThrow(PermanentSendError);
  });
});

describe("renderWhatsApp", () => {
  const whatsapp = messageTemplates.filter(isWhatsAppTemplate);

  it("has a WhatsApp template for every customer message and none for staff or the newsletter", () => {
    expect([...whatsapp].sort()).toEqual([...customerTemplates, ...codeTemplates].sort());
  });

  it.each(customerTemplates.filter(isWhatsAppTemplate))(
    "%s fills every placeholder with a one-line value and the tracking link",
    (template) => {
      const spec = whatsappTemplates[template];
      const message = renderWhatsApp(template, sampleParams[template] as never, "en", testSite);
      const body = spec.bodies.en ?? "";
      const placeholders = [...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
      expect(new Set(placeholders).size).toBe(spec.parameters.length);
      expect(Math.max(...placeholders)).toBe(spec.parameters.length);
      expect(body).not.toMatch(/^\{\{|\}\}$/);
      expect(message.templateName).toBe(spec.name);
      expect(message.templateName).toMatch(/^[a-z_]+_v\d+$/);
      expect(message.languageCode).toBe("en");
      expect(message.bodyParameters).toHaveLength(spec.parameters.length);
      const link = `https://shop.example${(sampleParams[template] as { trackingPath: string }).trackingPath}`;
      expect(message.bodyParameters).toContain(link);
      expect(message.bodyParameters).toContain(
        (sampleParams[template] as { reference: string }).reference,
      );
      for (const value of message.bodyParameters) {
        expect(value).not.toMatch(/[\r\n\t]| {5}/);
        expect(value.length).toBeGreaterThan(0);
        expect(value.length).toBeLessThanOrEqual(500);
      }
    },
  );

  it("fills the booking's template in order", () => {
    expect(renderWhatsApp("pickup_booked", sampleParams.pickup_booked, "en", testSite)).toEqual({
      templateName: "pickup_booked_v1",
      languageCode: "en",
      bodyParameters: [
        "Asha Rao",
        "PU-4M8TQ2",
        "Mon, 23 Nov",
        "11 am – 1 pm",
        "https://shop.example/pickups/tok_abc123",
      ],
    });
  });

  it("folds a name with line breaks and cuts a 1 MB one", () => {
    const message = renderWhatsApp(
      "pickup_booked",
      { ...sampleParams.pickup_booked, name: `x\r\n\tBcc:   ${"B".repeat(1024 * 1024)}` },
      "en",
      testSite,
    );
    expect(message.bodyParameters[0]).toMatch(/^x Bcc: B+…$/);
    expect(message.bodyParameters[0]).toHaveLength(500);
  });

  it.each([
    ...staffTemplates,
    "newsletter" as const,
    "newsletter_confirm" as const,
    "grievance_received" as const,
    "lead_received" as const,
  ])("%s is e-mail only", (template) => {
    expect(() => renderWhatsApp(template, sampleParams[template] as never, "en", testSite)).toThrow(
      /e-mail only/,
    );
    expect(() =>
      renderForChannel(
        "whatsapp",
        { template, params: sampleParams[template], language: "en" },
        testSite,
      ),
    ).toThrow(PermanentSendError);
  });

  it.each([
    { template: "sign_in_code", whatsappLang: "hi", emailLang: "kn" },
    { template: "order_code", whatsappLang: "kn", emailLang: "hi" },
  ] as const)(
    "sends $template as the one authentication template with its copy-code button, the code never in a subject",
    ({ template, whatsappLang, emailLang }) => {
      const message = renderWhatsApp(template, sampleParams[template], whatsappLang, testSite);
      expect(message).toEqual({
        templateName: "sign_in_code_v1",
        languageCode: whatsappLang,
        bodyParameters: [SAMPLE_CODE],
        copyCode: SAMPLE_CODE,
      });
      expect(whatsappTemplates[template].category).toBe("AUTHENTICATION");
      const email = renderEmail(template, sampleParams[template], emailLang, testSite);
      expect(email.text).toContain(SAMPLE_CODE);
      expect(email.subject).not.toContain(SAMPLE_CODE);
      expect(JSON.stringify(sampleParams[template])).not.toContain(SAMPLE_CODE);
    },
  );

  it("names the order in the subject of an order's code", () => {
    const email = renderEmail("order_code", sampleParams.order_code, "hi", testSite);
    expect(email.subject).toContain(sampleParams.order_code.reference);
  });

  it("renders a stored row for either channel", () => {
    const row = { template: "order_shipped", params: sampleParams.order_shipped, language: "en" };
    expect(renderForChannel("email", row, testSite).subject).toBe("Order SS-7K2P9Q shipped");
    expect(renderForChannel("whatsapp", row, testSite).templateName).toBe("order_shipped_v1");
  });

  it("is documented in docs/messages.md with every name and body", () => {
    const page = fs.readFileSync(path.join(process.cwd(), "docs/messages.md"), "utf8");
    for (const spec of Object.values(whatsappTemplates)) {
      expect(page).toContain(`\`${spec.name}\``);
      expect(page).toContain(spec.bodies.en);
    }
  });
});
