/**
 * Messages in the language the booking or order was made in (docs/languages.md,
 * docs/messages.md): a pickup booked on `/hi/orderpage`, an order placed on `/kn/checkout` and a
 * 'Join us' sent from `/hi` store their language; every message of theirs is written in it,
 * with links that keep it (`/hi/pickups/<token>`, `/kn/orders/<token>`, `/hi/subscribe/<token>`,
 * `/hi/unsubscribe/<token>`),
 * and arrives so: real dispatcher and renderers, e-mail to a real SMTP server on 127.0.0.1,
 * WhatsApp to the fake Graph API (language code `hi` / `kn`). A booking in English is unchanged.
 * PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registrations } from "~/db/schema/community";
import { type Message, messages } from "~/db/schema/messages";
import { pickups } from "~/db/schema/pickups";
import { orders } from "~/db/schema/shop";
import { seedDatabase } from "~/db/seed.server";
import { serializeCartCookie } from "~/features/cart/cart.server";
import { sendNewsletter } from "~/features/community/newsletter.server";
import { transitionOrder } from "~/features/orders/orders.server";
import { action as checkoutAction } from "~/routes/checkout";
import { action as joinAction } from "~/routes/home";
import { action as bookingAction } from "~/routes/orderpage";
import { action as confirmAction } from "~/routes/subscribe";
import { idempotencyKey } from "~/utils/codes.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { cartWith, productBySlug, setStock } from "../support/factories/carts-and-addresses";
import { testSite } from "../support/factories/message-params";
import { dispatchThroughRealChannels } from "../support/factories/outbox";
import { pickupBookingForm } from "../support/factories/pickup-bookings";
import { routeArgs } from "../support/factories/staff";
import { type SmtpTestServer, startSmtpTestServer } from "../support/fakes/smtp-server";
import { type FakeWhatsApp, startFakeWhatsApp } from "../support/fakes/whatsapp";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
let smtp: SmtpTestServer;
let whatsapp: FakeWhatsApp;
const site = testSite;

beforeAll(async () => {
  await seedDatabase(handle.db);
  smtp = await startSmtpTestServer();
  whatsapp = await startFakeWhatsApp();
});
afterAll(async () => {
  await smtp.close();
  await whatsapp.close();
});
beforeEach(() => resetRateLimits());

/**
 * Sends every due message through the real channels, as a server's dispatcher does, on the
 * clock the booking form's action ran on (the process clock: the route layer reads it).
 */
function dispatchAll() {
  return dispatchThroughRealChannels({
    db: handle.db,
    smtpUrl: smtp.url,
    whatsapp,
    site,
    clock: () => new Date(),
  });
}

/** Books a pickup through the booking form's action at `url` (the page's language). */
async function book(url: string, email: string, phone: string) {
  const result = await bookingAction(
    routeArgs<Parameters<typeof bookingAction>[0]>(url, {
      form: pickupBookingForm({ name: "Asha Rao", email, phone, reward: "coupon" }),
    }),
  );
  expect(result).toBeInstanceOf(Response);
  expect((result as Response).status).toBe(303);
  const [pickup] = await handle.db.select().from(pickups).where(eq(pickups.email, email));
  if (!pickup) throw new Error("no pickup");
  return pickup;
}

function rowsTo(recipient: string): Promise<Message[]> {
  return handle.db.select().from(messages).where(eq(messages.recipient, recipient));
}

describe("a pickup booked in Hindi", () => {
  it("stores 'hi' and gets its e-mail and WhatsApp message in Hindi with a /hi/ tracking link", async () => {
    const pickup = await book("http://localhost/hi/orderpage", "asha.hi@example.com", "9845011111");
    expect(pickup.language).toBe("hi");
    const rows = await rowsTo("asha.hi@example.com");
    expect(rows.map((row) => [row.template, row.language])).toContainEqual(["pickup_booked", "hi"]);
    expect(rows.every((row) => row.language === "hi")).toBe(true);
    expect(rows.find((row) => row.template === "pickup_booked")?.params).toMatchObject({
      trackingPath: `/hi/pickups/${pickup.trackingToken}`,
    });

    await dispatchAll();
    const link = `${site.publicUrl}/hi/pickups/${pickup.trackingToken}`;
    const mails = smtp.received.filter((mail) => mail.envelopeTo.includes("asha.hi@example.com"));
    expect(mails).toHaveLength(1);
    const subject = mails[0]?.header("subject") ?? "";
    expect(subject).toContain(`पिकअप ${pickup.reference} बुक हो गया`);
    expect(mails[0]?.text).toContain("नमस्ते Asha Rao,");
    expect(mails[0]?.text).toContain(`अपना पिकअप देखें: ${link}`);
    expect(mails[0]?.text).not.toContain("Hello");

    const chats = whatsapp.requests.filter((request) => request.body.to === "919845011111");
    expect(chats).toHaveLength(1);
    expect(chats[0]?.body.template?.name).toBe("pickup_booked_v1");
    expect(chats[0]?.body.template?.language?.code).toBe("hi");
    expect(chats[0]?.texts).toContain(link);
    // The date parameter is written in Hindi (hi-IN), e.g. "बुध, 25 नव॰".
    expect(chats[0]?.texts[2]).toMatch(/[\u0900-\u097f]/);
  });

  it("in English stays as it was: 'en', /pickups/ link, English words", async () => {
    const pickup = await book("http://localhost/orderpage", "asha.en@example.com", "9845022222");
    expect(pickup.language).toBe("en");
    await dispatchAll();
    const mails = smtp.received.filter((mail) => mail.envelopeTo.includes("asha.en@example.com"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.header("subject")).toMatch(new RegExp(`^Pickup ${pickup.reference} booked`));
    expect(mails[0]?.text).toContain(
      `Open your pickup: ${site.publicUrl}/pickups/${pickup.trackingToken}`,
    );
    const chats = whatsapp.requests.filter((request) => request.body.to === "919845022222");
    expect(chats[0]?.body.template?.language?.code).toBe("en");
  });
});

describe("an order placed in Kannada", () => {
  it("stores 'kn'; its messages, also after a status change, are in Kannada with a /kn/ link", async () => {
    const tulsi = await productBySlug(handle.db, "tulsi");
    await setStock(handle.db, tulsi.id, 100);
    const cart = await cartWith(handle.db, [{ productId: tulsi.id, quantity: 2 }]);
    const cookie =
      (await serializeCartCookie(new Request("http://localhost/"), cart.cartId)).split(";")[0] ??
      "";
    const placed = await checkoutAction(
      routeArgs<Parameters<typeof checkoutAction>[0]>("http://localhost/kn/checkout", {
        cookie,
        form: {
          name: "Ravi Kumar",
          email: "ravi.kn@example.com",
          phone: "+919845033333",
          address: "12 MG Road",
          city: "Bengaluru",
          state: "Karnataka",
          pinCode: "560001",
          shownLines: cart.shownLines,
          idempotencyKey: idempotencyKey(),
        },
      }),
    );
    expect((placed as Response).status).toBe(303);
    const [order] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.email, "ravi.kn@example.com"));
    if (!order) throw new Error("no order");
    expect(order.language).toBe("kn");
    // Staff confirm it on the dashboard (English): the shopper still gets Kannada.
    await transitionOrder(handle.db, order.id, "confirmed", "staff@example.com");
    await dispatchAll();
    const link = `${site.publicUrl}/kn/orders/${order.trackingToken}`;
    const mails = smtp.received.filter((mail) => mail.envelopeTo.includes("ravi.kn@example.com"));
    const subjects = mails.map((mail) => mail.header("subject"));
    expect(subjects).toContain(`ಆರ್ಡರ್ ${order.reference} ಸ್ವೀಕರಿಸಲಾಗಿದೆ: ${rupees(order.totalPaise)}`);
    expect(subjects).toContain(`ಆರ್ಡರ್ ${order.reference} ಖಚಿತವಾಗಿದೆ`);
    for (const mail of mails) {
      expect(mail.text).toContain("ನಮಸ್ಕಾರ Ravi Kumar,");
      expect(mail.text).toContain(`ನಿಮ್ಮ ಆರ್ಡರ್ ನೋಡಿ: ${link}`);
      expect(mail.text).toContain("ಕ್ಯಾಶ್ ಆನ್ ಡೆಲಿವರಿ");
    }

    const chats = whatsapp.requests.filter((request) => request.body.to === "919845033333");
    expect(chats.map((chat) => chat.body.template?.name).sort()).toEqual([
      "order_confirmed_v1",
      "order_placed_v1",
    ]);
    for (const chat of chats) {
      expect(chat.body.template?.language?.code).toBe("kn");
      expect(chat.texts).toContain(link);
      expect(chat.texts).toContain(rupees(order.totalPaise));
    }
  });
});

describe("'Join us' in Hindi", () => {
  it("stores 'hi'; the confirmation and the newsletter are Hindi with /hi/ links", async () => {
    const answer = await joinAction(
      routeArgs<Parameters<typeof joinAction>[0]>("http://localhost/hi?index", {
        form: { name: "Meera", email: "meera.hi@example.com", contact: "98450 44444" },
      }),
    );
    expect((answer as { init?: ResponseInit | null }).init?.status ?? 200).toBe(200);
    const [registration] = await handle.db
      .select()
      .from(registrations)
      .where(eq(registrations.email, "meera.hi@example.com"));
    expect(registration?.language).toBe("hi");

    // Double opt-in: the confirmation e-mail first, in Hindi, with its /hi/ link.
    await dispatchAll();
    const confirmLink = `${site.publicUrl}/hi/subscribe/${registration?.confirmToken}`;
    const confirmation = smtp.received.find((m) => m.envelopeTo.includes("meera.hi@example.com"));
    expect(confirmation?.header("subject")).toBe("Scrap & Sprout की मेलिंग लिस्ट से जुड़ने की पुष्टि करें");
    expect(confirmation?.text).toContain(`सदस्यता की पुष्टि करें: ${confirmLink}`);
    await confirmAction(
      routeArgs<Parameters<typeof confirmAction>[0]>(confirmLink, {
        form: {},
        params: { token: registration?.confirmToken ?? "" },
      }),
    );

    await sendNewsletter(
      handle.db,
      { email: "admin@example.com" },
      {
        newsletterId: idempotencyKey(),
        subject: "New plants this month",
        text: "Tulsi is back.",
      },
    );
    const rows = await rowsTo("meera.hi@example.com");
    expect(rows.map((row) => [row.template, row.language]).sort()).toEqual([
      ["newsletter", "hi"],
      ["newsletter_confirm", "hi"],
    ]);
    await dispatchAll();
    const link = `${site.publicUrl}/hi/unsubscribe/${registration?.unsubscribeToken}`;
    const mail = smtp.received.find(
      (m) =>
        m.envelopeTo.includes("meera.hi@example.com") &&
        m.header("subject") === "New plants this month",
    );
    expect(mail).toBeDefined();
    expect(mail?.text).toContain(`सदस्यता छोड़ें: ${link}`);
    expect(mail?.header("list-unsubscribe")).toContain(`<${link}>`);
  });
});

/** ₹ with Indian grouping, as every language shows money. */
function rupees(paise: number): string {
  const whole = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 }).format(paise / 100);
  return `₹${whole}`;
}
